import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';

// Vite puts content-hashed files under assets/: they never change, so they may be cached
// forever. Everything else (index.html above all) is revalidated on every load so that a
// new build is picked up at once.
const IMMUTABLE = 'public, max-age=31536000, immutable';

function setCacheHeader(path: string, c: Context) {
  c.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : 'no-cache');
}

/**
 * Serves the built SPA from `root`, answering unknown paths with index.html so that client
 * routes (/tasks, /checkin…) survive a reload. A missing file under /assets/ stays a 404:
 * a stale chunk must fail loudly, not come back as HTML.
 */
export function spaStaticFiles(root: string): MiddlewareHandler {
  const files = serveStatic({ root, onFound: setCacheHeader });
  const index = serveStatic({ root, path: 'index.html', onFound: setCacheHeader });
  return async (c, next) => {
    const found = await files(c, async () => {
      if (c.req.path.startsWith('/assets/')) return next();
      const page = await index(c, next);
      if (page) c.res = page;
    });
    if (found) return found;
  };
}
