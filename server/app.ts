import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { authRoutes, requireSession } from './routes/auth';
import { type AppEnv, errorBody, fail, HttpError } from './routes/http';
import { resourceRoutes } from './routes/resources';
import { summaryRoutes } from './routes/summary';
import type { PasswordHasher, Store } from './store';

// Runtime-agnostic on purpose: the Node server (main.ts) and the browser demo's msw worker
// (`app.fetch(request)`) run this same app. No Node imports here or below.

export interface AppOptions {
  store: Store;
  /** Password hashing: createNodePasswordHasher() on Node, createWebPasswordHasher() in a browser. */
  auth: PasswordHasher;
  /** The caller's IP, for login throttling; requests without one share a bucket per username. */
  clientIp?: (c: Context) => string | undefined;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Serves GET/HEAD outside /api and /health (the Node entry serves the SPA with it). */
  staticFiles?: MiddlewareHandler;
}

const MAX_BODY_BYTES = 1024 * 1024;

export function createApp({
  store,
  auth,
  clientIp = () => undefined,
  now = () => new Date(),
  staticFiles,
}: AppOptions): Hono<AppEnv> {
  const deps = { store, hasher: auth, now, clientIp };
  const app = new Hono<AppEnv>();

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'no-referrer',
      // No includeSubDomains: a self-hosted instance must not decide for its parent domain.
      strictTransportSecurity: 'max-age=15552000',
    }),
  );

  app.onError((err, c) => {
    if (err instanceof HttpError) return fail(c, err.status, err.message);
    if (err instanceof HTTPException && err.status < 500) {
      return fail(c, err.status, err.message || 'Bad Request');
    }
    console.error(err);
    return fail(c, 500, '服务器内部错误');
  });
  app.notFound((c) => fail(c, 404, '接口不存在'));

  app.get('/health', (c) => c.json({ status: 'ok' }));

  const session = requireSession(deps);
  const api = new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      // Personal data: never kept by a shared cache or the browser's back-forward cache.
      c.header('Cache-Control', 'no-store');
    })
    .use(
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        // The unread rest of the body is still on the wire: the connection cannot be reused.
        onError: (c) => c.json(errorBody('请求体过大（上限 1 MB）'), 413, { Connection: 'close' }),
      }),
    )
    .use((c, next) => (c.req.path === '/api/auth/login' ? next() : session(c, next)))
    .route('/auth', authRoutes(deps))
    .route('/summary', summaryRoutes(store))
    .route('/', resourceRoutes(store, now));
  app.route('/api', api);

  if (staticFiles) {
    app.on(['GET', 'HEAD'], '*', (c, next) =>
      c.req.path === '/api' || c.req.path.startsWith('/api/') ? next() : staticFiles(c, next),
    );
  }
  return app;
}
