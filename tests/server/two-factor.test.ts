import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { createMemoryStore } from '../../server/memory-store';
import { createNodePasswordHasher } from '../../server/node-auth';
import type { Store } from '../../server/store';
import { totpCode } from '../../server/two-factor';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import type { TotpEnrolment } from '../../src/domain/schemas/account-security';
import { runTsx } from './server-process';

// 两步验证 (issue 39): set up with a code and the password, then a second step at sign-in where
// a code counts once and a recovery code once.

const hasher = createWebPasswordHasher({ iterations: 1000 });
const STEP = 30_000;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const stores: [string, () => Store][] = [
  ['memory', () => createMemoryStore()],
  [
    'sqlite',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'pms-2fa-'));
      dirs.push(dir);
      return openSqliteStore(join(dir, 'pms.sqlite'));
    },
  ],
];

async function setup(makeStore: () => Store = createMemoryStore) {
  // The middle of a 30-second step, so that a code is the same for the whole test step.
  let time = Date.parse('2024-03-01T00:00:15.000Z');
  const store = makeStore();
  const app = createApp({ store, auth: hasher, now: () => new Date(time), loginRefusalDelayMs: 0 });
  await setUser(store, hasher, { username: 'alice', password: 'alice-pass', displayName: 'A' });
  const login = (body: object) =>
    app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice', password: 'alice-pass', ...body }),
    });
  const { token } = (await (await login({})).json()) as { token: string };
  const api = (path: string, body?: object) =>
    app.request(path, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        'x-user-id': 'alice',
        'content-type': 'application/json',
      },
      body: body && JSON.stringify(body),
    });
  return {
    store,
    login,
    api,
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

async function enable(t: Awaited<ReturnType<typeof setup>>) {
  const enrolment = (await (await t.api('/api/auth/totp/setup', {})).json()) as TotpEnrolment;
  const res = await t.api('/api/auth/totp/enable', {
    secret: enrolment.secret,
    code: totpCode(enrolment.secret, t.now()),
    password: 'alice-pass',
  });
  expect(res.status).toBe(200);
  const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] };
  return { secret: enrolment.secret, recoveryCodes };
}

describe('两步验证', () => {
  it('is set up with a QR code, a code and the password; 10 recovery codes shown once', async () => {
    const t = await setup();
    expect(await (await t.api('/api/auth/totp')).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const enrolment = (await (await t.api('/api/auth/totp/setup', {})).json()) as TotpEnrolment;
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/.*alice\?.*secret=/);
    expect(enrolment.qrSvg).toMatch(/^<svg/);
    const code = totpCode(enrolment.secret, t.now());
    const attempt = (body: object) =>
      t.api('/api/auth/totp/enable', {
        secret: enrolment.secret,
        code,
        password: 'alice-pass',
        ...body,
      });
    expect(await (await attempt({ password: 'nope' })).json()).toEqual({ error: '当前密码不正确' });
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await (await attempt({ code: wrong })).json()).toEqual({
      error: '验证码错误，请确认手机时间准确后重试',
    });
    expect((await (await t.api('/api/auth/totp')).json()).enabled).toBe(false);
    const res = await attempt({});
    const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const r of recoveryCodes) expect(r).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await (await t.api('/api/auth/totp')).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // Stored hashed: neither the codes nor anything that contains them is in the store.
    const stored = JSON.stringify(await t.store.users.get('alice'));
    for (const r of recoveryCodes) {
      expect(stored).not.toContain(r);
      expect(stored).not.toContain(r.replace('-', ''));
    }
  });

  it('asks for the code after the right password, and takes a code once per step', async () => {
    const t = await setup();
    const { secret } = await enable(t);
    const asked = await t.login({});
    expect(asked.status).toBe(401);
    expect(await asked.json()).toEqual({ error: '请输入两步验证码', twoFactor: true });
    // The code just used to set it up does not count again.
    const replayedSetup = await t.login({ code: totpCode(secret, t.now()) });
    expect(await replayedSetup.json()).toEqual({ error: '该验证码已使用过，请等待下一个验证码' });
    t.advance(STEP);
    const code = totpCode(secret, t.now());
    const ok = await t.login({ code });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toHaveProperty('token');
    // The same code again, still within its window: refused.
    const replayed = await t.login({ code });
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toEqual({ error: '该验证码已使用过，请等待下一个验证码' });
    // A wrong password never reaches the second step.
    const badPassword = await t.login({ password: 'nope', code: totpCode(secret, t.now() + STEP) });
    expect(await badPassword.json()).toEqual({ error: '用户名或密码错误' });
    t.advance(STEP);
    expect((await t.login({ code: '12345' })).status).toBe(401);
    expect((await t.login({ code: totpCode(secret, t.now()) })).status).toBe(200);
  });

  it('takes a recovery code once, however it is typed', async () => {
    const t = await setup();
    const { recoveryCodes } = await enable(t);
    const code = recoveryCodes[3]!;
    expect((await t.login({ code: ` ${code.toUpperCase()} ` })).status).toBe(200);
    const again = await t.login({ code });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ error: '验证码错误' });
    expect((await (await t.api('/api/auth/totp')).json()).recoveryCodesLeft).toBe(9);
    expect((await t.login({ code: recoveryCodes[4]!.replace('-', '') })).status).toBe(200);
  });

  it('counts wrong codes as failed sign-ins', async () => {
    const t = await setup();
    await enable(t);
    for (let i = 0; i < 5; i++) expect((await t.login({ code: 'aaaaa-aaaaa' })).status).toBe(401);
    expect((await t.login({ code: 'aaaaa-aaaaa' })).status).toBe(429);
  });

  it('is turned off with the password', async () => {
    const t = await setup();
    await enable(t);
    expect((await t.api('/api/auth/totp/disable', { password: 'nope' })).status).toBe(400);
    expect((await t.api('/api/auth/totp/disable', { password: 'alice-pass' })).status).toBe(204);
    expect((await t.login({})).status).toBe(200);
  });

  it('is reset by `npm run user -- reset-2fa`', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pms-2fa-'));
    try {
      const file = join(dataDir, 'pms.sqlite');
      let store = openSqliteStore(file);
      const nodeHasher = createNodePasswordHasher({ N: 1024 });
      await setUser(store, nodeHasher, { username: 'alice', password: 'alice-pass-1' });
      const user = (await store.users.get('alice'))!;
      await store.users.upsert({
        ...user,
        twoFactor: { secret: 'JBSWY3DPEHPK3PXP', lastStep: 0, recoveryCodes: [] },
      });
      store.close();
      const { done } = runTsx('server/cli/user.ts', ['reset-2fa', 'alice'], { DATA_DIR: dataDir });
      const { code, output } = await done;
      expect(output).toContain('已关闭两步验证');
      expect(code).toBe(0);
      store = openSqliteStore(file);
      const after = (await store.users.get('alice'))!;
      expect(after.twoFactor).toBeNull();
      expect(after.passwordHash).toBe(user.passwordHash);
      store.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe.each(stores)('两步验证 under parallel sign-ins (%s store)', (_, makeStore) => {
  // Issue 57: the code was checked against a read of the user and spent by a write after it, so
  // three parallel sign-ins with one code all succeeded.
  const parallel = async (t: Awaited<ReturnType<typeof setup>>, code: string, n = 3) =>
    Promise.all(Array.from({ length: n }, () => t.login({ code })));

  it.each([
    ['a TOTP code', '该验证码已使用过，请等待下一个验证码'],
    ['a recovery code', '验证码错误'],
  ])('takes %s once: of three parallel sign-ins exactly one gets in', async (kind, refusal) => {
    const t = await setup(makeStore);
    const { secret, recoveryCodes } = await enable(t);
    t.advance(STEP);
    const code = kind === 'a TOTP code' ? totpCode(secret, t.now()) : recoveryCodes[0]!;
    const answers = await parallel(t, code);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401]);
    for (const res of answers.filter((r) => r.status === 401)) {
      expect(await res.json()).toEqual({ error: refusal });
    }
    const sessions = await (await t.api('/api/auth/sessions')).json();
    expect(sessions).toHaveLength(2);
    const left = (await (await t.api('/api/auth/totp')).json()).recoveryCodesLeft;
    expect(left).toBe(kind === 'a recovery code' ? 9 : 10);
  });

  it('lets two different recovery codes in at once, each used up', async () => {
    const t = await setup(makeStore);
    const { recoveryCodes } = await enable(t);
    const answers = await Promise.all(
      [recoveryCodes[1]!, recoveryCodes[2]!].map((code) => t.login({ code })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await (await t.api('/api/auth/totp')).json()).recoveryCodesLeft).toBe(8);
    expect((await t.login({ code: recoveryCodes[1]! })).status).toBe(401);
  });
});
