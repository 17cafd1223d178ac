import type { ResourceName } from '../../domain/resources';
import {
  type ChangesAnswer,
  coveredBy,
  fetchChanges,
  holdsAlready,
  merge,
  type Row,
} from './delta';
import { type KindState, syncedOf } from './device-store';
import type { EngineCore } from './engine-core';
import { classify } from './outbox';
import { readers } from './record-check';
import { offerMissing } from './restore-offer';

// Following the server: each kind's list brought up to the server's by delta (or downloaded
// whole the first time, or afresh when asked). Completing the device's copy after sign-in is
// worker/fill.ts's.

export async function pullNow(core: EngineCore, kind: ResourceName, full = false): Promise<void> {
  if (core.closed) return;
  const stored = await core.store.storedCursor(kind);
  // A list this page has not read yet is not read to ask what changed: its stored cursor is
  // enough, and on most visits nothing has (at ten years reading one list back costs up to
  // 130 ms of a slow phone's main thread). It is read once there is something to apply.
  const loaded = core.kinds.get(kind);
  const known = loaded ? await loaded : undefined;
  // Another tab may have caught up meanwhile: start from what the device holds now.
  if (known && stored > known.cursor) Object.assign(known, await core.readStored(kind));
  const held = known ? known.complete : stored > 0;
  // The copy held is the stored one (or newer, unstored): the number some tab last heard
  // for it stands for this copy too.
  const since =
    held && !full
      ? Math.max(await core.store.syncedCursor(kind), known ? syncedOf(known) : stored)
      : 0;
  let answer: ChangesAnswer;
  try {
    answer = await fetchChanges(kind, since);
  } catch (error) {
    const outcome = classify({ kind, op: 'create', id: '', label: '', editedAt: '' }, error);
    if (outcome.type === 'unauthorized') await core.dispatch({ type: 'unauthorized' });
    // A list nobody has read on this page has no screen to tell (one read while this was
    // on its way has).
    const state = known ?? (await core.kinds.get(kind));
    if (state) state.error = error instanceof Error ? error.message : String(error);
    if (outcome.type === 'unreachable') {
      await core.setReachable(false, outcome.storage);
      core.scheduleRetry();
    }
    core.changed();
    if (state) await core.refresh([kind]);
    throw error;
  }
  const unchanged =
    since > 0 &&
    answer.reset !== true &&
    (answer.records?.length ?? 0) === 0 &&
    (answer.deleted?.length ?? 0) === 0;
  // Nothing of this kind changed (most visits): the stored copy stands as it is.
  if (unchanged) {
    return standsAsStored(core, kind, known ?? (await core.kinds.get(kind)), answer.cursor, since);
  }
  const { items, dropped } = await readers[kind](
    Array.isArray(answer.records) ? answer.records : [],
  );
  if (dropped) console.warn(`[同步] ${kind}: 服务器返回的 ${dropped} 条记录无法读取，已忽略`);
  core.clock.seen(items as Row[]);
  // Only this device's own writes came back (after every write, the next pull): the rows they
  // left tell so, without a pass over the list, or, where no screen of this page has read the
  // list, a read of it.
  const deleted = answer.deleted ?? [];
  if (
    since > 0 &&
    answer.reset !== true &&
    (known
      ? known.complete && known.touched && coveredBy(known.touched, items as Row[], deleted)
      : !loaded && (await core.store.landedHolds(kind, items as Row[], deleted)))
  ) {
    return standsAsStored(core, kind, known ?? (await core.kinds.get(kind)), answer.cursor, since);
  }
  const state = known ?? (await core.state(kind));
  // The copy read now is not the one the question was asked from (it could not be read back,
  // or another tab stored a newer one in between): ask again from what it is.
  if (state !== known && since > 0 && (!state.complete || syncedOf(state) !== since)) {
    return pullNow(core, kind, full);
  }
  // What those rows do not tell (writes another tab of this device made, or a copy stored by
  // an older build), the list does: the copy stands as it is when it holds the answer.
  if (
    since > 0 &&
    answer.reset !== true &&
    state.complete &&
    holdsAlready(state.list, items as Row[], answer.deleted ?? [])
  ) {
    return standsAsStored(core, kind, state, answer.cursor, since);
  }
  // `reset`: the server's database was restored from a backup since this device's cursor was
  // handed out, and this is its whole list: what the device holds is no base to apply it on.
  // What the device held that the restored server lacks is offered for upload, not dropped.
  if (since > 0 && answer.reset === true) {
    await offerMissing(core, kind, state.list, items as Row[], answer.deleted ?? []);
  }
  state.list =
    since === 0 || answer.reset === true
      ? (items as Row[])
      : merge(state.list, items as Row[], answer.deleted ?? []);
  state.cursor = answer.cursor;
  state.synced = undefined;
  // What the writes left is part of the list at its new number like any other record.
  state.touched = undefined;
  state.complete = true;
  state.error = undefined;
  // A list came down; whether the server can store again only a change that goes up tells
  // (a full disk still serves what it holds).
  await core.setReachable(true, core.board.storage);
  await core.persist([kind]);
  await core.refresh([kind]);
}

/**
 * The server answered with nothing the stored copy of `kind` lacks. Writing it again would
 * serialise the whole list (39k bookkeeping records at ten years) for nothing, and move the
 * number figures kept from it are checked against (api/dashboard.ts); a change number that
 * moved on is kept beside it instead.
 */
async function standsAsStored(
  core: EngineCore,
  kind: ResourceName,
  state: KindState | undefined,
  cursor: number,
  since: number,
): Promise<void> {
  if (cursor > since) {
    await core.store.keepSynced(kind, cursor);
    if (state) state.synced = cursor;
  }
  const hadError = state?.error !== undefined;
  if (state) state.error = undefined;
  await core.setReachable(true, core.board.storage);
  if (hadError) await core.refresh([kind]);
}
