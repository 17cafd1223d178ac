import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createMemoryStore } from '../../server/memory-store';
import type { PasswordHasher } from '../../server/store';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import { clockedApp } from './clocked-app';

// Issue 39: strangers' failed guesses must never lock the owner out of her own devices, and
// must still be throttled. In process with a moving clock; the flood case runs a real server
// (login-flood.test.ts).

const hasher = createWebPasswordHasher({ iterations: 1000 });
const MINUTE = 60_000;
const OWNER_IP = '192.168.1.10';

async function setup() {
  const store = createMemoryStore();
  const { app, advance } = clockedApp(store, hasher);
  await setUser(store, hasher, { username: 'alice', password: 'alice-pass', displayName: 'A' });
  await setUser(store, hasher, { username: 'bob', password: 'bob-pass', displayName: 'B' });
  const login = (body: { username?: string; password: string; deviceToken?: string }, ip: string) =>
    app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-ip': ip },
      body: JSON.stringify({ username: 'alice', ...body }),
    });
  return {
    login,
    advance,
  };
}

/** Signs in and returns the device token the server gave. */
async function knownDevice(
  login: Awaited<ReturnType<typeof setup>>['login'],
  username = 'alice',
): Promise<string> {
  const res = await login({ username, password: `${username}-pass` }, OWNER_IP);
  expect(res.status).toBe(200);
  const { deviceToken } = (await res.json()) as { deviceToken: string };
  expect(deviceToken).toBeTruthy();
  return deviceToken;
}

const attacker = (i: number) => `10.9.0.${i % 20}`;

describe('lockout', () => {
  it.each([5, 50, 500])(
    '%i wrong passwords from 20 addresses: the owner’s known device always gets in, a new one once the window has passed',
    async (n) => {
      const { login, advance } = await setup();
      const device = await knownDevice(login);
      // The attack is spread over ten minutes; the owner signs in between every two guesses.
      const step = Math.floor((10 * MINUTE) / n);
      let checked = 0;
      for (let i = 0; i < n; i++) {
        const guess = await login({ password: `guess-${i}` }, attacker(i));
        expect([401, 429]).toContain(guess.status);
        if (guess.status === 401) checked += 1;
        const owner = await login({ password: 'alice-pass', deviceToken: device }, OWNER_IP);
        expect(owner.status, `owner after guess ${i + 1}`).toBe(200);
        advance(step);
      }
      // Five checked guesses per 15 minutes, whatever the number of addresses.
      expect(checked).toBe(5);
      const fresh = () => login({ password: 'alice-pass' }, '172.16.0.1');
      // Right after the attack the account is closed to new devices…
      expect((await fresh()).status).toBe(429);
      advance(15 * MINUTE);
      // …and open again once they have left the window.
      expect((await fresh()).status).toBe(200);
    },
  );

  it('still throttles 100 guesses from 20 addresses, even the right one among them', async () => {
    const { login } = await setup();
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const password = i === 60 ? 'alice-pass' : `guess-${i}`;
      statuses.push((await login({ password }, attacker(i))).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
    // The right password came after the fifth failure: refused without being checked.
    expect(statuses[60]).toBe(429);
  });

  it('answers the account’s 429 at once, with how long to wait', async () => {
    const { login } = await setup();
    for (let i = 0; i < 5; i++) await login({ password: 'wrong' }, attacker(i));
    const res = await login({ password: 'alice-pass' }, '172.16.0.1');
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: '登录失败次数过多，请 15 分钟后再试' });
  });

  it('knows a device only for its own account and only with a genuine token', async () => {
    const { login } = await setup();
    const bobs = await knownDevice(login, 'bob');
    const alices = await knownDevice(login);
    for (let i = 0; i < 5; i++) await login({ password: 'wrong' }, attacker(i));
    // Bob's device token says nothing about alice; a tampered one of hers is no token at all.
    const tampered = `${alices.slice(0, -2)}${alices.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const deviceToken of [bobs, tampered, 'x.y.z.w']) {
      expect((await login({ password: 'alice-pass', deviceToken }, OWNER_IP)).status).toBe(429);
    }
    expect((await login({ password: 'alice-pass', deviceToken: alices }, OWNER_IP)).status).toBe(
      200,
    );
  });

  it('keeps the device after its session ends, and renews its token at each sign-in', async () => {
    const { login, advance } = await setup();
    const first = await knownDevice(login);
    const signedIn = await login({ password: 'alice-pass', deviceToken: first }, OWNER_IP);
    const { token, deviceToken: renewed } = (await signedIn.json()) as {
      token: string;
      deviceToken: string;
    };
    // Same device id (the second part), a later issue time.
    expect(renewed.split('.')[1]).toBe(first.split('.')[1]);
    advance(1000);
    const app = await login({ password: 'alice-pass', deviceToken: renewed }, OWNER_IP);
    expect(app.status).toBe(200);
    expect(token).toBeTruthy();
  });

  it('gives a known device its own, looser back-off, which no other device shares', async () => {
    const { login, advance } = await setup();
    const phone = await knownDevice(login);
    const laptop = await knownDevice(login);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await login({ password: 'typo', deviceToken: phone }, OWNER_IP)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // The laptop is untouched by the phone's errors, and no stranger was counted either.
    expect((await login({ password: 'alice-pass', deviceToken: laptop }, OWNER_IP)).status).toBe(
      200,
    );
    expect((await login({ password: 'alice-pass' }, '172.16.0.1')).status).toBe(200);
    advance(MINUTE);
    expect((await login({ password: 'alice-pass', deviceToken: phone }, OWNER_IP)).status).toBe(
      200,
    );
  });

  it('expires a device token after a year without a sign-in', async () => {
    const { login, advance } = await setup();
    const device = await knownDevice(login);
    for (let i = 0; i < 5; i++) await login({ password: 'wrong' }, attacker(i));
    advance(365 * 24 * 60 * MINUTE + 1);
    for (let i = 0; i < 5; i++) await login({ password: 'wrong' }, attacker(i));
    expect((await login({ password: 'alice-pass', deviceToken: device }, OWNER_IP)).status).toBe(
      429,
    );
  });
});

describe('the account’s limit under parallel guesses', () => {
  // Issue 57: the limit was checked before the password's hash and the failure recorded after
  // it, so guesses sent at once were all checked against no failures: 7 of a burst got through.
  async function parallelSetup() {
    const store = createMemoryStore();
    let checks = 0;
    const counting: PasswordHasher = {
      hash: (password) => hasher.hash(password),
      verify: (password, stored) => {
        checks += 1;
        return hasher.verify(password, stored);
      },
    };
    await setUser(store, hasher, { username: 'alice', password: 'alice-pass', displayName: 'A' });
    // Room in the hash gate for the whole burst: only the account's limit may stop it.
    const app = createApp({
      store,
      auth: counting,
      clientIp: (c) => c.req.header('x-test-ip'),
      loginRefusalDelayMs: 0,
      hashConcurrency: 16,
    });
    const login = (password: string, ip: string) =>
      app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-test-ip': ip },
        body: JSON.stringify({ username: 'alice', password }),
      });
    return { login, checks: () => checks };
  }

  it.each([6, 20, 40])(
    '%i wrong passwords at once from 20 addresses: five are checked, the rest are 429',
    async (n) => {
      const { login, checks } = await parallelSetup();
      const before = checks();
      const answers = await Promise.all(
        Array.from({ length: n }, (_, i) => login(`guess-${i}`, attacker(i))),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(n - 5);
      expect(checks() - before).toBe(5);
      // And the account is closed to the next one, right password or not.
      expect((await login('alice-pass', '172.16.0.1')).status).toBe(429);
    },
  );

  it('gives the place back after a right password', async () => {
    const { login } = await parallelSetup();
    // Twenty sign-ins one after another, then a burst of guesses: the sign-ins took nothing.
    for (let i = 0; i < 20; i++) expect((await login('alice-pass', attacker(i))).status).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(`guess-${i}`, attacker(i))),
    );
    expect(burst.filter((r) => r.status === 401)).toHaveLength(5);
  });
});
