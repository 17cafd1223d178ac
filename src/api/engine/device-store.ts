import { editOrder } from '../../domain/hlc';
import type { ResourceName } from '../../domain/resources';
import { coveredBy, type Row } from './delta';
import {
  type ConflictEntry,
  type Healed,
  isEntry,
  type LocalDb,
  listJson,
  type OutboxEntry,
  openLocalDb,
} from './local-db';
import { readers } from './record-check';

// The engine's side of the device's IndexedDB (local-db.ts): each kind's list as the server
// last sent it with the change numbers beside it, the outbox, the kept conflicts, and values
// kept for the user. Nothing here talks to the server.

export interface KindState {
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
  /**
   * The records that answers to this device's writes changed in `list` since `cursor` last
   * moved: each id with the row `list` holds for it now, or null where it holds none. The next
   * pull brings those writes back, and telling that it brings nothing new then takes a look-up
   * per record instead of a pass over the list (at ten years 40k check-ins, 36 ms of a slow
   * phone's main thread). Stored beside the list (`landedHolds`), where telling it so needs
   * no read of the list either (the tasks alone are 63 ms).
   */
  touched?: Map<string, Row | null>;
  /** Why the last pull failed. */
  error?: string;
}

/**
 * Notes what an answer to this device's writes left in `state.list` (`KindState.touched`):
 * the rows it laid on it, and the ids of those it took off.
 */
export function touch(state: KindState, rows: readonly Row[], gone: readonly string[] = []) {
  state.touched ??= new Map();
  for (const row of rows) state.touched.set(row.id, row);
  for (const id of gone) state.touched.set(id, null);
}

/** The change number to ask the server from for what `state` holds. */
export const syncedOf = (state: KindState) => Math.max(state.cursor, state.synced ?? 0);

/** Where the stored copy's cursor is kept beside it (see `storedCursor`). */
const cursorKey = (kind: ResourceName) => `cursor:${kind}`;
/** Where the last change number heard for a kind is kept (see `KindState.synced`). */
const syncedKey = (kind: ResourceName) => `synced:${kind}`;

/** Where the rows of `KindState.touched` are kept beside the stored list. */
const landedKey = (kind: ResourceName) => `landed:${kind}`;

/**
 * `KindState.touched` as stored beside the list, in the transaction that stores it, with the
 * cursor of the list it belongs to (a Map is stored as it is: IndexedDB clones it).
 */
interface Landed {
  cursor: number;
  touched: Map<string, Row | null>;
}

const isLanded = (value: unknown): value is Landed =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Landed).cursor === 'number' &&
  (value as Landed).touched instanceof Map;

/** Work the engine was doing when its user signed out: dropped, not an error. */
export class EngineStopped extends Error {
  constructor() {
    super('已退出登录');
  }
}

export function ignoreStopped(error: unknown): void {
  if (!(error instanceof EngineStopped)) throw error;
}

/** A list as `DeviceStore.write` stores it: serialised, with its numbers (structured-cloneable). */
export interface SerialisedList {
  kind: ResourceName;
  cursor: number;
  synced: number;
  landed?: Landed;
  json: string;
  shape: string;
}

/**
 * The complete ones of `states` serialised for `DeviceStore.write`. Everything is read before
 * the transaction opens: one that waits on anything else commits. Runs in the fill worker too.
 */
export async function serialise(states: [ResourceName, KindState][]): Promise<SerialisedList[]> {
  const lists: SerialisedList[] = [];
  for (const [kind, state] of states) {
    if (!state.complete) continue;
    // The list and its numbers as they are now; serialising it yields, and a later change
    // (the lock keeps another pull or replay out) only replaces `state.list`.
    const { list, cursor } = state;
    const synced = syncedOf(state);
    // Taken with the list, before serialising it yields: an answer applied meanwhile is in
    // neither.
    const landed: Landed | undefined = state.touched?.size
      ? { cursor, touched: new Map(state.touched) }
      : undefined;
    const json = await listJson(list);
    lists.push({ kind, cursor, synced, landed, json, shape: readers[kind].shape });
  }
  return lists;
}

export class DeviceStore {
  private readonly db: Promise<LocalDb>;
  closed = false;
  /** The damaged copy this one was rebuilt from, when it had to be (local-db.ts). */
  healed: Healed | null = null;
  /** Stored changes that cannot be read (not sent, not dropped: reported). */
  unreadable = 0;

  constructor(user: string) {
    this.db = openLocalDb(user, (healed) => {
      this.healed = healed;
    });
  }

  /**
   * The device's database, or a refusal once the engine is stopped (the user signed out): a
   * task still running then must not touch, or reopen, what logout is erasing.
   */
  async open(): Promise<LocalDb> {
    if (this.closed) throw new EngineStopped();
    const db = await this.db;
    if (this.closed) throw new EngineStopped();
    return db;
  }

  close() {
    this.closed = true;
    void this.db.then((db) => db.close());
  }

  /** `kind`'s list as stored, or an empty, incomplete one when none is (or it is unreadable). */
  async readList(kind: ResourceName): Promise<KindState> {
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
    const landed = await (await this.open()).get('kv', landedKey(kind));
    return {
      list: items as Row[],
      cursor: stored.cursor,
      // Always named: a state read again over an older one must not keep its number.
      synced: synced > stored.cursor ? synced : undefined,
      complete: true,
      touched: isLanded(landed) && landed.cursor === stored.cursor ? landed.touched : undefined,
    };
  }

  /**
   * The change number the stored copy of `kind` is current to. It is kept beside the list as
   * well, so that finding it out reads a number: reading the list would deserialise all of it
   * (at ten years 9.6 MB of bookkeeping JSON, 35–130 ms) on every pull.
   */
  async storedCursor(kind: ResourceName): Promise<number> {
    const db = await this.open();
    const kept = await db.get('kv', cursorKey(kind));
    if (typeof kept === 'number') return kept;
    // A copy stored before the cursor was kept beside it.
    return (await db.get('lists', kind))?.cursor ?? 0;
  }

  /** The change number the server last answered for `kind` with nothing to apply (0: none). */
  async syncedCursor(kind: ResourceName): Promise<number> {
    const kept = await (await this.open()).get('kv', syncedKey(kind));
    return typeof kept === 'number' ? kept : 0;
  }

  async keepSynced(kind: ResourceName, cursor: number) {
    await (await this.open()).put('kv', cursor, syncedKey(kind));
  }

  /**
   * Whether the stored copy of `kind` holds `changed` as they are and lacks `deleted`, told
   * from the rows its own writes left (`KindState.touched`) without reading the list: false
   * when they do not cover the answer, and the list must be read to apply it.
   */
  async landedHolds(kind: ResourceName, changed: readonly Row[], deleted: readonly string[]) {
    const tx = (await this.open()).transaction('kv');
    const [cursor, landed] = await Promise.all([
      tx.store.get(cursorKey(kind)),
      tx.store.get(landedKey(kind)),
    ]);
    return (
      isLanded(landed) && landed.cursor === cursor && coveredBy(landed.touched, changed, deleted)
    );
  }

  /** The kinds of which a list is stored: a key lookup, no list is read. */
  async storedKinds(): Promise<Set<string>> {
    return new Set(await (await this.open()).getAllKeys('lists'));
  }

  /**
   * Stores the complete ones of `states` and removes the changes `done` from the outbox, in one
   * transaction: a list and the changes it now includes never disagree after a crash.
   */
  async persist(
    states: [ResourceName, KindState][],
    done: readonly number[],
    sentAs?: ReadonlyMap<number, string>,
  ) {
    if (this.closed) return [];
    return this.write(await serialise(states), done, sentAs);
  }

  /**
   * Lists made ready by `serialise` stored, and the changes `done` removed from the outbox, in
   * one transaction. Only the page calls it: the fill worker hands its lists over
   * (device-fill.ts), so the device's copy has one writer.
   */
  async write(
    lists: readonly SerialisedList[],
    done: readonly number[],
    sentAs?: ReadonlyMap<number, string>,
  ) {
    const db = await this.open();
    const tx = db.transaction(['lists', 'outbox', 'kv'], 'readwrite');
    // A change another tab merged an edit into while this one sent it stays (it goes again,
    // with the edit): dropped, the edit was lost (engine-concurrency.test.ts, a second tab).
    const changed = new Set<number>();
    for (const seq of done) {
      const sent = sentAs?.get(seq);
      if (sent === undefined) continue;
      const now = await tx.objectStore('outbox').get(seq);
      if (now !== undefined && editOrder(now) !== sent) changed.add(seq);
    }
    for (const { synced, landed, ...list } of lists) {
      void tx.objectStore('lists').put(list);
      void tx.objectStore('kv').put(list.cursor, cursorKey(list.kind));
      void tx.objectStore('kv').put(synced, syncedKey(list.kind));
      if (landed) void tx.objectStore('kv').put(landed, landedKey(list.kind));
      else void tx.objectStore('kv').delete(landedKey(list.kind));
    }
    for (const seq of done) if (!changed.has(seq)) void tx.objectStore('outbox').delete(seq);
    await tx.done;
    return lists.map((l) => l.kind);
  }

  /** The waiting changes that can be sent; how many cannot is kept in `unreadable`. */
  async outbox(): Promise<OutboxEntry[]> {
    const rows: unknown[] = await (await this.open()).getAll('outbox');
    const entries = rows.filter(isEntry);
    this.unreadable = rows.length - entries.length;
    return entries;
  }

  /**
   * One change merged into the outbox (outbox.ts `coalesce`); the seq of the one added. The
   * merge holds only if the entries it merged into are stored as this tab knew them
   * (`guard.mergedInto`): another tab may have marked one as sent, or finished it, meanwhile,
   * and a merge into it would be lost. Then the change is stored alone (`guard.alone`), after
   * them, in the same transaction, and `merged` is false.
   */
  async writeOutbox(
    drop: readonly number[],
    replace?: OutboxEntry,
    add?: OutboxEntry,
    guard?: { mergedInto: readonly OutboxEntry[]; alone: OutboxEntry },
  ): Promise<{ added: number | undefined; merged: boolean }> {
    const tx = (await this.open()).transaction('outbox', 'readwrite');
    if (guard?.mergedInto.length) {
      const now = await Promise.all(guard.mergedInto.map((e) => tx.store.get(e.seq!)));
      const same = now.every(
        (e, i) => e !== undefined && JSON.stringify(e) === JSON.stringify(guard.mergedInto[i]),
      );
      if (!same) {
        const added = await tx.store.add(guard.alone);
        await tx.done;
        return { added, merged: false };
      }
    }
    for (const seq of drop) void tx.store.delete(seq);
    if (replace) void tx.store.put(replace);
    const added = add ? await tx.store.add(add) : undefined;
    await tx.done;
    return { added, merged: true };
  }

  /** `entries` rewritten in place, in one transaction. */
  async putEntries(entries: readonly OutboxEntry[]) {
    const tx = (await this.open()).transaction('outbox', 'readwrite');
    for (const entry of entries) void tx.store.put(entry);
    await tx.done;
  }

  async conflicts(): Promise<ConflictEntry[]> {
    return (await this.open()).getAll('conflicts');
  }

  async putConflict(conflict: ConflictEntry) {
    await (await this.open()).put('conflicts', conflict);
  }

  async deleteConflict(key: string) {
    await (await this.open()).delete('conflicts', key);
  }

  async readKept(key: string): Promise<unknown> {
    return (await this.open()).get('kv', key);
  }

  async keep(key: string, value: unknown) {
    await (await this.open()).put('kv', value, key);
  }
}
