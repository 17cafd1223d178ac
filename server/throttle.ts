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

/** Thrown by HashGate.run when the gate is full. */
export class GateFull extends Error {
  constructor() {
    super('hash gate full');
  }
}

/**
 * At most `concurrency` password hashes at a time and `queue` waiting; beyond that a login is
 * refused at once. scrypt runs on Node's small shared thread pool (4 threads, which file and
 * compression work needs too) and costs 32 MiB of memory per hash: unbounded, a flood of logins
 * would take all of both.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw new GateFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so `running` never drops below the queue's need.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
