import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { NavBar } from './NavBar';

const SyncDialog = lazy(() =>
  import('../features/sync/SyncDialog').then((m) => ({ default: m.SyncDialog })),
);

export function Layout() {
  const [syncOpen, setSyncOpen] = useState(false);
  return (
    <div className="min-h-screen">
      <NavBar onOpenSync={() => setSyncOpen(true)} />
      <main className="mx-auto max-w-7xl px-4 py-5 sm:py-6">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      {syncOpen && (
        <Suspense fallback={null}>
          <SyncDialog onClose={() => setSyncOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
