import { statSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { isCompressible } from './compression';

// Vite puts content-hashed files under assets/: they never change, so they may be cached
// forever. Everything else (index.html above all) is revalidated on every load so that a
// new build is picked up at once; the ETag makes that revalidation a bodiless 304.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The caching headers of a file sent, set on the response itself: serveStatic's onFound runs
 * after the response is made, when a header set through the context may no longer reach it.
 */
function withCacheHeaders(res: Response, file: string, urlPath: string): Response {
  const headers = new Headers(res.headers);
  headers.set('Cache-Control', urlPath.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
  // `file` is the one sent: a .br or .gz twin has its own size, hence its own tag.
  const stat = statSync(file, { throwIfNoEntry: false });
  if (stat) {
    headers.set('ETag', `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`);
  }
  // Which file was sent depended on Accept-Encoding, whether or not a compressed one was.
  if (isCompressible(getMimeType(file.replace(/\.(?:br|gz)$/, '')) ?? null)) {
    headers.set('Vary', 'Accept-Encoding');
  }
  return new Response(res.body, { status: res.status, headers });
}

/** If-None-Match against the response's ETag (RFC 9110 §13.1.2; weak comparison). */
function notModified(c: Context, res: Response): boolean {
  const etag = res.headers.get('ETag');
  const header = c.req.header('If-None-Match');
  if (!etag || !header || res.status !== 200) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((t) => opaque(t) === opaque(etag));
}

/**
 * Serves the built SPA from `root`, answering unknown paths with index.html so that client
 * routes (/tasks, /checkin…) survive a reload. A missing file under /assets/ stays a 404:
 * a stale chunk must fail loudly, not come back as HTML. The build writes a .br and a .gz next
 * to every compressible file (vite.config.ts); a client that accepts one gets it.
 */
export function spaStaticFiles(root: string): MiddlewareHandler {
  const sent = new WeakMap<Context, string>();
  const onFound = (file: string, c: Context) => {
    sent.set(c, file);
  };
  const files = serveStatic({ root, precompressed: true, onFound });
  const index = serveStatic({ root, path: 'index.html', precompressed: true, onFound });
  return async (c, next) => {
    let page: Response | undefined;
    const found = await files(c, async () => {
      if (c.req.path.startsWith('/assets/')) return next();
      page = (await index(c, next)) ?? undefined;
    });
    const res = found ?? page;
    const file = sent.get(c);
    if (!res || !file) return;
    c.res = withCacheHeaders(res, file, c.req.path);
    if (notModified(c, c.res)) {
      await c.res.body?.cancel();
      const headers = new Headers(c.res.headers);
      for (const name of ['Content-Length', 'Content-Encoding', 'Content-Type']) {
        headers.delete(name);
      }
      c.res = new Response(null, { status: 304, headers });
    }
    return c.res;
  };
}
