import { editOrder } from '../../domain/hlc';
import { isSingle, RESOURCES, type ResourceName } from '../../domain/resources';
import { ApiError } from '../http';
import { type Apply, followOn, keepDeleted, resolve } from './conflicts';
import { merge, type Row } from './delta';
import { type KindState, touch } from './device-store';
import { deletedWith, type EngineCore } from './engine-core';
import type { OutboxEntry } from './local-db';
import type { Outcome } from './outbox';
import { keepSingle } from './single-records';

// A server's answer to one change of the outbox, applied (replay.ts sends them): taken, refused,
// held already from an earlier send, or met by another device's edit (conflicts.ts).

/** The finishing of a change in the running replay (replay.ts). */
export type Finish = (seq: number) => Promise<void>;

/** An outcome in which the server answered. */
export type Answered = Exclude<Outcome, { type: 'unreachable' } | { type: 'unauthorized' }>;

/** What comes after a change's answer: sent again, done with, or the replay stops. */
export type Step = 'again' | 'done' | 'stop';

/** Applies the server's answer to `entry` to the device's copy of its record. */
export async function settle(
  core: EngineCore,
  entry: OutboxEntry,
  outcome: Answered,
  finish: Finish,
  touched: Set<ResourceName>,
): Promise<Step> {
  const single = isSingle(entry.kind) ? entry.kind : undefined;
  const state = single ? undefined : await core.state(entry.kind as ResourceName);
  if (state) touched.add(entry.kind as ResourceName);
  // What the server now holds for the record becomes the device's copy of it.
  const apply: Apply = (e, record) =>
    single
      ? record
        ? keepSingle(core, single, record)
        : undefined
      : applyConfirmed(state!, e, record);
  if (outcome.type === 'conflict') {
    if (await resolve(core, entry, outcome.current, apply)) return 'again';
  } else if (outcome.type === 'missing' && entry.op === 'create' && state) {
    await goneSince(core, state, entry);
  } else if (outcome.type === 'missing') {
    await keepDeleted(core, entry);
  } else if (outcome.type === 'rejected') {
    await refuse(core, entry, outcome.message, finish);
  } else if (heldElsewhere(entry, outcome.record)) {
    // Another device made the same record under its own id (a habit's check-in of one
    // day, one per day): the two are one record, and the later of the two wins as edits do.
    const held = outcome.record!;
    const edit = await becomeEdit(core, entry, held);
    if (sameContent(entry.record ?? {}, held)) {
      await apply(edit, held);
      core.release(entry.seq!, undefined, 'existing');
    } else if (await resolve(core, edit, held, apply)) return 'again';
  } else if (heldEarlier(entry, outcome.record)) {
    return meetHeld(core, entry, outcome.record!, apply);
  } else {
    await apply(entry, outcome.record);
    if (outcome.record) await followOn(core, entry, outcome.record);
    core.release(entry.seq!, undefined, entry.op === 'create' ? 'created' : undefined);
  }
  return 'done';
}

/**
 * Whether the server answered at all: without an answer (or a session) the replay stops, and
 * the changes wait on the device.
 */
export async function reached(core: EngineCore, outcome: Outcome): Promise<boolean> {
  if (outcome.type === 'unreachable') {
    await core.setReachable(false, outcome.storage);
    core.scheduleRetry();
    // The changes are saved on the device: their callers need not wait any longer.
    for (const e of core.entries) core.release(e.seq!);
    return false;
  }
  if (outcome.type === 'unauthorized') {
    await core.dispatch({ type: 'unauthorized' });
    return false;
  }
  await core.setReachable(true);
  return true;
}

/**
 * `entry`, a create, found the server holding its record from an earlier send whose answer
 * was lost. Written since by this device only, it held the create as first sent, before later
 * edits were merged into it here: they go as an edit of what it holds. Edited since on
 * another device, the two edits meet in the conflict rule as any two do: sent as an edit of
 * what it holds, the create went over the other device's later edit (engine-convergence
 * .test.ts, seed -1055513794).
 */
export async function meetHeld(
  core: EngineCore,
  entry: OutboxEntry,
  held: Row,
  apply: Apply,
): Promise<'again' | 'done'> {
  if (core.clock.madeHere(held)) {
    core.clock.seen([held]);
    await apply(entry, held);
    await becomeEdit(core, entry, held);
    return 'again';
  }
  const edit = await becomeEdit(core, entry, held);
  return (await resolve(core, edit, held, apply)) ? 'again' : 'done';
}

/** `entry`, a create, waits on as an edit of `held`, the server's copy of its record. */
async function becomeEdit(core: EngineCore, entry: OutboxEntry, held: Row) {
  const edit = asEditOf(entry, held);
  await core.dispatch({ type: 'rewrite', entry: edit });
  return edit;
}

/**
 * `entry`, a create sent again, was taken by its first send and deleted since on another
 * device, which held it to delete it (engine-convergence.test.ts, seed 2146694907: taken
 * again, an unchecked check-in came back on every device). It goes from the device's copy,
 * which may hold it from the first send's answer. Unless an edit made here merged into the
 * create since its first send, the other device deleted just what this one sent, and nothing
 * is kept; else the edit is kept in 同步, as an edit of a record deleted elsewhere is.
 */
export async function goneSince(core: EngineCore, state: KindState, entry: OutboxEntry) {
  state.list = state.list.filter((r) => r.id !== entry.id);
  touch(state, [], [entry.id]);
  // Edited since it first went (or never marked so, by an older build): the edit is kept.
  if (entry.sent !== editOrder(entry)) await keepDeleted(core, entry);
  else core.release(entry.seq!);
}

/** A create answered with another record: the server holds one of that day under its own id. */
function heldElsewhere(entry: OutboxEntry, record: Row | null): boolean {
  return entry.op === 'create' && record !== null && record.id !== entry.id;
}

/** `entry`, a create, as an edit of `held`, the same record under the server's id. */
function asEditOf(entry: OutboxEntry, held: Row): OutboxEntry {
  return {
    ...entry,
    op: 'update',
    id: held.id,
    record: { ...entry.record, id: held.id },
    base: held.updatedAt as string,
  };
}

/** Fields every write sets: two records that differ only in them say the same. */
const WRITTEN = new Set(['id', 'createdAt', 'updatedAt', 'editedAt', 'stamp']);

/** Whether a change and the server's record say the same (two devices' identical check-ins). */
function sameContent(mine: Record<string, unknown>, theirs: Row): boolean {
  const keys = new Set([...Object.keys(mine), ...Object.keys(theirs)]);
  for (const key of keys) {
    if (WRITTEN.has(key)) continue;
    if (JSON.stringify(mine[key]) !== JSON.stringify(theirs[key])) return false;
  }
  return true;
}

/** A create answered with a record stamped by another write than this one. */
export function heldEarlier(entry: OutboxEntry, record: Row | null): boolean {
  return (
    entry.op === 'create' &&
    record !== null &&
    !isSingle(entry.kind) &&
    RESOURCES[entry.kind].updatable &&
    typeof entry.stamp === 'string' &&
    typeof record.stamp === 'string' &&
    record.stamp !== entry.stamp
  );
}

/** The server will never take `entry`: it is taken back, with the rest of its action. */
export async function refuse(
  core: EngineCore,
  entry: OutboxEntry,
  message: string,
  finish: Finish,
) {
  const error = new ApiError(message, 400);
  if (!core.release(entry.seq!, error)) {
    core.notify({ tone: 'error', message: `「${entry.label}」未能同步，已撤销：${message}` });
  }
  // The rest of the same action goes with it (an asset version's history entry), also a part
  // still to be stored.
  if (!entry.group) return;
  core.refusedGroups.add(entry.group);
  const kinds = new Set<ResourceName>();
  for (const other of [...core.entries]) {
    if (other.group === entry.group && other.seq !== entry.seq) {
      await finish(other.seq!);
      core.release(other.seq!, error);
      kinds.add(other.kind as ResourceName);
    }
  }
  // Their lists drop them now: the replay refreshes only the refused entry's own kind.
  if (kinds.size) await core.refresh([...kinds]);
}

/** The server took `entry`: its answer becomes the device's copy of the server's record. */
function applyConfirmed(state: KindState, entry: OutboxEntry, record: Row | null) {
  if (entry.op === 'delete') {
    const goes = deletedWith(entry.kind as ResourceName, (entry.record ?? { id: entry.id }) as Row);
    const gone = [entry.id];
    state.list = state.list.filter((r) => {
      if (!goes(r)) return true;
      gone.push(r.id);
      return false;
    });
    touch(state, [], gone);
    return;
  }
  if (record) {
    state.list = merge(state.list, [record], []);
    touch(state, [record]);
  }
}
