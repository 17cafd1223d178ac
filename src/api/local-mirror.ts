import { RESOURCE_NAMES, RESOURCES, type ResourceName } from '../domain/resources';

// The browser keeps a copy of every list the server returned (DESIGN.md §1) under the
// spec's localStorage keys, so a screen still shows its data when the server is down.
// The copy belongs to one user: another user signing in on the same browser never sees it.

const MIRROR_KEYS = RESOURCE_NAMES.map((name) => RESOURCES[name].mirrorKey);

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
 * Data under the spec's keys with no owner was left by the original, client-only app.
 * It has never been on the server, so before the mirror takes those keys over it is set
 * aside for the sync dialog to upload; it is never silently overwritten.
 */
function setAsideLegacyData(s: Storage): void {
  for (const key of MIRROR_KEYS) {
    const items = readArray(key);
    if (items?.length && !s.getItem(LEGACY_PREFIX + key)) {
      s.setItem(LEGACY_PREFIX + key, JSON.stringify(items));
    }
  }
}

function claimMirror(s: Storage, username: string): void {
  const owner = s.getItem(OWNER_KEY);
  if (owner === username) return;
  if (owner === null) setAsideLegacyData(s);
  for (const key of MIRROR_KEYS) s.removeItem(key);
  s.setItem(OWNER_KEY, username);
}

export function readMirror<T>(name: ResourceName, username: string): T[] | null {
  const s = storage();
  if (!s || s.getItem(OWNER_KEY) !== username) return null;
  return readArray(RESOURCES[name].mirrorKey) as T[] | null;
}

export function writeMirror<T>(name: ResourceName, username: string, items: readonly T[]): void {
  const s = storage();
  if (!s) return;
  try {
    claimMirror(s, username);
    s.setItem(RESOURCES[name].mirrorKey, JSON.stringify(items));
  } catch {
    // A full quota only costs the offline copy; the server still holds the data.
  }
}

/** Forgets the mirror (logout). Legacy data waiting for upload is kept. */
export function clearMirror(): void {
  const s = storage();
  if (!s) return;
  for (const key of MIRROR_KEYS) s.removeItem(key);
  s.removeItem(OWNER_KEY);
}

/** Records of the original app that were never uploaded, per key. */
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
