import { base64url, constantTimeEqual, fromBase64url } from './auth';
import type { PasswordHasher } from './store';

// PBKDF2-SHA256 through Web Crypto, for the browser demo (where node:crypto's scrypt does not
// exist). Stored as `pbkdf2-sha256$<iterations>$<salt>$<hash>`, base64url.

const PREFIX = 'pbkdf2-sha256';

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** A PasswordHasher on Web Crypto PBKDF2. `iterations` defaults to OWASP's 600 000. */
export function createWebPasswordHasher({ iterations = 600_000 } = {}): PasswordHasher {
  return {
    async hash(password) {
      const salt = crypto.getRandomValues(new Uint8Array(16));
      const hash = await derive(password, salt, iterations);
      return [PREFIX, iterations, base64url(salt), base64url(hash)].join('$');
    },
    async verify(password, stored) {
      const [prefix, rounds, salt, hash] = stored.split('$');
      const n = Number(rounds);
      if (prefix !== PREFIX || !Number.isSafeInteger(n) || n < 1 || !salt || !hash) return false;
      return constantTimeEqual(await derive(password, fromBase64url(salt), n), fromBase64url(hash));
    },
  };
}
