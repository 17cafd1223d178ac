import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../server/auth';
import { clientAddress } from '../../server/client-ip';
import { backupKeep, ConfigError, trustProxy } from '../../server/config';
import { nodeTokenHasher } from '../../server/node-auth';
import { BackoffLimiter, GateFull, HashGate } from '../../server/throttle';

const MINUTE = 60_000;

describe('BackoffLimiter', () => {
  const options = { free: 3, baseMs: MINUTE, maxMs: 5 * MINUTE, forgetMs: 60 * MINUTE };

  it('lets `free` failures through, then doubles the wait up to the cap', () => {
    const limiter = new BackoffLimiter(options);
    const waits: number[] = [];
    let now = 0;
    for (let i = 0; i < 7; i++) {
      now += limiter.retryAfterMs('k', now);
      limiter.recordFailure('k', now);
      waits.push(limiter.retryAfterMs('k', now) / MINUTE);
    }
    expect(waits).toEqual([0, 0, 1, 2, 4, 5, 5]);
    expect(limiter.retryAfterMs('other', now)).toBe(0);
  });

  it('forgets a key after `forgetMs` without a failure, and on reset', () => {
    const limiter = new BackoffLimiter(options);
    for (let i = 0; i < 3; i++) limiter.recordFailure('k', 0);
    expect(limiter.retryAfterMs('k', 0)).toBe(MINUTE);
    limiter.recordFailure('k', 60 * MINUTE);
    expect(limiter.retryAfterMs('k', 60 * MINUTE)).toBe(0);
    for (let i = 0; i < 2; i++) limiter.recordFailure('k', 60 * MINUTE);
    expect(limiter.retryAfterMs('k', 60 * MINUTE)).toBe(MINUTE);
    limiter.reset('k');
    expect(limiter.retryAfterMs('k', 60 * MINUTE)).toBe(0);
  });

  it('remembers at most maxKeys keys, dropping the idlest', () => {
    const limiter = new BackoffLimiter({ ...options, free: 1, maxKeys: 100 });
    limiter.recordFailure('target', 0);
    for (let i = 0; i < 99; i++) limiter.recordFailure(`noise-${i}`, 1);
    // Failing again moves the target to the back of the line.
    limiter.recordFailure('target', 2);
    for (let i = 99; i < 198; i++) limiter.recordFailure(`noise-${i}`, 3);
    expect(limiter.retryAfterMs('target', 3)).toBeGreaterThan(0);
    expect(limiter.retryAfterMs('noise-0', 3)).toBe(0);
    limiter.recordFailure('noise-198', 4);
    expect(limiter.retryAfterMs('target', 4)).toBe(0);
  });
});

describe('HashGate', () => {
  it('runs `concurrency` at once, queues `queue` more in order, refuses the rest', async () => {
    const gate = new HashGate(2, 1);
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const job = (n: number) =>
      gate.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(n);
            releases.push(() => resolve(n));
          }),
      );
    const jobs = [job(1), job(2), job(3)];
    await expect(job(4)).rejects.toBeInstanceOf(GateFull);
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    releases[0]!();
    await jobs[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([1, 2, 3]);
    releases[1]!();
    releases[2]!();
    expect(await Promise.all(jobs)).toEqual([1, 2, 3]);
    // Everything released: the gate takes two at once again.
    const again = [job(5), job(6), job(7)];
    await expect(job(8)).rejects.toBeInstanceOf(GateFull);
    for (const release of releases.slice(3)) release();
    await new Promise((r) => setTimeout(r, 0));
    for (const release of releases.slice(5)) release();
    expect(await Promise.all(again)).toEqual([5, 6, 7]);
  });

  it('passes a failed job on and frees its slot', async () => {
    const gate = new HashGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});

describe('clientAddress', () => {
  it.each([
    [
      'no proxy trusted: the header is the client’s own say',
      '203.0.113.9',
      '1.2.3.4',
      0,
      '203.0.113.9',
    ],
    ['no header', '127.0.0.1', undefined, 1, '127.0.0.1'],
    ['one proxy: the address it appended', '127.0.0.1', '198.51.100.7', 1, '198.51.100.7'],
    ['one proxy, a forged entry in front', '127.0.0.1', '1.2.3.4, 198.51.100.7', 1, '198.51.100.7'],
    ['two proxies', '10.0.0.2', '1.2.3.4, 198.51.100.7, 10.0.0.1', 2, '198.51.100.7'],
    ['more hops trusted than entries', '10.0.0.2', '198.51.100.7', 3, '198.51.100.7'],
    ['blank entries', '127.0.0.1', ' , ', 1, '127.0.0.1'],
  ] as const)('%s', (_, socket, header, hops, expected) => {
    expect(clientAddress(socket, header, hops)).toBe(expected);
  });
});

describe('configuration', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['false', 0],
    ['1', 1],
    ['true', 1],
    ['2', 2],
  ])('TRUST_PROXY=%s → %i', (value, hops) => {
    expect(trustProxy({ TRUST_PROXY: value })).toBe(hops);
  });

  it('refuses a TRUST_PROXY or a backup count that is not a whole number ≥ 0', () => {
    for (const value of ['yes', '-1', '1.5']) {
      expect(() => trustProxy({ TRUST_PROXY: value })).toThrow(ConfigError);
    }
    expect(() => backupKeep({ BACKUP_KEEP_DAILY: 'seven' })).toThrow(
      'BACKUP_KEEP_DAILY 应为非负整数 / BACKUP_KEEP_DAILY must be a whole number ≥ 0: seven',
    );
    expect(backupKeep({})).toEqual({ daily: 7, weekly: 4 });
    expect(backupKeep({ BACKUP_KEEP_DAILY: '14', BACKUP_KEEP_WEEKLY: '0' })).toEqual({
      daily: 14,
      weekly: 0,
    });
  });
});

describe('token hashing', () => {
  it('is the same SHA-256 hex on Node (synchronous) as on Web Crypto (the demo)', async () => {
    for (const token of [newToken(), newToken(), 'abc']) {
      expect(nodeTokenHasher(token)).toBe(await hashToken(token));
    }
    expect(nodeTokenHasher('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
