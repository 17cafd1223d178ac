import { MutationCache, QueryClient } from '@tanstack/react-query';
import { mutationFailure } from '../api/errors';
import { createToaster } from '../components/toast';
import type { AppClients } from './app-clients';

/**
 * The app's query client. Every failed mutation that declares `meta.errorMessage` is
 * reported here, once, through `report` (the toasts) — docs/architecture.md, house rule 4.
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

/**
 * The query client of the app instance `clients`, made at the first call: once per instance,
 * however often React renders the shell that asks for it (App.tsx says why that matters).
 */
export function appQueryClient(clients: AppClients): QueryClient {
  clients.queryClient ??= createQueryClient(clients.toaster.error);
  return clients.queryClient;
}

/**
 * One app instance's clients with its query client made at once, wired to its toasts (failed
 * mutations report there): the UI tests', which draw screens and dialogs without the shell.
 * The app makes its query client with the shell instead (main.tsx, `appQueryClient`).
 */
export function createAppClients(): Required<AppClients> {
  const toaster = createToaster();
  return { toaster, queryClient: createQueryClient(toaster.error) };
}
