import type { QueryClient } from '@tanstack/react-query';
import { chainId } from '../../domain/asset-versioning';
import {
  type ChangeKind,
  childOf,
  isSingle,
  type RecordOf,
  type ResourceName,
  resourceDef,
} from '../../domain/resources';
import type { Asset } from '../../domain/schemas/asset';
import { resourceKeys } from '../keys';
import type { StorageTrouble } from '../storage-trouble';
import { DeviceClock } from './clock';
import type { Row } from './delta';
import { DeviceStore, type KindState } from './device-store';
import { Dispatcher, type Lists } from './dispatch';
import { StatusBoard } from './engine-status';
import type { ConflictEntry, OutboxEntry } from './local-db';
import { effectsOf, overlay } from './outbox';
import type { Effect, SyncEvent, SyncState } from './reducer';
import { type Taken, WriteOutcomes } from './write-outcomes';

// What the engine's parts share: the lists as the server last sent them, the waiting changes,
// the one-at-a-time queue to the server, and showing a kind's list to the screens. The replay
// (replay.ts), the puller (puller.ts) and the conflict rule (conflicts.ts) work on it; the
// public face is engine.ts.

/** A list as a screen sees it. */
export interface ListResult<T> {
  // Read-only: with nothing waiting it is the engine's own list (see `overlay`).
  items: readonly T[];
  /** The device holds the whole list (it has been downloaded once). */
  complete: boolean;
  /** The server could not be reached for it just now: this is the device's copy. */
  local: boolean;
  /** Why, when `local`. */
  error?: string;
  /** Ids of records with changes that have not reached the server yet. */
  pending: ReadonlySet<string>;
  /** The server's change number the list is current to (figures kept from it name it). */
  cursor: number;
}

export type Broadcast = { type: 'outbox' } | { type: 'lists'; kinds: ResourceName[] };

/**
 * Waits between tries while the server cannot be reached. Capped at 5 s: a server back from a
 * restart must have every waiting change within 10 s, and one small request every 5 s is
 * nothing for a self-hosted server. `online` and focus wake the engine sooner.
 */
const RETRY_MS = [1000, 2000, 5000];

const listKey = (kind: ResourceName) => resourceKeys(kind).list();

/** Whether `record` goes when `deleted` of `kind` is deleted: itself, or its whole chain. */
export function deletedWith(kind: ResourceName, deleted: Row): (record: Row) => boolean {
  if (!resourceDef(kind).deletesChain) return (record) => record.id === deleted.id;
  const chain = chainId(deleted as unknown as Asset);
  return (record) => chainId(record as unknown as Asset) === chain;
}

export abstract class EngineCore {
  readonly store: DeviceStore;
  /** This device's clock, which stamps every change (clock.ts). */
  readonly clock: DeviceClock;
  private driftSaid = false;
  protected started: Promise<void> = Promise.resolve();
  readonly kinds = new Map<ResourceName, Promise<KindState>>();
  conflicts: ConflictEntry[] = [];
  /** Changes of this tab being stored in the outbox just now. */
  get writing() {
    return this.sync.writing;
  }
  /**
   * The sync state: the waiting changes, those on their way and finished, their stamps as
   * sent, the server's answers, reachable and signed in. It changes only through `dispatch`
   * (reducer.ts, dispatch.ts); these read it.
   */
  readonly sync = new Dispatcher(
    () => this.store,
    (effect, state) => this.perform(effect, state),
  );
  get entries(): readonly OutboxEntry[] {
    return this.sync.state.entries;
  }
  get sending() {
    return this.sync.state.sending;
  }
  get answered() {
    return this.sync.state.answered;
  }
  /** Records the server lacks after a restore, offered for upload (restore-offer.ts). */
  offered: Partial<Record<ResourceName, Row[]>> = {};
  readonly board = new StatusBoard(() => ({
    waiting: this.entries,
    conflicts: this.conflicts,
    offered: this.offeredCount(),
  }));
  readonly outcomes = new WriteOutcomes();

  /** How many records are on offer for upload. */
  offeredCount(): number {
    return Object.values(this.offered).reduce((n, rows) => n + (rows?.length ?? 0), 0);
  }
  /** Actions of which the server refused a part: their other parts are not sent. */
  readonly refusedGroups = new Set<string>();
  /** Pulls and replays run one at a time, in this tab and (through a Web Lock) across tabs. */
  private queue: Promise<unknown> = Promise.resolve();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  protected readonly channel: BroadcastChannel | null;

  constructor(
    readonly user: string,
    protected readonly client: QueryClient,
  ) {
    this.store = new DeviceStore(user);
    this.clock = new DeviceClock(this.store, this.sync);
    this.channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`pms:${user}`);
  }

  get closed() {
    return this.store.closed;
  }

  /** Catches up with the server: the waiting changes first, then the lists this page holds. */
  abstract wake(): void;
  /** Brings one kind's list up to the server's. */
  abstract pull(kind: ResourceName): Promise<void>;
  /** Sends the waiting changes. */
  abstract flush(): Promise<void>;

  /** Said once a visit: another device's stamps ran ahead of the server's clock. */
  private driftSeen(aheadMs: number) {
    if (this.driftSaid) return;
    this.driftSaid = true;
    const minutes = Math.round(aheadMs / 60_000);
    this.notify({
      tone: 'info',
      message: `另一台设备的时钟快了约 ${minutes} 分钟，它的修改已按服务器时间排序`,
    });
  }

  /** A damaged copy was rebuilt, or waiting changes cannot be read: the user is told. */
  protected sayDamage() {
    const { healed, unreadable } = this.store;
    if (healed)
      this.notify({ tone: 'info', message: '本设备的本地数据已损坏，正在从服务器重新下载' });
    const lost = healed ? healed.unreadable : unreadable;
    if (lost < 0) this.notify({ tone: 'error', message: '本设备上未同步的修改无法读取，未能上传' });
    else if (lost > 0) {
      this.notify({
        tone: 'error',
        message: `本设备上有 ${lost} 项未同步的修改无法读取，未能上传`,
      });
    }
  }

  changed() {
    this.board.changed();
  }

  notify(notice: { tone: 'error' | 'info'; message: string }) {
    this.board.notify(notice);
  }

  release(seq: number, error?: Error, taken?: Taken): boolean {
    return this.outcomes.release(seq, error, taken);
  }

  setReachable(reachable: boolean, storage: StorageTrouble | null = null) {
    if (reachable) this.retries = 0;
    return this.dispatch({ type: 'online', online: reachable, storage });
  }

  scheduleRetry() {
    clearTimeout(this.retryTimer);
    const wait = RETRY_MS[Math.min(this.retries, RETRY_MS.length - 1)]!;
    this.retries += 1;
    this.retryTimer = setTimeout(() => this.wake(), wait);
  }

  protected stopRetrying() {
    clearTimeout(this.retryTimer);
  }

  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const locked = () =>
      typeof navigator !== 'undefined' && navigator.locks
        ? (navigator.locks.request(`pms:${this.user}`, task) as Promise<T>)
        : task();
    const run = this.queue.then(locked, locked);
    this.queue = run.catch(() => undefined);
    return run;
  }

  broadcast(message: Broadcast) {
    if (!this.closed) this.channel?.postMessage(message);
  }

  /**
   * The outbox as stored (another tab may have sent or added changes), unless this tab is
   * storing a change or made one meanwhile: the one in memory is newer then.
   */
  async reloadOutbox() {
    if (this.writing > 0) return;
    const before = this.entries;
    const stored = await this.store.outbox();
    // Another tab's changes are later than what this tab's clock has seen: an edit made here on
    // top of one of them must be stamped after it (engine-concurrency.test.ts, a second tab).
    this.clock.seen(stored as unknown as Record<string, unknown>[]);
    if (this.writing === 0) await this.dispatch({ type: 'loaded', before, stored });
  }

  /**
   * The kept conflicts as stored (another tab may have kept or settled one), unless this tab
   * kept or settled one while they were read: the list in memory is newer then. Assigning a
   * read begun before lost an edit kept meanwhile from 同步 (engine-convergence.test.ts).
   */
  async reloadConflicts() {
    const before = this.conflicts;
    const stored = await this.store.conflicts();
    if (this.conflicts === before) this.conflicts = stored;
  }

  state(kind: ResourceName): Promise<KindState> {
    let state = this.kinds.get(kind);
    if (!state) {
      state = this.readStored(kind);
      this.kinds.set(kind, state);
    }
    return state;
  }

  async readStored(kind: ResourceName): Promise<KindState> {
    await this.started;
    return this.store.readList(kind);
  }

  /** Stores `kinds`' lists and drops the changes `done` from the outbox, and tells other tabs. */
  async persist(kinds: Iterable<ResourceName>, done: number[] = []) {
    if (this.closed) return;
    const lists: Lists = [];
    for (const kind of kinds) lists.push([kind, await this.state(kind)]);
    await this.dispatch({ type: 'persist', kinds: lists.map(([kind]) => kind), done }, lists);
  }

  /** One event through the reducer: stored, then taken, then shown (dispatch.ts). */
  dispatch(event: SyncEvent, lists?: Lists) {
    return this.sync.dispatch(event, lists);
  }

  /** An effect other than a transaction, carried out once the event's state is taken. */
  private async perform(effect: Effect, state: SyncState) {
    if (effect.type === 'track') for (const seq of effect.seqs) this.outcomes.track(seq);
    else if (effect.type === 'broadcast') this.broadcast(effect.message);
    else if (effect.type === 'flush') void this.flush();
    else if (effect.type === 'show') {
      this.changed();
      await this.refresh(effect.kinds);
    } else if (effect.type === 'keepClock') {
      this.clock.keep(state.clock);
    } else if (effect.type === 'drift') {
      this.driftSeen(effect.aheadMs);
    } else if (effect.type === 'status') {
      const signIn = state.signInNeeded !== this.board.signInNeeded;
      this.board.signInNeeded = state.signInNeeded;
      if (state.online !== null) this.board.setReachable(state.online, state.storage);
      if (signIn) this.changed();
    }
  }

  private hiddenBy(kind: ResourceName): ((record: Row) => boolean) | undefined {
    const deletes = (k: ResourceName) =>
      this.entries.filter((e) => e.kind === k && e.op === 'delete');
    if (resourceDef(kind).deletesChain) {
      const gone = deletes(kind).map((e) => deletedWith(kind, (e.record ?? { id: e.id }) as Row));
      return gone.length ? (r) => gone.some((goes) => goes(r)) : undefined;
    }
    const parent = resourceDef(kind).parent as { kind: ResourceName; field: string } | undefined;
    if (parent) {
      const gone = new Set(deletes(parent.kind).map((e) => e.id));
      return gone.size ? (r) => gone.has(r[parent.field] as string) : undefined;
    }
    return undefined;
  }

  view<K extends ResourceName>(kind: K, state: KindState): ListResult<RecordOf<K>> {
    const effects = effectsOf(this.entries.filter((e) => e.kind === kind));
    return {
      items: overlay(state.list, effects, this.hiddenBy(kind)) as unknown as RecordOf<K>[],
      complete: state.complete,
      local: state.error !== undefined,
      error: state.error,
      pending: effects.pending,
      cursor: state.cursor,
    };
  }

  /** Another tab stored lists or changed the outbox: this one shows what it did. */
  protected async onBroadcast(message: Broadcast) {
    if (this.closed) return;
    if (message.type === 'outbox') {
      await this.reloadOutbox();
      await this.reloadConflicts();
      this.changed();
      await this.refresh(new Set(this.entries.map((e) => e.kind)));
      return;
    }
    // Read under the lock, between this tab's replays and pulls: read while one ran, the
    // stored copy replaced what it had applied since (a create the server took, gone from
    // this device's copy; engine-convergence.test.ts, seed 527790670).
    await this.exclusive(async () => {
      for (const kind of message.kinds) {
        if (!this.kinds.has(kind)) continue;
        const state = await this.state(kind);
        Object.assign(state, await this.readStored(kind));
        // What another tab stored is what this tab edits from now on: its stamps come first.
        this.clock.seen(state.list);
      }
    });
    await this.reloadOutbox();
    this.changed();
    await this.refresh(message.kinds);
  }

  /** Shows the current state of `kinds` on every screen that has them open. */
  async refresh(kinds: Iterable<ChangeKind>) {
    const all = new Set<ResourceName>();
    for (const kind of kinds) {
      // A single record's query reads the device's copy with the waiting change on top.
      if (isSingle(kind)) {
        void this.client.invalidateQueries({ queryKey: [kind] });
        continue;
      }
      all.add(kind);
      const child = childOf(kind);
      if (child) all.add(child.kind);
    }
    for (const kind of all) {
      // Only a list a screen already shows is replaced: one still loading gets its answer from
      // its own query, and one nobody asked for stays unasked (its first query downloads it).
      if (this.client.getQueryData(listKey(kind)) === undefined) continue;
      const state = await this.state(kind);
      this.client.setQueryData(listKey(kind), this.view(kind, state));
    }
  }
}
