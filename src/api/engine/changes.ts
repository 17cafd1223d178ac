import { chainId } from '../../domain/asset-versioning';
import { recordLabel } from '../../domain/labels';
import { materialise } from '../../domain/records';
import {
  type InputOf,
  type RecordOf,
  type ResourceName,
  resourceDef,
  SINGLE_RECORDS,
  type SingleName,
} from '../../domain/resources';
import { newId } from '../ids';
import type { Row } from './delta';
import type { KindState } from './device-store';
import type { EngineCore } from './engine-core';
import type { OutboxEntry } from './local-db';
import { validated } from './record-check';

// A user's change as the outbox keeps it: checked against its kind's schema, made into the
// record the server will store, named for notices, and stamped by the device's clock.

/** The time of the change by the device's corrected clock, and its stamp (clock.ts). */
async function stamped(core: EngineCore) {
  await core.clock.loaded;
  return { editedAt: new Date(core.clock.now()).toISOString(), stamp: core.clock.stamp() };
}

type Stamped = Awaited<ReturnType<typeof stamped>>;

/**
 * How a create is made. `group`: the action it is part of (refused together); `revives`: its
 * id is not a new one and may be of a record deleted before (OutboxEntry).
 */
export interface CreateOptions {
  group?: string;
  revives?: boolean;
}

export async function createChange<K extends ResourceName>(
  core: EngineCore,
  kind: K,
  input: InputOf<K>,
  { group, time, revives }: CreateOptions & { time?: Stamped } = {},
) {
  const data = await validated(kind, input);
  const id = (data.id as string | undefined) ?? newId();
  const { editedAt, stamp } = time ?? (await stamped(core));
  const record = materialise(kind, { ...data, editedAt, stamp } as never, {
    id,
    now: editedAt,
  }) as Row;
  const entry: OutboxEntry = {
    kind,
    op: 'create',
    id,
    record,
    label: recordLabel(kind, record),
    editedAt,
    stamp,
    group,
    ...(revives ? { revives } : {}),
  };
  return { entry, record: record as RecordOf<K> };
}

/**
 * Records of `kind` created together (a bill import): one stamp each, from one clock reading
 * (the clock is read once; each stamp still follows the one before).
 */
export async function createChanges<K extends ResourceName>(
  core: EngineCore,
  kind: K,
  inputs: readonly InputOf<K>[],
  revives?: boolean,
): Promise<OutboxEntry[]> {
  await core.clock.loaded;
  const editedAt = new Date(core.clock.now()).toISOString();
  const stamps = core.clock.stamps(inputs.length);
  const entries: OutboxEntry[] = [];
  for (const [i, input] of inputs.entries()) {
    const time = { editedAt, stamp: stamps[i]! };
    entries.push((await createChange(core, kind, input, { time, revives })).entry);
  }
  return entries;
}

/** One record of an import: its kind and its fields as the file (or the old app) holds them. */
export interface Imported {
  kind: ResourceName;
  input: unknown;
}

/**
 * Records of several kinds brought in together (导入数据, the legacy upload), in the order
 * given, as creates sent in batches that may bring back a deleted id (an export imported
 * does). A record that is not valid here is left out: undefined in its place.
 */
export async function importChanges(
  core: EngineCore,
  items: readonly Imported[],
): Promise<(OutboxEntry | undefined)[]> {
  await core.clock.loaded;
  const editedAt = new Date(core.clock.now()).toISOString();
  const stamps = core.clock.stamps(items.length);
  const entries: (OutboxEntry | undefined)[] = [];
  for (const [i, { kind, input }] of items.entries()) {
    const time = { editedAt, stamp: stamps[i]! };
    try {
      const { entry } = await createChange(core, kind, input as never, { time, revives: true });
      entries.push({ ...entry, batched: true });
    } catch {
      entries.push(undefined);
    }
  }
  return entries;
}

/**
 * `entries` added to the outbox in one transaction (thousands of a bill import: one each took
 * a transaction and a refresh of the list apiece), then to the engine's, shown and sent
 * (reducer.ts 'import'); their seqs.
 */
export async function addEntries(core: EngineCore, entries: readonly OutboxEntry[]) {
  const stored = await core.dispatch({ type: 'import', entries });
  return (stored?.added ?? []) as number[];
}

/**
 * The user's single record of `kind` (the settings) replaced by `record`, already checked by
 * its caller, made from the copy this device last received (its stamp names that version).
 */
export async function singleChange(
  core: EngineCore,
  kind: SingleName,
  record: Record<string, unknown>,
): Promise<OutboxEntry> {
  const kept = (await core.store.readKept(SINGLE_RECORDS[kind].kept)) as Row | undefined;
  const { editedAt, stamp } = await stamped(core);
  return {
    kind,
    op: 'update',
    id: kind,
    record: { ...record, stamp },
    // '' names the server's defaults or a copy saved before stamps: still a version to match.
    base: kept === undefined ? undefined : typeof kept.stamp === 'string' ? kept.stamp : '',
    label: SINGLE_RECORDS[kind].label,
    editedAt,
    stamp,
  };
}

export async function updateChange<K extends ResourceName>(
  core: EngineCore,
  kind: K,
  id: string,
  input: InputOf<K>,
) {
  const data = await validated(kind, input);
  const state = await core.state(kind);
  const shown = core.view(kind, state).items.find((r) => r.id === id) as Row | undefined;
  const { editedAt, stamp } = await stamped(core);
  const record = materialise(kind, { ...data, editedAt, stamp } as never, {
    id,
    now: editedAt,
    existing: shown as never,
  }) as Row;
  const entry: OutboxEntry = {
    kind,
    op: 'update',
    id,
    record,
    base: serverVersion(state, id),
    label: recordLabel(kind, record),
    editedAt,
    stamp,
  };
  return { entry, record: record as RecordOf<K> };
}

/** A delete, held back by the kind's declared delay (the check-in toggle's) or `delayMs`. */
export async function removeChange<K extends ResourceName>(
  core: EngineCore,
  kind: K,
  record: RecordOf<K>,
  { delayMs = resourceDef(kind).deleteDelayMs ?? 0, group }: RemoveOptions = {},
): Promise<OutboxEntry> {
  const state = await core.state(kind);
  const { editedAt, stamp } = await stamped(core);
  // Of a chain (an asset's versions), a version the server holds is named: the newest shown
  // may be waiting to be sent (outbox.ts `deleteChain`).
  const named = resourceDef(kind).deletesChain ? heldOfChain(state, record as Row) : record;
  return {
    kind,
    op: 'delete',
    id: named.id,
    record: named as unknown as Row,
    base: serverVersion(state, named.id),
    label: recordLabel(kind, record),
    editedAt,
    stamp,
    notBefore: delayMs ? Date.now() + delayMs : undefined,
    group,
  };
}

export interface RemoveOptions {
  delayMs?: number;
  group?: string;
}

/** The newest version of `record`'s chain the server holds, else `record` itself. */
function heldOfChain(state: KindState, record: Row): Row {
  const chain = chainId(record as never);
  const held = state.list.filter((r) => chainId(r as never) === chain);
  return (
    held.reduce<Row | undefined>(
      (newest, r) => (!newest || Number(r.version) > Number(newest.version) ? r : newest),
      undefined,
    ) ?? record
  );
}

function serverVersion(state: KindState, id: string): string | undefined {
  const updatedAt = state.list.find((r) => r.id === id)?.updatedAt;
  return typeof updatedAt === 'string' && updatedAt ? updatedAt : undefined;
}
