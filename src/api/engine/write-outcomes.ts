// The answer each change made in this tab gets, for the write that made it: a dialog waits for
// the server's word (and stays open with what was typed when the server refuses), but never
// longer than SETTLE_MS, after which the change counts as saved on the device.

/** How long a write waits for the server's answer before it counts as saved on the device. */
const SETTLE_MS = 1500;

/** How the server took a create: a record it did not hold, or one it held already. */
export type Taken = 'created' | 'existing';

/** What became of many changes made together (a bill import), as far as is known. */
export interface ManyOutcome {
  created: number;
  existing: number;
  /** Refused by the server, with the first reason. */
  invalid: number;
  firstError?: string;
  /** Saved on the device, not yet taken by the server (offline): they go later. */
  waiting: number;
}

/** What became of one of many changes (settledMany's `each`), by its place in `seqs`. */
export type EachOutcome = (index: number, fate: 'invalid' | Taken | 'waiting') => void;

interface Outcome {
  promise: Promise<void>;
  taken?: Taken;
  error?: Error;
  done: () => void;
  fail: (error: Error) => void;
  /** The caller stopped waiting (the change is saved on the device and goes later). */
  abandoned: boolean;
  /** The server's answer (or the lack of one) is in. */
  settled: boolean;
  /** The write that made the change has asked for it. */
  asked: boolean;
}

function pendingOutcome(): Outcome {
  let done = () => {};
  let fail: (error: Error) => void = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    done = resolve;
    fail = reject;
  });
  // Handled by whoever waits, if anyone does; an unobserved refusal is said in a notice.
  promise.catch(() => undefined);
  return { promise, done, fail, abandoned: false, settled: false, asked: false };
}

export class WriteOutcomes {
  /**
   * From the moment each change is stored, so that a caller never misses an answer that came
   * before it asked (seq → outcome).
   */
  private readonly outcomes = new Map<number, Outcome>();

  track(seq: number) {
    this.outcomes.set(seq, pendingOutcome());
  }

  /**
   * Resolves when the server has taken change `seq`, or when it cannot be reached (the change
   * then waits, saved on the device), or after SETTLE_MS; rejects when the server refuses it.
   */
  settled(seq: number | undefined): Promise<void> {
    const outcome = seq === undefined ? undefined : this.outcomes.get(seq);
    if (!outcome) return Promise.resolve();
    // Asked for once, by the write that made the change; the answer may already be in.
    if (outcome.settled) {
      this.outcomes.delete(seq!);
      return outcome.promise;
    }
    outcome.asked = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        // Nobody waits any longer: a refusal from now on is said in a notice.
        outcome.abandoned = true;
        resolve();
      }, SETTLE_MS);
    });
    return Promise.race([outcome.promise, waited]).finally(() => clearTimeout(timer));
  }

  /**
   * The change's fate is known. Returns whether a write in this tab waits, or will ask, for
   * it — then it is told, and nobody else need be.
   */
  release(seq: number, error?: Error, taken?: Taken): boolean {
    const outcome = this.outcomes.get(seq);
    if (!outcome || outcome.settled) return false;
    outcome.settled = true;
    outcome.taken = taken;
    outcome.error = error;
    if (error) outcome.fail(error);
    else outcome.done();
    if (outcome.asked || outcome.abandoned) this.outcomes.delete(seq);
    return !outcome.abandoned;
  }

  /**
   * Waits for the changes `seqs` made together until each is settled, or until none has been
   * for `idleMs` (the rest then count as waiting on the device), and says what became of them.
   * Offline none is waited for: the replay releases them all when the server does not answer.
   */
  async settledMany(
    seqs: readonly number[],
    each?: EachOutcome,
    idleMs = SETTLE_MS,
  ): Promise<ManyOutcome> {
    const counts: ManyOutcome = { created: 0, existing: 0, invalid: 0, waiting: 0 };
    const left = seqs.map((seq) => ({ seq, outcome: this.outcomes.get(seq) }));
    for (const { outcome } of left) if (outcome) outcome.asked = true;
    let before = -1;
    for (;;) {
      const open = left.filter(({ outcome }) => outcome && !outcome.settled);
      if (open.length === 0 || open.length === before) break;
      before = open.length;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const idle = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, idleMs);
      });
      // Until one more settles, or `idleMs` pass without any: a long import keeps waiting.
      const all = Promise.allSettled(open.map(({ outcome }) => outcome!.promise));
      const some = Promise.race(open.map(({ outcome }) => outcome!.promise.catch(() => {})));
      await Promise.race([all, some, idle]);
      clearTimeout(timer);
    }
    for (const [index, { seq, outcome }] of left.entries()) {
      if (outcome?.settled && outcome.error) {
        counts.invalid += 1;
        counts.firstError ??= outcome.error.message;
        each?.(index, 'invalid');
      } else if (outcome?.settled && outcome.taken) {
        counts[outcome.taken] += 1;
        each?.(index, outcome.taken);
      } else {
        counts.waiting += 1;
        if (outcome) outcome.abandoned = true;
        each?.(index, 'waiting');
      }
      if (outcome?.settled) this.outcomes.delete(seq);
    }
    return counts;
  }

  releaseAll() {
    for (const seq of [...this.outcomes.keys()]) this.release(seq);
  }
}
