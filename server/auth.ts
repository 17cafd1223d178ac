// Tokens, session lookup and login throttling. Runtime-agnostic: Web Crypto only, so the
// browser demo runs the same code as the Node server.

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
 * Counts failed logins per key (username + client IP) in a sliding window. Once `limit`
 * failures fall inside the window the key is blocked until the oldest of them ages out —
 * even for the right password, or the block would be no obstacle to guessing.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 5,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  private recent(key: string, now: number): number[] {
    const times = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (times.length > 0) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }

  isBlocked(key: string, now: number): boolean {
    return this.recent(key, now).length >= this.limit;
  }

  recordFailure(key: string, now: number): void {
    // Forget idle keys now and then so that a stream of random usernames cannot grow the map forever.
    if (this.failures.size > 10_000) for (const k of this.failures.keys()) this.recent(k, now);
    this.failures.set(key, [...this.recent(key, now), now]);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
