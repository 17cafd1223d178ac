import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRequest } from './http';
import { type StorageTrouble, storageTroubleOf } from './storage-trouble';

/** `degraded`: the server answers, but its storage is damaged or full (its 503 says which). */
export type ServerStatus = 'checking' | 'online' | 'offline' | 'degraded';

type Checked = { status: 'online' | 'offline' } | { status: 'degraded'; storage: StorageTrouble };

const healthQueries = {
  status: () =>
    queryOptions({
      queryKey: ['health'],
      queryFn: async (): Promise<Checked> => {
        try {
          await publicRequest<unknown>('GET', '/health');
          return { status: 'online' };
        } catch (error) {
          // 503 {status: 'degraded', reason, error}: there, but unable to store anything.
          const storage = storageTroubleOf(error);
          return storage ? { status: 'degraded', storage } : { status: 'offline' };
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
  /** What is wrong with the server's storage, when `degraded`. */
  storage?: StorageTrouble;
  refresh: () => void;
} {
  const query = useQuery({ ...healthQueries.status(), enabled });
  const checked = query.isFetching || !query.data ? undefined : query.data;
  return {
    status: checked?.status ?? 'checking',
    storage: checked?.status === 'degraded' ? checked.storage : undefined,
    refresh: () => void query.refetch(),
  };
}
