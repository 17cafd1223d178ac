// The digest a device and the server compare on each sync to tell that the device's copy of a
// kind still holds what the server does (docs/architecture.md, "The digest"): the number of
// records and an order-independent hash of them, the XOR of each record's 64-bit hash. A
// record's hash covers every field it has (id, updatedAt and stamp among them), so a record
// damaged or missed in the copy shows; XOR lets the server keep the digest up to date from
// the records a write changed alone (each row's hash and the per-kind XOR kept by SQLite
// triggers, server/db/sqlite-store.ts), and the device tell which records differ from a list
// of ids and hashes.

export interface Digest {
  count: number;
  /** The XOR of the records' hashes, as 16 hex digits ('0000000000000000' for none). */
  hash: string;
}

/** JSON with the keys of every object sorted: one text for one content, however it was built. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(record).sort()) {
    if (record[key] === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${canonical(record[key])}`);
  }
  return `{${parts.join(',')}}`;
}

const hex8 = (n: number) => (n >>> 0).toString(16).padStart(8, '0');

/**
 * A record's 64-bit hash as 16 hex digits: two FNV-1a hashes of its canonical JSON with
 * different offset bases (fast in JavaScript, and only a check, not a secret).
 */
export function recordHash(record: object): string {
  const text = canonical(record);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return hex8(a) + hex8(b);
}

/** The XOR of two hashes of recordHash's form. */
export function xorHash(x: string, y: string): string {
  const hi = Number.parseInt(x.slice(0, 8), 16) ^ Number.parseInt(y.slice(0, 8), 16);
  const lo = Number.parseInt(x.slice(8), 16) ^ Number.parseInt(y.slice(8), 16);
  return hex8(hi) + hex8(lo);
}

export const EMPTY_HASH = '0000000000000000';

/** The digest of `records`, in any order. */
export function digestOf(records: readonly object[]): Digest {
  let hi = 0;
  let lo = 0;
  for (const record of records) {
    const h = recordHash(record);
    hi ^= Number.parseInt(h.slice(0, 8), 16);
    lo ^= Number.parseInt(h.slice(8), 16);
  }
  return { count: records.length, hash: hex8(hi) + hex8(lo) };
}
