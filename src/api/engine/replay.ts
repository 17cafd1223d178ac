import {
  isSingle,
  RESOURCES,
  type ResourceName,
  type SingleName,
  writtenBy,
} from '../../domain/resources';
import { ApiError, apiRequest } from '../http';
import {
  type Answered,
  type Finish,
  goneSince,
  heldEarlier,
  meetHeld,
  reached,
  refuse,
  type Step,
  settle,
} from './answers';
import { applyTaken, batchFrom, markBatchTried, opensBatch, sendBatch } from './batch-creates';
import { type Apply, followOn } from './conflicts';
import type { Row } from './delta';
import type { EngineCore } from './engine-core';
import type { OutboxEntry } from './local-db';
import { classify, isRetry, type Outcome } from './outbox';
import { sendSingle } from './single-records';

// The outbox's replay: the waiting changes sent one at a time, in the order they were made,
// each answer applied to the device's copy of the server's list (answers.ts, outbox.ts `classify`).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Replays the waiting changes in order until none is left or the server stops answering. */
export async function replay(core: EngineCore) {
  // Another tab may have sent or added changes.
  await core.reloadOutbox();
  const touched = new Set<ResourceName>();
  const done: number[] = [];
  const finish = async (seq: number) => {
    done.push(seq);
    await core.dispatch({ type: 'answer', seq });
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
        await finish(entry.seq!);
        core.changed();
        await core.refresh([entry.kind]);
        continue;
      }
      // Creates side by side go together; a lone one goes as the plain POST it is, but for one
      // of an import: a batch answers a record the server holds already with its own copy
      // ('existing'), which an import keeps, where a POST's answer would be met as an edit.
      const planned = opensBatch(entry) ? batchFrom(core.entries, entry) : [];
      if (planned.length > 1 || (planned.length === 1 && entry.batched === true)) {
        const sentBefore = new Set(planned.filter((e) => e.tried).map((e) => e.seq!));
        // One for all: a batch holds retries only, or none (batch-creates.ts `batchFrom`).
        const retry = isRetry(planned[0]!);
        const batch = await markBatchTried(core, planned);
        if (!batch.length) continue;
        if (!(await replayBatch(core, batch, { sentBefore, retry }, finish, touched))) break;
        continue;
      }
      const retry = isRetry(entry);
      // Held as on its way until its answer is applied (a create marked as sent first): a
      // change made meanwhile follows it instead of merging into it, to be finished with it
      // unsent (engine-convergence.test.ts: an edit made while a 404 was being kept as a
      // conflict was lost). What goes is the entry as it is then: an edit may have merged in.
      const seq = entry.seq;
      if (entry.op === 'create' && !entry.tried)
        await core.dispatch({ type: 'tried', seqs: [seq!] });
      await core.dispatch({ type: 'send', seqs: [seq!], batch: false });
      entry = core.entries.find((e) => e.seq === seq);
      if (!entry || core.sending !== seq) continue;
      let step: Step;
      try {
        let outcome: Outcome;
        try {
          outcome = { type: 'confirmed', record: await send(entry, retry) };
        } catch (error) {
          outcome = classify(entry, error);
        }
        step = (await reached(core, outcome))
          ? await settle(core, entry, outcome as Answered, finish, touched)
          : 'stop';
      } finally {
        await core.dispatch({ type: 'sent' });
      }
      if (step === 'stop') break;
      if (step === 'again') continue;
      await finish(entry.seq!);
      core.changed();
      await core.refresh([entry.kind]);
    }
  } finally {
    await core.dispatch({ type: 'idle', writing: core.writing });
    let stored = false;
    try {
      if (done.length || touched.size) await core.persist(touched, done);
      stored = true;
    } finally {
      // Not stored: the changes are sent again after a reload, and met as the retries they are.
      if (!stored) await core.dispatch({ type: 'persistFailed', done }).catch(() => undefined);
    }
    core.changed();
  }
  followServerWrites(core, touched);
}

/**
 * Creates sent together (batch-creates.ts); whether the server answered. Each record's answer
 * settles its change as a single create's would.
 */
async function replayBatch(
  core: EngineCore,
  batch: OutboxEntry[],
  { sentBefore, retry }: { sentBefore: ReadonlySet<number>; retry: boolean },
  finish: Finish,
  touched: Set<ResourceName>,
): Promise<boolean> {
  const kind = batch[0]!.kind as ResourceName;
  let outcome: Outcome | undefined;
  let results: Awaited<ReturnType<typeof sendBatch>> = [];
  const taken: Row[] = [];
  const confirmed: [OutboxEntry, Row][] = [];
  // On its way until every answer is applied (as a single change's, in `replay`): marked so
  // with the batch's entries (batch-creates.ts `markBatchTried`).
  try {
    try {
      results = await sendBatch(batch, retry);
    } catch (error) {
      outcome = classify(batch[0]!, error);
    }
    if (outcome && !(await reached(core, outcome))) return false;
    if (!outcome) await core.setReachable(true);
    const state = await core.state(kind);
    touched.add(kind);
    for (const [i, entry] of batch.entries()) {
      const result = results[i];
      if (result && result.status === 'deleted') {
        await goneSince(core, state, entry);
      } else if (!result || outcome || result.status === 'invalid' || !result.record) {
        const message =
          outcome?.type === 'rejected' ? outcome.message : (result?.error ?? '无法保存这条记录');
        await refuse(core, entry, message, finish);
      } else if (sentBefore.has(entry.seq!) && heldEarlier(entry, result.record)) {
        const apply: Apply = (_, r) => void (r && taken.push(r));
        if ((await meetHeld(core, entry, result.record, apply)) === 'again') continue;
      } else {
        taken.push(result.record);
        confirmed.push([entry, result.record]);
        core.release(entry.seq!, undefined, result.status);
      }
      await finish(entry.seq!);
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
    await core.dispatch({ type: 'sent' });
  }
  core.changed();
  await core.refresh([kind]);
  return true;
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
