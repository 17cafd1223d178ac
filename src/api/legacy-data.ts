import { RESOURCE_NAMES, RESOURCES, type ResourceName } from '../domain/resources';

// Records the original, client-only app left in localStorage under the spec's keys (docs/spec.md §3).
// They have never been on a server: the first sign-in on the browser sets them aside for the
// sync dialog's upload, and they are never silently overwritten or dropped. (This app's own
// copy of each list lives in IndexedDB, per user: local-db.ts.)

const SPEC_KEYS = RESOURCE_NAMES.map((name) => RESOURCES[name].mirrorKey);
/** Set at the first sign-in: what lies under the spec's keys after that is not legacy. */
const OWNER_KEY = 'mirrorOwner';
const LEGACY_PREFIX = 'legacy:';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readArray(key: string): unknown[] | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * At a sign-in: data under the spec's keys with no owner is the original app's, and is set
 * aside for upload; the rest there is the list copy an earlier version of this app kept in
 * localStorage, which IndexedDB replaces.
 */
export function claimBrowserData(username: string): void {
  const s = storage();
  if (!s) return;
  try {
    if (s.getItem(OWNER_KEY) === null) {
      for (const key of SPEC_KEYS) {
        const items = readArray(key);
        if (items?.length && !s.getItem(LEGACY_PREFIX + key)) {
          s.setItem(LEGACY_PREFIX + key, JSON.stringify(items));
        }
      }
    }
    for (const key of SPEC_KEYS) s.removeItem(key);
    s.setItem(OWNER_KEY, username);
  } catch {
    // A full or forbidden storage: the legacy data stays where it is, still found by readLegacy.
  }
}

/** Records of the original app that were never uploaded, of one kind. */
export function readLegacy(name: ResourceName): unknown[] {
  const s = storage();
  if (!s) return [];
  const key = RESOURCES[name].mirrorKey;
  const setAside = readArray(LEGACY_PREFIX + key);
  if (setAside) return setAside;
  // Not yet set aside: nobody has signed in on this browser since the old app ran.
  return s.getItem(OWNER_KEY) === null ? (readArray(key) ?? []) : [];
}

export function replaceLegacy(name: ResourceName, items: readonly unknown[]): void {
  const s = storage();
  if (!s) return;
  const key = RESOURCES[name].mirrorKey;
  if (items.length) s.setItem(LEGACY_PREFIX + key, JSON.stringify(items));
  else s.removeItem(LEGACY_PREFIX + key);
  if (s.getItem(OWNER_KEY) === null) s.removeItem(key);
}

/** How many legacy records still wait for upload, over every kind. */
export function countLegacyRecords(): number {
  return RESOURCE_NAMES.reduce((sum, name) => sum + readLegacy(name).length, 0);
}

/** One record of the original app still in this browser, as the sync dialog lists it. */
export interface LegacyRecord {
  category: ResourceName;
  /** Its place in the kind's list, for discardLegacyRecord. */
  index: number;
  record: unknown;
}

/** Every legacy record not uploaded yet: after an upload, those the server refused. */
export function listLegacyRecords(): LegacyRecord[] {
  return RESOURCE_NAMES.flatMap((category) =>
    readLegacy(category).map((record, index) => ({ category, index, record })),
  );
}

/**
 * Drops one legacy record for good (the user chose to, having seen why it cannot be uploaded),
 * so that it stops holding up logout. False when storage changed meanwhile and the record at
 * that place is no longer the one shown.
 */
export function discardLegacyRecord({ category, index, record }: LegacyRecord): boolean {
  const items = readLegacy(category);
  if (JSON.stringify(items[index]) !== JSON.stringify(record)) return false;
  replaceLegacy(
    category,
    items.filter((_, i) => i !== index),
  );
  return true;
}
