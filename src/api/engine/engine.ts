import type { QueryClient } from '@tanstack/react-query';
import { NOT_LOGGED_IN } from '../../domain/messages';
import {
  type InputOf,
  isSingle,
  type RecordOf,
  type ResourceName,
  type SingleName,
} from '../../domain/resources';
import { ApiError, onServerTime } from '../http';
import { claimBrowserData } from '../legacy-data';
import { readSession } from '../session';
import {
  addEntries,
  type CreateOptions,
  createChange,
  createChanges,
  type Imported,
  importChanges,
  type RemoveOptions,
  removeChange,
  singleChange,
  updateChange,
} from './changes';
import type { Row } from './delta';
import { ignoreStopped } from './device-store';
import type { Broadcast, EngineCore, ListResult } from './engine-core';
import { eraseLocalDb, type OutboxEntry } from './local-db';
import { answerOffer, readOffer } from './restore-offer';
import { keepSingle, keptSingle, waitingSingle } from './single-records';
import { SyncLoop } from './sync-loop';
import type { EachOutcome } from './write-outcomes';

export type { Notice, SyncStatus } from './engine-status';
export type { ListResult };

// The local-first data layer (docs/architecture.md, "A change from a screen to the server", "Conflicts"). Screens read each list
// from this device's store; a write changes the store at once and waits in a persistent outbox
// that is replayed, in order, whenever the server answers; lists follow the server by delta
// (GET ?since=cursor). The server stays the source of truth: what the device shows is the
// server's records as last received, with the changes still waiting laid on top.
//
// This file is the engine's public face (index.ts exports it); its parts: sync-loop.ts (one
// task at a time with the server), device-store.ts (IndexedDB), replay.ts and answers.ts (the
// outbox sent), puller.ts and delta.ts (following the server), conflicts.ts (two devices'
// edits of one record), engine-status.ts (status and notices), write-outcomes.ts (a write's
// answer for its caller), engine-core.ts (what they share).

export class SyncEngine extends SyncLoop {
  constructor(user: string, client: QueryClient) {
    super(user, client);
    this.cleanups.push(onServerTime((serverMs) => this.clock.heard(serverMs)));
    this.started = this.start().catch(ignoreStopped);
  }

  private async start() {
    claimBrowserData(this.user);
    await this.dispatch({
      type: 'loaded',
      before: this.entries,
      stored: await this.store.outbox(),
    });
    this.conflicts = await this.store.conflicts();
    this.offered = await readOffer(this);
    this.changed();
    this.sayDamage();
    if (this.channel) {
      this.channel.onmessage = (event) =>
        void this.onBroadcast(event.data as Broadcast).catch(ignoreStopped);
    }
    if (typeof window !== 'undefined') {
      const wake = () => this.wake();
      const visible = () => document.visibilityState === 'visible' && this.wake();
      window.addEventListener('online', wake);
      window.addEventListener('focus', wake);
      document.addEventListener('visibilitychange', visible);
      this.cleanups.push(() => {
        window.removeEventListener('online', wake);
        window.removeEventListener('focus', wake);
        document.removeEventListener('visibilitychange', visible);
      });
    }
    if (this.entries.length) void this.flush();
  }

  // Status, for the navigation bar and the sync dialog.
  subscribe = this.board.subscribe;
  status = this.board.status;
  onNotice(listener: Parameters<EngineCore['board']['onNotice']>[0]) {
    return this.board.onNotice(listener);
  }

  // ---------------------------------------------------------------------------------------
  // Reading.

  /**
   * A value this device keeps for the user beside the lists (the settings), or undefined. It
   * lives in the user's database, so logging out forgets it with everything else.
   */
  async readKept(key: string): Promise<unknown> {
    await this.started;
    return this.store.readKept(key);
  }

  /** Keeps `value` under `key` on this device (the server's copy of it, as last received). */
  async keep(key: string, value: unknown): Promise<void> {
    await this.started;
    await this.store.keep(key, value);
  }

  /** The change numbers the stored copies of `kinds` are current to (0: none stored). */
  async storedCursors(kinds: readonly ResourceName[]): Promise<number[]> {
    await this.started;
    return Promise.all(kinds.map((kind) => this.store.storedCursor(kind)));
  }

  /**
   * Catches `kinds` up with the server; whether any of them changed on this device (false
   * once signed out meanwhile: there is nothing left to show).
   */
  async catchUp(kinds: readonly ResourceName[]): Promise<boolean> {
    try {
      const before = await this.storedCursors(kinds);
      await Promise.all(kinds.map((kind) => this.pull(kind).catch(() => undefined)));
      const after = await this.storedCursors(kinds);
      return after.some((cursor, i) => cursor !== before[i]);
    } catch (error) {
      ignoreStopped(error);
      return false;
    }
  }

  /** Which kinds this device holds a full copy of (the dashboard computes from them). */
  async holds(kinds: readonly ResourceName[]): Promise<boolean> {
    await this.started;
    const stored = await this.store.storedKinds();
    return kinds.every((kind) => stored.has(kind));
  }

  /**
   * One kind's list. A device that holds it answers at once and catches up in the
   * background; one that does not downloads it first (or, offline, shows what it has).
   */
  async list<K extends ResourceName>(kind: K): Promise<ListResult<RecordOf<K>>> {
    const state = await this.state(kind);
    if (state.complete) void this.pull(kind).catch(() => undefined);
    else await this.pull(kind).catch(() => undefined);
    return this.view(kind, state);
  }

  /** `kind`'s list as this device shows it, brought up to date first when asked (an export). */
  async snapshot<K extends ResourceName>(
    kind: K,
    refresh: boolean,
  ): Promise<readonly RecordOf<K>[]> {
    const state = await this.state(kind);
    if (refresh || !state.complete) await this.pull(kind).catch(() => undefined);
    return this.view(kind, state).items;
  }

  // ---------------------------------------------------------------------------------------
  // Writing.

  /** A new record of `kind`, shown at once and sent when the server answers. */
  async create<K extends ResourceName>(kind: K, input: InputOf<K>, how?: CreateOptions) {
    const { entry, record } = await createChange(this, kind, input, how);
    return { record, seq: await this.enqueue(entry) };
  }

  /** A record of `kind` replaced by `input`, made from the version this device shows. */
  async update<K extends ResourceName>(kind: K, id: string, input: InputOf<K>) {
    const { entry, record } = await updateChange(this, kind, id, input);
    return { record, seq: await this.enqueue(entry) };
  }

  /** `record` of `kind` deleted (held back by the kind's declared delay, or `delayMs`). */
  async remove<K extends ResourceName>(kind: K, record: RecordOf<K>, options?: RemoveOptions) {
    return { seq: await this.enqueue(await removeChange(this, kind, record, options)) };
  }

  /** Records of `kind` made together (a bill import): sent in batches, may revive deleted ids. */
  async createMany<K extends ResourceName>(kind: K, inputs: readonly InputOf<K>[]) {
    await this.started;
    return addEntries(this, await createChanges(this, kind, inputs, true));
  }

  /**
   * Records of several kinds brought in together (导入数据, the legacy upload; changes.ts
   * `importChanges`), queued in the order given in one transaction and sent in batches like
   * any write: offline they wait in the outbox and 同步 lists them. Each one's seq, or
   * undefined where the record is not valid (it is not queued).
   */
  async importMany(items: readonly Imported[]): Promise<(number | undefined)[]> {
    await this.started;
    const entries = await importChanges(this, items);
    const queued = entries.filter((e): e is OutboxEntry => e !== undefined);
    const seqs = await addEntries(this, queued);
    let next = 0;
    return entries.map((e) => (e ? seqs[next++] : undefined));
  }

  /** The user's single record of `kind` (the settings) replaced by `record`, already checked. */
  async put(kind: SingleName, record: Record<string, unknown>) {
    return { seq: await this.enqueue(await singleChange(this, kind, record)) };
  }

  /** The device's copy of the single record `kind` with a waiting change on top, if any. */
  async single(kind: SingleName): Promise<Row | undefined> {
    await this.started;
    return waitingSingle(this, kind) ?? (await keptSingle(this, kind));
  }

  /** `record` from the server becomes the device's copy of `kind`, unless it holds a later one. */
  async keepSingle(kind: SingleName, record: object) {
    await this.started;
    await keepSingle(this, kind, record as Row);
  }

  /** The records a restored server lacks uploaded through the outbox, or let go. */
  async answerOffer(upload: boolean) {
    await this.started;
    await answerOffer(this, (kind, inputs) => this.createMany(kind, inputs as never), upload);
  }

  /** What became of changes made together (see WriteOutcomes.settledMany). */
  settledMany = (seqs: readonly number[], each?: EachOutcome, idleMs?: number) =>
    this.outcomes.settledMany(seqs, each, idleMs);

  /** Stores the change in the outbox (merged with waiting ones), shows it, and sends it. */
  private async enqueue(entry: OutboxEntry): Promise<number | undefined> {
    await this.started;
    // Merged, stored in one transaction, then taken in memory, shown and sent (reducer.ts).
    const written = await this.dispatch({ type: 'write', entry });
    return written?.added[0] ?? written?.replaced;
  }

  /**
   * Resolves when the server has taken change `seq`, or when it cannot be reached (the change
   * then waits, saved on the device), or after a while; rejects when the server refuses it,
   * so that a dialog stays open with what was typed.
   */
  settled(seq: number | undefined): Promise<void> {
    return this.outcomes.settled(seq);
  }

  /** Applies a kept edit again (as the newest edit of the record), or lets it go. */
  async settleConflict(key: string, reapply: boolean) {
    const conflict = this.conflicts.find((c) => c.key === key);
    if (!conflict) return;
    const { kind } = conflict;
    if (reapply && isSingle(kind)) await this.put(kind, conflict.lost);
    else if (reapply && !isSingle(kind)) {
      const { id, updatedAt: _u, editedAt: _e, ...fields } = conflict.lost as Row;
      const shown = (await this.list(kind)).items.some((r) => r.id === conflict.id);
      const input = { ...fields, id: conflict.id } as never;
      if (shown) await this.update(kind, id ?? conflict.id, fields as never);
      else await this.create(kind, input, { revives: true });
    }
    await this.store.deleteConflict(key);
    this.conflicts = this.conflicts.filter((c) => c.key !== key);
    this.changed();
  }
}

// -----------------------------------------------------------------------------------------
// One engine per app instance (query client) and signed-in user.

const engines = new WeakMap<QueryClient, SyncEngine>();

/** The signed-in user's engine for this app; started on first use after a sign-in. */
export function engineFor(client: QueryClient): SyncEngine {
  const user = readSession()?.user.username;
  if (!user) throw new ApiError(NOT_LOGGED_IN, 0);
  let engine = engines.get(client);
  if (engine && (engine.user !== user || engine.closed)) {
    engine.close();
    engine = undefined;
  }
  if (!engine) {
    engine = new SyncEngine(user, client);
    engines.set(client, engine);
  }
  return engine;
}

/** Stops the app's engine (the session ended); `erase` also forgets the user's data (logout). */
export async function stopEngine(client: QueryClient, erase: string | null) {
  engines.get(client)?.close();
  engines.delete(client);
  if (erase) await eraseLocalDb(erase);
}
