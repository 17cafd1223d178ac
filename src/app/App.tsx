import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from '../api/auth';
import { ConfirmProvider } from '../components/confirm';
import { FullScreenSpinner } from '../components/Spinner';
import { createToaster, type Toaster, ToastProvider } from '../components/toast';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';

const Devtools = import.meta.env.DEV
  ? lazy(() =>
      import('@tanstack/react-query-devtools').then((m) => ({ default: m.ReactQueryDevtools })),
    )
  : () => null;

/** One app instance's query client, wired to its toasts (failed mutations report there). */
export function createAppClients(): { toaster: Toaster; queryClient: QueryClient } {
  const toaster = createToaster();
  return { toaster, queryClient: createQueryClient(toaster.error) };
}

/** Everything a screen needs around it: the app and the UI tests use the same tree. */
export function AppProviders({
  clients,
  children,
}: {
  clients: ReturnType<typeof createAppClients>;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={clients.queryClient}>
      <ToastProvider toaster={clients.toaster}>
        <ConfirmProvider>
          <AuthProvider>{children}</AuthProvider>
        </ConfirmProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

export function App() {
  const [clients] = useState(createAppClients);
  return (
    <AppProviders clients={clients}>
      <BrowserRouter>
        <Suspense fallback={<FullScreenSpinner />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
      <Suspense fallback={null}>
        <Devtools />
      </Suspense>
    </AppProviders>
  );
}
