import type { ResourceName } from '../../domain/resources';
import { DeviceFill } from './device-fill';
import { ignoreStopped } from './device-store';
import { verify } from './digest';
import { EngineCore } from './engine-core';
import { pullNow } from './puller';
import { replay } from './replay';

// The engine's traffic with the server, one task at a time and across tabs (engine-core.ts
// `exclusive`): the outbox replayed (replay.ts), each kind's list followed by delta (puller.ts),
// the device's copy completed (device-fill.ts), and checked against the server's digest on each
// sync (digest.ts). engine.ts builds the public face on it.

export abstract class SyncLoop extends EngineCore {
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private readonly pulling = new Map<ResourceName, Promise<void>>();
  protected readonly cleanups: (() => void)[] = [];
  /** Completing the device's copy (device-fill.ts), once started. */
  protected fill: DeviceFill | null = null;

  // ---------------------------------------------------------------------------------------
  // Talking to the server: one at a time, across tabs.

  /**
   * Replays the waiting changes in order until none is left or the server stops answering. A
   * change made while a replay is finishing starts another one after it.
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = this.exclusive(() => replay(this).catch(ignoreStopped)).finally(() => {
      this.flushing = null;
      if (this.flushAgain && !this.closed) {
        this.flushAgain = false;
        void this.flush();
      }
    });
    return this.flushing;
  }

  /** Catches up with the server: the waiting changes first, then the lists this page holds. */
  wake() {
    if (this.closed) return;
    void this.flush()
      .then(async () => {
        // Signed out while the replay ran: the lists it read are refusals (EngineStopped) now.
        if (this.closed) return;
        // The lists this page holds, and those whose download failed: a screen opened while the
        // server was away shows its list once the server answers, without a focus or a reload.
        // (A list only read for a write stays for holdEverything to download.) A failed pull has
        // recorded its error and planned its retry: nothing is left to handle.
        const pulls: Promise<void>[] = [];
        const held: ResourceName[] = [];
        for (const [kind, state] of this.kinds) {
          const { complete, error } = await state;
          if (complete || error !== undefined) pulls.push(this.pull(kind).catch(() => undefined));
          if (complete) held.push(kind);
        }
        // A copy left incomplete (the server went away during it) is completed now.
        if (this.fill?.complete === false) void this.holdEverything();
        // Then each list this page holds is checked against the server's digest, and
        // repaired where it differs (digest.ts).
        await Promise.all(pulls);
        for (const kind of held) {
          // Not while the server cannot be reached, nor for a list whose pull just failed.
          if (this.closed || !this.board.status().reachable) return;
          if ((await this.kinds.get(kind))?.error !== undefined) continue;
          // One that could not be made (the server went away, or the user signed out) waits
          // for the next sync.
          await this.exclusive(() => verify(this, kind)).catch(() => undefined);
        }
      })
      // The engine stopped between two lists: what was left to read is refused, not lost.
      .catch(ignoreStopped);
  }

  /**
   * Brings one kind's list up to the server's (a delta, or everything the first time), once
   * the kind is this page's (the device's copy may be being completed: device-fill.ts). The
   * claim is answered outside the lock, which the filler takes to store. Deltas stay on this
   * thread: a repeat visit at ten years brings 1–6 KB of JSON in all (npm run bench:web), and a
   * list no screen has read is not read to ask (puller.ts); replay sends one change at a time.
   */
  pull(kind: ResourceName): Promise<void> {
    let pulling = this.pulling.get(kind);
    if (pulling) return pulling;
    pulling = this.claim(kind)
      .then(() => this.exclusive(() => pullNow(this, kind).catch(ignoreStopped)))
      .finally(() => this.pulling.delete(kind));
    this.pulling.set(kind, pulling);
    return pulling;
  }

  /** Every record of `kind` downloaded afresh (从云端下载数据); how many there are. */
  async download(kind: ResourceName): Promise<number> {
    await this.pulling.get(kind);
    await this.claim(kind);
    await this.exclusive(() => pullNow(this, kind, true));
    return (await this.state(kind)).list.length;
  }

  private claim(kind: ResourceName): Promise<void> {
    return this.fill?.claim(kind) ?? Promise.resolve();
  }

  /**
   * Completes the device's copy: every list it does not hold yet, downloaded and stored in a
   * Web Worker (device-fill.ts), so that every screen works offline even if only / was ever
   * opened. Resolves when that is done (or has stopped: the server went away).
   */
  async holdEverything(useWorker?: boolean) {
    await this.started.catch(() => undefined);
    if (this.closed) return;
    if (!this.fill || this.fill.complete === false) this.fill = new DeviceFill(this, useWorker);
    await this.fill.done;
  }

  /** Signed out (or another user signed in): nothing changes any more (reducer.ts 'signOut'). */
  close() {
    void this.dispatch({ type: 'signOut' }).catch(() => undefined);
    this.fill?.stop();
    this.store.close();
    this.stopRetrying();
    for (const cleanup of this.cleanups) cleanup();
    this.channel?.close();
    this.outcomes.releaseAll();
  }
}
