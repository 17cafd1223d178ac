// Tokens and their hashes. Runtime-agnostic: Web Crypto only, so the browser demo runs the same
// code as the Node server.

/** Sessions last 30 days from login. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

/** A fresh random 256-bit token, base64url. */
export function newToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** What the sessions table keys on: the SHA-256 of the token, hex. A leaked table grants nothing. */
export type TokenHasher = (token: string) => string | Promise<string>;

/**
 * The TokenHasher on Web Crypto, for the browser demo. Not for Node: there Web Crypto's digest runs on
 * libuv's 4-thread pool, behind every scrypt of a login flood (/api/auth/me took 5.8 s at p50
 * under 32 connections of logins); the Node entry passes node-auth.ts's synchronous one instead.
 */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Compares without an early exit, so the time taken says nothing about where two values differ. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * The MAC of a device token: HMAC-SHA256 with the server's device key, base64url. Synchronous on
 * Node (node-auth.ts), for the same reason as the token hash: it runs on every login of a flood.
 */
export type DeviceMac = (text: string) => string | Promise<string>;

/** A device stays known for a year after its last sign-in. */
const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

/** A DeviceMac on Web Crypto, for the browser demo; without a key, one made for this process. */
export function webDeviceMac(
  key: Uint8Array = crypto.getRandomValues(new Uint8Array(32)),
): DeviceMac {
  const imported = crypto.subtle.importKey(
    'raw',
    key as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return async (text) =>
    base64url(
      new Uint8Array(
        await crypto.subtle.sign('HMAC', await imported, new TextEncoder().encode(text)),
      ),
    );
}

/**
 * OWASP's "device cookie": a device that signed in to an account gets a token naming the account
 * and a random device id, signed by the server. It is no credential (the password is still asked);
 * it only tells a known device from a stranger, so that strangers' failures cannot lock the owner
 * out. Nothing is stored: the signature is the proof, the issue time the expiry.
 */
export class DeviceTokens {
  constructor(private readonly mac: DeviceMac) {}

  async issue(username: string, now: number, deviceId = newToken().slice(0, 22)): Promise<string> {
    const body = `${base64url(new TextEncoder().encode(username))}.${deviceId}.${now}`;
    return `${body}.${await this.mac(`d1.${body}`)}`;
  }

  /** The device id when the token is genuine, for this username and not expired. */
  async verify(
    token: string | undefined,
    username: string,
    now: number,
  ): Promise<string | undefined> {
    const parts = token?.split('.') ?? [];
    if (parts.length !== 4) return undefined;
    const [name, deviceId, issued, mac] = parts as [string, string, string, string];
    const issuedAt = Number(issued);
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(deviceId) || !Number.isSafeInteger(issuedAt))
      return undefined;
    if (now - issuedAt > DEVICE_TTL_MS || issuedAt > now + 60_000) return undefined;
    let owner: string;
    try {
      owner = new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(name));
    } catch {
      return undefined;
    }
    if (owner !== username) return undefined;
    const expected = await this.mac(`d1.${name}.${deviceId}.${issued}`);
    const enc = new TextEncoder();
    return constantTimeEqual(enc.encode(expected), enc.encode(mac)) ? deviceId : undefined;
  }
}
