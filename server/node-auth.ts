import {
  createHash,
  createHmac,
  randomBytes,
  type ScryptOptions,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeviceMac, TokenHasher } from './auth';
import type { PasswordHasher } from './store';

// scrypt with a random 16-byte salt per password, stored as
// `scrypt$<N>$<r>$<p>$<salt>$<hash>` (base64url) so the cost can be raised later without
// invalidating older hashes.

const PREFIX = 'scrypt';
const KEY_LENGTH = 64;
const DEFAULTS = { N: 2 ** 15, r: 8, p: 1 };

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // maxmem must cover 128 * N * r bytes (32 MiB for the defaults) with some headroom.
  const maxmem = 256 * (options.N ?? DEFAULTS.N) * (options.r ?? DEFAULTS.r);
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { ...options, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** A PasswordHasher on node:crypto scrypt (N=2^15, r=8, p=1 unless told otherwise). */
export function createNodePasswordHasher(params: Partial<typeof DEFAULTS> = {}): PasswordHasher {
  const { N, r, p } = { ...DEFAULTS, ...params };
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const hash = await scryptAsync(password, salt, { N, r, p });
      return [PREFIX, N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
    },
    async verify(password, stored) {
      const [prefix, n, rr, pp, salt, hash] = stored.split('$');
      if (prefix !== PREFIX || !salt || !hash) return false;
      const options = { N: Number(n), r: Number(rr), p: Number(pp) };
      if (!Object.values(options).every((v) => Number.isSafeInteger(v) && v > 0)) return false;
      const expected = Buffer.from(hash, 'base64url');
      const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), options);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

/**
 * The session token's SHA-256 computed on the calling thread: a token check must never queue
 * behind password hashes on libuv's pool (see auth.ts hashToken). Same hex as hashToken.
 */
export const nodeTokenHasher: TokenHasher = (token) =>
  createHash('sha256').update(token).digest('hex');

/** The device token MAC (auth.ts DeviceTokens) on node:crypto, synchronous. */
export function nodeDeviceMac(key: Uint8Array): DeviceMac {
  return (text) => createHmac('sha256', key).update(text).digest('base64url');
}

/** The device key's file in the data directory. */
export const DEVICE_KEY_FILE = 'device-key';

/**
 * The device key, kept in the data directory (`device-key`, owner-only) so that devices stay
 * known across restarts; made on first start. Deleting the file forgets every device.
 */
export function loadDeviceKey(dir: string): Uint8Array {
  const file = join(dir, DEVICE_KEY_FILE);
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length < 16) throw new Error(`${file}: 设备密钥无效 / invalid device key`);
  return key;
}
