import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { createMemoryStore } from '../../server/memory-store';
import type { PasswordHasher, Store } from '../../server/store';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import { clockedApp } from './clocked-app';

// The app in process over the memory store, as the browser demo runs it: the rules that need a
// moving clock or a failing store. Everything else is covered against a real server in http.test.ts.

const hasher = createWebPasswordHasher({ iterations: 1000 });

async function setup(store: Store = createMemoryStore()) {
  const { app, advance } = clockedApp(store, hasher);
  await setUser(store, hasher, {
    username: 'alice',
    password: 'alice-pass',
    displayName: '爱丽丝',
  });
  const request = (path: string, init: RequestInit = {}) =>
    app.fetch(new Request(`http://localhost${path}`, init));
  const login = (password: string, ip = '10.0.0.1') =>
    request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-ip': ip },
      body: JSON.stringify({ username: 'alice', password }),
    });
  const asAlice = (token: string, init: RequestInit = {}) => ({
    ...init,
    headers: { authorization: `Bearer ${token}`, 'x-user-id': 'alice', ...init.headers },
  });
  return {
    request,
    login,
    asAlice,
    advance,
  };
}

const MINUTE = 60_000;

describe('createApp', () => {
  it('answers /health with security headers', async () => {
    const { request } = await setup();
    const res = await request('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('refuses an account at once after 5 failures in 15 minutes, for the window only', async () => {
    const { login, advance } = await setup();
    for (let i = 0; i < 5; i++) {
      expect((await login('wrong', `10.0.0.${i}`)).status).toBe(401);
      advance(MINUTE);
    }
    const blocked = await login('alice-pass', '10.0.1.1');
    expect(blocked.status).toBe(429);
    // The first failure leaves the window 15 minutes after it: 10 minutes from now.
    expect(await blocked.json()).toEqual({ error: '登录失败次数过多，请 10 分钟后再试' });
    expect(blocked.headers.get('retry-after')).toBe('600');
    // Refusals do not count: hammering the account never makes the wait longer.
    for (let i = 0; i < 20; i++) expect((await login('wrong', `10.0.2.${i}`)).status).toBe(429);
    advance(10 * MINUTE - 1);
    expect((await login('alice-pass', '10.0.1.1')).status).toBe(429);
    advance(1);
    // One failure has left the window: one more try, which the owner's right password gets.
    expect((await login('alice-pass', '10.0.1.1')).status).toBe(200);
  });

  it('backs off an address after 20 failures across usernames', async () => {
    const { request, login, advance } = await setup();
    const guess = (username: string, ip: string) =>
      request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-test-ip': ip },
        body: JSON.stringify({ username, password: 'password1' }),
      });
    for (let i = 0; i < 20; i++) expect((await guess(`user${i}`, '10.0.0.9')).status).toBe(401);
    // Any username, even the right password of a real account, from that address…
    const blocked = await login('alice-pass', '10.0.0.9');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: '登录失败次数过多，请 1 分钟后再试' });
    expect((await guess('someone-else', '10.0.0.9')).status).toBe(429);
    // …while the account itself is fine from elsewhere.
    expect((await login('alice-pass', '10.0.0.10')).status).toBe(200);
    advance(MINUTE);
    expect((await guess('user21', '10.0.0.9')).status).toBe(401);
    expect((await guess('user22', '10.0.0.9')).status).toBe(429);
    advance(2 * MINUTE);
    expect((await login('alice-pass', '10.0.0.9')).status).toBe(200);
  });

  it('refuses logins beyond the hashing cap at once, and never holds up signed-in calls', async () => {
    const store = createMemoryStore();
    await setUser(store, hasher, { username: 'alice', password: 'alice-pass' });
    let hold: Promise<void> | undefined;
    let verifying = 0;
    const slow: PasswordHasher = {
      hash: (password) => hasher.hash(password),
      async verify(password, stored) {
        verifying += 1;
        await hold;
        return hasher.verify(password, stored);
      },
    };
    const app = createApp({
      store,
      auth: slow,
      hashConcurrency: 1,
      loginRefusalDelayMs: 0,
      clientIp: (c) => c.req.header('x-test-ip'),
    });
    let address = 0;
    const login = (username: string, password: string, ip = `10.0.0.${++address}`) =>
      app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-test-ip': ip },
        body: JSON.stringify({ username, password }),
      });
    const { token } = (await (await login('alice', 'alice-pass')).json()) as { token: string };

    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    verifying = 0;
    // One hash running and two waiting: the cap of 1 and its queue of 2, one place per address.
    const pending = [
      login('alice', 'wrong', '10.1.0.1'),
      login('bob', 'guess-1', '10.1.0.2'),
      login('carol', 'guess-2', '10.1.0.3'),
    ];
    await vi.waitFor(() => expect(verifying).toBe(1));
    // An address already waiting gets no second place, even with the line not full…
    const sameAddress = await login('erin', 'guess-4', '10.1.0.2');
    expect(sameAddress.status).toBe(429);
    const refused = await login('dave', 'guess-3');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: '登录请求过多，服务器正忙，请稍后再试' });
    expect(refused.headers.get('retry-after')).toBe('1');
    const me = await app.request('/api/auth/me', {
      headers: { authorization: `Bearer ${token}`, 'x-user-id': 'alice' },
    });
    expect(me.status).toBe(200);
    expect(verifying).toBe(1);
    release();
    expect((await Promise.all(pending)).map((r) => r.status)).toEqual([401, 401, 401]);
    expect(verifying).toBe(3);
  });

  it('holds a refused address for a while, answering signed-in calls meanwhile', async () => {
    const store = createMemoryStore();
    await setUser(store, hasher, { username: 'alice', password: 'alice-pass' });
    const app = createApp({ store, auth: hasher, loginRefusalDelayMs: 300 });
    const login = (password: string, username = 'alice') =>
      app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
    const { token } = (await (await login('alice-pass')).json()) as { token: string };
    // Twenty failures from one address across usernames: the address is refused.
    for (let i = 0; i < 20; i++) expect((await login('wrong', `user${i}`)).status).toBe(401);
    const started = performance.now();
    const refused = Promise.resolve(login('alice-pass')).then((res) => ({
      res,
      ms: performance.now() - started,
    }));
    const me = await app.request('/api/auth/me', {
      headers: { authorization: `Bearer ${token}`, 'x-user-id': 'alice' },
    });
    expect(me.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(250);
    const { res, ms } = await refused;
    expect(res.status).toBe(429);
    expect(ms).toBeGreaterThanOrEqual(290);
  });

  it('expires sessions after 30 days', async () => {
    const { login, request, asAlice, advance } = await setup();
    const { token, user } = await (await login('alice-pass')).json();
    expect(user).toEqual({ username: 'alice', displayName: '爱丽丝' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    advance(30 * 24 * 60 * MINUTE - 1);
    expect((await request('/api/auth/me', asAlice(token))).status).toBe(200);
    advance(1);
    const res = await request('/api/auth/me', asAlice(token));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: '用户未登录' });
  });

  it('answers an unexpected failure with a bare 500', async () => {
    const store = createMemoryStore();
    store.accounts.list = () => Promise.reject(new Error('disk on fire at /secret/path'));
    const { login, request, asAlice } = await setup(store);
    const { token } = await (await login('alice-pass')).json();
    const original = console.error;
    console.error = () => {};
    try {
      const res = await request('/api/accounts', asAlice(token));
      expect(res.status).toBe(500);
      expect(await res.text()).toBe(JSON.stringify({ error: '服务器内部错误' }));
    } finally {
      console.error = original;
    }
  });

  it.each([
    ['SQLITE_FULL', 507, 'full', '服务器磁盘空间已满，无法保存，请联系管理员'],
    ['SQLITE_IOERR_WRITE', 503, 'io', '服务器存储读写出错，请稍后重试'],
  ] as const)(
    'answers %s with %i, reports it on /health until a write goes through',
    async (code, status, reason, error) => {
      const store = createMemoryStore();
      const create = store.accounts.create;
      const { login, request, asAlice } = await setup(store);
      const { token } = await (await login('alice-pass')).json();
      store.accounts.create = () => Promise.reject(Object.assign(new Error('x'), { code }));
      const post = () =>
        request(
          '/api/accounts',
          asAlice(token, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              type: 'expense',
              amount: 1,
              category: 'dining',
              date: '2024-03-01',
            }),
          }),
        );
      const original = console.error;
      console.error = () => {};
      try {
        const res = await post();
        expect(res.status).toBe(status);
        expect(await res.json()).toEqual({ error, reason });
      } finally {
        console.error = original;
      }
      const health = await request('/health');
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: 'degraded', reason, error });
      // Reads go on; the next write that is stored ends it.
      expect((await request('/api/accounts', asAlice(token))).status).toBe(200);
      expect((await request('/health')).status).toBe(503);
      store.accounts.create = create;
      expect((await post()).status).toBe(201);
      expect(await (await request('/health')).json()).toEqual({ status: 'ok' });
    },
  );

  it('stops every write once the database is found damaged', async () => {
    const store = createMemoryStore();
    const list = store.accounts.list;
    const { login, request, asAlice } = await setup(store);
    const { token } = await (await login('alice-pass')).json();
    store.accounts.list = () =>
      Promise.reject(
        Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' }),
      );
    const message = '服务器的数据库文件已损坏，暂停保存数据；请联系管理员从备份恢复';
    const original = console.error;
    console.error = () => {};
    try {
      const res = await request('/api/accounts', asAlice(token));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: message, reason: 'corrupt' });
    } finally {
      console.error = original;
    }
    store.accounts.list = list;
    let created = 0;
    store.tasks.create = async () => {
      created += 1;
      throw new Error('must not be reached');
    };
    const write = await request(
      '/api/tasks',
      asAlice(token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: '写周报' }),
      }),
    );
    expect(write.status).toBe(503);
    expect(await write.json()).toEqual({ error: message, reason: 'corrupt' });
    expect(created).toBe(0);
    expect((await login('alice-pass')).status).toBe(503);
    expect(await (await request('/health')).json()).toEqual({
      status: 'degraded',
      reason: 'corrupt',
      error: message,
    });
  });

  it('serves /api/assets/history apart from /api/assets/:id', async () => {
    const { login, request, asAlice } = await setup();
    const { token } = await (await login('alice-pass')).json();
    const res = await request('/api/assets/history', asAlice(token));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('keeps ids unique per user and sets server timestamps', async () => {
    const { login, request, asAlice, advance } = await setup();
    const { token } = await (await login('alice-pass')).json();
    const post = (body: unknown) =>
      request(
        '/api/tasks',
        asAlice(token, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const created = await (await post({ title: '写周报' })).json();
    expect(created).toMatchObject({
      title: '写周报',
      priority: 'medium',
      createdAt: '2024-03-01T00:00:00.000Z',
      updatedAt: '2024-03-01T00:00:00.000Z',
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    advance(MINUTE);
    const put = await request(
      `/api/tasks/${created.id}`,
      asAlice(token, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: '写周报',
          completed: true,
          completedAt: '2024-03-01T00:01:00.000Z',
        }),
      }),
    );
    expect(await put.json()).toMatchObject({
      completed: true,
      createdAt: '2024-03-01T00:00:00.000Z',
      updatedAt: '2024-03-01T00:01:00.000Z',
    });
  });
});

describe('the code the browser demo runs', () => {
  it('imports nothing that only exists on Node', () => {
    const server = join(import.meta.dirname, '..', '..', 'server');
    const files = [
      'app.ts',
      'auth.ts',
      'memory-store.ts',
      'storage-health.ts',
      'store.ts',
      'throttle.ts',
      'users.ts',
      'web-auth.ts',
      ...readdirSync(join(server, 'routes')).map((f) => `routes/${f}`),
    ];
    for (const file of files) {
      const source = readFileSync(join(server, file), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      for (const specifier of imports) {
        expect(specifier, `${file} imports ${specifier}`).not.toMatch(
          /^(node:|better-sqlite3|drizzle-orm|@hono\/node-server)|^\.\/(node-auth|main|static|lock|config|integrity|backup|client-ip|db\/)/,
        );
      }
    }
  });
});
