import { editOrder } from '../domain/hlc';
import {
  isSingle,
  RESOURCES,
  type ResourceName,
  type SingleName,
  writtenBy,
} from '../domain/resources';
import { applyTaken, batchFrom, markBatchTried, opensBatch, sendBatch } from './batch-creates';
import { type Apply, followOn, keepDeleted, resolve } from './conflicts';
import type { Row } from './delta';
import { type KindState, touch } from './device-store';
import { applyConfirmed, type EngineCore } from './engine-core';
import { ApiError, apiRequest } from './http';
import type { OutboxEntry } from './local-db';
import { asTried, classify, isRetry, type Outcome } from './outbox';
import { keepSingle, sendSingle } from './single-records';

// The outbox's replay: the waiting changes sent one at a time, in the order they were made,
// each answer applied to the device's copy of the server's list (outbox.ts `classify`).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Replays the waiting changes in order until none is left or the server stops answering. */
export async function replay(core: EngineCore) {
  // Another tab may have sent or added changes.
  await core.reloadOutbox();
  const touched = new Set<ResourceName>();
  const done: number[] = [];
  const finish = (seq: number) => {
    done.push(seq);
    core.finished.add(seq);
    core.entries = core.entries.filter((e) => e.seq !== seq);
  };
  try {
    while (!core.closed) {
      let entry = core.entries.find((e) => !done.includes(e.seq!));
      if (!entry) break;
      if (entry.notBefore && entry.notBefore > Date.now()) {
        await sleep(entry.notBefore - Date.now());
        continue;
      }
      // Part of an action the server refused: it goes with it, unsent.
      if (entry.group && core.refusedGroups.has(entry.group)) {
        core.release(entry.seq!, new ApiError('同一操作的另一部分被服务器拒绝', 400));
        finish(entry.seq!);
        core.changed();
        await core.refresh([entry.kind]);
        continue;
      }
      // Creates side by side go together; a lone one goes as the plain POST it is.
      const planned = opensBatch(entry) ? batchFrom(core.entries, entry) : [];
      if (planned.length > 1) {
        const sentBefore = new Set(planned.filter((e) => e.tried).map((e) => e.seq!));
        // One for all: a batch holds retries only, or none (batch-creates.ts `batchFrom`).
        const retry = isRetry(planned[0]!);
        const batch = await markBatchTried(core, planned);
        if (!batch.length) continue;
        if (!(await replayBatch(core, batch, { sentBefore, retry }, finish, touched))) break;
        continue;
      }
      const retry = isRetry(entry);
      if (entry.op === 'create' && !entry.tried) {
        // An edit may merge into it meanwhile: what goes is the entry as it is then.
        entry = await markTried(core, entry);
        if (!entry) continue;
      }
      // Held as on its way until its answer is applied: a change made meanwhile follows it
      // instead of merging into it, to be finished with it unsent (engine-convergence.test.ts:
      // an edit made while a 404 was being kept as a conflict was lost).
      core.sending = entry.seq;
      let step: Step;
      try {
        let outcome: Outcome;
        try {
          outcome = { type: 'confirmed', record: await send(entry, retry) };
        } catch (error) {
          outcome = classify(entry, error);
        }
        step = reached(core, outcome)
          ? await settle(core, entry, outcome, finish, touched)
          : 'stop';
      } finally {
        core.sending = undefined;
      }
      if (step === 'stop') break;
      if (step === 'again') continue;
      finish(entry.seq!);
      core.changed();
      await core.refresh([entry.kind]);
    }
  } finally {
    // Nothing left to follow the answers: none is needed any longer (conflicts.ts `caughtUp`).
    if (!core.entries.length && core.writing === 0) core.answered.clear();
    try {
      if (done.length || touched.size) await core.persist(touched, done);
    } finally {
      for (const seq of done) core.finished.delete(seq);
    }
    core.changed();
  }
  followServerWrites(core, touched);
}

/** What comes after a change's answer: sent again, done with, or the replay stops. */
type Step = 'again' | 'done' | 'stop';

/** Applies the server's answer to `entry` to the device's copy of its record. */
async function settle(
  core: EngineCore,
  entry: OutboxEntry,
  outcome: Exclude<Outcome, { type: 'unreachable' } | { type: 'unauthorized' }>,
  finish: (seq: number) => void,
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
    refuse(core, entry, outcome.message, finish);
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
function reached(
  core: EngineCore,
  outcome: Outcome,
): outcome is Exclude<Outcome, { type: 'unreachable' } | { type: 'unauthorized' }> {
  if (outcome.type === 'unreachable') {
    core.setReachable(false, outcome.storage);
    core.scheduleRetry();
    // The changes are saved on the device: their callers need not wait any longer.
    for (const e of core.entries) core.release(e.seq!);
    return false;
  }
  if (outcome.type === 'unauthorized') {
    core.board.signInNeeded = true;
    core.changed();
    return false;
  }
  core.setReachable(true);
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
async function meetHeld(
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
  await core.store.putEntry(edit);
  core.entries = core.entries.map((e) => (e.seq === entry.seq ? edit : e));
  return edit;
}

/**
 * Creates sent together (batch-creates.ts); whether the server answered. Each record's answer
 * settles its change as a single create's would.
 */
async function replayBatch(
  core: EngineCore,
  batch: OutboxEntry[],
  { sentBefore, retry }: { sentBefore: ReadonlySet<number>; retry: boolean },
  finish: (seq: number) => void,
  touched: Set<ResourceName>,
): Promise<boolean> {
  const kind = batch[0]!.kind as ResourceName;
  let outcome: Outcome | undefined;
  let results: Awaited<ReturnType<typeof sendBatch>> = [];
  const taken: Row[] = [];
  const confirmed: [OutboxEntry, Row][] = [];
  // On its way until every answer is applied (as a single change's, in `replay`).
  core.sending = new Set(batch.map((e) => e.seq!));
  try {
    try {
      results = await sendBatch(batch, retry);
    } catch (error) {
      outcome = classify(batch[0]!, error);
    }
    if (outcome && !reached(core, outcome)) return false;
    if (!outcome) core.setReachable(true);
    const state = await core.state(kind);
    touched.add(kind);
    for (const [i, entry] of batch.entries()) {
      const result = results[i];
      if (result && result.status === 'deleted') {
        await goneSince(core, state, entry);
      } else if (!result || outcome || result.status === 'invalid' || !result.record) {
        const message =
          outcome?.type === 'rejected' ? outcome.message : (result?.error ?? '无法保存这条记录');
        refuse(core, entry, message, finish);
      } else if (sentBefore.has(entry.seq!) && heldEarlier(entry, result.record)) {
        const apply: Apply = (_, r) => void (r && taken.push(r));
        if ((await meetHeld(core, entry, result.record, apply)) === 'again') continue;
      } else {
        taken.push(result.record);
        confirmed.push([entry, result.record]);
        core.release(entry.seq!, undefined, result.status);
      }
      finish(entry.seq!);
    }
    // Edits made while the batch was on its way go from what the server holds now, as after
    // a single create (conflicts.ts `followOn`); looked for once, not per record of thousands.
    const edited = new Set(core.entries.filter((e) => e.kind === kind).map((e) => e.id));
    for (const [entry, record] of confirmed) {
      if (edited.has(entry.id)) await followOn(core, entry, record);
    }
    core.clock.seen(taken);
    applyTaken(state, taken);
  } finally {
    core.sending = undefined;
  }
  core.changed();
  await core.refresh([kind]);
  return true;
}

/**
 * `entry`, a create sent again, was taken by its first send and deleted since on another
 * device, which held it to delete it (engine-convergence.test.ts, seed 2146694907: taken
 * again, an unchecked check-in came back on every device). It goes from the device's copy,
 * which may hold it from the first send's answer. Unless an edit made here merged into the
 * create since its first send, the other device deleted just what this one sent, and nothing
 * is kept; else the edit is kept in 同步, as an edit of a record deleted elsewhere is.
 */
async function goneSince(core: EngineCore, state: KindState, entry: OutboxEntry) {
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
function heldEarlier(entry: OutboxEntry, record: Row | null): boolean {
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

/** `entry` (a create) is about to be sent: from now on the server may hold it. */
async function markTried(core: EngineCore, entry: OutboxEntry) {
  const current = core.entries.find((e) => e.seq === entry.seq);
  if (!current) return undefined;
  const tried = asTried(current);
  // In memory first: a change made while this is stored sees it (outbox.ts `coalesce`).
  core.entries = core.entries.map((e) => (e.seq === entry.seq ? tried : e));
  await core.store.putEntry(tried);
  return core.entries.find((e) => e.seq === entry.seq);
}

/** The server will never take `entry`: it is taken back, with the rest of its action. */
function refuse(
  core: EngineCore,
  entry: OutboxEntry,
  message: string,
  finish: (seq: number) => void,
) {
  const error = new ApiError(message, 400);
  if (!core.release(entry.seq!, error)) {
    core.notify({ tone: 'error', message: `「${entry.label}」未能同步，已撤销：${message}` });
  }
  // The rest of the same action goes with it (an asset version's history entry), also a part
  // still to be stored.
  if (!entry.group) return;
  core.refusedGroups.add(entry.group);
  for (const other of [...core.entries]) {
    if (other.group === entry.group && other.seq !== entry.seq) {
      finish(other.seq!);
      core.release(other.seq!, error);
    }
  }
}

/**
 * The server writes records of its own in answer to some writes (a 周期记账 template's due
 * 记账 entries): the lists of those kinds that this device holds catch up by delta, after
 * the replay (the pull waits its turn behind it).
 */
function followServerWrites(core: EngineCore, kinds: Iterable<ResourceName>) {
  const follow = new Set([...kinds].flatMap(writtenBy));
  for (const kind of follow) {
    const state = core.kinds.get(kind);
    if (!state) continue;
    void state.then((s) => (s.complete ? core.pull(kind) : undefined)).catch(() => undefined);
  }
}

/** `entry` sent; `retry`: a create sent before (see the server's `isRetry`). */
function send(entry: OutboxEntry, retry: boolean): Promise<Row | null> {
  if (isSingle(entry.kind)) return sendSingle(entry as OutboxEntry & { kind: SingleName });
  const { path } = RESOURCES[entry.kind];
  const item = `${path}/${encodeURIComponent(entry.id)}`;
  const ifMatch: Record<string, string> = entry.base ? { 'If-Match': `"${entry.base}"` } : {};
  if (entry.op === 'create') {
    return apiRequest<Row>('POST', retry ? `${path}?retry=1` : path, entry.record);
  }
  if (entry.op === 'update') {
    // The path names the record; the body carries its fields.
    const { id: _id, ...fields } = entry.record ?? {};
    return apiRequest<Row>('PUT', item, fields, ifMatch);
  }
  return apiRequest<null>('DELETE', item, undefined, ifMatch);
}
