import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router-dom';
import type { DemoServer } from '../../mocks/demo-server';
import { AuthProvider } from '../../src/api/auth';
import { saveSession } from '../../src/api/session';
import { createQueryClient } from '../../src/app/query-client';
import { AppRoutes } from '../../src/app/router';
import { ConfirmProvider } from '../../src/components/confirm';
import { ToastProvider } from '../../src/components/toast';

/** Signs `username` in against the app itself and stores the session as the login screen would. */
export async function signIn(demo: DemoServer, username = 'demo', password = 'demo1234') {
  const res = await demo.app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  const body = (await res.json()) as {
    token: string;
    user: { username: string; displayName: string };
  };
  saveSession(body);
  return body;
}

export function Providers({
  children,
  queryClient = createQueryClient(),
}: {
  children: ReactNode;
  queryClient?: ReturnType<typeof createQueryClient>;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ConfirmProvider>
          <AuthProvider>{children}</AuthProvider>
        </ConfirmProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}

/** The whole app at `path` in a memory router; `router.state.location` is where it is now. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = { state: { location: undefined as unknown as Location } };
  const view = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe
          onChange={(location) => {
            router.state.location = location;
          }}
        />
        <Suspense fallback={null}>
          <AppRoutes />
        </Suspense>
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, router, queryClient };
}
