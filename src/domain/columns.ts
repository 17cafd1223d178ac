// The column form of a list on the wire (GET /api/<kind>?since=…&shape=columns): one array per
// field instead of one object per record. Every record of a kind has the same fields, so the
// names are sent once, and a column holds like values side by side (dates in order, the same
// category again and again), which brotli and gzip compress far better: ten years of pages went
// from 22.6 MB of JSON (1168 KB brotli) to 13.6 MB (621 KB). The SQLite store builds it in SQL,
// where every record has every field by construction; the device turns it back into records
// with `fromColumns` as each page arrives.

/**
 * The records of `columns` (field name → that field of every record, in record order), each
 * with the fields in the columns' order; null for anything that is not columns of one length
 * (a broken answer must not become half a list).
 */
export function fromColumns(columns: unknown): Record<string, unknown>[] | null {
  if (typeof columns !== 'object' || columns === null || Array.isArray(columns)) return null;
  const entries = Object.entries(columns as Record<string, unknown>);
  const length = entries.length === 0 ? 0 : (entries[0]![1] as unknown[])?.length;
  if (!entries.every(([, values]) => Array.isArray(values) && values.length === length)) {
    return null;
  }
  const records: Record<string, unknown>[] = new Array(length);
  for (let i = 0; i < length; i++) {
    const record: Record<string, unknown> = {};
    for (const [field, values] of entries) record[field] = (values as unknown[])[i];
    records[i] = record;
  }
  return records;
}
