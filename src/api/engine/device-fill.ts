import type { ResourceName } from '../../domain/resources';
import { idle } from '../idle';
import { notifySessionExpired, readSession } from '../session';
import type { EngineCore } from './engine-core';
import { type FillEvent, Filler } from './worker/fill';
import type { FillCommand } from './worker/fill-worker';

// The page's side of completing the device's copy (worker/fill.ts): a Web Worker where the
// browser has one, else the same filler on this thread between idle slices. The filler hands
// each list over serialised, and the page stores it under its lock: the page is the one writer
// of IndexedDB. One owner per kind
// at a time: the page pulls a kind only after claiming it, and a claim is answered once the
// filler has stored the kind or never touched it (the page then owns it, cursor and all).

export class DeviceFill {
  /** Kinds the page owns now: answered claims, and what the filler stored. */
  private readonly owned = new Set<ResourceName>();
  /** Claims not answered yet: each one's answer, and how to give it. */
  private readonly waiting = new Map<
    ResourceName,
    { answered: Promise<void>; answer: () => void }
  >();
  private worker: Worker | null = null;
  private filler: Filler | null = null;
  private ended = false;
  /** Lists handed over and being stored: the fill ends after them. */
  private writes: Promise<void>[] = [];
  /** Whether every kind is held, once the fill has ended. */
  complete: boolean | undefined;
  /** Resolves when the fill ends; with whether every kind is held. */
  readonly done: Promise<boolean>;
  private finish: (complete: boolean) => void = () => {};

  constructor(
    private readonly core: EngineCore,
    useWorker: boolean = typeof Worker === 'function',
  ) {
    this.done = new Promise((resolve) => {
      this.finish = resolve;
    });
    const session = readSession();
    if (!session) {
      this.end(false);
      return;
    }
    if (useWorker && this.startWorker(session)) return;
    this.filler = new Filler({
      store: core.store,
      emit: (event) => this.heard(event),
      // Between kinds on the page's thread: the browser's idle time.
      pause: () => idle(),
    });
    void this.filler.run();
  }

  private startWorker(session: NonNullable<ReturnType<typeof readSession>>): boolean {
    try {
      this.worker = new Worker(new URL('./worker/fill-worker.ts', import.meta.url), {
        type: 'module',
        name: 'pms-fill',
      });
    } catch {
      return false;
    }
    this.worker.onmessage = ({ data }: MessageEvent<FillEvent>) => this.heard(data);
    // A worker that fails (its script could not be fetched, or it threw) ends the fill: the
    // screens download their own lists as they open, and nothing of the outbox is its to lose.
    this.worker.onerror = (event) => {
      event.preventDefault();
      console.warn('[同步] 后台下载未能完成', event.message);
      this.end(false);
    };
    this.worker.onmessageerror = () => this.end(false);
    this.send({ type: 'start', session });
    return true;
  }

  private send(command: FillCommand) {
    this.worker?.postMessage(command);
  }

  /**
   * Makes `kind` the page's: resolves at once when it is already, or when the fill has ended;
   * otherwise when the filler answers (after storing it, when it is storing it just now).
   */
  claim(kind: ResourceName): Promise<void> {
    if (this.ended || this.owned.has(kind)) return Promise.resolve();
    const known = this.waiting.get(kind);
    if (known) return known.answered;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    this.waiting.set(kind, { answered, answer });
    if (this.filler) this.filler.claim(kind);
    else this.send({ type: 'claim', kind });
    return answered;
  }

  private heard(event: FillEvent) {
    if (this.ended) return;
    if (event.type === 'done') {
      void Promise.all(this.writes).then(() => this.end(event.complete));
      return;
    }
    if (event.type === 'stored') {
      const kind = event.kind;
      const write = this.store(event).finally(() => this.own(kind));
      this.writes.push(write);
      return;
    }
    if (event.type === 'failed') {
      if (event.why === 'unauthorized') {
        void this.core.dispatch({ type: 'unauthorized' }).catch(() => undefined);
        notifySessionExpired();
      }
      if (event.why === 'unreachable') {
        void this.core.setReachable(false, event.storage ?? null).catch(() => undefined);
      }
      this.core.changed();
    }
    this.own(event.kind);
  }

  /** A list the filler handed over, stored by the page, unless a tab stored a newer one. */
  private async store(event: Extract<FillEvent, { type: 'stored' }>) {
    try {
      const stored = await this.core.exclusive(async () => {
        // Another tab stored it meanwhile, as new or newer: that copy stands.
        if ((await this.core.store.storedCursor(event.kind)) >= event.cursor) return false;
        await this.core.store.write([event.list], []);
        return true;
      });
      // Its stamps advance this device's clock, as a pull's do (clock.ts `seen`).
      if (event.stamp) this.core.clock.seen([{ stamp: event.stamp }]);
      void stored;
      this.core.broadcast({ type: 'lists', kinds: [event.kind] });
    } catch {
      // Signed out meanwhile: nothing is left to store it in.
    }
  }

  private own(kind: ResourceName) {
    this.owned.add(kind);
    this.waiting.get(kind)?.answer();
    this.waiting.delete(kind);
  }

  private end(complete: boolean) {
    if (this.ended) return;
    this.ended = true;
    this.complete = complete;
    for (const { answer } of this.waiting.values()) answer();
    this.waiting.clear();
    this.finish(complete);
  }

  /** Signed out: the worker goes at once (its database connection with it). */
  stop() {
    this.filler?.stop();
    this.worker?.terminate();
    this.worker = null;
    this.end(false);
  }
}
