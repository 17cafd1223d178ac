// The answer each change made in this tab gets, for the write that made it: a dialog waits for
// the server's word (and stays open with what was typed when the server refuses), but never
// longer than SETTLE_MS, after which the change counts as saved on the device.

/** How long a write waits for the server's answer before it counts as saved on the device. */
const SETTLE_MS = 1500;

interface Outcome {
  promise: Promise<void>;
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
  release(seq: number, error?: Error): boolean {
    const outcome = this.outcomes.get(seq);
    if (!outcome || outcome.settled) return false;
    outcome.settled = true;
    if (error) outcome.fail(error);
    else outcome.done();
    if (outcome.asked || outcome.abandoned) this.outcomes.delete(seq);
    return !outcome.abandoned;
  }

  releaseAll() {
    for (const seq of [...this.outcomes.keys()]) this.release(seq);
  }
}
