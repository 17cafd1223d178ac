import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { NOT_LOGGED_IN } from '../../src/domain/messages';
import { loginSchema } from '../../src/domain/schemas/auth';
import { newToken, SESSION_TTL_MS, type TokenHasher } from '../auth';
import type { PasswordHasher, Store } from '../store';
import { BackoffLimiter, GateFull, HashGate } from '../throttle';
import { type AppEnv, fail, readBody } from './http';

export interface AuthDeps {
  store: Store;
  hasher: PasswordHasher;
  now: () => Date;
  clientIp: (c: Context) => string | undefined;
  /** Password hashes allowed to run at once (see HashGate); twice as many may wait. */
  hashConcurrency: number;
  hashToken: TokenHasher;
  /** How long a refused login (429) is held before it is answered. */
  refusalDelayMs: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Refusals held at once; past that they are answered at once rather than piling up timers. */
const MAX_HELD = 1000;

/** Bearer token → session → user; the x-user-id header must name the same user. */
export function requireSession({ store, now, hashToken }: AuthDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const match = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(c.req.header('authorization') ?? '');
    if (!match) return fail(c, 401, NOT_LOGGED_IN);
    const tokenHash = await hashToken(match[1]!);
    const session = await store.sessions.get(tokenHash);
    if (!session || Date.parse(session.expiresAt) <= now().getTime()) {
      if (session) await store.sessions.remove(tokenHash);
      return fail(c, 401, NOT_LOGGED_IN);
    }
    const user = await store.users.get(session.username);
    if (!user) return fail(c, 401, NOT_LOGGED_IN);
    if (c.req.header('x-user-id') !== user.username) return fail(c, 403, '用户身份不匹配');
    c.set('user', { username: user.username, displayName: user.displayName });
    c.set('tokenHash', tokenHash);
    await next();
  };
}

/** Login, logout and me; everything but login runs behind requireSession (see app.ts). */
export function authRoutes({
  store,
  hasher,
  now,
  clientIp,
  hashConcurrency,
  hashToken,
  refusalDelayMs,
}: AuthDeps) {
  // Per account, from any address: five tries, then 1, 2, 4, 8 and at most 15 minutes apart.
  const accounts = new BackoffLimiter({
    free: 5,
    baseMs: MINUTE,
    maxMs: 15 * MINUTE,
    forgetMs: DAY,
  });
  // Per client address, across usernames (guessing one password for many accounts): twenty
  // tries, then 1, 2, 4… minutes up to an hour.
  const addresses = new BackoffLimiter({
    free: 20,
    baseMs: MINUTE,
    maxMs: 60 * MINUTE,
    forgetMs: DAY,
  });
  const gate = new HashGate(hashConcurrency, 2 * hashConcurrency);
  // Unknown usernames still pay for one hash, so response time does not reveal which exist.
  let dummyHash: Promise<string> | undefined;

  // A refused login is answered after a pause: a client that retries at once, as a flood does,
  // makes one attempt per connection per pause instead of as many as the server can answer, and
  // the requests of signed-in users are not kept waiting behind thousands of refusals a second.
  let held = 0;
  const refuse = async (c: Context, retryAfterMs: number, message: string) => {
    if (held < MAX_HELD) {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, refusalDelayMs));
      held -= 1;
    }
    c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    return fail(c, 429, message);
  };

  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      const { username, password } = await readBody(c, loginSchema);
      const address = clientIp(c) ?? 'unknown';
      const time = now();
      const wait = Math.max(
        accounts.retryAfterMs(username, time.getTime()),
        addresses.retryAfterMs(address, time.getTime()),
      );
      if (wait > 0) {
        return refuse(c, wait, `登录失败次数过多，请 ${Math.ceil(wait / MINUTE)} 分钟后再试`);
      }
      let user: Awaited<ReturnType<Store['users']['get']>>;
      let ok: boolean;
      try {
        ({ user, ok } = await gate.run(async () => {
          const found = await store.users.get(username);
          dummyHash ??= hasher.hash('not-a-password');
          const stored = found?.passwordHash ?? (await dummyHash);
          return { user: found, ok: await hasher.verify(password, stored) };
        }));
      } catch (err) {
        if (!(err instanceof GateFull)) throw err;
        return refuse(c, 1000, '登录请求过多，服务器正忙，请稍后再试');
      }
      if (!user || !ok) {
        accounts.recordFailure(username, time.getTime());
        addresses.recordFailure(address, time.getTime());
        return fail(c, 401, '用户名或密码错误');
      }
      accounts.reset(username);
      await store.sessions.removeExpired(time.toISOString());
      const token = newToken();
      await store.sessions.create({
        tokenHash: await hashToken(token),
        username: user.username,
        createdAt: time.toISOString(),
        expiresAt: new Date(time.getTime() + SESSION_TTL_MS).toISOString(),
      });
      return c.json({ token, user: { username: user.username, displayName: user.displayName } });
    })
    .post('/logout', async (c) => {
      await store.sessions.remove(c.get('tokenHash'));
      return c.body(null, 204);
    })
    .get('/me', (c) => c.json(c.get('user')));
}
