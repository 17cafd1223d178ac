import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { NOT_LOGGED_IN } from '../../src/domain/messages';
import {
  changePasswordSchema,
  disableTotpSchema,
  enableTotpSchema,
  type SessionInfo,
  type TotpEnrolment,
  type TwoFactorStatus,
} from '../../src/domain/schemas/account-security';
import { type LoginResponse, loginSchema } from '../../src/domain/schemas/auth';
import { type DeviceTokens, newToken, SESSION_TTL_MS, type TokenHasher } from '../auth';
import type { PasswordHasher, Store, UserRecord } from '../store';
import { BackoffLimiter, FairGate, GateFull, WindowLimiter } from '../throttle';
import {
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  totpEnrolment,
  totpStep,
} from '../two-factor';
import { type AppEnv, fail, readBody } from './http';

export interface AuthDeps {
  store: Store;
  hasher: PasswordHasher;
  now: () => Date;
  clientIp: (c: Context) => string | undefined;
  /** Password hashes for unknown devices allowed at once (see FairGate); twice as many may wait. */
  hashConcurrency: number;
  hashToken: TokenHasher;
  /** How long a login refused for load or for its address (429) is held before it is answered. */
  refusalDelayMs: number;
  devices: DeviceTokens;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const TOUCH_EVERY_MS = 5 * MINUTE;
/** The first hex digits of a session's token hash: enough to tell sessions apart, no key to any. */
const sessionId = (tokenHash: string) => tokenHash.slice(0, 16);
/** Refusals held at once; past that they are answered at once rather than piling up timers. */
const MAX_HELD = 1000;
/** Sessions one user may hold; a sign-in beyond it ends the oldest (issue 57). */
const MAX_SESSIONS_PER_USER = 200;

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
    // 登录设备's 最近使用, to the few minutes: a write per request would cost an fsync each.
    const time = now().getTime();
    const last = session.lastUsedAt ? Date.parse(session.lastUsedAt) : 0;
    if (time - last >= TOUCH_EVERY_MS)
      await store.sessions.touch(tokenHash, new Date(time).toISOString());
    await next();
  };
}

/**
 * A new session for a user who proved who they are (a password, a passkey): the answer of a
 * sign-in, with the device token renewed at each one, so a device in use stays known.
 */
export async function startSession(
  { store, hashToken, devices }: AuthDeps,
  c: Context,
  user: UserRecord,
  time: number,
  deviceId: string | undefined,
): Promise<LoginResponse> {
  const iso = new Date(time).toISOString();
  await store.sessions.removeExpired(iso);
  const token = newToken();
  await store.sessions.create({
    tokenHash: await hashToken(token),
    username: user.username,
    createdAt: iso,
    expiresAt: new Date(time + SESSION_TTL_MS).toISOString(),
    userAgent: (c.req.header('user-agent') ?? '').slice(0, 512),
    lastUsedAt: iso,
  });
  // A script signing in in a loop would otherwise grow the table (and 登录设备) without end. The
  // oldest go, their push subscriptions with them (the foreign key's cascade).
  await store.sessions.trimForUser(user.username, MAX_SESSIONS_PER_USER);
  return {
    token,
    user: { username: user.username, displayName: user.displayName },
    deviceToken: await devices.issue(user.username, time, deviceId),
  };
}

/** Login, logout and me; everything but login runs behind requireSession (see app.ts). */
export function authRoutes(deps: AuthDeps) {
  const { store, hasher, now, clientIp, hashConcurrency, hashToken, refusalDelayMs, devices } =
    deps;
  // Per account, for attempts without a device token for it: five failures within 15 minutes,
  // then refused until the oldest leaves the window. Refusals do not count, so a stranger can
  // close the account to other strangers for 15 minutes at a time, never to its known devices.
  const accounts = new WindowLimiter({ limit: 5, windowMs: 15 * MINUTE });
  // Per known device (account and device id): looser, and only that device pays for its errors.
  const knownDevices = new BackoffLimiter({
    free: 10,
    baseMs: MINUTE,
    maxMs: 15 * MINUTE,
    forgetMs: DAY,
  });
  // Per client address, across usernames (guessing one password for many accounts): twenty
  // tries, then 1, 2, 4… minutes up to an hour. Known devices are exempt: an attacker sharing
  // the owner's address (a NAT, a proxy) must not lock her out either.
  const addresses = new BackoffLimiter({
    free: 20,
    baseMs: MINUTE,
    maxMs: 60 * MINUTE,
    forgetMs: DAY,
  });
  // Wrong current passwords when changing it, per account: a stolen session must not become a
  // way to guess the password without the login's limits.
  const passwordChecks = new BackoffLimiter({
    free: 5,
    baseMs: MINUTE,
    maxMs: 15 * MINUTE,
    forgetMs: DAY,
  });
  const gate = new FairGate({
    concurrency: hashConcurrency,
    reserve: 1,
    queue: 2 * hashConcurrency,
    perKey: hashConcurrency,
  });
  // Unknown usernames still pay for one hash, so response time does not reveal which exist.
  let dummyHash: Promise<string> | undefined;

  // A login refused for load or for its address is answered after a pause: a client that
  // retries at once, as a flood does, makes one attempt per connection per pause instead of as
  // many as the server can answer. An account's refusal is answered at once: it may be the
  // owner on a new device, and a held connection would only look like a broken server.
  let held = 0;
  const refuse = async (c: Context, retryAfterMs: number, message: string, hold = true) => {
    if (hold && held < MAX_HELD) {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, refusalDelayMs));
      held -= 1;
    }
    c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    return fail(c, 429, message);
  };
  const tooMany = (ms: number) => `登录失败次数过多，请 ${Math.ceil(ms / MINUTE)} 分钟后再试`;

  /**
   * A TOTP code (once per step) or an unused recovery code (then used up). The store spends it
   * in one conditional write: of parallel sign-ins with one code, the first write wins and the
   * others find it spent, as a sign-in after it would.
   */
  const spendSecondFactor = async (
    user: UserRecord,
    code: string,
    time: number,
  ): Promise<'ok' | 'wrong' | 'replayed'> => {
    const record = user.twoFactor!;
    const step = totpStep(record.secret, code, time);
    if (step !== undefined) {
      if (step <= record.lastStep) return 'replayed';
      return (await store.users.spendTotpStep(user.username, record.secret, step))
        ? 'ok'
        : 'replayed';
    }
    const hash = await hashToken(normaliseRecoveryCode(code));
    if (!record.recoveryCodes.includes(hash)) return 'wrong';
    // Used up by a parallel sign-in: the same answer as a code used before.
    return (await store.users.spendRecoveryCode(user.username, hash)) ? 'ok' : 'wrong';
  };

  /** The signed-in user's password, under the same limits as 修改密码. */
  const checkPassword = async (
    c: Context,
    username: string,
    password: string,
  ): Promise<Response | undefined> => {
    const time = now().getTime();
    const wait = passwordChecks.retryAfterMs(username, time);
    if (wait > 0) return refuse(c, wait, tooMany(wait), false);
    let ok: boolean;
    try {
      ok = await gate.run('known', `password\n${username}`, async () => {
        const user = await store.users.get(username);
        return !!user && (await hasher.verify(password, user.passwordHash));
      });
    } catch (err) {
      if (!(err instanceof GateFull)) throw err;
      return refuse(c, 1000, '服务器正忙，请稍后再试');
    }
    if (!ok) {
      passwordChecks.recordFailure(username, time);
      return fail(c, 400, '当前密码不正确');
    }
    passwordChecks.reset(username);
    return undefined;
  };

  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      const { username, password, deviceToken, code } = await readBody(c, loginSchema);
      const address = clientIp(c) ?? 'unknown';
      const time = now().getTime();
      const deviceId = await devices.verify(deviceToken, username, time);
      const deviceKey = `${username}\n${deviceId}`;
      if (deviceId) {
        const wait = knownDevices.retryAfterMs(deviceKey, time);
        if (wait > 0) return refuse(c, wait, tooMany(wait), false);
      } else {
        const addressWait = addresses.retryAfterMs(address, time);
        if (addressWait > 0) return refuse(c, addressWait, tooMany(addressWait));
        // The account's place is taken now, before the hash: parallel guesses count as they
        // start, not as they fail, so no more than five get past it at once.
        const accountWait = accounts.tryReserve(username, time);
        if (accountWait > 0) return refuse(c, accountWait, tooMany(accountWait), false);
      }
      // Every way out gives the account's place back: as a failure, or as nothing.
      let reserved = !deviceId;
      const release = () => {
        if (reserved) accounts.release(username);
        reserved = false;
      };
      const failed = (message: string) => {
        if (deviceId) {
          knownDevices.recordFailure(deviceKey, time);
        } else {
          accounts.recordFailure(username, time, reserved);
          reserved = false;
          addresses.recordFailure(address, time);
        }
        return fail(c, 401, message);
      };
      try {
        let user: Awaited<ReturnType<Store['users']['get']>>;
        let ok: boolean;
        try {
          ({ user, ok } = await gate.run(
            deviceId ? 'known' : 'unknown',
            deviceId ? deviceKey : address,
            async () => {
              const found = await store.users.get(username);
              dummyHash ??= hasher.hash('not-a-password');
              const stored = found?.passwordHash ?? (await dummyHash);
              return { user: found, ok: await hasher.verify(password, stored) };
            },
          ));
        } catch (err) {
          if (!(err instanceof GateFull)) throw err;
          release();
          return refuse(c, 1000, '登录请求过多，服务器正忙，请稍后再试');
        }
        if (!user || !ok) return failed('用户名或密码错误');
        if (user.twoFactor) {
          // The right password: the second step. Asking for it is no failure.
          if (!code?.trim()) return c.json({ error: '请输入两步验证码', twoFactor: true }, 401);
          const used = await spendSecondFactor(user, code.trim(), time);
          if (used !== 'ok') {
            return failed(
              used === 'replayed' ? '该验证码已使用过，请等待下一个验证码' : '验证码错误',
            );
          }
        }
        if (deviceId) knownDevices.reset(deviceKey);
        const session = await startSession(deps, c, user, time, deviceId);
        // Only here, not at a passkey's sign-in: this one was made with the generated password.
        return c.json(user.initialPassword ? { ...session, initialPassword: true } : session);
      } finally {
        release();
      }
    })
    .post('/logout', async (c) => {
      await store.sessions.remove(c.get('tokenHash'));
      return c.body(null, 204);
    })
    .get('/me', (c) => c.json(c.get('user')))
    .get('/sessions', async (c) => {
      const current = c.get('tokenHash');
      const iso = now().toISOString();
      const sessions = await store.sessions.listForUser(c.get('user').username);
      return c.json(
        sessions
          .filter((s) => s.expiresAt > iso)
          .map(
            (s): SessionInfo => ({
              id: sessionId(s.tokenHash),
              userAgent: s.userAgent ?? '',
              createdAt: s.createdAt,
              lastUsedAt: s.lastUsedAt ?? '',
              current: s.tokenHash === current,
            }),
          ),
      );
    })
    .post('/sessions/sign-out-others', async (c) => {
      await store.sessions.removeOthers(c.get('user').username, c.get('tokenHash'));
      return c.body(null, 204);
    })
    .delete('/sessions/:id', async (c) => {
      const id = c.req.param('id');
      const sessions = await store.sessions.listForUser(c.get('user').username);
      const found = sessions.find((s) => sessionId(s.tokenHash) === id);
      if (!found) return fail(c, 404, '该登录设备不存在或已退出');
      await store.sessions.remove(found.tokenHash);
      return c.body(null, 204);
    })
    .post('/password', async (c) => {
      const { currentPassword, newPassword, signOutOthers } = await readBody(
        c,
        changePasswordSchema,
      );
      const { username } = c.get('user');
      const refused = await checkPassword(c, username, currentPassword);
      if (refused) return refused;
      const user = (await store.users.get(username))!;
      await store.users.upsert({
        ...user,
        passwordHash: await hasher.hash(newPassword),
        initialPassword: false,
      });
      if (signOutOthers) await store.sessions.removeOthers(username, c.get('tokenHash'));
      return c.body(null, 204);
    })
    .get('/totp', async (c) => {
      const user = await store.users.get(c.get('user').username);
      const status: TwoFactorStatus = {
        enabled: !!user?.twoFactor,
        recoveryCodesLeft: user?.twoFactor?.recoveryCodes.length ?? 0,
      };
      return c.json(status);
    })
    .post('/totp/setup', (c) => {
      const secret = newTotpSecret();
      const enrolment: TotpEnrolment = { secret, ...totpEnrolment(secret, c.get('user').username) };
      return c.json(enrolment);
    })
    .post('/totp/enable', async (c) => {
      const { secret, code, password } = await readBody(c, enableTotpSchema);
      const { username } = c.get('user');
      const refused = await checkPassword(c, username, password);
      if (refused) return refused;
      const step = totpStep(secret, code, now().getTime());
      if (step === undefined) return fail(c, 400, '验证码错误，请确认手机时间准确后重试');
      const recoveryCodes = newRecoveryCodes();
      const user = (await store.users.get(username))!;
      await store.users.upsert({
        ...user,
        twoFactor: {
          secret,
          lastStep: step,
          recoveryCodes: await Promise.all(
            recoveryCodes.map(async (r) => hashToken(normaliseRecoveryCode(r))),
          ),
        },
      });
      // Shown this once; only their hashes are kept.
      return c.json({ recoveryCodes });
    })
    .post('/totp/disable', async (c) => {
      const { password } = await readBody(c, disableTotpSchema);
      const { username } = c.get('user');
      const refused = await checkPassword(c, username, password);
      if (refused) return refused;
      const user = (await store.users.get(username))!;
      await store.users.upsert({ ...user, twoFactor: null });
      return c.body(null, 204);
    });
}
