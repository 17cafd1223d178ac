import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { NOT_LOGGED_IN } from '../../src/domain/messages';
import { loginSchema } from '../../src/domain/schemas/auth';
import { hashToken, LoginThrottle, newToken, SESSION_TTL_MS } from '../auth';
import type { PasswordHasher, Store } from '../store';
import { type AppEnv, fail, readBody } from './http';

export interface AuthDeps {
  store: Store;
  hasher: PasswordHasher;
  now: () => Date;
  clientIp: (c: Context) => string | undefined;
}

/** Bearer token → session → user; the x-user-id header must name the same user. */
export function requireSession({ store, now }: AuthDeps): MiddlewareHandler<AppEnv> {
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
export function authRoutes({ store, hasher, now, clientIp }: AuthDeps) {
  const throttle = new LoginThrottle();
  // Unknown usernames still pay for one hash, so response time does not reveal which exist.
  let dummyHash: Promise<string> | undefined;

  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      const { username, password } = await readBody(c, loginSchema);
      const key = `${username}\u0000${clientIp(c) ?? 'unknown'}`;
      const time = now();
      if (throttle.isBlocked(key, time.getTime())) {
        return fail(c, 429, '登录失败次数过多，请 15 分钟后再试');
      }
      const user = await store.users.get(username);
      dummyHash ??= hasher.hash('not-a-password');
      const ok = await hasher.verify(password, user?.passwordHash ?? (await dummyHash));
      if (!user || !ok) {
        throttle.recordFailure(key, time.getTime());
        return fail(c, 401, '用户名或密码错误');
      }
      throttle.reset(key);
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
