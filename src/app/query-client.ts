import { MutationCache, QueryClient } from '@tanstack/react-query';
import { mutationFailure } from '../api/errors';

/**
 * The app's query client. Every failed mutation that declares `meta.errorMessage` is
 * reported here, once, through `report` (the toasts) — DESIGN.md §2 rule 4.
 */
export function createQueryClient(report: (message: string) => void = () => {}): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, variables, _context, mutation) => {
        const message = mutation.meta?.errorMessage;
        if (message) report(mutationFailure(message, error, variables));
      },
    }),
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
