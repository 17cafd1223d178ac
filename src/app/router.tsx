import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { warmUpSession } from '../api/auth';
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
const loadLayout = () => import('./Layout');
const Layout = screen(loadLayout, 'Layout');

// The signed-in screens by path: the router's elements, and what preloadOpeningScreen fetches.
const SCREENS = {
  '/': [() => import('../features/dashboard/DashboardScreen'), 'DashboardScreen'],
  '/accounting': [() => import('../features/accounting/AccountingScreen'), 'AccountingScreen'],
  '/assets': [() => import('../features/assets/AssetsScreen'), 'AssetsScreen'],
  '/fitness': [() => import('../features/fitness/FitnessScreen'), 'FitnessScreen'],
  '/time': [() => import('../features/time/TimeScreen'), 'TimeScreen'],
  '/tasks': [() => import('../features/tasks/TasksScreen'), 'TasksScreen'],
  '/checkin': [() => import('../features/checkin/CheckinScreen'), 'CheckinScreen'],
  '/settings': [() => import('../features/settings/SettingsScreen'), 'SettingsScreen'],
} as const satisfies Record<
  string,
  readonly [() => Promise<{ [name: string]: ComponentType }>, string]
>;
type ScreenPath = keyof typeof SCREENS;

const DashboardScreen = screen(...SCREENS['/']);
const AccountingScreen = screen(...SCREENS['/accounting']);
const AssetsScreen = screen(...SCREENS['/assets']);
const FitnessScreen = screen(...SCREENS['/fitness']);
const TimeScreen = screen(...SCREENS['/time']);
const TasksScreen = screen(...SCREENS['/tasks']);
const CheckinScreen = screen(...SCREENS['/checkin']);
const SettingsScreen = screen(...SCREENS['/settings']);
const NotFoundScreen = screen(() => import('./NotFoundScreen'), 'NotFoundScreen');

/**
 * For a signed-in page, starts downloading the shell, the screen of `pathname` and the HTTP
 * client at once. Left to the router, each waits for the one before it to render (shell, then
 * screen, then the first request): three round trips before the first paint on a slow phone
 * (Lighthouse's LCP, issue 16). The router's own imports then find the modules fetched.
 */
export function preloadOpeningScreen(pathname: string): void {
  if (pathname === '/login' || !warmUpSession()) return;
  const path = pathname.replace(/(.)\/+$/, '$1');
  const opening = path in SCREENS ? SCREENS[path as ScreenPath][0] : undefined;
  for (const load of [loadLayout, opening]) load?.().catch(() => undefined);
}

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
        <Route path="settings" element={<SettingsScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
