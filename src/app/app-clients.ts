import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { Toaster } from '../components/toast';

/**
 * One app instance's clients: its toasts, and its query client once one is made. The app makes
 * it with the signed-in shell (query-client.ts `appQueryClient`), so that the login route
 * carries no TanStack Query (docs/spec.md "Budgets": its ~8 KB of gzip took the route over 100 KB); the
 * UI tests make it at once (`createAppClients`, same module).
 */
export interface AppClients {
  toaster: Toaster;
  queryClient?: QueryClient;
}

export const AppClientsContext = createContext<AppClients | null>(null);

export function useAppClients(): AppClients {
  const clients = useContext(AppClientsContext);
  if (!clients) throw new Error('useAppClients must be used inside <AppProviders>');
  return clients;
}
