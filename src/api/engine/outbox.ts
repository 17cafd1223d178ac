import { chainId } from '../../domain/asset-versioning';
import { editOrder } from '../../domain/hlc';
import { childOf, isSingle, resourceDef } from '../../domain/resources';
import { ApiError } from '../http';
import { type StorageTrouble, storageTroubleOf } from '../storage-trouble';
import type { OutboxEntry } from './local-db';

// The outbox's rules, apart from IndexedDB and the network so that they can be tested as
// they are: how a change waiting to be sent merges with the next one, what a list looks like
// with the waiting changes on top, and what each answer of the server means for a change.

type Row = { id: string } & Record<string, unknown>;

/**
 * What becomes of the waiting changes when `next` is made. Changes to one record that have not
 * left yet are merged, so that an offline afternoon of edits is sent as one write: an edit
 * after a create or an edit replaces its content (keeping the version it started from), and a
 * delete of a record never sent cancels it altogether. A change on its way (`sending`, or
 * several sent together) is left alone: the next one follows it.
 */
export function coalesce(
  pending: readonly OutboxEntry[],
  next: OutboxEntry,
  sending?: number | ReadonlySet<number>,
): { drop: number[]; replace?: OutboxEntry; add?: OutboxEntry } {
  const onTheWire = (e: OutboxEntry) =>
    typeof sending === 'number' ? e.seq === sending : !!sending?.has(e.seq!);
  const merged = merge(pending, next, onTheWire);
  // A delete that takes the place of an owner's waiting create (a habit made offline) takes
  // what it owns (its check-ins) too: sent before the delete, each was refused when the owner
  // had not reached the server (「打卡」未能同步，已撤销 for a habit made, checked in and deleted
  // offline), and deleted with it when it had. Such a delete names no version: it cannot lose
  // to another device's edit and leave the owner without them.
  const cancels = pending.some(
    (e) =>
      e.op === 'create' && e.kind === next.kind && e.id === next.id && merged.drop.includes(e.seq!),
  );
  const owned =
    next.op === 'delete' && cancels && !isSingle(next.kind) ? childOf(next.kind) : undefined;
  if (!owned) return merged;
  const orphans = pending
    .filter((e) => e.kind === owned.kind && e.record?.[owned.field] === next.id && !onTheWire(e))
    .map((e) => e.seq!);
  return { ...merged, drop: [...merged.drop, ...orphans] };
}

/** `next` merged with the waiting changes of its own record (of its chain, for a delete). */
function merge(
  pending: readonly OutboxEntry[],
  next: OutboxEntry,
  onTheWire: (e: OutboxEntry) => boolean,
): { drop: number[]; replace?: OutboxEntry; add?: OutboxEntry } {
  if (next.op === 'delete' && !isSingle(next.kind) && resourceDef(next.kind).deletesChain) {
    return deleteChain(pending, next, onTheWire);
  }
  const last = pending.filter((e) => e.kind === next.kind && e.id === next.id).at(-1);
  if (!last || onTheWire(last) || next.op === 'create' || last.op === 'delete') {
    return { drop: [], add: next };
  }
  if (next.op === 'update') {
    return {
      drop: [],
      replace: {
        ...last,
        record: next.record,
        editedAt: next.editedAt,
        stamp: next.stamp,
        label: next.label,
      },
    };
  }
  // A delete: of a record never sent, nothing is left to send; else it replaces the edit. A
  // create sent before may be on the server with its answer lost: the delete goes all the same
  // (found by engine-convergence.test.ts; a 404 for it means done).
  if (last.op === 'create') {
    return last.tried
      ? { drop: [last.seq!], add: { ...next, base: undefined } }
      : { drop: [last.seq!] };
  }
  return { drop: [last.seq!], add: { ...next, base: last.base } };
}

/**
 * A delete of a record whose whole chain of versions goes with it (an asset's). Its versions
 * waiting to be sent are dropped, whichever of them the user deleted (the newest, shown): a
 * version left waiting brought the asset back (engine-convergence.test.ts, seed -1306877909).
 * The delete goes when the server holds a version, or may (one sent before), and names one:
 * the one it held (changes.ts `removeChange`), else the first sent (a 404 for it is done);
 * the server deletes the chain. A version on the wire goes first and is deleted with it.
 */
function deleteChain(
  pending: readonly OutboxEntry[],
  next: OutboxEntry,
  onTheWire: (e: OutboxEntry) => boolean,
): { drop: number[]; add?: OutboxEntry } {
  const chain = chainId(next.record as never);
  const versions = pending.filter(
    (e) => e.kind === next.kind && e.op === 'create' && chainId(e.record as never) === chain,
  );
  const drop = versions.filter((e) => !onTheWire(e)).map((e) => e.seq!);
  // Not one of this device's waiting versions: one the server holds.
  if (!versions.some((e) => e.id === next.id)) return { drop, add: next };
  const sent = versions.find((e) => e.tried || onTheWire(e));
  return sent ? { drop, add: { ...next, id: sent.id, record: sent.record } } : { drop };
}

export interface Effects {
  /** The record's content on top of the server's, or null when it is gone. */
  byId: Map<string, Row | null>;
  /** Ids that are waiting to be sent. */
  pending: Set<string>;
}

/** The waiting changes of one kind, in their order, as the state each record ends in. */
export function effectsOf(entries: readonly OutboxEntry[]): Effects {
  const byId = new Map<string, Row | null>();
  const pending = new Set<string>();
  for (const entry of entries) {
    byId.set(entry.id, entry.op === 'delete' ? null : ({ ...entry.record, id: entry.id } as Row));
    pending.add(entry.id);
  }
  return { byId, pending };
}

/**
 * A list as the screens show it: the server's records with this device's waiting changes on
 * top — replaced in place, removed, or added at the end in the order they were made. `hidden`
 * removes what a waiting delete takes with it (the versions of an asset chain, the check-ins
 * of a habit). With nothing waiting it is the server's list itself, not a copy: at ten years
 * the copy cost 20–40 ms per list on every read.
 */
export function overlay<T extends { id: string }>(
  server: readonly T[],
  { byId }: Effects,
  hidden?: (record: T) => boolean,
): readonly T[] {
  if (byId.size === 0 && !hidden) return server;
  const out: T[] = [];
  const seen = new Set<string>();
  for (const record of server) {
    const change = byId.get(record.id);
    if (change === undefined) {
      if (!hidden?.(record)) out.push(record);
    } else {
      seen.add(record.id);
      if (change !== null) out.push(change as unknown as T);
    }
  }
  // A waiting create goes too with what a waiting delete takes (a version of an asset sent
  // but not answered, whose chain is being deleted).
  for (const [id, change] of byId) {
    if (change !== null && !seen.has(id) && !hidden?.(change as unknown as T)) {
      out.push(change as unknown as T);
    }
  }
  return out;
}

/**
 * `entry`, a create, as it is once sent for the first time: from then on the server may hold
 * it, and `sent` keeps the edit it went with (an edit merged later is newer than that).
 */
export function asTried(entry: OutboxEntry): OutboxEntry {
  return entry.tried ? entry : { ...entry, tried: true, sent: editOrder(entry) };
}

/**
 * Whether `entry`, a create, goes as a retry: sent before, so the server may hold it or have
 * held it and seen it deleted since; unless it may bring back a deleted record on purpose.
 */
export function isRetry(entry: OutboxEntry): boolean {
  return entry.op === 'create' && !!entry.tried && !entry.revives;
}

/** What the server's answer to a sent change means for it. */
export type Outcome =
  | { type: 'confirmed'; record: Row | null }
  | { type: 'conflict'; current: Row }
  | { type: 'missing' }
  | { type: 'rejected'; message: string }
  | { type: 'unauthorized' }
  /** `storage`: the server answered, but its storage cannot take the change now. */
  | { type: 'unreachable'; message: string; storage?: StorageTrouble };

/**
 * The meaning of a failed send. No answer, a timeout or a 5xx: the server may come back, the
 * change waits. 401: it waits for the next sign-in. 409: another device changed the record.
 * 404: a delete of something already gone is done; an edit of it has nothing to edit. 410: a
 * create sent again was of a record deleted since, as for an edit of it. Any other 4xx: the
 * server will never take this change, so it is not tried again.
 */
export function classify(entry: OutboxEntry, error: unknown): Outcome {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    const message = error instanceof Error ? error.message : String(error);
    const storage = storageTroubleOf(error);
    return storage ? { type: 'unreachable', message, storage } : { type: 'unreachable', message };
  }
  if (error.status === 401) return { type: 'unauthorized' };
  if (error.status === 409 && error.body && typeof error.body === 'object') {
    const current = (error.body as { current?: unknown }).current;
    if (current && typeof current === 'object')
      return { type: 'conflict', current: current as Row };
  }
  if (error.status === 404) {
    return entry.op === 'delete' ? { type: 'confirmed', record: null } : { type: 'missing' };
  }
  if (error.status === 410) return { type: 'missing' };
  return { type: 'rejected', message: error.message };
}
