// Runs before the first paint (a blocking script in <head>; the CSP allows 'self' scripts, not
// inline ones). Served as /boot.js: the build writes it with OPENING filled in
// (scripts/vite-opening-preloads.ts); the dev server serves it as it is.

// 深色模式: the page starts dark when the user chose it, or left the choice to a system that
// is dark. src/components/theme.ts keeps the class up to date afterwards.
try {
  const choice = localStorage.getItem('theme');
  const systemDark = matchMedia('(prefers-color-scheme: dark)').matches;
  if (choice === 'dark' || (choice !== 'light' && systemDark)) {
    document.documentElement.classList.add('dark');
  }
} catch {
  // No storage: the page stays light.
}

// A signed-in page needs the shell's and its screen's chunks, which the entry would only ask
// for once it has been downloaded and run: one round trip and the entry's evaluation later.
// Asked for here, they download beside the entry; at low priority, so that the entry, which
// draws the first frame, keeps the bandwidth (Lighthouse, /accounting: LCP 2.86 → 2.63 s with
// the first paint unchanged; at high priority the first paint came 0.4 s later on /tasks).
// The build fills in each path's files; the login page and a device without a session ask
// for none.
const OPENING = /* opening chunks */ null;
const pathOf = (pathname) => pathname.replace(/(.)\/+$/, '$1');
const preloaded = new Set();
function preloadModules(files) {
  for (const file of files) {
    if (preloaded.has(file)) continue;
    preloaded.add(file);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // As the entry's own <script type="module" crossorigin>: the same request, fetched once.
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    link.href = file;
    document.head.append(link);
  }
}
try {
  const signedIn =
    localStorage.getItem('isLoggedIn') === 'true' && localStorage.getItem('authToken');
  const path = pathOf(location.pathname);
  // The navigation bar's title, drawn by index.html before any module (components/boot-bar.ts).
  if (signedIn && path !== '/login') document.documentElement.classList.add('boot-bar');
  if (OPENING && signedIn && path !== '/login') {
    preloadModules(OPENING.paths[path] ?? OPENING.shell);
  }
} catch {
  // No storage: the entry asks for the chunks itself.
}

// The chunks a screen loads only on demand (its form dialogs, with zod and the schemas), for the
// screen to ask for once it is idle (src/components/lazy-with-retry.tsx `usePreloadDialogs`):
// fetched and compiled then, a first dialog only runs its code. Nothing in a dev server.
window.pmsFetchLater = (pathname) => {
  if (OPENING) preloadModules(OPENING.later[pathOf(pathname)] ?? []);
};
