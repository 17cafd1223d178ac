import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
  WebAuthnCredential,
} from '@simplewebauthn/server';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  type PasskeyInfo,
  passkeyLoginOptionsSchema,
  passkeyLoginSchema,
  registerPasskeySchema,
} from '../../src/domain/schemas/passkeys';
import { describeUserAgent } from '../../src/domain/user-agent';
import { Challenges, challengeOf, relyingParty, type WebAuthnConfig } from '../passkeys';
import type { PasskeyRecord } from '../store';
import { type AuthDeps, startSession } from './auth';
import { type AppEnv, fail, readBody } from './http';

const RP_NAME = '个人管理系统';
/** The browser's own timeout for the ceremony; the challenge lives a little longer (passkeys.ts). */
const CEREMONY_TIMEOUT_MS = 4 * 60_000;

/** Paths under /api/auth/passkeys that need no session: the passkey sign-in itself. */
export const PASSKEY_PUBLIC_PATHS = ['/login/options', '/login/verify'] as const;

// The library is loaded at the first passkey request: the browser demo runs this app too and
// need not carry its certificate parsing until someone uses a passkey.
const webauthn = () => import('@simplewebauthn/server');

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));

/**
 * The WebAuthn user handle: the same 32 bytes for a user's every passkey (so an authenticator
 * keeps one entry per account), and no username in it.
 */
const userHandle = async (username: string) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(username)));

const info = (p: PasskeyRecord): PasskeyInfo => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
});

/**
 * 通行密钥: register and remove (signed in), and sign in with one, without a password or a
 * username. A passkey answers with user verification (a PIN, a fingerprint), so it is two
 * factors itself and 两步验证 asks for no code after it. `challenges` signs and checks the
 * challenges; by default with a key of this process's own (server/passkeys.ts says why).
 */
export function passkeyRoutes(
  deps: AuthDeps,
  config: WebAuthnConfig,
  challenges = new Challenges(),
) {
  const { store, now, devices } = deps;
  const party = (c: Context) => relyingParty(c.req.url, (name) => c.req.header(name), config);

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const passkeys = await store.passkeys.listForUser(c.get('user').username);
      return c.json(passkeys.map(info));
    })
    .post('/register/options', async (c) => {
      const { username, displayName } = c.get('user');
      const { generateRegistrationOptions } = await webauthn();
      const existing = await store.passkeys.listForUser(username);
      const challenge = await challenges.issue({ for: 'register', username }, now().getTime());
      const options = await generateRegistrationOptions({
        challenge,
        rpName: RP_NAME,
        rpID: party(c).rpId,
        userName: username,
        userID: await userHandle(username),
        userDisplayName: displayName,
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        // The same authenticator twice would be one passkey under two names.
        excludeCredentials: existing.map((p) => ({
          id: p.id,
          transports: p.transports as AuthenticatorTransport[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      return c.json(options);
    })
    .post('/register/verify', async (c) => {
      const { response, name } = await readBody(c, registerPasskeySchema);
      const { username } = c.get('user');
      const time = now().getTime();
      const asked = challengeOf(response.response.clientDataJSON);
      const challenge =
        asked && (await challenges.open(asked, { for: 'register', username }, time));
      const late = () => fail(c, 400, '添加通行密钥超时或已完成，请重试');
      if (!challenge) return late();
      const { verifyRegistrationResponse } = await webauthn();
      const { rpId, origin } = party(c);
      let credential: WebAuthnCredential;
      try {
        const result = await verifyRegistrationResponse({
          response: response as unknown as RegistrationResponseJSON,
          expectedChallenge: asked,
          expectedOrigin: origin,
          expectedRPID: rpId,
          requireUserVerification: true,
        });
        if (!result.verified) return fail(c, 400, '通行密钥验证失败');
        credential = result.registrationInfo.credential;
      } catch {
        return fail(c, 400, '通行密钥验证失败');
      }
      // Spent only now, in one step with no wait: of two copies of one answer, one gets here
      // first and the other is refused.
      if (!challenges.spend(challenge, time)) return late();
      if (await store.passkeys.get(credential.id)) return fail(c, 409, '该通行密钥已添加过');
      const passkey: PasskeyRecord = {
        id: credential.id,
        username,
        publicKey: base64url(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? response.response.transports ?? []).slice(0, 10),
        name: name || describeUserAgent(c.req.header('user-agent') ?? ''),
        createdAt: new Date(time).toISOString(),
        lastUsedAt: '',
      };
      await store.passkeys.create(passkey);
      return c.json(info(passkey), 201);
    })
    .delete('/:id', async (c) => {
      // Scoped to the signed-in user: another's passkey id is as unknown as a made-up one.
      const removed = await store.passkeys.remove(c.get('user').username, c.req.param('id'));
      if (!removed) return fail(c, 404, '该通行密钥不存在或已删除');
      return c.body(null, 204);
    })
    .post('/login/options', async (c) => {
      // A username is still read (older clients send one) but changes nothing: the answer is the
      // same for every name, so it cannot tell who exists or has passkeys. The passkeys are
      // discoverable, so the browser finds the account's own without a list (issue 57).
      await readBody(c, passkeyLoginOptionsSchema);
      const { generateAuthenticationOptions } = await webauthn();
      const options = await generateAuthenticationOptions({
        rpID: party(c).rpId,
        challenge: await challenges.issue({ for: 'login' }, now().getTime()),
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: 'required',
        allowCredentials: [],
      });
      return c.json(options);
    })
    .post('/login/verify', async (c) => {
      const { response, deviceTokens } = await readBody(c, passkeyLoginSchema);
      const time = now().getTime();
      const asked = challengeOf(response.response.clientDataJSON);
      const challenge = asked && (await challenges.open(asked, { for: 'login' }, time));
      const late = () => fail(c, 400, '通行密钥登录已超时或已使用，请重试');
      if (!challenge) return late();
      const passkey = await store.passkeys.get(response.id);
      const user = passkey && (await store.users.get(passkey.username));
      if (!passkey || !user)
        return fail(c, 401, '该通行密钥已不可用（可能已被删除），请用密码登录');
      const { verifyAuthenticationResponse } = await webauthn();
      const { rpId, origin } = party(c);
      let newCounter: number;
      try {
        const result = await verifyAuthenticationResponse({
          response: response as unknown as AuthenticationResponseJSON,
          expectedChallenge: asked,
          expectedOrigin: origin,
          expectedRPID: rpId,
          requireUserVerification: true,
          credential: {
            id: passkey.id,
            publicKey: fromBase64url(passkey.publicKey),
            counter: passkey.counter,
            transports: passkey.transports as AuthenticatorTransport[],
          },
        });
        if (!result.verified) return fail(c, 401, '通行密钥验证失败');
        newCounter = result.authenticationInfo.newCounter;
      } catch {
        return fail(c, 401, '通行密钥验证失败');
      }
      // Spent once the answer has verified, in one step with no wait: a replayed or parallel
      // copy of it is refused here. A wrong answer spends nothing, so answers nobody could sign
      // never grow the used set.
      if (!challenges.spend(challenge, time)) return late();
      await store.passkeys.markUsed(passkey.id, newCounter, new Date(time).toISOString());
      // This browser's device token for the account, if it holds one, is renewed: a passkey
      // sign-in is a known device's, like a password one from it.
      let deviceId: string | undefined;
      for (const token of deviceTokens) {
        deviceId = await devices.verify(token, user.username, time);
        if (deviceId) break;
      }
      return c.json(await startSession(deps, c, user, time, deviceId));
    });
}
