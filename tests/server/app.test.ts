import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createMemoryStore } from '../../server/memory-store';
import type { Store } from '../../server/store';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';

// The app in process over the memory store, as the browser demo runs it: the rules that need a
// moving clock or a failing store. Everything else is covered against a real server in http.test.ts.

const hasher = createWebPasswordHasher({ iterations: 1000 });

async function setup(store: Store = createMemoryStore()) {
  let time = Date.parse('2024-03-01T00:00:00.000Z');
  const app = createApp({
    store,
    auth: hasher,
    now: () => new Date(time),
    clientIp: (c) => c.req.header('x-test-ip'),
  });
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
    advance: (ms: number) => {
      time += ms;
    },
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

  it('blocks a username+IP after 5 failures for the rest of 15 minutes', async () => {
    const { login, advance } = await setup();
    for (let i = 0; i < 5; i++) {
      expect((await login('wrong')).status).toBe(401);
      advance(MINUTE);
    }
    const blocked = await login('alice-pass');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: '登录失败次数过多，请 15 分钟后再试' });
    // Another IP is not blocked.
    expect((await login('alice-pass', '10.0.0.2')).status).toBe(200);
    // The first failure leaves the window at minute 15.
    advance(9 * MINUTE);
    expect((await login('alice-pass')).status).toBe(429);
    advance(MINUTE);
    expect((await login('alice-pass')).status).toBe(200);
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
        body: JSON.stringify({ title: '写周报', completed: true }),
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
      'store.ts',
      'users.ts',
      'web-auth.ts',
      ...readdirSync(join(server, 'routes')).map((f) => `routes/${f}`),
    ];
    for (const file of files) {
      const source = readFileSync(join(server, file), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      for (const specifier of imports) {
        expect(specifier, `${file} imports ${specifier}`).not.toMatch(
          /^(node:|better-sqlite3|drizzle-orm|@hono\/node-server)|^\.\/(node-auth|main|static|lock|config|db\/)/,
        );
      }
    }
  });
});
