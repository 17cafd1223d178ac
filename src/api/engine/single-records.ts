import { editOrder } from '../../domain/hlc';
import { SINGLE_RECORDS, type SingleName } from '../../domain/resources';
import { apiRequest } from '../http';
import type { Row } from './delta';
import type { EngineCore } from './engine-core';
import type { OutboxEntry } from './local-db';

// The user's single records (the settings, resources.ts `SINGLE_RECORDS`) in the outbox: the
// device keeps the server's copy as last received, a change waits in the outbox like any other
// and is sent whole (PUT), naming the version it was made from by that copy's stamp.

/** The server's copy of `kind` as this device last received it, if any. */
export async function keptSingle(core: EngineCore, kind: SingleName): Promise<Row | undefined> {
  return (await core.store.readKept(SINGLE_RECORDS[kind].kept)) as Row | undefined;
}

/**
 * `record` from the server becomes the device's copy of `kind`, unless the copy held is of a
 * later change (an answer to a read sent before a write that has since been taken): the later
 * stamp stands, as in the conflict rule.
 */
export async function keepSingle(core: EngineCore, kind: SingleName, record: Row) {
  core.clock.seen([record]);
  const held = await keptSingle(core, kind);
  if (held && editOrder(held) > editOrder(record)) return;
  await core.store.keep(SINGLE_RECORDS[kind].kept, record);
}

/** The waiting change of `kind` this device shows on top of its copy, if there is one. */
export function waitingSingle(core: EngineCore, kind: SingleName): Row | undefined {
  return core.entries.filter((e) => e.kind === kind && e.op !== 'delete').at(-1)?.record as
    | Row
    | undefined;
}

export function sendSingle(entry: OutboxEntry & { kind: SingleName }): Promise<Row> {
  // The version it was made from: '' (the defaults, or a copy from before stamps) is one too.
  const ifMatch: Record<string, string> =
    entry.base === undefined ? {} : { 'If-Match': `"${entry.base}"` };
  return apiRequest<Row>('PUT', SINGLE_RECORDS[entry.kind].path, entry.record, ifMatch);
}
