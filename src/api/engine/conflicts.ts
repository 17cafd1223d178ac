import { editOrder } from '../../domain/hlc';
import { recordLabel } from '../../domain/labels';
import { changeLabel, isSingle } from '../../domain/resources';
import type { Row } from './delta';
import type { EngineCore } from './engine-core';
import type { ConflictEntry, OutboxEntry } from './local-db';

// Two devices changed one record (docs/architecture.md, "Conflicts"): which edit wins on both, and the
// losing edit kept for the user to apply again or let go.

/** The server holds `record` for `entry`'s record (null: it is gone): the device's copy follows. */
export type Apply = (entry: OutboxEntry, record: Row | null) => void | Promise<void>;

/**
 * Another device changed the record since this device's version (409). The later edit wins on
 * both devices; the other is kept for the user. Returns whether this device's change is to be
 * sent again (it won).
 */
export async function resolve(
  core: EngineCore,
  entry: OutboxEntry,
  current: Row,
  apply: Apply,
): Promise<boolean> {
  core.clock.seen([current]);
  // Stamps order edits; a record or change from before stamps is ordered by its `editedAt`.
  const theirs = editOrder(current);
  const mine = editOrder(entry);
  // This device's own write came back (a replay after a lost answer): it is done.
  if (theirs === mine) {
    await apply(entry, entry.op === 'delete' ? null : current);
    if (entry.op !== 'delete') await followOn(core, entry, current);
    core.release(entry.seq!);
    return false;
  }
  if (mine > theirs) {
    await keepConflict(core, entry, current, 'superseded');
    core.notify({
      tone: 'info',
      message: `「${entry.label}」在另一台设备上也被修改，已保留本机较晚的修改；另一份保存在“同步”中`,
    });
    const rebased = { ...entry, base: versionOf(entry, current) };
    await followOn(core, entry, current);
    await core.dispatch({ type: 'rewrite', entry: rebased });
    return true;
  }
  await apply({ ...entry, op: 'update' }, current);
  await keepConflict(core, entry, entry.record ?? {}, 'superseded');
  core.notify({
    tone: 'info',
    message: `「${entry.label}」在另一台设备上有较晚的修改，已采用它；本机的修改保存在“同步”中`,
  });
  core.release(entry.seq!);
  return false;
}

/** The version of `current` a change made from it names: a single record's stamp. */
function versionOf(entry: OutboxEntry, current: Row): string {
  const version = isSingle(entry.kind) ? current.stamp : current.updatedAt;
  return typeof version === 'string' ? version : '';
}

/**
 * The server took `entry` (or it goes again over `current`) and holds `current` for its
 * record: this device's later changes to that record, made from the version `entry` was made
 * from, are made from `current` now, or the server would take each for another device's edit
 * (a conflict of this device with itself, kept and told; found by engine-convergence.test.ts's
 * edits while one is sent).
 */
export async function followOn(core: EngineCore, entry: OutboxEntry, current: Row) {
  // In memory and in the store in one event (reducer.ts 'follow'): an edit merged into one of
  // the later changes meanwhile starts from the rebased change (rebased after an await, such
  // an edit was overwritten and lost: engine-convergence.test.ts, seed -575333048).
  await core.dispatch({ type: 'follow', entry, base: versionOf(entry, current) });
}

/** The record was deleted on another device: this device's edit is kept, not sent. */
export async function keepDeleted(core: EngineCore, entry: OutboxEntry) {
  await keepConflict(core, entry, entry.record ?? {}, 'deleted');
  core.notify({
    tone: 'info',
    message: `「${entry.label}」已在另一台设备上删除，本机的修改已保留在“同步”中，可重新应用或放弃`,
  });
  core.release(entry.seq!);
}

async function keepConflict(
  core: EngineCore,
  entry: OutboxEntry,
  lost: Record<string, unknown>,
  reason: ConflictEntry['reason'],
) {
  // Named by what was kept: after a conflict this device won, that is the other device's
  // version, which the user must recognise to decide whether to apply it again.
  const named =
    reason === 'deleted'
      ? entry.label
      : isSingle(entry.kind)
        ? changeLabel(entry.kind)
        : recordLabel(entry.kind, lost);
  const conflict: ConflictEntry = {
    key: `${entry.kind}:${entry.id}:${entry.editedAt}`,
    kind: entry.kind,
    id: entry.id,
    label: named === '一条记录' ? entry.label : named,
    lost,
    reason,
    at: new Date().toISOString(),
  };
  await core.store.putConflict(conflict);
  core.conflicts = [...core.conflicts.filter((c) => c.key !== conflict.key), conflict];
  core.changed();
}
