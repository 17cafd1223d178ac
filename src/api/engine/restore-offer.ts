import { RESOURCE_NAMES, type ResourceName } from '../../domain/resources';
import type { Row } from './delta';
import type { EngineCore } from './engine-core';

// After the server was restored from a backup (a delta answered with `reset`: the cursor this
// device holds was handed out by a history the restore replaced), what this device held that the
// restored server lacks is not dropped with the old copy: it is kept aside, and the user is
// asked whether to upload it (as creates, through the outbox) or let it go.

/** Where the records on offer are kept on the device, so that a reload does not lose them. */
const KEY = 'restore-offer';

type Offered = EngineCore['offered'];

export async function readOffer(core: EngineCore): Promise<Offered> {
  const kept = await core.store.readKept(KEY);
  return kept && typeof kept === 'object' ? (kept as Offered) : {};
}

/**
 * The server's whole list of `kind` replaces `held` after a restore: the records held that it
 * lacks (and neither lists as deleted nor has a change waiting for) are put on offer.
 */
export async function offerMissing(
  core: EngineCore,
  kind: ResourceName,
  held: readonly Row[],
  server: readonly Row[],
  deleted: readonly string[],
) {
  const known = new Set([...server.map((r) => r.id), ...deleted]);
  for (const entry of core.entries) if (entry.kind === kind) known.add(entry.id);
  const missing = held.filter((r) => !known.has(r.id));
  if (!missing.length) return;
  const offered = await readOffer(core);
  const before = new Set((offered[kind] ?? []).map((r) => r.id));
  offered[kind] = [...(offered[kind] ?? []), ...missing.filter((r) => !before.has(r.id))];
  await core.store.keep(KEY, offered);
  core.offered = offered;
  core.changed();
  core.notify({
    tone: 'info',
    message: `服务器的数据比本机旧（可能已从备份恢复）。本机有 ${core.offeredCount()} 条记录服务器上没有`,
  });
}

/** The records on offer uploaded through the outbox (owners first), or let go; then forgotten. */
export async function answerOffer(
  core: EngineCore,
  upload: (kind: ResourceName, inputs: Record<string, unknown>[]) => Promise<unknown>,
  accept: boolean,
) {
  const offered = await readOffer(core);
  if (accept) {
    for (const kind of RESOURCE_NAMES) {
      const rows = offered[kind];
      // Sent as the device held them, with their ids: the server stamps its own times.
      if (rows?.length)
        await upload(
          kind,
          rows.map(({ updatedAt: _u, ...fields }) => fields),
        );
    }
  }
  await core.store.keep(KEY, {});
  core.offered = {};
  core.changed();
}
