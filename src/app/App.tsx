import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from '../api/auth';
import { ConfirmProvider } from '../components/confirm';
import { FullScreenSpinner } from '../components/Spinner';
import { ToastProvider } from '../components/toast';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';

const Devtools = import.meta.env.DEV
  ? lazy(() =>
      import('@tanstack/react-query-devtools').then((m) => ({ default: m.ReactQueryDevtools })),
    )
  : () => null;

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ConfirmProvider>
          <AuthProvider>
            <BrowserRouter>
              <Suspense fallback={<FullScreenSpinner />}>
                <AppRoutes />
              </Suspense>
            </BrowserRouter>
          </AuthProvider>
        </ConfirmProvider>
      </ToastProvider>
      <Suspense fallback={null}>
        <Devtools />
      </Suspense>
    </QueryClientProvider>
  );
}
