import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../server/auth';
import { clientAddress } from '../../server/client-ip';
import { backupKeep, ConfigError, trustProxy } from '../../server/config';
import { nodeTokenHasher } from '../../server/node-auth';
import { BackoffLimiter, FairGate, GateFull, WindowLimiter } from '../../server/throttle';

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

describe('WindowLimiter', () => {
  it('refuses a key with `limit` failures in the window, never longer than the window', () => {
    const limiter = new WindowLimiter({ limit: 5, windowMs: 15 * MINUTE });
    for (let i = 0; i < 4; i++) limiter.recordFailure('k', i * MINUTE);
    expect(limiter.retryAfterMs('k', 4 * MINUTE)).toBe(0);
    limiter.recordFailure('k', 4 * MINUTE);
    // Open again when the first failure (at 0) leaves the window.
    expect(limiter.retryAfterMs('k', 4 * MINUTE)).toBe(11 * MINUTE);
    expect(limiter.retryAfterMs('k', 15 * MINUTE - 1)).toBe(1);
    expect(limiter.retryAfterMs('k', 15 * MINUTE)).toBe(0);
    expect(limiter.retryAfterMs('other', 0)).toBe(0);
    limiter.reset('k');
    expect(limiter.retryAfterMs('k', 4 * MINUTE)).toBe(0);
  });
});

describe('FairGate', () => {
  const held = () => {
    const releases: (() => void)[] = [];
    const started: string[] = [];
    const job = (gate: FairGate, lane: 'known' | 'unknown', key: string, name: string) =>
      gate.run(
        lane,
        key,
        () =>
          new Promise<string>((resolve) => {
            started.push(name);
            releases.push(() => resolve(name));
          }),
      );
    return { releases, started, job };
  };
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('keeps the reserve for known devices, and serves them first', async () => {
    const gate = new FairGate({ concurrency: 1, reserve: 1, queue: 2, perKey: 2 });
    const { releases, started, job } = held();
    const jobs = [job(gate, 'unknown', 'a', 'u1'), job(gate, 'unknown', 'b', 'u2')];
    await tick();
    // The second stranger waits although a slot is free: that one is the reserve.
    expect(started).toEqual(['u1']);
    jobs.push(job(gate, 'known', 'owner', 'k1'));
    await tick();
    expect(started).toEqual(['u1', 'k1']);
    jobs.push(job(gate, 'known', 'owner2', 'k2'));
    releases[0]!();
    await tick();
    // The freed slot goes to the known device waiting, ahead of the stranger who came first.
    expect(started).toEqual(['u1', 'k1', 'k2']);
    releases[1]!();
    releases[2]!();
    await tick();
    expect(started).toEqual(['u1', 'k1', 'k2', 'u2']);
    releases[3]!();
    expect(await Promise.all(jobs)).toEqual(['u1', 'u2', 'k1', 'k2']);
  });

  it('takes turns between addresses and caps what one address may queue', async () => {
    const gate = new FairGate({ concurrency: 1, reserve: 0, queue: 4, perKey: 2 });
    const { releases, started, job } = held();
    const jobs = [job(gate, 'unknown', 'flood', 'f0')];
    jobs.push(job(gate, 'unknown', 'flood', 'f1'), job(gate, 'unknown', 'flood', 'f2'));
    await expect(job(gate, 'unknown', 'flood', 'f3')).rejects.toBeInstanceOf(GateFull);
    jobs.push(job(gate, 'unknown', 'real', 'r1'));
    for (let i = 0; i < 4; i++) {
      await tick();
      releases[i]?.();
    }
    await tick();
    // f0 ran; then one per address in turn: f1, r1, then the rest of the flood.
    expect(started.slice(0, 4)).toEqual(['f0', 'f1', 'r1', 'f2']);
    for (const release of releases) release();
    expect(await Promise.all(jobs)).toEqual(['f0', 'f1', 'f2', 'r1']);
  });

  it('refuses a full line and frees the slot of a failed job', async () => {
    const gate = new FairGate({ concurrency: 1, reserve: 0, queue: 0, perKey: 1 });
    await expect(gate.run('unknown', 'a', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await gate.run('unknown', 'a', async () => 'next')).toBe('next');
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
