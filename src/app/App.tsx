import { QueryClientProvider } from '@tanstack/react-query';
import {
  type ComponentProps,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { AuthProvider } from '../api/auth';
import { dropBootBar } from '../components/boot-bar';
import { ConfirmProvider } from '../components/confirm';
import { ErrorBoundary, ErrorMessage } from '../components/ErrorBoundary';
import { FullScreenSpinner } from '../components/Spinner';
import { ToastProvider } from '../components/toast';
import { type AppClients, AppClientsContext } from './app-clients';
import { AppRoutes } from './router';

// The service worker exists only in the production build; the demo's scope belongs to msw's
// worker (vite.config.ts).
const UpdatePrompt =
  import.meta.env.PROD && import.meta.env.MODE !== 'demo'
    ? lazy(() => import('./UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })))
    : null;

/** Waits for the page's load event, so the worker's code never competes with the first screen. */
function AfterLoad({ children }: { children: ReactNode }) {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  return loaded ? children : null;
}

/** A failure above the screens, where no navigation bar replaces the title drawn before it. */
function RootFailure(props: ComponentProps<typeof ErrorMessage>) {
  useLayoutEffect(dropBootBar, []);
  return (
    <main className="flex min-h-screen items-center justify-center">
      <ErrorMessage {...props} />
    </main>
  );
}

/** The last line of defence: whatever fails above the screens still leaves a way out. */
function RootErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(props) => <RootFailure {...props} />}>
      {children}
    </ErrorBoundary>
  );
}

/**
 * Everything a screen needs around it: the app and the UI tests use the same tree. The
 * signed-in shell provides the query client (Layout.tsx); when the clients came with one
 * already, it is provided here too, for whatever is drawn without the shell.
 */
export function AppProviders({ clients, children }: { clients: AppClients; children: ReactNode }) {
  // Decided once: wrapping the tree later would mount it all again.
  const [madeAtStart] = useState(() => clients.queryClient);
  const queryClient = useCallback(() => clients.queryClient, [clients]);
  const tree = (
    <AppClientsContext.Provider value={clients}>
      <ToastProvider toaster={clients.toaster}>
        <ConfirmProvider>
          <AuthProvider queryClient={queryClient}>{children}</AuthProvider>
        </ConfirmProvider>
      </ToastProvider>
    </AppClientsContext.Provider>
  );
  return madeAtStart ? (
    <QueryClientProvider client={madeAtStart}>{tree}</QueryClientProvider>
  ) : (
    tree
  );
}

/**
 * `clients` are made once, outside React (main.tsx), and hold the one query client the shell
 * makes (query-client.ts `appQueryClient`). Made in a useState initializer, a first
 * render that React threw away and began again (it renders in a transition, which an update
 * of higher priority interrupts) made a second query client, and with it a second sync engine,
 * while the first one lived on unseen: it replayed the outbox too, and the notices of the
 * conflicts it met reached no screen (seen in tests/e2e/offline.e2e.ts on a loaded machine).
 * Above the root boundary, so a reset keeps the cache and the toasts.
 */
export function App({ clients }: { clients: AppClients }) {
  return (
    <BrowserRouter>
      <RootErrorBoundary>
        <AppProviders clients={clients}>
          <Suspense fallback={<FullScreenSpinner />}>
            <AppRoutes />
          </Suspense>
        </AppProviders>
      </RootErrorBoundary>
      {UpdatePrompt && (
        // Outside the root boundary, so a broken app can still be updated to a fixed one;
        // if its own chunk cannot load, there is simply no prompt.
        <ErrorBoundary fallback={() => null}>
          <AfterLoad>
            <Suspense fallback={null}>
              <UpdatePrompt />
            </Suspense>
          </AfterLoad>
        </ErrorBoundary>
      )}
    </BrowserRouter>
  );
}
