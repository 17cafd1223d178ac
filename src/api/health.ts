import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRequest } from './http';

export type ServerStatus = 'checking' | 'online' | 'offline';

const healthQueries = {
  status: () =>
    queryOptions({
      queryKey: ['health'],
      queryFn: async (): Promise<'online' | 'offline'> => {
        try {
          await publicRequest<unknown>('GET', '/health');
          return 'online';
        } catch {
          return 'offline';
        }
      },
      // The status is checked when the sync dialog opens and on its refresh control only.
      staleTime: 0,
      gcTime: 0,
      retry: false,
    }),
};

export function useHealth(enabled = true): {
  status: ServerStatus;
  refresh: () => void;
} {
  const query = useQuery({ ...healthQueries.status(), enabled });
  return {
    status: query.isFetching || !query.data ? 'checking' : query.data,
    refresh: () => void query.refetch(),
  };
}
