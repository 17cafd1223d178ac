import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import {
  type DeviceMac,
  DeviceTokens,
  type TokenHasher,
  webDeviceMac,
  hashToken as webTokenHasher,
} from './auth';
import { type CalendarFeedStore, memoryCalendarFeeds } from './calendar-feeds';
import type { WebAuthnConfig } from './passkeys';
import { authRoutes, requireSession } from './routes/auth';
import { calendarRoutes, isCalendarFeedPath } from './routes/calendar';
import { type AppEnv, errorBody, fail, HttpError } from './routes/http';
import { PASSKEY_PUBLIC_PATHS, passkeyRoutes } from './routes/passkeys';
import { resourceRoutes } from './routes/resources';
import { settingsRoutes } from './routes/settings';
import { summaryRoutes } from './routes/summary';
import {
  STORAGE_ERRORS,
  StorageHealth,
  type StorageProblem,
  storageProblemOf,
} from './storage-health';
import type { PasswordHasher, Store } from './store';

// Runtime-agnostic on purpose: the Node server (main.ts) and the browser demo's msw worker
// (`app.fetch(request)`) run this same app. No Node imports here or below.

export interface AppOptions {
  store: Store;
  /** Password hashing: createNodePasswordHasher() on Node, createWebPasswordHasher() in a browser. */
  auth: PasswordHasher;
  /** The session token's SHA-256: Web Crypto by default, nodeTokenHasher on Node (see auth.ts). */
  hashToken?: TokenHasher;
  /** Signs device tokens (auth.ts DeviceTokens): node-auth.ts nodeDeviceMac with the key from the data directory on Node; by default a Web Crypto key made for this app. */
  deviceMac?: DeviceMac;
  /** The caller's address, for login throttling; requests without one share one bucket. */
  clientIp?: (c: Context) => string | undefined;
  /** Password hashes allowed to run at once; logins beyond that and a short queue get a 429. */
  hashConcurrency?: number;
  /** How long a refused login's 429 is held (1 s; tests that count refusals pass 0). */
  loginRefusalDelayMs?: number;
  /** The storage state /health reports; the Node entry reads it too (backups skip a damaged file). */
  health?: StorageHealth;
  /** The clock (tests move it). */
  now?: () => Date;
  /** 通行密钥's relying party: by default the request's own host and scheme (server/passkeys.ts). */
  webauthn?: WebAuthnConfig;
  /** Serves GET/HEAD outside /api and /health (the Node entry serves the SPA with it). */
  staticFiles?: MiddlewareHandler;
  /** /api/push (server/push/routes.ts): Node only, as it sends with web-push. */
  push?: { routes: Hono<AppEnv>; action: Hono<AppEnv> };
  /** 日历订阅's tokens: the calendar_feeds table on Node; in memory by default (the demo). */
  calendarFeeds?: CalendarFeedStore;
}

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * A write or read the storage could not serve: the Chinese message, and the reason by name, so
 * that a device can say "磁盘已满" where it would otherwise only see that the server failed.
 */
function storageFailure(c: Context, problem: StorageProblem) {
  const { status, message } = STORAGE_ERRORS[problem];
  return c.json({ ...errorBody(message), reason: problem }, status);
}

export function createApp({
  store,
  auth,
  hashToken = webTokenHasher,
  deviceMac = webDeviceMac(),
  clientIp = () => undefined,
  hashConcurrency = 2,
  loginRefusalDelayMs = 1000,
  health = new StorageHealth(),
  now = () => new Date(),
  webauthn = {},
  staticFiles,
  push,
  calendarFeeds = memoryCalendarFeeds(),
}: AppOptions): Hono<AppEnv> {
  const deps = {
    store,
    hasher: auth,
    now,
    clientIp,
    hashConcurrency,
    hashToken,
    refusalDelayMs: loginRefusalDelayMs,
    devices: new DeviceTokens(deviceMac),
  };
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
    const problem = storageProblemOf(err);
    if (problem) {
      health.report(problem);
      // One line: the operator needs the cause, not a stack through the router.
      console.error(`存储错误 / storage error (${problem}): ${err.message}`);
      return storageFailure(c, problem);
    }
    console.error(err);
    return fail(c, 500, '服务器内部错误');
  });
  app.notFound((c) => fail(c, 404, '接口不存在'));

  // 503 with the reason while the storage is in trouble, so that both a monitor (by the status)
  // and the 同步 dialog (by the body) can tell.
  app.get('/health', (c) =>
    health.problem
      ? c.json(
          {
            status: 'degraded',
            reason: health.problem,
            error: STORAGE_ERRORS[health.problem].message,
          },
          503,
        )
      : c.json({ status: 'ok' }),
  );

  const session = requireSession(deps);
  const publicPaths = new Set([
    '/api/auth/login',
    // A notification's button carries its own signed token (server/push/action.ts).
    '/api/push/action',
    ...PASSKEY_PUBLIC_PATHS.map((p) => `/api/auth/passkeys${p}`),
  ]);
  const api = new Hono<AppEnv>()
    .use(async (c, next) => {
      const writes = c.req.method !== 'GET' && c.req.method !== 'HEAD';
      // Nothing more goes into a file known to be damaged: it would only be harder to recover.
      if (writes && health.problem === 'corrupt') return storageFailure(c, 'corrupt');
      await next();
      if (writes && c.res.status < 400) health.writeSucceeded();
      // Personal data: never kept by a shared cache or the browser's back-forward cache.
      c.header('Cache-Control', 'no-store');
      // The server's clock, which devices correct their change stamps by (src/api/clock.ts).
      c.header('X-Server-Time', String(now().getTime()));
    })
    .use(
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        // The unread rest of the body is still on the wire: the connection cannot be reused.
        onError: (c) => c.json(errorBody('请求体过大（上限 1 MB）'), 413, { Connection: 'close' }),
      }),
    )
    .use((c, next) =>
      // A calendar feed's token is in its address (routes/calendar.ts).
      publicPaths.has(c.req.path) || isCalendarFeedPath(c.req.path) ? next() : session(c, next),
    )
    .route('/auth/passkeys', passkeyRoutes(deps, webauthn))
    .route('/auth', authRoutes(deps))
    .route('/settings', settingsRoutes(store, now))
    .route('/summary', summaryRoutes(store, now))
    .route('/calendar', calendarRoutes({ store, feeds: calendarFeeds, hashToken, now }));
  if (push) api.route('/push/action', push.action).route('/push', push.routes);
  api.route('/', resourceRoutes(store, now));
  app.route('/api', api);

  if (staticFiles) {
    app.on(['GET', 'HEAD'], '*', (c, next) =>
      c.req.path === '/api' || c.req.path.startsWith('/api/') ? next() : staticFiles(c, next),
    );
  }
  return app;
}
