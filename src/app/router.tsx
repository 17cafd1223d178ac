import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RedirectIfAuthenticated, RequireAuth } from './guards';

// Every screen is its own chunk, and so is the signed-in shell: the login route loads
// nothing it does not show (DESIGN.md §6: ≤ 100 KB gzip).
function screen(load: () => Promise<{ [name: string]: ComponentType }>, name: string) {
  const Screen = lazy(() => load().then((m) => ({ default: m[name]! })));
  return <Screen />;
}

export const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <RedirectIfAuthenticated>
        {screen(() => import('../features/login/LoginScreen'), 'LoginScreen')}
      </RedirectIfAuthenticated>
    ),
  },
  {
    element: <RequireAuth>{screen(() => import('./Layout'), 'Layout')}</RequireAuth>,
    children: [
      {
        index: true,
        element: screen(() => import('../features/dashboard/DashboardScreen'), 'DashboardScreen'),
      },
      {
        path: 'accounting',
        element: screen(
          () => import('../features/accounting/AccountingScreen'),
          'AccountingScreen',
        ),
      },
      {
        path: 'assets',
        element: screen(() => import('../features/assets/AssetsScreen'), 'AssetsScreen'),
      },
      {
        path: 'fitness',
        element: screen(() => import('../features/fitness/FitnessScreen'), 'FitnessScreen'),
      },
      { path: 'time', element: screen(() => import('../features/time/TimeScreen'), 'TimeScreen') },
      {
        path: 'tasks',
        element: screen(() => import('../features/tasks/TasksScreen'), 'TasksScreen'),
      },
      {
        path: 'checkin',
        element: screen(() => import('../features/checkin/CheckinScreen'), 'CheckinScreen'),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
