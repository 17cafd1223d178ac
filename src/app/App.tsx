import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { AuthProvider } from '../api/auth';
import { ConfirmProvider } from '../components/confirm';
import { ErrorBoundary, ErrorMessage } from '../components/ErrorBoundary';
import { FullScreenSpinner } from '../components/Spinner';
import { ToastProvider } from '../components/toast';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';

const Devtools = import.meta.env.DEV
  ? lazy(() =>
      import('@tanstack/react-query-devtools').then((m) => ({ default: m.ReactQueryDevtools })),
    )
  : () => null;

/** The last line of defence: whatever fails above the screens still leaves a way out. */
function RootErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(props) => (
        <main className="flex min-h-screen items-center justify-center">
          <ErrorMessage {...props} />
        </main>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <BrowserRouter>
      <RootErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <ConfirmProvider>
              <AuthProvider>
                <Suspense fallback={<FullScreenSpinner />}>
                  <AppRoutes />
                </Suspense>
              </AuthProvider>
            </ConfirmProvider>
          </ToastProvider>
          <Suspense fallback={null}>
            <Devtools />
          </Suspense>
        </QueryClientProvider>
      </RootErrorBoundary>
    </BrowserRouter>
  );
}
