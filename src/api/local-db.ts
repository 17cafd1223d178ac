import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';
import type { ChangeKind, ResourceName } from '../domain/resources';

// The browser's own copy of one user's data (DESIGN.md §1 "Local-first"), in IndexedDB: it
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
}

/**
 * An edit that lost to another device's (or was made to a record deleted elsewhere), kept so
 * the user can apply it again or let it go (DESIGN.md §1 "Conflicts").
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

export function openLocalDb(username: string): Promise<LocalDb> {
  return openDB<LocalSchema>(dbName(username), 1, {
    upgrade(db) {
      // Kinds share one store keyed by name, so a new kind needs no upgrade.
      db.createObjectStore('lists', { keyPath: 'kind' });
      db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      db.createObjectStore('conflicts', { keyPath: 'key' });
      db.createObjectStore('kv');
    },
  });
}

/** Forgets everything this browser keeps for `username` (logout). */
export function eraseLocalDb(username: string): Promise<void> {
  return deleteDB(dbName(username));
}
