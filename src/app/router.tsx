import type { ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { warmUpSession } from '../api/auth';
import { lazyWithRetry } from '../components/lazy-with-retry';
import { RedirectIfAuthenticated, RequireAuth } from './guards';
import { SCREEN_FILES, type ScreenPath } from './screens';

// Every screen is its own chunk, and so is the signed-in shell: the login route loads
// nothing it does not show (docs/spec.md "Budgets": ≤ 100 KB gzip). Declarative routes rather than
// a data router for the same reason: the app uses no loaders, and they cost 16 KB.
// A chunk that fails to download is fetched again before the error boundary shows.
function screen(load: () => Promise<{ [name: string]: ComponentType }>, name: string) {
  return lazyWithRetry(() => load().then((m) => m[name]!));
}

const LoginScreen = screen(() => import('../features/login/LoginScreen'), 'LoginScreen');
const Layout = screen(() => import('./Layout'), 'Layout');

// Every screen module, each loaded on its own; SCREEN_FILES says which path shows which.
const SCREEN_MODULES = import.meta.glob<{ [name: string]: ComponentType }>(
  '../features/*/*Screen.tsx',
);

/** The loader of the screen at `path`, and the name of its export. */
function screenModule(path: ScreenPath) {
  const file = SCREEN_FILES[path];
  const load = SCREEN_MODULES[`../features/${file}.tsx`];
  if (!load) throw new Error(`no screen module ${file}`);
  return { load, name: file.slice(file.lastIndexOf('/') + 1) };
}

// One lazy component per screen, made once: the routes below are these, path by path.
const SCREEN_ROUTES = (Object.keys(SCREEN_FILES) as ScreenPath[]).map((path) => {
  const { load, name } = screenModule(path);
  return { path, Screen: screen(load, name) };
});
const NotFoundScreen = screen(() => import('./NotFoundScreen'), 'NotFoundScreen');

/**
 * Loads the chunks the page at `pathname` opens with: for a signed-in page the shell, its
 * screen and the HTTP client at once. Left to the router, each waits for the one before it to
 * render (shell, then screen, then the first request): three round trips before the first
 * paint on a slow phone (Lighthouse's LCP). A build's /boot.js has usually asked for
 * them already (src/boot/boot.js); this covers the dev server, whose /boot.js names no chunks.
 * Resolves once they have loaded (or failed: the router shows that), so that the first render
 * draws the screen instead of suspending on it (`Preloadable`).
 */
export function preloadOpeningScreen(pathname: string): Promise<unknown> {
  if (pathname === '/login' || !warmUpSession()) return LoginScreen.preload();
  const path = pathname.replace(/(.)\/+$/, '$1');
  // By pattern: /tags/旅行 opens with /tags/:name's screen.
  const opening =
    SCREEN_ROUTES.find((route) => matchPath(route.path, path))?.Screen ?? NotFoundScreen;
  return Promise.all([Layout.preload(), opening.preload()]);
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
        {SCREEN_ROUTES.map(({ path, Screen }) =>
          path === '/' ? (
            <Route key={path} index element={<Screen />} />
          ) : (
            <Route key={path} path={path.slice(1)} element={<Screen />} />
          ),
        )}
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
