import type { QueryClient } from '@tanstack/react-query';
import { chainId } from '../domain/asset-versioning';
import { fromColumns } from '../domain/columns';
import { type Reader, readerFor } from '../domain/guard';
import { recordLabel } from '../domain/labels';
import { NOT_LOGGED_IN } from '../domain/messages';
import type { KindSchemas } from '../domain/record-schemas';
import { RECORD_SHAPES } from '../domain/record-shapes';
import { materialise } from '../domain/records';
import {
  childOf,
  type InputOf,
  RESOURCE_NAMES,
  RESOURCES,
  type RecordOf,
  type ResourceName,
  writtenBy,
} from '../domain/resources';
import { SCHEMA_LOADERS } from '../domain/schema-loaders';
import type { Asset } from '../domain/schemas/asset';
import { ApiError, apiRequest } from './http';
import { newId } from './ids';
import { resourceKeys } from './keys';
import { claimBrowserData } from './legacy-data';
import {
  type ConflictEntry,
  eraseLocalDb,
  type LocalDb,
  listJson,
  type OutboxEntry,
  openLocalDb,
} from './local-db';
import { classify, coalesce, effectsOf, type Outcome, overlay } from './outbox';
import { readSession } from './session';
import type { StorageTrouble } from './storage-trouble';

// The local-first data layer (DESIGN.md §1 "Local-first", "Conflicts"). Screens read each list
// from this device's store; a write changes the store at once and waits in a persistent outbox
// that is replayed, in order, whenever the server answers; lists follow the server by delta
// (GET ?since=cursor). The server stays the source of truth: what the device shows is the
// server's records as last received, with the changes still waiting laid on top.

type Row = { id: string } & Record<string, unknown>;

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

export interface SyncStatus {
  /** Whether the last attempt reached the server; null before any. */
  reachable: boolean | null;
  /**
   * Why the server, though it answered, could not serve the last change or list (its database
   * damaged, its disk full): the changes wait as they would offline, until one goes through.
   */
  storage: StorageTrouble | null;
  /** The changes waiting, oldest first. */
  waiting: readonly OutboxEntry[];
  /** Lost edits kept for the user to re-apply or let go. */
  conflicts: readonly ConflictEntry[];
  /** The server refused the session: the waiting changes go at the next sign-in. */
  signInNeeded: boolean;
}

export type Notice = { tone: 'error' | 'info'; message: string };

interface KindState {
  /** The server's records as last received, in the server's order. */
  list: Row[];
  /** The change number `list` is current to as stored: it moves when the list's content does. */
  cursor: number;
  /**
   * The change number the server last answered with for this kind, when later than `cursor`:
   * the change numbers are the server's, one sequence over every kind and user, so most pulls
   * find nothing of this kind but a number that moved on. Only it is kept then (`syncedKey`):
   * storing the list again would serialise all of it (ten years: 9.6 MB of bookkeeping, 0.5 s
   * of a slow phone's main thread) for content that did not change.
   */
  synced?: number;
  /** A full list has been received once (or read back from this device). */
  complete: boolean;
  /** Why the last pull failed. */
  error?: string;
}

/** How long a write waits for the server's answer before it counts as saved on the device. */
const SETTLE_MS = 1500;
/**
 * Waits between tries while the server cannot be reached. Capped at 5 s: a server back from a
 * restart must have every waiting change within 10 s (issue 12), and one small request every
 * 5 s is nothing for a self-hosted server. `online` and focus wake the engine sooner.
 */
const RETRY_MS = [1000, 2000, 5000];
/**
 * Records per page of a full download (issue 16): a server that pages never builds a whole
 * list (39k bookkeeping records at ten years were one 9.6 MB string). 3000 of them in columns
 * are ~0.4 MB of JSON, ~55 KB of brotli. Fewer pages than the 2000 of the record form: ten
 * years take 42 requests instead of 63, each with ~0.8 KB of headers. Not more: serving
 * every list in pages of 5000 (~0.65 MB each) took the server's RSS peak from 101 to 128 MB
 * (budget 120), compressed or not; 3000 and 4000 stayed at 101–102.
 */
const PAGE = 3000;

/** A GET ?since= answer, put together from its pages. */
interface ChangesAnswer {
  records: unknown[];
  deleted: string[];
  cursor: number;
  reset?: boolean;
}
/**
 * One page of it as the server sends it: the records as `columns` (asked for with
 * shape=columns) or, from a server that does not build them, as `records`; `more` and `after`
 * only in a page of a full download.
 */
interface ChangesPage extends Omit<ChangesAnswer, 'records'> {
  records?: unknown[];
  columns?: unknown;
  more?: boolean;
  after?: string;
}

/** A page's records, whichever form they came in. */
function recordsOf(page: ChangesPage): unknown[] {
  if (page.columns === undefined) return Array.isArray(page.records) ? page.records : [];
  const records = fromColumns(page.columns);
  if (!records) throw new Error('服务器返回的数据格式不正确');
  return records;
}

/**
 * What changed in `kind` since `since`. A full download (since 0, or a `reset` answer) comes in
 * pages of PAGE, each after the last one's key and up to the first one's cursor (a snapshot:
 * what changes meanwhile comes by the next delta), and is put together here; the caller stores
 * it once, so a page that fails leaves nothing half-done and the next pull starts over. A
 * server from before paging answers without `more`: its one answer is all of it.
 */
async function fetchChanges(kind: ResourceName, since: number): Promise<ChangesAnswer> {
  // `next`: after which key and up to which cursor, for every page but the first.
  const ask = (from: number, next = '') =>
    apiRequest<ChangesPage>(
      'GET',
      `${RESOURCES[kind].path}?since=${from}&limit=${PAGE}${next}&shape=columns`,
    );
  let page = await ask(since);
  let reset = page.reset === true;
  let records = recordsOf(page);
  while (page.more === true && typeof page.after === 'string') {
    const last = page.after;
    const after = encodeURIComponent(last);
    page = await ask(0, `&after=${after}&upto=${page.cursor}`);
    // The server started over (its history was replaced while this device paged): from scratch.
    if (page.reset === true) {
      records = [];
      reset = true;
    }
    for (const record of recordsOf(page)) records.push(record);
    // A page that does not move on would be asked for again and again.
    if (page.more === true && page.after === last) throw new Error('服务器分页未前进');
  }
  return {
    records,
    deleted: page.deleted ?? [],
    cursor: page.cursor,
    ...(reset ? { reset } : {}),
  };
}

const listKey = (kind: ResourceName) => resourceKeys(kind).list();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A kind's zod schemas, loaded the first time a write of it is validated or a record of it
 * fails its shape's check (guard.ts): not on the way to a screen, where zod's ~95 ms at 1× CPU
 * was the longest task of a first visit; and a kind's alone, not every kind's (schema-loaders.ts).
 * A failed load (a chunk missing offline) is tried again.
 */
const schemasLoads = new Map<ResourceName, Promise<KindSchemas>>();
function loadSchemas(kind: ResourceName): Promise<KindSchemas> {
  let load = schemasLoads.get(kind);
  if (!load) {
    load = SCHEMA_LOADERS[kind]().catch((error: unknown) => {
      schemasLoads.delete(kind);
      throw error;
    });
    schemasLoads.set(kind, load);
  }
  return load;
}

const readers = Object.fromEntries(
  RESOURCE_NAMES.map((kind) => [
    kind,
    readerFor(RECORD_SHAPES[kind], async () => (await loadSchemas(kind)).record),
  ]),
) as Record<ResourceName, Reader<unknown>>;

/** `input` through its kind's schema, or an ApiError naming the first field it refuses. */
async function validated(kind: ResourceName, input: unknown): Promise<Record<string, unknown>> {
  const { input: schema } = await loadSchemas(kind);
  try {
    return schema.parse(input) as Record<string, unknown>;
  } catch (error) {
    throw validationError(error);
  }
}

function validationError(error: unknown): ApiError {
  const issue = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0];
  if (!issue) return new ApiError(error instanceof Error ? error.message : '数据无效', 400);
  const field = issue.path.map(String).join('.');
  return new ApiError(field ? `${field}: ${issue.message}` : issue.message, 400);
}

export class SyncEngine {
  private readonly db: Promise<LocalDb>;
  private readonly started: Promise<void>;
  private readonly kinds = new Map<ResourceName, Promise<KindState>>();
  private entries: OutboxEntry[] = [];
  private conflicts: ConflictEntry[] = [];
  /** The change on its way to the server. */
  private sending: number | undefined;
  private reachable: boolean | null = null;
  private storage: StorageTrouble | null = null;
  private signInNeeded = false;
  private current: SyncStatus;
  private readonly listeners = new Set<() => void>();
  private readonly noticeListeners = new Set<(notice: Notice) => void>();
  /** Writes whose caller waits for the server's word (seq → settle). */
  /**
   * The outcome of each change made in this tab, from the moment it is stored, so that a
   * caller never misses an answer that came before it asked (seq → outcome).
   */
  private readonly outcomes = new Map<number, Outcome_>();
  /** Pulls and replays run one at a time, in this tab and (through a Web Lock) across tabs. */
  private queue: Promise<unknown> = Promise.resolve();
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  /** Actions of which the server refused a part: their other parts are not sent. */
  private readonly refusedGroups = new Set<string>();
  private readonly pulling = new Map<ResourceName, Promise<void>>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  private readonly channel: BroadcastChannel | null;
  private readonly cleanups: (() => void)[] = [];
  closed = false;

  constructor(
    readonly user: string,
    private readonly client: QueryClient,
  ) {
    this.current = this.makeSnapshot();
    this.db = openLocalDb(user);
    this.channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`pms:${user}`);
    this.started = this.start().catch(ignoreStopped);
  }

  private async start() {
    claimBrowserData(this.user);
    const db = await this.open();
    this.entries = await db.getAll('outbox');
    this.conflicts = await db.getAll('conflicts');
    this.changed();
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

  /**
   * The device's database, or a refusal once the engine is stopped (the user signed out): a
   * task still running then must not touch, or reopen, what logout is erasing.
   */
  private async open(): Promise<LocalDb> {
    if (this.closed) throw new EngineStopped();
    const db = await this.db;
    if (this.closed) throw new EngineStopped();
    return db;
  }

  // ---------------------------------------------------------------------------------------
  // Status, for the navigation bar and the sync dialog.

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  status = () => this.current;

  onNotice(listener: (notice: Notice) => void) {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  private notify(notice: Notice) {
    for (const listener of this.noticeListeners) listener(notice);
  }

  private makeSnapshot(): SyncStatus {
    return {
      reachable: this.reachable,
      storage: this.storage,
      waiting: this.entries,
      conflicts: this.conflicts,
      signInNeeded: this.signInNeeded,
    };
  }

  private changed() {
    this.current = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  // ---------------------------------------------------------------------------------------
  // Reading.

  private state(kind: ResourceName): Promise<KindState> {
    let state = this.kinds.get(kind);
    if (!state) {
      state = this.readStored(kind);
      this.kinds.set(kind, state);
    }
    return state;
  }

  private async readStored(kind: ResourceName): Promise<KindState> {
    await this.started;
    const stored = await (await this.open()).get('lists', kind);
    if (!stored) return { list: [], cursor: 0, complete: false };
    let values: unknown;
    try {
      values = JSON.parse(stored.json);
    } catch {
      values = null;
    }
    if (!Array.isArray(values)) {
      console.warn(`[本地数据] ${kind}: 副本无法读取，将从服务器重新下载`);
      return { list: [], cursor: 0, complete: false };
    }
    // Stored by this code (the reader's shape beside it): every record in it passed this check
    // when it came in, and checking 39k again took ~130 ms of the read-back at 4× CPU (a profile).
    // A list stored by another build, or before the shape was kept, is checked.
    const reader = readers[kind];
    const { items, dropped } =
      stored.shape === reader.shape ? { items: values, dropped: 0 } : await reader(values);
    if (dropped) console.warn(`[本地数据] ${kind}: 丢弃 ${dropped} 条无法读取的记录`);
    const synced = await this.syncedCursor(kind);
    return {
      list: items as Row[],
      cursor: stored.cursor,
      // Always named: a state read again over an older one must not keep its number.
      synced: synced > stored.cursor ? synced : undefined,
      complete: true,
    };
  }

  /**
   * A value this device keeps for the user beside the lists (the settings), or undefined. It
   * lives in the user's database, so logging out forgets it with everything else.
   */
  async readKept(key: string): Promise<unknown> {
    await this.started;
    return (await this.open()).get('kv', key);
  }

  /** Keeps `value` under `key` on this device (the server's copy of it, as last received). */
  async keep(key: string, value: unknown): Promise<void> {
    await this.started;
    await (await this.open()).put('kv', value, key);
  }

  /** The change numbers the stored copies of `kinds` are current to (0: none stored). */
  async storedCursors(kinds: readonly ResourceName[]): Promise<number[]> {
    await this.started;
    return Promise.all(kinds.map((kind) => this.storedCursor(kind)));
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
    const stored = new Set(await (await this.open()).getAllKeys('lists'));
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

  private hiddenBy(kind: ResourceName): ((record: Row) => boolean) | undefined {
    const deletes = (k: ResourceName) =>
      this.entries.filter((e) => e.kind === k && e.op === 'delete');
    if (kind === 'assets') {
      // Deleting an asset deletes its chain (DESIGN §1): every version goes with the latest.
      const chains = new Set(
        deletes('assets').map((e) => chainId((e.record ?? { id: e.id }) as Asset)),
      );
      return chains.size ? (r) => chains.has(chainId(r as unknown as Asset)) : undefined;
    }
    const parent = (RESOURCES[kind] as { parent?: { kind: ResourceName; field: string } }).parent;
    if (parent) {
      const gone = new Set(deletes(parent.kind).map((e) => e.id));
      return gone.size ? (r) => gone.has(r[parent.field] as string) : undefined;
    }
    return undefined;
  }

  private view<K extends ResourceName>(kind: K, state: KindState): ListResult<RecordOf<K>> {
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

  /** Shows the current state of `kinds` on every screen that has them open. */
  private async refresh(kinds: Iterable<ResourceName>) {
    const all = new Set<ResourceName>();
    for (const kind of kinds) {
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

  // ---------------------------------------------------------------------------------------
  // Writing.

  /** A new record of `kind`, shown at once and sent when the server answers. */
  async create<K extends ResourceName>(kind: K, input: InputOf<K>, group?: string) {
    const data = await validated(kind, input);
    const id = (data.id as string | undefined) ?? newId();
    const now = new Date().toISOString();
    const record = materialise(kind, { ...data, editedAt: now } as never, { id, now }) as Row;
    const seq = await this.enqueue({
      kind,
      op: 'create',
      id,
      record,
      label: recordLabel(kind, record),
      editedAt: now,
      group,
    });
    return { record: record as RecordOf<K>, seq };
  }

  /** A record of `kind` replaced by `input`, made from the version this device shows. */
  async update<K extends ResourceName>(kind: K, id: string, input: InputOf<K>) {
    const data = await validated(kind, input);
    const state = await this.state(kind);
    const shown = this.view(kind, state).items.find((r) => r.id === id) as Row | undefined;
    const now = new Date().toISOString();
    const record = materialise(kind, { ...data, editedAt: now } as never, {
      id,
      now,
      existing: shown as never,
    }) as Row;
    const seq = await this.enqueue({
      kind,
      op: 'update',
      id,
      record,
      base: this.serverVersion(state, id),
      label: recordLabel(kind, record),
      editedAt: now,
    });
    return { record: record as RecordOf<K>, seq };
  }

  /** `record` of `kind` deleted; `delayMs` holds the request back (the check-in toggle's 50 ms). */
  async remove<K extends ResourceName>(
    kind: K,
    record: RecordOf<K>,
    { delayMs = 0, group }: { delayMs?: number; group?: string } = {},
  ) {
    const state = await this.state(kind);
    const now = new Date().toISOString();
    const seq = await this.enqueue({
      kind,
      op: 'delete',
      id: record.id,
      record: record as unknown as Row,
      base: this.serverVersion(state, record.id),
      label: recordLabel(kind, record),
      editedAt: now,
      notBefore: delayMs ? Date.now() + delayMs : undefined,
      group,
    });
    return { seq };
  }

  private serverVersion(state: KindState, id: string): string | undefined {
    const updatedAt = state.list.find((r) => r.id === id)?.updatedAt;
    return typeof updatedAt === 'string' && updatedAt ? updatedAt : undefined;
  }

  /** Stores the change in the outbox (merged with waiting ones), shows it, and sends it. */
  private async enqueue(entry: OutboxEntry): Promise<number | undefined> {
    await this.started;
    const { drop, replace, add } = coalesce(this.entries, entry, this.sending);
    const db = await this.open();
    const tx = db.transaction('outbox', 'readwrite');
    for (const seq of drop) void tx.store.delete(seq);
    if (replace) void tx.store.put(replace);
    const added = add ? await tx.store.add(add) : undefined;
    await tx.done;
    const dropped = new Set(drop);
    this.entries = this.entries
      .filter((e) => !dropped.has(e.seq!))
      .map((e) => (replace && e.seq === replace.seq ? replace : e));
    if (add) {
      this.entries = [...this.entries, { ...add, seq: added }];
      this.outcomes.set(added!, pendingOutcome());
    }
    this.changed();
    await this.refresh([entry.kind]);
    this.broadcast({ type: 'outbox' });
    void this.flush();
    return added ?? replace?.seq;
  }

  /**
   * Resolves when the server has taken change `seq`, or when it cannot be reached (the change
   * then waits, saved on the device), or after SETTLE_MS; rejects when the server refuses it,
   * so that a dialog stays open with what was typed.
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
  private release(seq: number, error?: Error): boolean {
    const outcome = this.outcomes.get(seq);
    if (!outcome || outcome.settled) return false;
    outcome.settled = true;
    if (error) outcome.fail(error);
    else outcome.done();
    if (outcome.asked || outcome.abandoned) this.outcomes.delete(seq);
    return !outcome.abandoned;
  }

  // ---------------------------------------------------------------------------------------
  // Talking to the server: one at a time, across tabs.

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const locked = () =>
      typeof navigator !== 'undefined' && navigator.locks
        ? (navigator.locks.request(`pms:${this.user}`, task) as Promise<T>)
        : task();
    const run = this.queue.then(locked, locked);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Catches up with the server: the waiting changes first, then `kinds`' lists. */
  wake() {
    if (this.closed) return;
    void this.flush().then(async () => {
      // The lists this page holds, and those whose download failed: a screen opened while the
      // server was away shows its list once the server answers, without a focus or a reload.
      // (A list only read for a write stays for holdEverything to download.) A failed pull has
      // recorded its error and planned its retry: nothing is left to handle.
      for (const [kind, state] of this.kinds) {
        const { complete, error } = await state;
        if (complete || error !== undefined) void this.pull(kind).catch(() => undefined);
      }
    });
  }

  private scheduleRetry() {
    clearTimeout(this.retryTimer);
    const wait = RETRY_MS[Math.min(this.retries, RETRY_MS.length - 1)]!;
    this.retries += 1;
    this.retryTimer = setTimeout(() => this.wake(), wait);
  }

  /** `storage`: why a server that answered could not serve; cleared by any other outcome. */
  private setReachable(reachable: boolean, storage: StorageTrouble | null = null) {
    if (reachable) this.retries = 0;
    if (
      this.reachable === reachable &&
      this.storage?.reason === storage?.reason &&
      this.storage?.message === storage?.message
    ) {
      return;
    }
    this.reachable = reachable;
    this.storage = storage;
    this.changed();
  }

  /** Brings one kind's list up to the server's (a delta, or everything the first time). */
  pull(kind: ResourceName): Promise<void> {
    let pulling = this.pulling.get(kind);
    if (pulling) return pulling;
    pulling = this.exclusive(() => this.pullNow(kind).catch(ignoreStopped)).finally(() =>
      this.pulling.delete(kind),
    );
    this.pulling.set(kind, pulling);
    return pulling;
  }

  /** Every record of `kind` downloaded afresh (从云端下载数据); how many there are. */
  async download(kind: ResourceName): Promise<number> {
    await this.pulling.get(kind);
    await this.exclusive(() => this.pullNow(kind, true));
    return (await this.state(kind)).list.length;
  }

  /**
   * Downloads, one kind after another, every list this device does not hold yet, so that a
   * screen never opened still shows its records when the server goes away later (issue 12).
   * Started when the browser is idle after sign-in: a device pays for it once, later visits
   * pull only what changed. Stops at the first sign that the server cannot be reached.
   */
  async holdEverything() {
    try {
      // Which kinds are stored is a key lookup: reading a stored list would parse all of it.
      await this.started;
      const stored = new Set(await (await this.open()).getAllKeys('lists'));
      for (const kind of RESOURCE_NAMES) {
        if (this.closed || this.reachable === false) return;
        if (stored.has(kind) && !this.kinds.has(kind)) continue;
        if (!(await this.state(kind)).complete) await this.pull(kind).catch(() => undefined);
      }
    } catch (error) {
      ignoreStopped(error);
    }
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

  private async pullNow(kind: ResourceName, full = false): Promise<void> {
    if (this.closed) return;
    const stored = await this.storedCursor(kind);
    // A list this page has not read yet is not read to ask what changed: its stored cursor is
    // enough, and on most visits nothing has (at ten years reading one list back costs up to
    // 130 ms of a slow phone's main thread). It is read once there is something to apply.
    const loaded = this.kinds.get(kind);
    const known = loaded ? await loaded : undefined;
    // Another tab may have caught up meanwhile: start from what the device holds now.
    if (known && stored > known.cursor) Object.assign(known, await this.readStored(kind));
    const held = known ? known.complete : stored > 0;
    // The copy held is the stored one (or newer, unstored): the number some tab last heard
    // for it stands for this copy too.
    const since =
      held && !full ? Math.max(await this.syncedCursor(kind), known ? syncedOf(known) : stored) : 0;
    let answer: ChangesAnswer;
    try {
      answer = await fetchChanges(kind, since);
    } catch (error) {
      const outcome = classify({ kind, op: 'create', id: '', label: '', editedAt: '' }, error);
      if (outcome.type === 'unauthorized') this.signInNeeded = true;
      // A list nobody has read on this page has no screen to tell (one read while this was
      // on its way has).
      const state = known ?? (await this.kinds.get(kind));
      if (state) state.error = error instanceof Error ? error.message : String(error);
      if (outcome.type === 'unreachable') {
        this.setReachable(false, outcome.storage);
        this.scheduleRetry();
      }
      this.changed();
      if (state) await this.refresh([kind]);
      throw error;
    }
    const unchanged =
      since > 0 &&
      answer.reset !== true &&
      (answer.records?.length ?? 0) === 0 &&
      (answer.deleted?.length ?? 0) === 0;
    // Nothing of this kind changed (most visits): the stored copy stands as it is.
    if (unchanged)
      return this.standsAsStored(kind, known ?? (await this.kinds.get(kind)), answer.cursor, since);
    const state = known ?? (await this.state(kind));
    // The copy read now is not the one the question was asked from (it could not be read back,
    // or another tab stored a newer one in between): ask again from what it is.
    if (state !== known && since > 0 && (!state.complete || syncedOf(state) !== since)) {
      return this.pullNow(kind, full);
    }
    const { items, dropped } = await readers[kind](
      Array.isArray(answer.records) ? answer.records : [],
    );
    if (dropped) console.warn(`[同步] ${kind}: 服务器返回的 ${dropped} 条记录无法读取，已忽略`);
    // Only this device's own writes came back, as they were applied when the server took them
    // (after every write, the next pull): the copy stands as it is too.
    if (
      since > 0 &&
      answer.reset !== true &&
      state.complete &&
      holdsAlready(state.list, items as Row[], answer.deleted ?? [])
    ) {
      return this.standsAsStored(kind, state, answer.cursor, since);
    }
    // `reset`: the server's database was restored from a backup since this device's cursor was
    // handed out, and this is its whole list: what the device holds is no base to apply it on.
    state.list =
      since === 0 || answer.reset === true
        ? (items as Row[])
        : merge(state.list, items as Row[], answer.deleted ?? []);
    state.cursor = answer.cursor;
    state.synced = undefined;
    state.complete = true;
    state.error = undefined;
    // A list came down; whether the server can store again only a change that goes up tells
    // (a full disk still serves what it holds).
    this.setReachable(true, this.storage);
    await this.persist([kind]);
    await this.refresh([kind]);
  }

  /**
   * The server answered with nothing the stored copy of `kind` lacks. Writing it again would
   * serialise the whole list (39k bookkeeping records at ten years) for nothing, and move the
   * number figures kept from it are checked against (api/dashboard.ts); a change number that
   * moved on is kept beside it instead.
   */
  private async standsAsStored(
    kind: ResourceName,
    state: KindState | undefined,
    cursor: number,
    since: number,
  ): Promise<void> {
    if (cursor > since) {
      await (await this.open()).put('kv', cursor, syncedKey(kind));
      if (state) state.synced = cursor;
    }
    const hadError = state?.error !== undefined;
    if (state) state.error = undefined;
    this.setReachable(true, this.storage);
    if (hadError) await this.refresh([kind]);
  }

  /**
   * The change number the stored copy of `kind` is current to. It is kept beside the list as
   * well, so that finding it out reads a number: reading the list would deserialise all of it
   * (at ten years 9.6 MB of bookkeeping JSON, 35–130 ms) on every pull.
   */
  private async storedCursor(kind: ResourceName): Promise<number> {
    const db = await this.open();
    const kept = await db.get('kv', cursorKey(kind));
    if (typeof kept === 'number') return kept;
    // A copy stored before the cursor was kept beside it.
    return (await db.get('lists', kind))?.cursor ?? 0;
  }

  /** The change number the server last answered for `kind` with nothing to apply (0: none). */
  private async syncedCursor(kind: ResourceName): Promise<number> {
    const kept = await (await this.open()).get('kv', syncedKey(kind));
    return typeof kept === 'number' ? kept : 0;
  }

  private async persist(kinds: Iterable<ResourceName>, done: number[] = []) {
    if (this.closed) return;
    // Everything is read before the transaction opens: one that waits on anything else commits.
    const lists = [];
    for (const kind of kinds) {
      const state = await this.state(kind);
      if (!state.complete) continue;
      // The list and its numbers as they are now; serialising it yields, and a later change
      // (the lock keeps another pull or replay out) only replaces `state.list`.
      const { list, cursor } = state;
      const synced = syncedOf(state);
      lists.push({ kind, cursor, synced, json: await listJson(list), shape: readers[kind].shape });
    }
    const db = await this.open();
    const tx = db.transaction(['lists', 'outbox', 'kv'], 'readwrite');
    for (const { synced, ...list } of lists) {
      void tx.objectStore('lists').put(list);
      void tx.objectStore('kv').put(list.cursor, cursorKey(list.kind));
      void tx.objectStore('kv').put(synced, syncedKey(list.kind));
    }
    for (const seq of done) void tx.objectStore('outbox').delete(seq);
    await tx.done;
    this.broadcast({ type: 'lists', kinds: lists.map((l) => l.kind) });
  }

  /**
   * Replays the waiting changes in order until none is left or the server stops answering. A
   * change made while a replay is finishing starts another one after it.
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = this.exclusive(() => this.flushNow().catch(ignoreStopped)).finally(() => {
      this.flushing = null;
      if (this.flushAgain && !this.closed) {
        this.flushAgain = false;
        void this.flush();
      }
    });
    return this.flushing;
  }

  private async flushNow() {
    // Another tab may have sent or added changes.
    this.entries = await (await this.open()).getAll('outbox');
    const touched = new Set<ResourceName>();
    const done: number[] = [];
    try {
      while (!this.closed) {
        const entry = this.entries.find((e) => !done.includes(e.seq!));
        if (!entry) break;
        if (entry.notBefore && entry.notBefore > Date.now()) {
          await sleep(entry.notBefore - Date.now());
          continue;
        }
        // Part of an action the server refused: it goes with it, unsent.
        if (entry.group && this.refusedGroups.has(entry.group)) {
          this.release(entry.seq!, new ApiError('同一操作的另一部分被服务器拒绝', 400));
          done.push(entry.seq!);
          this.entries = this.entries.filter((e) => e.seq !== entry.seq);
          this.changed();
          await this.refresh([entry.kind]);
          continue;
        }
        this.sending = entry.seq;
        let outcome: Outcome;
        try {
          outcome = { type: 'confirmed', record: await this.send(entry) };
        } catch (error) {
          outcome = classify(entry, error);
        } finally {
          this.sending = undefined;
        }
        if (outcome.type === 'unreachable') {
          this.setReachable(false, outcome.storage);
          this.scheduleRetry();
          // The change is saved on the device: its caller need not wait any longer.
          for (const e of this.entries) this.release(e.seq!);
          break;
        }
        if (outcome.type === 'unauthorized') {
          this.signInNeeded = true;
          this.changed();
          break;
        }
        this.setReachable(true);
        const state = await this.state(entry.kind);
        touched.add(entry.kind);
        if (outcome.type === 'conflict') {
          const resend = await this.resolve(entry, outcome.current, state);
          if (resend) continue;
        } else if (outcome.type === 'missing') {
          await this.keepConflict(entry, entry.record ?? {}, 'deleted');
          this.notify({
            tone: 'info',
            message: `「${entry.label}」已在另一台设备上删除，本机的修改已保留在“同步”中，可重新应用或放弃`,
          });
          this.release(entry.seq!);
        } else if (outcome.type === 'rejected') {
          const error = new ApiError(outcome.message, 400);
          if (!this.release(entry.seq!, error)) {
            this.notify({
              tone: 'error',
              message: `「${entry.label}」未能同步，已撤销：${outcome.message}`,
            });
          }
          // The rest of the same action goes with it (an asset version's history entry), also
          // a part still to be stored.
          if (entry.group) this.refusedGroups.add(entry.group);
          for (const other of this.entries) {
            if (entry.group && other.group === entry.group && other.seq !== entry.seq) {
              done.push(other.seq!);
              this.release(other.seq!, error);
            }
          }
          this.entries = this.entries.filter((e) => !done.includes(e.seq!));
        } else {
          applyConfirmed(state, entry, outcome.record);
          this.release(entry.seq!);
        }
        done.push(entry.seq!);
        this.entries = this.entries.filter((e) => e.seq !== entry.seq);
        this.changed();
        await this.refresh([entry.kind]);
      }
    } finally {
      if (done.length || touched.size) await this.persist(touched, done);
      this.changed();
    }
    this.followServerWrites(touched);
  }

  /**
   * The server writes records of its own in answer to some writes (a 周期记账 template's due
   * 记账 entries): the lists of those kinds that this device holds catch up by delta, after
   * the replay (the pull waits its turn behind it).
   */
  private followServerWrites(kinds: Iterable<ResourceName>) {
    const follow = new Set([...kinds].flatMap(writtenBy));
    for (const kind of follow) {
      const state = this.kinds.get(kind);
      if (!state) continue;
      void state.then((s) => (s.complete ? this.pull(kind) : undefined)).catch(() => undefined);
    }
  }

  private send(entry: OutboxEntry): Promise<Row | null> {
    const { path } = RESOURCES[entry.kind];
    const item = `${path}/${encodeURIComponent(entry.id)}`;
    const ifMatch: Record<string, string> = entry.base ? { 'If-Match': `"${entry.base}"` } : {};
    if (entry.op === 'create') return apiRequest<Row>('POST', path, entry.record);
    if (entry.op === 'update') {
      // The path names the record; the body carries its fields.
      const { id: _id, ...fields } = entry.record ?? {};
      return apiRequest<Row>('PUT', item, fields, ifMatch);
    }
    return apiRequest<null>('DELETE', item, undefined, ifMatch);
  }

  /**
   * Another device changed the record since this device's version (409). The later edit by
   * the editors' own clocks wins on both devices; the other is kept for the user. Returns
   * whether this device's change is to be sent again (it won).
   */
  private async resolve(entry: OutboxEntry, current: Row, state: KindState): Promise<boolean> {
    const theirs = typeof current.editedAt === 'string' ? current.editedAt : '';
    // This device's own write came back (a replay after a lost answer): it is done.
    if (theirs === entry.editedAt) {
      applyConfirmed(state, entry, entry.op === 'delete' ? null : current);
      this.release(entry.seq!);
      return false;
    }
    if (entry.editedAt > theirs) {
      await this.keepConflict(entry, current, 'superseded');
      this.notify({
        tone: 'info',
        message: `「${entry.label}」在另一台设备上也被修改，已保留本机较晚的修改；另一份保存在“同步”中`,
      });
      const rebased = { ...entry, base: current.updatedAt as string };
      await (await this.open()).put('outbox', rebased);
      this.entries = this.entries.map((e) => (e.seq === entry.seq ? rebased : e));
      return true;
    }
    applyConfirmed(state, { ...entry, op: 'update' }, current);
    await this.keepConflict(entry, entry.record ?? {}, 'superseded');
    this.notify({
      tone: 'info',
      message: `「${entry.label}」在另一台设备上有较晚的修改，已采用它；本机的修改保存在“同步”中`,
    });
    this.release(entry.seq!);
    return false;
  }

  private async keepConflict(
    entry: OutboxEntry,
    lost: Record<string, unknown>,
    reason: ConflictEntry['reason'],
  ) {
    // Named by what was kept: after a conflict this device won, that is the other device's
    // version, which the user must recognise to decide whether to apply it again.
    const named = reason === 'deleted' ? entry.label : recordLabel(entry.kind, lost);
    const conflict: ConflictEntry = {
      key: `${entry.kind}:${entry.id}:${entry.editedAt}`,
      kind: entry.kind,
      id: entry.id,
      label: named === '一条记录' ? entry.label : named,
      lost,
      reason,
      at: new Date().toISOString(),
    };
    await (await this.open()).put('conflicts', conflict);
    this.conflicts = [...this.conflicts.filter((c) => c.key !== conflict.key), conflict];
    this.changed();
  }

  /** Applies a kept edit again (as the newest edit of the record), or lets it go. */
  async settleConflict(key: string, reapply: boolean) {
    const conflict = this.conflicts.find((c) => c.key === key);
    if (!conflict) return;
    if (reapply) {
      const { id, updatedAt: _u, editedAt: _e, ...fields } = conflict.lost as Row;
      const shown = (await this.list(conflict.kind)).items.some((r) => r.id === conflict.id);
      if (shown) await this.update(conflict.kind, id ?? conflict.id, fields as never);
      else await this.create(conflict.kind, { ...fields, id: conflict.id } as never);
    }
    await (await this.open()).delete('conflicts', key);
    this.conflicts = this.conflicts.filter((c) => c.key !== key);
    this.changed();
  }

  // ---------------------------------------------------------------------------------------
  // Tabs.

  private broadcast(message: Broadcast) {
    if (!this.closed) this.channel?.postMessage(message);
  }

  private async onBroadcast(message: Broadcast) {
    if (this.closed) return;
    if (message.type === 'outbox') {
      this.entries = await (await this.open()).getAll('outbox');
      this.conflicts = await (await this.open()).getAll('conflicts');
      this.changed();
      await this.refresh(new Set(this.entries.map((e) => e.kind)));
      return;
    }
    for (const kind of message.kinds) {
      if (!this.kinds.has(kind)) continue;
      const state = await this.state(kind);
      Object.assign(state, await this.readStored(kind));
    }
    this.entries = await (await this.open()).getAll('outbox');
    this.changed();
    await this.refresh(message.kinds);
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    for (const cleanup of this.cleanups) cleanup();
    this.channel?.close();
    void this.db.then((db) => db.close());
    for (const seq of [...this.outcomes.keys()]) this.release(seq);
  }
}

type Broadcast = { type: 'outbox' } | { type: 'lists'; kinds: ResourceName[] };

/** Work the engine was doing when its user signed out: dropped, not an error. */
class EngineStopped extends Error {
  constructor() {
    super('已退出登录');
  }
}

interface Outcome_ {
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

/** Where the stored copy's cursor is kept beside it (see `storedCursor`). */
const cursorKey = (kind: ResourceName) => `cursor:${kind}`;
/** Where the last change number heard for a kind is kept (see `KindState.synced`). */
const syncedKey = (kind: ResourceName) => `synced:${kind}`;
/** The change number to ask the server from for what `state` holds. */
const syncedOf = (state: KindState) => Math.max(state.cursor, state.synced ?? 0);

function ignoreStopped(error: unknown): void {
  if (!(error instanceof EngineStopped)) throw error;
}

function pendingOutcome(): Outcome_ {
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

/** A delta laid on a list: replaced in place, added at the end, deleted ids removed. */
function merge(list: readonly Row[], changed: readonly Row[], deleted: readonly string[]): Row[] {
  // One pass over the list against the delta's ids: a delta is a few records, the list up to
  // 39k, and a map of the list's ids cost a slow phone 100 ms on every write confirmed.
  const incoming = new Map<string, Row>();
  for (const record of changed) incoming.set(record.id, record);
  let out = list.slice();
  if (incoming.size) {
    for (let i = 0; i < out.length; i++) {
      const replacement = incoming.get(out[i]!.id);
      if (replacement === undefined) continue;
      out[i] = replacement;
      incoming.delete(replacement.id);
    }
    // What is left is new.
    for (const record of incoming.values()) out.push(record);
  }
  if (deleted.length) {
    const gone = new Set(deleted);
    out = out.filter((r) => !gone.has(r.id));
  }
  return out;
}

/**
 * Whether applying a delta would leave `list` as it is: every record it brings is held as it
 * is, and none it deletes is held. One pass, as in `merge`.
 */
function holdsAlready(
  list: readonly Row[],
  changed: readonly Row[],
  deleted: readonly string[],
): boolean {
  const incoming = new Map<string, Row>();
  for (const record of changed) incoming.set(record.id, record);
  const gone = new Set(deleted);
  let found = 0;
  for (const held of list) {
    if (gone.has(held.id)) return false;
    const record = incoming.get(held.id);
    if (record === undefined) continue;
    if (!sameRecord(record, held)) return false;
    found += 1;
  }
  return found === incoming.size;
}

/** Field by field: a write's answer and a list's row may name the fields in another order. */
function sameRecord(a: Row, b: Row): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/** The server took `entry`: its answer becomes the device's copy of the server's record. */
function applyConfirmed(state: KindState, entry: OutboxEntry, record: Row | null) {
  if (entry.op === 'delete') {
    const gone =
      entry.kind === 'assets'
        ? (r: Row) =>
            chainId(r as unknown as Asset) === chainId((entry.record ?? { id: entry.id }) as Asset)
        : (r: Row) => r.id === entry.id;
    state.list = state.list.filter((r) => !gone(r));
    return;
  }
  if (record) state.list = merge(state.list, [record], []);
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
