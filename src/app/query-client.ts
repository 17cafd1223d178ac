import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Lists change only through this browser's own mutations, which invalidate them.
        staleTime: 30_000,
        // A failed list already fell back to the mirror inside its queryFn; retrying
        // would only delay the offline notice.
        retry: false,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
