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
