import { type DBSchema, deleteDB, type IDBPDatabase, wrap } from 'idb';
import {
  type ChangeKind,
  RESOURCE_NAMES,
  type ResourceName,
  SINGLE_RECORDS,
} from '../../domain/resources';

// The browser's own copy of one user's data (docs/architecture.md, "The sync engine"), in IndexedDB: it
// outlives a reload and a browser restart, and it is not held to localStorage's 5 MB (ten years
// of data measured 4.9 MB and stopped being written). One database per user, so two people
// sharing a browser never read each other's.

/**
 * One kind as the server last sent it: its records in the server's order, as JSON text, and
 * the change number they are current to. Text, because reading 40k records back as one string
 * and JSON.parse is several times faster than as 40k structured-cloned rows (measured in
 * Chromium: 0.27 s against 1.3 s on a loaded two-core machine). Beside it in `kv`: the same
 * cursor (`cursor:<kind>`, read without the list) and the last change number the server
 * answered with for the kind (`synced:<kind>`, see engine.ts `KindState.synced`).
 */
interface StoredList {
  kind: ResourceName;
  cursor: number;
  json: string;
  /**
   * The shape its records were checked against when they came in (src/domain/guard.ts
   * `Reader.shape`): a list stored with the reader's own shape is not checked again. Absent in a
   * list stored before it was kept.
   */
  shape?: string;
}

/** Records per piece of a list serialised between yields (see `listJson`). */
export const JSON_SLICE = 2000;

type Yield = () => Promise<void>;

/** The browser's own yield to input and rendering, where it has one (Chromium 129+). */
const browserYield = (): Yield | undefined => {
  const scheduler = (globalThis as { scheduler?: { yield?: Yield } }).scheduler;
  return scheduler?.yield?.bind(scheduler);
};

/**
 * `list` as stored JSON text, serialised JSON_SLICE records at a time with a yield between
 * pieces: at ten years one JSON.stringify of the bookkeeping (39k records) held a slow phone's
 * main thread for 240 ms, a tap waiting behind it. The text is the same as JSON.stringify's.
 * Where there is nothing to yield to, it is serialised at once.
 */
export async function listJson(
  list: readonly unknown[],
  pause: Yield | undefined = browserYield(),
): Promise<string> {
  if (!pause || list.length <= JSON_SLICE) return JSON.stringify(list);
  const pieces: string[] = [];
  for (let start = 0; start < list.length; start += JSON_SLICE) {
    if (start > 0) await pause();
    // Each piece is an array's text: its brackets come off, the pieces join with commas.
    pieces.push(JSON.stringify(list.slice(start, start + JSON_SLICE)).slice(1, -1));
  }
  return `[${pieces.join(',')}]`;
}

/** A change made on this device that the server has not confirmed yet. */
export interface OutboxEntry {
  /** Order of the changes, across kinds: they are replayed in it. */
  seq?: number;
  kind: ChangeKind;
  op: 'create' | 'update' | 'delete';
  id: string;
  /** create / update: the record as this device wrote it. */
  record?: Record<string, unknown>;
  /** update / delete: the `updatedAt` of the server's version the change was made from. */
  base?: string;
  /** What the record is called in a notice (src/domain/labels.ts). */
  label: string;
  /** The time the change was made, by the device's corrected clock. */
  editedAt: string;
  /**
   * Its hybrid logical clock stamp (src/domain/hlc.ts): of two devices' edits the later stamp
   * wins. Absent in a change stored by a build before stamps: its `editedAt` stands for it.
   */
  stamp?: string;
  /** Not sent before this time (epoch ms): the check-in toggle waits 50 ms before a delete. */
  notBefore?: number;
  /** Changes of one action (an asset version and its history entry): refused together. */
  group?: string;
  /**
   * A create that has been sent at least once: the server may hold it though no answer came,
   * so a delete of the record is sent rather than the create dropped.
   */
  tried?: boolean;
  /**
   * A create whose id is not new, which may bring back a record deleted before on purpose: a
   * kept edit applied again, a bill imported again, a task's next occurrence (their ids come
   * from the bill, the series). Never sent as a retry (outbox.ts `isRetry`), which the server
   * would refuse.
   */
  revives?: boolean;
  /**
   * A create brought in with many others (导入数据, the legacy upload): sent together with the
   * creates of its kind beside it in the kind's batch request, as a kind that declares
   * `batchCreates` is (batch-creates.ts `opensBatch`).
   */
  batched?: boolean;
  /**
   * A create's `editOrder` (src/domain/hlc.ts) when it was first sent: an edit merged into it
   * since changes it. Absent in an entry stored by a build before it.
   */
  sent?: string;
}

/**
 * An edit that lost to another device's (or was made to a record deleted elsewhere), kept so
 * the user can apply it again or let it go (docs/architecture.md, "Conflicts").
 */
export interface ConflictEntry {
  key: string;
  kind: ChangeKind;
  id: string;
  label: string;
  /** The edit that lost, as it was written. */
  lost: Record<string, unknown>;
  /** Why: another device's later edit won, or the record was deleted there. */
  reason: 'superseded' | 'deleted';
  at: string;
}

interface LocalSchema extends DBSchema {
  lists: { key: string; value: StoredList };
  outbox: { key: number; value: OutboxEntry };
  conflicts: { key: string; value: ConflictEntry };
  kv: { key: string; value: unknown };
}

export type LocalDb = IDBPDatabase<LocalSchema>;

const dbName = (username: string) => `pms:${username}`;

/** The schema version this code makes and reads; a database at any other is rebuilt. */
const VERSION = 1;
const STORES = ['lists', 'outbox', 'conflicts', 'kv'] as const;

/** What rebuilding a damaged copy kept of the changes waiting in it. */
export interface Healed {
  /** Changes carried over into the rebuilt copy. */
  kept: number;
  /** Changes that could not be read (-1: the outbox itself could not be). */
  unreadable: number;
}

/** The user's database; `onHealed` hears it when a damaged one had to be rebuilt. */
export function openLocalDb(
  username: string,
  onHealed?: (healed: Healed) => void,
): Promise<LocalDb> {
  // Taken now: every later step must reach the same browser's databases.
  const factory = globalThis.indexedDB;
  return openHealthy(factory, dbName(username), onHealed);
}

const promised = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

function openRaw(factory: IDBFactory, name: string, version?: number): Promise<IDBDatabase> {
  const request = factory.open(name, version);
  request.onupgradeneeded = () => {
    const db = request.result;
    // Kinds share one store keyed by name, so a new kind needs no upgrade.
    const has = (store: string) => db.objectStoreNames.contains(store);
    if (!has('lists')) db.createObjectStore('lists', { keyPath: 'kind' });
    if (!has('outbox')) db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
    if (!has('conflicts')) db.createObjectStore('conflicts', { keyPath: 'key' });
    if (!has('kv')) db.createObjectStore('kv');
  };
  return promised(request).then((db) => {
    // Another tab erasing or rebuilding it (logout, a newer build) must not wait on this one.
    db.onversionchange = () => db.close();
    return db;
  });
}

/**
 * The user's database as this code knows it. One made without its stores (by an older build or
 * a tool), or at a version this code does not know, would throw NotFoundError or VersionError
 * at every read: it is rebuilt empty, with the outbox's readable changes carried over, and the
 * lists come down from the server again as the screens and the filler ask for them.
 */
async function openHealthy(
  factory: IDBFactory,
  name: string,
  onHealed?: (healed: Healed) => void,
): Promise<LocalDb> {
  let damaged: IDBDatabase;
  try {
    const db = await openRaw(factory, name, VERSION);
    if (STORES.every((store) => db.objectStoreNames.contains(store))) {
      return wrap(db) as unknown as LocalDb;
    }
    damaged = db;
  } catch (error) {
    if ((error as DOMException | null)?.name !== 'VersionError') throw error;
    damaged = await openRaw(factory, name);
  }
  const { entries, unreadable } = await rescueOutbox(damaged);
  damaged.close();
  await promised(factory.deleteDatabase(name));
  const db = await openRaw(factory, name, VERSION);
  if (entries.length) {
    const tx = db.transaction('outbox', 'readwrite');
    for (const entry of entries) tx.objectStore('outbox').put(entry);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
  }
  console.warn(`[本地数据] ${name}: 本地副本已损坏，已重建`);
  onHealed?.({ kept: entries.length, unreadable });
  return wrap(db) as unknown as LocalDb;
}

/** The waiting changes of a damaged database that can still be read, and how many cannot. */
async function rescueOutbox(
  db: IDBDatabase,
): Promise<{ entries: OutboxEntry[]; unreadable: number }> {
  if (!db.objectStoreNames.contains('outbox')) return { entries: [], unreadable: 0 };
  try {
    const rows = await promised(db.transaction('outbox').objectStore('outbox').getAll());
    const entries = rows.filter(isEntry);
    return { entries, unreadable: rows.length - entries.length };
  } catch {
    return { entries: [], unreadable: -1 };
  }
}

const OPS: readonly unknown[] = ['create', 'update', 'delete'];
/** Every kind a waiting change can be of: a listed kind, or a single record (settings). */
const CHANGE_KINDS: readonly unknown[] = [...RESOURCE_NAMES, ...Object.keys(SINGLE_RECORDS)];

/** Whether a stored outbox row is a change this code can send. */
export function isEntry(row: unknown): row is OutboxEntry {
  const e = row as Partial<OutboxEntry> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.seq === 'number' &&
    CHANGE_KINDS.includes(e.kind) &&
    OPS.includes(e.op) &&
    typeof e.id === 'string' &&
    (e.op === 'delete' || (typeof e.record === 'object' && e.record !== null))
  );
}

/** Forgets everything this browser keeps for `username` (logout). */
export function eraseLocalDb(username: string): Promise<void> {
  return deleteDB(dbName(username));
}
