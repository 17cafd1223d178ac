// A hybrid logical clock (docs/architecture.md, Decisions "Conflicts"): every change is stamped with the physical
// time in ms, a counter and the device's id, written as one string that sorts as the stamps
// order: `2026-11-27T12:00:00.000Z-0000-0123456789abcdef`. A stamp is never behind one the
// device has seen, so an edit made after seeing another always sorts after it; the physical
// part comes from the device's clock corrected by its measured offset from the server's
// (api/engine/clock.ts), so a clock a day fast does not win every conflict for a day.

export interface Hlc {
  millis: number;
  counter: number;
  node: string;
}

/** Stamps further ahead of the server's clock than this are clamped to it. */
export const MAX_DRIFT_MS = 5 * 60_000;
const MAX_COUNTER = 0xffff;

export function formatStamp({ millis, counter, node }: Hlc): string {
  const time = new Date(millis).toISOString();
  return `${time}-${counter.toString(16).toUpperCase().padStart(4, '0')}-${node}`;
}

const STAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)-([0-9A-F]{4})-([0-9a-f]{16})$/;

export function parseStamp(stamp: unknown): Hlc | null {
  if (typeof stamp !== 'string') return null;
  const match = STAMP.exec(stamp);
  if (!match) return null;
  const millis = Date.parse(match[1]!);
  if (!Number.isFinite(millis)) return null;
  return { millis, counter: Number.parseInt(match[2]!, 16), node: match[3]! };
}

/** The stamp of a change made now, after the last one this clock gave or saw. */
export function tick(last: Hlc, physical: number): Hlc {
  const millis = Math.max(last.millis, Math.floor(physical));
  const counter = millis === last.millis ? last.counter + 1 : 0;
  if (counter > MAX_COUNTER) return { millis: millis + 1, counter: 0, node: last.node };
  return { millis, counter, node: last.node };
}

/** The clock after seeing `remote`: never behind it, nor behind `physical`. */
export function receive(last: Hlc, remote: Hlc, physical: number): Hlc {
  const now = Math.floor(physical);
  const millis = Math.max(last.millis, remote.millis, now);
  let counter = 0;
  if (millis === last.millis && millis === remote.millis) {
    counter = Math.max(last.counter, remote.counter) + 1;
  } else if (millis === last.millis) counter = last.counter + 1;
  else if (millis === remote.millis) counter = remote.counter + 1;
  if (counter > MAX_COUNTER) return { millis: millis + 1, counter: 0, node: last.node };
  return { millis, counter, node: last.node };
}

/**
 * `stamp` held to at most MAX_DRIFT_MS ahead of `serverNow`; `clamped` says it was (a device
 * whose clock, uncorrected, ran far ahead).
 */
export function clampStamp(stamp: string, serverNow: number): { stamp: string; clamped: boolean } {
  const hlc = parseStamp(stamp);
  if (!hlc || hlc.millis <= serverNow + MAX_DRIFT_MS) return { stamp, clamped: false };
  return { stamp: formatStamp({ ...hlc, millis: serverNow + MAX_DRIFT_MS }), clamped: true };
}

/**
 * What orders two edits of one record: the stamp, or for a record written before stamps (or
 * by an older build) its `editedAt`. An ISO time is the stamp's own prefix, so both compare as
 * strings: at the same millisecond the stamped edit sorts after.
 */
export function editOrder(edit: object): string {
  const { stamp, editedAt } = edit as { stamp?: unknown; editedAt?: unknown };
  if (typeof stamp === 'string' && stamp) return stamp;
  return typeof editedAt === 'string' ? editedAt : '';
}
