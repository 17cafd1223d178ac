import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { createMemoryStore } from '../../server/memory-store';
import { relyingParty } from '../../server/passkeys';
import type { Store } from '../../server/store';
import { totpCode } from '../../server/two-factor';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import type { PasskeyInfo } from '../../src/domain/schemas/passkeys';
import { SoftAuthenticator } from './soft-authenticator';

// 通行密钥 (issue 39): register while signed in, sign in with no password, remove; challenges
// are single-use and short-lived; nobody reaches another user's passkeys.

const hasher = createWebPasswordHasher({ iterations: 1000 });
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const stores: [string, () => Store][] = [
  ['memory', () => createMemoryStore()],
  [
    'sqlite',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'passkeys-'));
      dirs.push(dir);
      return openSqliteStore(join(dir, 'pm.db'));
    },
  ],
];

async function setup(makeStore: () => Store) {
  let time = Date.parse('2024-03-01T00:00:15.000Z');
  const store = makeStore();
  const app = createApp({ store, auth: hasher, now: () => new Date(time), loginRefusalDelayMs: 0 });
  for (const name of ['alice', 'bob']) {
    await setUser(store, hasher, { username: name, password: `${name}-pass`, displayName: name });
  }
  const post = (path: string, body: object, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const signIn = async (username: string) => {
    const res = await post('/api/auth/login', { username, password: `${username}-pass` });
    return ((await res.json()) as { token: string }).token;
  };
  const as = (username: string, token: string) => {
    const headers = { authorization: `Bearer ${token}`, 'x-user-id': username };
    return {
      get: (path: string) => app.request(path, { headers }),
      post: (path: string, body: object) => post(path, body, headers),
      delete: (path: string) => app.request(path, { method: 'DELETE', headers }),
    };
  };
  const alice = as('alice', await signIn('alice'));
  const bob = as('bob', await signIn('bob'));
  const register = async (user = alice, key = new SoftAuthenticator(), name = '') => {
    const options = await (await user.post('/api/auth/passkeys/register/options', {})).json();
    const res = await user.post('/api/auth/passkeys/register/verify', {
      response: await key.register(options),
      name,
    });
    return { key, res, options };
  };
  const loginOptions = async (username?: string) =>
    (await post('/api/auth/passkeys/login/options', username ? { username } : {})).json();
  return {
    store,
    post,
    as,
    alice,
    bob,
    register,
    loginOptions,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe.each(stores)('通行密钥 (%s store)', (_, makeStore) => {
  it('registers with a discoverable, user-verified credential for the request host', async () => {
    const t = await setup(makeStore);
    const { res, options } = await t.register(t.alice, undefined, '我的笔记本');
    expect(options.rp).toEqual({ name: '个人管理系统', id: 'localhost' });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.excludeCredentials).toEqual([]);
    expect(res.status).toBe(201);
    const list = (await (await t.alice.get('/api/auth/passkeys')).json()) as PasskeyInfo[];
    expect(list).toEqual([
      {
        id: expect.any(String),
        name: '我的笔记本',
        createdAt: '2024-03-01T00:00:15.000Z',
        lastUsedAt: '',
      },
    ]);
    // A second registration excludes the first, so one authenticator is not added twice.
    const again = await (await t.alice.post('/api/auth/passkeys/register/options', {})).json();
    expect(again.excludeCredentials).toEqual([
      { id: list[0]!.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('needs a session to register, list or remove', async () => {
    const t = await setup(makeStore);
    expect((await t.post('/api/auth/passkeys/register/options', {})).status).toBe(401);
    expect((await t.post('/api/auth/passkeys/register/verify', {})).status).toBe(401);
  });

  it('signs in with no password and no username, as a known device, past 两步验证', async () => {
    const t = await setup(makeStore);
    // 两步验证 on: a user-verified passkey is both factors.
    const enrolment = await (await t.alice.post('/api/auth/totp/setup', {})).json();
    const enabled = await t.alice.post('/api/auth/totp/enable', {
      secret: enrolment.secret,
      code: totpCode(enrolment.secret, Date.parse('2024-03-01T00:00:15.000Z')),
      password: 'alice-pass',
    });
    expect(enabled.status).toBe(200);
    const { key } = await t.register();
    const options = await t.loginOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials).toEqual([]);
    t.advance(60_000);
    const res = await t.post('/api/auth/passkeys/login/verify', {
      response: await key.authenticate(options),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; user: object; deviceToken: string };
    expect(body.user).toEqual({ username: 'alice', displayName: 'alice' });
    expect(body.deviceToken).toMatch(/\./);
    const me = await t.as('alice', body.token).get('/api/auth/me');
    expect(me.status).toBe(200);
    const [passkey] = (await (await t.alice.get('/api/auth/passkeys')).json()) as PasskeyInfo[];
    expect(passkey!.lastUsedAt).toBe('2024-03-01T00:01:15.000Z');
    // The same session list as a password sign-in: one more device for alice.
    const sessions = await (await t.alice.get('/api/auth/sessions')).json();
    expect(sessions).toHaveLength(2);
  });

  it('with a username, offers that account’s passkeys and nobody else’s', async () => {
    const t = await setup(makeStore);
    const { key } = await t.register();
    await t.register(t.bob);
    const options = await t.loginOptions('alice');
    expect(options.allowCredentials).toEqual([
      {
        id: Buffer.from(key.credentialId).toString('base64url'),
        type: 'public-key',
        transports: ['internal'],
      },
    ]);
    // An unknown name answers like no name: the options do not tell who exists.
    expect((await t.loginOptions('nobody')).allowCredentials).toEqual([]);
  });

  it('refuses a replayed challenge, and one answered too late', async () => {
    const t = await setup(makeStore);
    const { key } = await t.register();
    const options = await t.loginOptions();
    const answer = await key.authenticate(options);
    expect((await t.post('/api/auth/passkeys/login/verify', { response: answer })).status).toBe(
      200,
    );
    const replay = await t.post('/api/auth/passkeys/login/verify', { response: answer });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: '通行密钥登录已超时或已使用，请重试' });

    const late = await t.loginOptions();
    t.advance(5 * 60_000 + 1);
    const tooLate = await t.post('/api/auth/passkeys/login/verify', {
      response: await key.authenticate(late),
    });
    expect(tooLate.status).toBe(400);

    // A registration's challenge is single-use too.
    const reg = await (await t.alice.post('/api/auth/passkeys/register/options', {})).json();
    const second = new SoftAuthenticator();
    const response = await second.register(reg);
    expect((await t.alice.post('/api/auth/passkeys/register/verify', { response })).status).toBe(
      201,
    );
    expect((await t.alice.post('/api/auth/passkeys/register/verify', { response })).status).toBe(
      400,
    );
  });

  it('refuses an answer signed by another key or for another origin', async () => {
    const t = await setup(makeStore);
    const { key } = await t.register();
    const stranger = new SoftAuthenticator();
    // Its own key pair, made by a registration the server never sees.
    await stranger.register({ challenge: 'x', rp: { id: 'localhost' } });
    // The stranger's answer under alice's credential id: the signature does not verify.
    const forged = await stranger.authenticate(await t.loginOptions());
    forged.id = forged.rawId = Buffer.from(key.credentialId).toString('base64url');
    expect((await t.post('/api/auth/passkeys/login/verify', { response: forged })).status).toBe(
      401,
    );
    // Alice's own key, but answering a page at another origin (a phishing copy of the site).
    const phished = Object.assign(new SoftAuthenticator('https://evil.example'), {
      keys: key.keys,
      credentialId: key.credentialId,
    });
    const elsewhere = await phished.authenticate(await t.loginOptions());
    expect((await t.post('/api/auth/passkeys/login/verify', { response: elsewhere })).status).toBe(
      401,
    );
  });

  it('lets nobody list or remove another user’s passkeys', async () => {
    const t = await setup(makeStore);
    const { key } = await t.register();
    const [alices] = (await (await t.alice.get('/api/auth/passkeys')).json()) as PasskeyInfo[];
    expect(await (await t.bob.get('/api/auth/passkeys')).json()).toEqual([]);
    const foreign = await t.bob.delete(`/api/auth/passkeys/${alices!.id}`);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: '该通行密钥不存在或已删除' });
    expect(await (await t.alice.get('/api/auth/passkeys')).json()).toHaveLength(1);

    expect((await t.alice.delete(`/api/auth/passkeys/${alices!.id}`)).status).toBe(204);
    expect(await (await t.alice.get('/api/auth/passkeys')).json()).toEqual([]);
    const after = await t.post('/api/auth/passkeys/login/verify', {
      response: await key.authenticate(await t.loginOptions()),
    });
    expect(after.status).toBe(401);
    expect((await after.json()).error).toMatch(/通行密钥已不可用/);
  });
});

describe('通行密钥 sign-in with malformed bodies', () => {
  it('answers 4xx, never 5xx', async () => {
    const t = await setup(stores[0]![1]);
    const { key } = await t.register();
    const good = await key.authenticate(await t.loginOptions());
    const json = (text: string) => Buffer.from(text).toString('base64url');
    const bodies: unknown[] = [
      null,
      [],
      'x',
      {},
      { response: {} },
      { response: { ...good, id: '' } },
      { response: { ...good, type: 'other' } },
      { response: { ...good, response: { ...good.response, clientDataJSON: '!!' } } },
      { response: { ...good, response: { ...good.response, clientDataJSON: json('not json') } } },
      {
        response: {
          ...good,
          response: { ...good.response, clientDataJSON: json('{"challenge":1}') },
        },
      },
      { response: { ...good, response: { ...good.response, signature: '' } } },
      { response: good, deviceTokens: ['a.b.c.d', 42] },
      { response: { ...good, id: 'A'.repeat(20_000) } },
    ];
    for (const body of bodies) {
      for (const path of ['/api/auth/passkeys/login/verify', '/api/auth/passkeys/login/options']) {
        const res = await t.post(path, body as object);
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
      }
    }
    // A made-up answer to a live challenge: refused, and the challenge is spent.
    const options = await t.loginOptions();
    const answer = await key.authenticate(options);
    const broken = {
      ...answer,
      response: { ...answer.response, authenticatorData: json('short') },
    };
    expect((await t.post('/api/auth/passkeys/login/verify', { response: broken })).status).toBe(
      401,
    );
    expect((await t.post('/api/auth/passkeys/login/verify', { response: answer })).status).toBe(
      400,
    );
  });
});

describe('relyingParty', () => {
  const headers =
    (h: Record<string, string>) =>
    (name: string): string | undefined =>
      h[name];
  it('is the request host, and what a trusted proxy forwarded only when trusted', () => {
    const forwarded = headers({ host: 'app.internal:8080', 'x-forwarded-proto': 'https' });
    expect(relyingParty('http://app.internal:8080/api', forwarded, {})).toEqual({
      rpId: 'app.internal',
      origin: 'http://app.internal:8080',
    });
    expect(relyingParty('http://app.internal:8080/api', forwarded, { trustedHops: 1 })).toEqual({
      rpId: 'app.internal',
      origin: 'https://app.internal:8080',
    });
    const caddy = headers({ host: 'pm.example.com', 'x-forwarded-proto': 'https' });
    expect(relyingParty('http://pm.example.com/api', caddy, { trustedHops: 1 })).toEqual({
      rpId: 'pm.example.com',
      origin: 'https://pm.example.com',
    });
  });

  it('takes WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN over the request', () => {
    const h = headers({ host: '10.0.0.2:8080' });
    expect(relyingParty('http://10.0.0.2:8080/', h, { origin: 'https://pm.example.com/' })).toEqual(
      { rpId: 'pm.example.com', origin: 'https://pm.example.com' },
    );
    expect(
      relyingParty('http://10.0.0.2:8080/', h, {
        rpId: 'example.com',
        origin: 'https://pm.example.com',
      }),
    ).toEqual({ rpId: 'example.com', origin: 'https://pm.example.com' });
  });
});
