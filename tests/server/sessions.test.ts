import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { createMemoryStore } from '../../server/memory-store';
import type { Store } from '../../server/store';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import type { SessionInfo } from '../../src/domain/schemas/account-security';

// 账号安全 → 登录设备 and 修改密码 (issue 39): a session signed out from elsewhere gets 401 on
// its next call; a password change ends the other sessions unless asked not to.

const hasher = createWebPasswordHasher({ iterations: 1000 });
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

async function setup(store: Store = createMemoryStore()) {
  let time = Date.parse('2024-03-01T00:00:00.000Z');
  const app = createApp({ store, auth: hasher, now: () => new Date(time), loginRefusalDelayMs: 0 });
  await setUser(store, hasher, { username: 'alice', password: 'alice-pass', displayName: 'A' });
  await setUser(store, hasher, { username: 'bob', password: 'bob-pass', displayName: 'B' });
  const signIn = async (userAgent: string, username = 'alice', password = `${username}-pass`) => {
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      body: JSON.stringify({ username, password }),
    });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    return (path: string, init: RequestInit = {}) =>
      app.request(path, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          'x-user-id': username,
          'content-type': 'application/json',
          ...init.headers,
        },
      });
  };
  return { signIn, advance: (ms: number) => (time += ms) };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const sqliteFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pms-sessions-'));
  dirs.push(dir);
  return join(dir, 'pms.sqlite');
};

const MINUTE = 60_000;

describe('登录设备', () => {
  it('lists the sessions with their browser, times and this one marked', async () => {
    const { signIn, advance } = await setup();
    const phone = await signIn(PHONE);
    advance(MINUTE);
    const laptop = await signIn(LAPTOP);
    await signIn(LAPTOP, 'bob');
    advance(10 * MINUTE);
    expect((await phone('/api/auth/me')).status).toBe(200);
    const list = (await (await laptop('/api/auth/sessions')).json()) as SessionInfo[];
    expect(list).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        userAgent: PHONE,
        createdAt: '2024-03-01T00:00:00.000Z',
        // Used just now: recorded, since the last record was more than 5 minutes ago.
        lastUsedAt: '2024-03-01T00:11:00.000Z',
        current: false,
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        userAgent: LAPTOP,
        createdAt: '2024-03-01T00:01:00.000Z',
        lastUsedAt: '2024-03-01T00:11:00.000Z',
        current: true,
      },
    ]);
  });

  it('signs out another session, whose next request gets 401', async () => {
    const { signIn } = await setup();
    const phone = await signIn(PHONE);
    const laptop = await signIn(LAPTOP);
    const bob = await signIn(LAPTOP, 'bob');
    const [other] = ((await (await laptop('/api/auth/sessions')).json()) as SessionInfo[]).filter(
      (s) => !s.current,
    );
    // Bob cannot end alice's session, even knowing its id.
    expect((await bob(`/api/auth/sessions/${other!.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await phone('/api/auth/me')).status).toBe(200);
    expect((await laptop(`/api/auth/sessions/${other!.id}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    const next = await phone('/api/accounts');
    expect(next.status).toBe(401);
    expect(await next.json()).toEqual({ error: '用户未登录' });
    expect((await laptop('/api/auth/me')).status).toBe(200);
    expect((await laptop(`/api/auth/sessions/${other!.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
  });

  it('退出其他设备 ends every session but this one, and no one else’s', async () => {
    const { signIn } = await setup();
    const phone = await signIn(PHONE);
    const tablet = await signIn(PHONE);
    const laptop = await signIn(LAPTOP);
    const bob = await signIn(LAPTOP, 'bob');
    expect((await laptop('/api/auth/sessions/sign-out-others', { method: 'POST' })).status).toBe(
      204,
    );
    expect((await phone('/api/auth/me')).status).toBe(401);
    expect((await tablet('/api/auth/me')).status).toBe(401);
    expect((await laptop('/api/auth/me')).status).toBe(200);
    expect((await bob('/api/auth/me')).status).toBe(200);
    expect(await (await laptop('/api/auth/sessions')).json()).toHaveLength(1);
  });
});

describe('修改密码', () => {
  const change = (body: object) => ({ method: 'POST', body: JSON.stringify(body) });

  it('asks for the current password and signs out the other sessions', async () => {
    const { signIn } = await setup();
    const phone = await signIn(PHONE);
    const laptop = await signIn(LAPTOP);
    const wrong = await laptop(
      '/api/auth/password',
      change({ currentPassword: 'nope', newPassword: 'new-pass-123' }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: '当前密码不正确' });
    const short = await laptop(
      '/api/auth/password',
      change({ currentPassword: 'alice-pass', newPassword: 'short' }),
    );
    expect(await short.json()).toEqual({ error: 'newPassword: 新密码至少 8 位' });
    expect((await phone('/api/auth/me')).status).toBe(200);

    const ok = await laptop(
      '/api/auth/password',
      change({ currentPassword: 'alice-pass', newPassword: 'new-pass-123' }),
    );
    expect(ok.status).toBe(204);
    expect((await phone('/api/auth/me')).status).toBe(401);
    expect((await laptop('/api/auth/me')).status).toBe(200);
    await signIn(LAPTOP, 'alice', 'new-pass-123');
  });

  it('keeps the other sessions when unticked', async () => {
    const { signIn } = await setup();
    const phone = await signIn(PHONE);
    const laptop = await signIn(LAPTOP);
    const ok = await laptop(
      '/api/auth/password',
      change({ currentPassword: 'alice-pass', newPassword: 'new-pass-123', signOutOthers: false }),
    );
    expect(ok.status).toBe(204);
    expect((await phone('/api/auth/me')).status).toBe(200);
  });

  it('stops guessing the current password through a session after 5 wrong ones', async () => {
    const { signIn, advance } = await setup();
    const laptop = await signIn(LAPTOP);
    for (let i = 0; i < 5; i++) {
      const res = await laptop(
        '/api/auth/password',
        change({ currentPassword: `guess-${i}`, newPassword: 'new-pass-123' }),
      );
      expect(res.status).toBe(400);
    }
    const refused = await laptop(
      '/api/auth/password',
      change({ currentPassword: 'alice-pass', newPassword: 'new-pass-123' }),
    );
    expect(refused.status).toBe(429);
    advance(MINUTE);
    const ok = await laptop(
      '/api/auth/password',
      change({ currentPassword: 'alice-pass', newPassword: 'new-pass-123' }),
    );
    expect(ok.status).toBe(204);
  });
});

describe('sessions per user', () => {
  // Issue 57: a script signing in in a loop grew the sessions table (and 登录设备) without end.
  it.each([
    ['memory', 0],
    ['memory', 1],
    ['sqlite', 0],
    ['sqlite', 1],
  ])(
    '%s store, sign-ins %i ms apart: the 201st drops the oldest, no one else’s',
    async (kind, apart) => {
      const file = kind === 'sqlite' ? sqliteFile() : undefined;
      const { signIn, advance } = await setup(file ? openSqliteStore(file) : createMemoryStore());
      const bob = await signIn(LAPTOP, 'bob');
      const alice = [];
      for (let i = 0; i < 200; i++) {
        alice.push(await signIn(i === 0 ? PHONE : LAPTOP));
        advance(apart);
      }
      expect((await alice[0]!('/api/auth/me')).status).toBe(200);
      expect(await (await alice[1]!('/api/auth/sessions')).json()).toHaveLength(200);
      const newest = await signIn(LAPTOP);
      expect((await alice[0]!('/api/auth/me')).status).toBe(401);
      expect((await alice[1]!('/api/auth/me')).status).toBe(200);
      const list = (await (await newest('/api/auth/sessions')).json()) as SessionInfo[];
      expect(list).toHaveLength(200);
      expect(list.map((s) => s.userAgent)).not.toContain(PHONE);
      expect((await bob('/api/auth/me')).status).toBe(200);
    },
  );

  it('takes the dropped session’s push subscription with it (SQLite’s cascade)', async () => {
    const file = sqliteFile();
    const { signIn, advance } = await setup(openSqliteStore(file));
    await signIn(PHONE);
    const raw = new Database(file);
    try {
      const [oldest] = raw.prepare('SELECT token_hash FROM sessions').pluck().all() as string[];
      raw
        .prepare(
          'INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at, session_hash) ' +
            "VALUES ('alice', 'https://push.example/1', 'k', 'a', '2024-03-01T00:00:00.000Z', ?)",
        )
        .run(oldest);
      const count = () => raw.prepare('SELECT count(*) FROM push_subscriptions').pluck().get();
      for (let i = 0; i < 199; i++) {
        advance(1);
        await signIn(LAPTOP);
      }
      expect(count()).toBe(1);
      await signIn(LAPTOP);
      expect(count()).toBe(0);
    } finally {
      raw.close();
    }
  });
});
