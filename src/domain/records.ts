import type { DataOf, RecordOf, ResourceName } from './resources';

// How a validated body becomes the record that is stored: on the server, and in the browser,
// which shows a write at once and must show the same record the server will keep.

export interface WriteContext<T> {
  id: string;
  /** ISO-8601 time of this write. */
  now: string;
  /** The stored record a replacement follows. */
  existing?: T;
}

type Rule<K extends ResourceName> = (
  data: DataOf<K>,
  ctx: WriteContext<RecordOf<K>>,
) => Omit<RecordOf<K>, 'updatedAt' | 'editedAt' | 'stamp'>;

const withId = <D>(data: D, { id }: { id: string }) => ({ ...data, id });

/** Keeps the creation time a client sent, else the stored one, else now. */
const withCreatedAt = <D extends { createdAt?: string }>(
  data: D,
  { id, now, existing }: WriteContext<{ createdAt: string }>,
) => ({ ...data, id, createdAt: data.createdAt ?? existing?.createdAt ?? now });

const RULES: { [K in ResourceName]: Rule<K> } = {
  accounts: withId,
  assets: withId,
  assetHistory: withId,
  workouts: withCreatedAt,
  timeRecords: withCreatedAt,
  tasks: (data, ctx) => ({ ...withCreatedAt(data, ctx), updatedAt: ctx.now }),
  checkinTasks: withId,
  checkinRecords: withId,
  // Which occurrences exist is the server's to say: an edit keeps the stored lastDate, an
  // upload (a restored export) brings its own so that what was deleted stays deleted.
  recurring: (data, { id, existing }) => ({
    ...data,
    id,
    lastDate: existing ? existing.lastDate : data.lastDate,
  }),
  wallets: withId,
  transfers: withId,
  categories: withId,
};

/**
 * The time a write is stamped with: now, or just after the record's previous stamp when a
 * clock lags, so a record's `updatedAt` only ever grows and names one version.
 */
function writeTime(now: string, previous: string | undefined): string {
  if (!previous || previous < now) return now;
  return new Date(Date.parse(previous) + 1).toISOString();
}

/**
 * The record to store for a create (no `existing`) or a replacement: the kind's own fields,
 * then `updatedAt` (the time of this write) and `editedAt` (the editor's clock when it sent
 * one, which decides between two devices' edits — docs/architecture.md, Decisions "Conflicts").
 */
export function materialise<K extends ResourceName>(
  kind: K,
  data: DataOf<K>,
  ctx: WriteContext<RecordOf<K>>,
): RecordOf<K> {
  const updatedAt = writeTime(ctx.now, ctx.existing?.updatedAt);
  const editedAt = (data as { editedAt?: string }).editedAt ?? updatedAt;
  const stamp = (data as { stamp?: string }).stamp ?? '';
  const record = RULES[kind](data, { ...ctx, now: updatedAt });
  return { ...record, updatedAt, editedAt, stamp } as RecordOf<K>;
}
