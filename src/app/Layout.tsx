import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useDashboardKeeper } from '../api/dashboard';
import { initialPasswordPending, setInitialPasswordPending } from '../api/session';
import { useCompleteDeviceCopy, useSyncNotices } from '../api/sync-status';
import { ErrorBoundary, ErrorMessage } from '../components/ErrorBoundary';
import { lazyDialog } from '../components/lazy-with-retry';
import { Modal } from '../components/Modal';
import { Spinner } from '../components/Spinner';
import { useToast } from '../components/toast';
import { useToday } from '../components/useToday';
import { RestoreOffer } from '../features/sync/RestoreOffer';
import { useAppClients } from './app-clients';
import { BottomTabs } from './BottomTabs';
import { NavBar } from './NavBar';
import { QuickAdd } from './QuickAdd';
import { appQueryClient } from './query-client';

const SyncDialog = lazyDialog(() =>
  import('../features/sync/SyncDialog').then((m) => m.SyncDialog),
);

// 搜索全部 (issue 63): its index (MiniSearch, pinyin-pro) is a worker of this chunk's, loaded
// at the first search, so no screen's code carries any of it.
const SearchDialog = lazyDialog(() =>
  import('../features/search/SearchDialog').then((m) => m.SearchDialog),
);

// Loaded only for the one sign-in that needs it.
const InitialPasswordDialog = lazyDialog(() =>
  import('../features/settings/InitialPasswordDialog').then((m) => m.InitialPasswordDialog),
);

const Devtools = import.meta.env.DEV
  ? lazy(() =>
      import('@tanstack/react-query-devtools').then((m) => ({ default: m.ReactQueryDevtools })),
    )
  : null;

/**
 * The signed-in shell, and with it the app's query client: only here is TanStack Query needed,
 * so the login route does not load it (docs/spec.md "Budgets").
 */
export function Layout() {
  return (
    <QueryClientProvider client={appQueryClient(useAppClients())}>
      <Shell />
      {/* In the page's flow at its foot, closed: it covers no button (demo mode is where
          developers look into the cache). */}
      {Devtools && (
        <Suspense fallback={null}>
          <div className="flex justify-center pb-4">
            <Devtools initialIsOpen={false} buttonPosition="relative" />
          </div>
        </Suspense>
      )}
    </QueryClientProvider>
  );
}

function Shell() {
  const [syncOpen, setSyncOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const openSearch = useCallback(() => setSearchOpen(true), []);
  const closeSearch = () => setSearchOpen(false);
  // Ctrl+K / ⌘K opens 搜索 from any screen, unless another dialog is open.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'k') {
        return;
      }
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      setSearchOpen(true);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const [askPassword, setAskPassword] = useState(initialPasswordPending);
  const answerPassword = () => {
    setInitialPasswordPending(false);
    setAskPassword(false);
  };
  const { pathname } = useLocation();
  const closeSync = () => setSyncOpen(false);
  const toast = useToast();
  useCompleteDeviceCopy();
  // The home figures follow every change made on any screen (api/dashboard.ts).
  useDashboardKeeper(useToday());
  // What the data layer has to say after the fact: a change the server refused, a conflict.
  useSyncNotices(
    useCallback(
      ({ tone, message }: { tone: 'error' | 'info'; message: string }) =>
        tone === 'error' ? toast.error(message) : toast.show(message),
      [toast],
    ),
  );
  return (
    <div className="min-h-screen">
      <NavBar onOpenSync={() => setSyncOpen(true)} onOpenSearch={openSearch} />
      {/* Room at the bottom for the tab bar (phones) and the floating +, so neither covers
          the last rows (the + ends 8rem up). */}
      <main className="mx-auto max-w-7xl px-4 pt-5 pb-[calc(8.5rem+env(safe-area-inset-bottom))] sm:pt-6 tablet:pb-24">
        {/* Inside the layout, so a screen that fails leaves the navigation bar working;
            moving to another screen tries again. */}
        <ErrorBoundary resetKey={pathname} fallback={(props) => <ErrorMessage {...props} />}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <QuickAdd />
      <BottomTabs onOpenSync={() => setSyncOpen(true)} onOpenSearch={openSearch} />
      <RestoreOffer />
      {askPassword && <InitialPasswordDialog onDone={answerPassword} />}
      {searchOpen && (
        <ErrorBoundary
          fallback={(props) => (
            <Modal title="搜索" onClose={closeSearch}>
              <ErrorMessage {...props} boxed={false} />
            </Modal>
          )}
        >
          <SearchDialog onClose={closeSearch} />
        </ErrorBoundary>
      )}
      {syncOpen && (
        <ErrorBoundary
          fallback={(props) => (
            <Modal title="数据同步" onClose={closeSync}>
              <ErrorMessage {...props} boxed={false} />
            </Modal>
          )}
        >
          <SyncDialog onClose={closeSync} />
        </ErrorBoundary>
      )}
    </div>
  );
}
