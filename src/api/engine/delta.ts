import { fromColumns } from '../../domain/columns';
import { RESOURCES, type ResourceName } from '../../domain/resources';
import { apiRequest } from '../http';

// What the server says changed, and laying it on a list: GET ?since=cursor (a delta, or every
// record in pages the first time) and the merge of its answer into the list a device holds.

export type Row = { id: string } & Record<string, unknown>;

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
export interface ChangesAnswer {
  records: unknown[];
  deleted: string[];
  cursor: number;
  reset?: boolean;
}
/**
 * One page of it as the server sends it: the records as `columns` (asked for with
 * shape=packed, src/domain/columns.ts) or, from a server that does not build them, as
 * `records`; `more` and `after` only in a page of a full download.
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
export async function fetchChanges(kind: ResourceName, since: number): Promise<ChangesAnswer> {
  // `next`: after which key and up to which cursor, for every page but the first.
  const ask = (from: number, next = '') =>
    apiRequest<ChangesPage>(
      'GET',
      `${RESOURCES[kind].path}?since=${from}&limit=${PAGE}${next}&shape=packed`,
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

/** A delta laid on a list: replaced in place, added at the end, deleted ids removed. */
export function merge(
  list: readonly Row[],
  changed: readonly Row[],
  deleted: readonly string[],
): Row[] {
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
export function holdsAlready(
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

/**
 * Whether a list of which `touched` names the row it holds for some ids (null: none) already
 * holds `changed` as they are and lacks `deleted`; false where `touched` does not tell.
 */
export function coveredBy(
  touched: ReadonlyMap<string, Row | null>,
  changed: readonly Row[],
  deleted: readonly string[],
): boolean {
  for (const record of changed) {
    const held = touched.get(record.id);
    if (!held || !sameRecord(record, held)) return false;
  }
  return deleted.every((id) => touched.get(id) === null);
}

/** Field by field: a write's answer and a list's row may name the fields in another order. */
function sameRecord(a: Row, b: Row): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}
