import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyWithRetry } from '../components/lazy-with-retry';
import { RedirectIfAuthenticated, RequireAuth } from './guards';

// Every screen is its own chunk, and so is the signed-in shell: the login route loads
// nothing it does not show (DESIGN.md §6: ≤ 100 KB gzip). Declarative routes rather than
// a data router for the same reason: the app uses no loaders, and they cost 16 KB.
// A chunk that fails to download is fetched again before the error boundary shows.
function screen(load: () => Promise<{ [name: string]: ComponentType }>, name: string) {
  return lazyWithRetry(() => load().then((m) => m[name]!));
}

const LoginScreen = screen(() => import('../features/login/LoginScreen'), 'LoginScreen');
const Layout = screen(() => import('./Layout'), 'Layout');
const DashboardScreen = screen(
  () => import('../features/dashboard/DashboardScreen'),
  'DashboardScreen',
);
const AccountingScreen = screen(
  () => import('../features/accounting/AccountingScreen'),
  'AccountingScreen',
);
const AssetsScreen = screen(() => import('../features/assets/AssetsScreen'), 'AssetsScreen');
const FitnessScreen = screen(() => import('../features/fitness/FitnessScreen'), 'FitnessScreen');
const TimeScreen = screen(() => import('../features/time/TimeScreen'), 'TimeScreen');
const TasksScreen = screen(() => import('../features/tasks/TasksScreen'), 'TasksScreen');
const CheckinScreen = screen(() => import('../features/checkin/CheckinScreen'), 'CheckinScreen');

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <RedirectIfAuthenticated>
            <LoginScreen />
          </RedirectIfAuthenticated>
        }
      />
      <Route
        element={
          <RequireAuth>
            <Layout />
          </RequireAuth>
        }
      >
        <Route index element={<DashboardScreen />} />
        <Route path="accounting" element={<AccountingScreen />} />
        <Route path="assets" element={<AssetsScreen />} />
        <Route path="fitness" element={<FitnessScreen />} />
        <Route path="time" element={<TimeScreen />} />
        <Route path="tasks" element={<TasksScreen />} />
        <Route path="checkin" element={<CheckinScreen />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
