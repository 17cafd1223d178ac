import { createHash, randomBytes, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { TokenHasher } from './auth';
import type { PasswordHasher } from './store';

// scrypt with a random 16-byte salt per password, stored as
// `scrypt$<N>$<r>$<p>$<salt>$<hash>` (base64url) so the cost can be raised later without
// invalidating older hashes.

const PREFIX = 'scrypt';
const KEY_LENGTH = 64;
const DEFAULTS = { N: 2 ** 15, r: 8, p: 1 };

// Hashing runs on threads of its own, not on libuv's pool (which node:crypto's scrypt would use,
// and which file reads and compression share), each at a lower CPU priority than the thread
// that answers requests: during a login flood the hashes queue up, the API does not. On Linux
// the nice value is per thread, so os.setPriority in a worker lowers only that worker; elsewhere
// it would lower the whole server, so it is left alone there. CommonJS, as eval workers are.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
if (workerData.niceness) require('node:os').setPriority(workerData.niceness);
parentPort.on('message', ({ id, password, salt, options }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), ${KEY_LENGTH}, options);
    parentPort.postMessage({ id, key });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message) });
  }
});
`;

interface Job {
  id: number;
  password: string;
  salt: Buffer;
  options: ScryptOptions;
  resolve(key: Buffer): void;
  reject(err: Error): void;
}

/** `size` hashing threads, started when first needed; jobs beyond them wait in line. */
function scryptPool(size: number, niceness: number) {
  const idle: Worker[] = [];
  const waiting: Job[] = [];
  const running = new Map<Worker, Job>();
  let started = 0;
  let nextId = 0;

  const dispatch = () => {
    while (waiting.length > 0) {
      let worker = idle.pop();
      if (!worker && started < size) worker = spawn();
      if (!worker) return;
      const job = waiting.shift()!;
      running.set(worker, job);
      // Referenced only while it works: an idle pool must not keep a CLI from exiting.
      worker.ref();
      worker.postMessage({
        id: job.id,
        password: job.password,
        salt: job.salt,
        options: job.options,
      });
    }
  };
  const finish = (worker: Worker) => {
    running.delete(worker);
    worker.unref();
    idle.push(worker);
    dispatch();
  };
  const spawn = () => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { niceness: process.platform === 'linux' ? niceness : 0 },
    });
    started += 1;
    worker.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
      const job = running.get(worker);
      finish(worker);
      if (!job || job.id !== message.id) return;
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(Buffer.from(message.key!));
    });
    // A thread that dies takes its job with it; the next job starts a new one.
    let gone = false;
    const lost = (err: Error) => {
      if (gone) return; // 'error' is followed by 'exit'
      gone = true;
      const job = running.get(worker);
      running.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      started -= 1;
      job?.reject(err);
      dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`hashing thread exited with ${code}`)));
    return worker;
  };

  return (password: string, salt: Buffer, options: ScryptOptions) =>
    new Promise<Buffer>((resolve, reject) => {
      // maxmem must cover 128 * N * r bytes (32 MiB for the defaults) with some headroom.
      const maxmem = 256 * (options.N ?? DEFAULTS.N) * (options.r ?? DEFAULTS.r);
      waiting.push({
        id: nextId++,
        password,
        salt,
        options: { ...options, maxmem },
        resolve,
        reject,
      });
      dispatch();
    });
}

export interface NodeHasherOptions extends Partial<typeof DEFAULTS> {
  /** Hashing threads (1). */
  threads?: number;
  /** Their nice value on Linux (10: a tenth of the weight of the request thread under contention). */
  niceness?: number;
}

/** A PasswordHasher on node:crypto scrypt (N=2^15, r=8, p=1 unless told otherwise). */
export function createNodePasswordHasher({
  threads = 1,
  niceness = 10,
  ...params
}: NodeHasherOptions = {}): PasswordHasher {
  const { N, r, p } = { ...DEFAULTS, ...params };
  const scryptAsync = scryptPool(threads, niceness);
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
