// Login flood defences. Runtime-agnostic (no imports): the browser demo runs them too.

export interface BackoffOptions {
  /** Failures allowed before the first block. */
  free: number;
  /** The first block; each further failure doubles it… */
  baseMs: number;
  /** …up to this. */
  maxMs: number;
  /** A key with no failure for this long starts over. */
  forgetMs: number;
  /** Keys remembered at most; the longest-idle go first, so a stream of new keys costs bounded memory. */
  maxKeys?: number;
}

interface Failures {
  count: number;
  last: number;
  blockedUntil: number;
}

/**
 * Failed logins per key (an account, a client address) with a growing back-off: after `free`
 * failures the key is blocked for `baseMs`, then twice that after the next failure, and so on
 * up to `maxMs`. A blocked key is refused even the right password, or the block would be no
 * obstacle to guessing.
 */
export class BackoffLimiter {
  private readonly keys = new Map<string, Failures>();

  constructor(private readonly options: BackoffOptions) {}

  private current(key: string, now: number): Failures | undefined {
    const entry = this.keys.get(key);
    if (entry && now - entry.last >= this.options.forgetMs) {
      this.keys.delete(key);
      return undefined;
    }
    return entry;
  }

  /** How long the key must still wait, 0 when it may try now. */
  retryAfterMs(key: string, now: number): number {
    return Math.max(0, (this.current(key, now)?.blockedUntil ?? 0) - now);
  }

  recordFailure(key: string, now: number): void {
    const { free, baseMs, maxMs, maxKeys = 10_000 } = this.options;
    const entry = this.current(key, now) ?? { count: 0, last: now, blockedUntil: 0 };
    entry.count += 1;
    entry.last = now;
    if (entry.count >= free) {
      entry.blockedUntil = now + Math.min(maxMs, baseMs * 2 ** (entry.count - free));
    }
    // Re-inserted so that the map stays in order of last failure: the first key is the idlest.
    this.keys.delete(key);
    this.keys.set(key, entry);
    while (this.keys.size > maxKeys) this.keys.delete(this.keys.keys().next().value!);
  }

  reset(key: string): void {
    this.keys.delete(key);
  }
}

/**
 * At most `limit` failures per key within `windowMs`; while a key has that many, it is refused.
 * Unlike the back-off, a refusal is not a failure: the wait never grows, so whoever keeps failing
 * on purpose can close the key for one window at a time but never for longer.
 *
 * An attempt takes its place before its password is hashed (`tryReserve`) and gives it back
 * when it ends (`recordFailure` or `release`): a failure is known only after the hash, and
 * parallel guesses all checked against the failures recorded so far let 7 through, not 5.
 */
export class WindowLimiter {
  private readonly keys = new Map<string, number[]>();
  /** Attempts under way per key, not yet known to fail. */
  private readonly pending = new Map<string, number>();

  constructor(private readonly options: { limit: number; windowMs: number; maxKeys?: number }) {}

  private recent(key: string, now: number): number[] {
    const times = (this.keys.get(key) ?? []).filter((t) => now - t < this.options.windowMs);
    if (times.length === 0) this.keys.delete(key);
    else this.keys.set(key, times);
    return times;
  }

  retryAfterMs(key: string, now: number): number {
    const times = this.recent(key, now);
    if (times.length < this.options.limit) return 0;
    // Open again when enough of the oldest failures have left the window.
    return times[times.length - this.options.limit]! + this.options.windowMs - now;
  }

  /**
   * Takes a place for an attempt: 0 when taken (then `recordFailure` or `release` must follow),
   * else how long to wait. With the places all taken by attempts under way, the wait is a
   * second: they end within that, most often as failures that close the key.
   */
  tryReserve(key: string, now: number): number {
    const wait = this.retryAfterMs(key, now);
    if (wait > 0) return wait;
    const pending = this.pending.get(key) ?? 0;
    if (this.recent(key, now).length + pending >= this.options.limit) return 1000;
    this.pending.set(key, pending + 1);
    return 0;
  }

  /** Gives back a place taken by `tryReserve`, for an attempt that did not fail. */
  release(key: string): void {
    const pending = (this.pending.get(key) ?? 0) - 1;
    if (pending > 0) this.pending.set(key, pending);
    else this.pending.delete(key);
  }

  /** A failure; with `reserved`, of an attempt that took a place, which it now gives back. */
  recordFailure(key: string, now: number, reserved = false): void {
    if (reserved) this.release(key);
    const times = this.recent(key, now);
    times.push(now);
    this.keys.delete(key);
    this.keys.set(key, times.slice(-this.options.limit));
    const maxKeys = this.options.maxKeys ?? 10_000;
    while (this.keys.size > maxKeys) this.keys.delete(this.keys.keys().next().value!);
  }

  reset(key: string): void {
    this.keys.delete(key);
  }
}

/** Thrown by FairGate.run when the caller's queue is full. */
export class GateFull extends Error {
  constructor() {
    super('hash gate full');
  }
}

/** Who a password hash is for: a device that has signed in before, or anyone else. */
export type Lane = 'known' | 'unknown';

export interface FairGateOptions {
  /** Hashes for unknown callers allowed to run at once. */
  concurrency: number;
  /** Further hashes only known devices may run: a flood of strangers never takes these. */
  reserve: number;
  /** Waiting places per lane; beyond that a login is refused at once. */
  queue: number;
  /** Waiting places one key (a client address, a device) may hold in its lane. */
  perKey: number;
}

/**
 * Round-robin waiting line: one waiter per key in turn, so a key with many waiters cannot push
 * the others back.
 */
class FairQueue {
  private readonly byKey = new Map<string, (() => void)[]>();
  size = 0;

  count(key: string): number {
    return this.byKey.get(key)?.length ?? 0;
  }

  push(key: string, start: () => void): void {
    const list = this.byKey.get(key);
    if (list) list.push(start);
    else this.byKey.set(key, [start]);
    this.size += 1;
  }

  shift(): (() => void) | undefined {
    const first = this.byKey.entries().next();
    if (first.done) return undefined;
    const [key, list] = first.value;
    const start = list.shift()!;
    // The key goes to the back of the line with what it has left.
    this.byKey.delete(key);
    if (list.length > 0) this.byKey.set(key, list);
    this.size -= 1;
    return start;
  }
}

/**
 * Password hashes, capped and shared fairly. scrypt runs on Node's small shared thread pool
 * (4 threads, which file and compression work needs too) and costs 32 MiB per hash: unbounded,
 * a flood of logins would take all of both. Unknown callers share `concurrency` slots, waiting
 * in turns per client address; known devices may also use `reserve` more and go first, so a
 * flood of made-up usernames from any number of addresses never keeps a real owner waiting.
 */
export class FairGate {
  private running = 0;
  private runningUnknown = 0;
  private readonly lines: Record<Lane, FairQueue> = {
    known: new FairQueue(),
    unknown: new FairQueue(),
  };

  constructor(readonly options: FairGateOptions) {}

  private canStart(lane: Lane): boolean {
    const { concurrency, reserve } = this.options;
    if (this.running >= concurrency + reserve) return false;
    return lane === 'known' || this.runningUnknown < concurrency;
  }

  private take(lane: Lane): void {
    this.running += 1;
    if (lane === 'unknown') this.runningUnknown += 1;
  }

  private pump(): void {
    for (const lane of ['known', 'unknown'] as const) {
      while (this.lines[lane].size > 0 && this.canStart(lane)) {
        this.take(lane);
        this.lines[lane].shift()!();
      }
    }
  }

  async run<T>(lane: Lane, key: string, work: () => Promise<T>): Promise<T> {
    const line = this.lines[lane];
    if (line.size === 0 && this.canStart(lane)) {
      this.take(lane);
    } else {
      const { queue, perKey } = this.options;
      if (line.size >= queue || line.count(key) >= perKey) throw new GateFull();
      // Counted as running by pump() before it is started.
      await new Promise<void>((resolve) => line.push(key, resolve));
    }
    try {
      return await work();
    } finally {
      this.running -= 1;
      if (lane === 'unknown') this.runningUnknown -= 1;
      this.pump();
    }
  }
}
