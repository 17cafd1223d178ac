import { digestOf, recordHash } from '../../domain/digest';
import { RESOURCES, type ResourceName } from '../../domain/resources';
import { apiRequest } from '../http';
import { merge, type Row } from './delta';
import type { EngineCore } from './engine-core';
import { pullNow } from './puller';
import { readers } from './record-check';

// The device's copy checked against the server's on each sync (docs/architecture.md, "The
// digest"): the digest of the kind as the device stores it (read back from IndexedDB, so a
// record damaged there shows) against the server's, which it keeps as an index: each row's
// hash columns and the per-kind count and XOR in `kind_digests`, kept by triggers. On a
// mismatch the device asks for every record's hash, fetches the records that differ, drops
// those the server no longer has, and stores the repaired copy. The outbox is not touched:
// waiting changes stay laid on top of the copy as before.

interface ServerDigest {
  count: number;
  hash: string;
  cursor: number;
  ids?: [string, string][];
}

/**
 * More records than this differing: the kind is downloaded afresh (a full download in pages)
 * instead of fetched one by one.
 */
const FETCH_AT_MOST = 50;

/** Requests for single records in flight at once while repairing. */
const CONCURRENCY = 4;

/**
 * Checks the stored copy of `kind` against the server's and repairs it; the number of records
 * repaired (0: it held what the server does). Runs under the engine's lock.
 */
export async function verify(core: EngineCore, kind: ResourceName): Promise<number> {
  if (core.closed) return 0;
  const { path } = RESOURCES[kind];
  const server = await apiRequest<ServerDigest>('GET', `${path}/digest`);
  const stored = await core.store.readList(kind);
  if (!stored.complete) return 0;
  const mine = digestOf(stored.list);
  if (mine.count === server.count && mine.hash === server.hash) return 0;

  const { ids = [] } = await apiRequest<ServerDigest>('GET', `${path}/digest?ids=1`);
  const held = new Map(stored.list.map((r) => [r.id, recordHash(r)]));
  const theirs = new Set(ids.map(([id]) => id));
  const differ = ids.filter(([id, hash]) => held.get(id) !== hash).map(([id]) => id);
  const gone = stored.list.map((r) => r.id).filter((id) => !theirs.has(id));
  // The server's kept digest was behind (it rebuilt it for this answer): the copy is right.
  if (!differ.length && !gone.length) return 0;
  console.warn(
    `[同步] ${kind}: 本机副本与服务器不一致（${differ.length} 条不同，${gone.length} 条多余），正在修复`,
  );
  if (differ.length > FETCH_AT_MOST) {
    await pullNow(core, kind, true);
    return differ.length + gone.length;
  }
  const fetched: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < differ.length) {
      const id = differ[next++]!;
      fetched.push(await apiRequest<unknown>('GET', `${path}/${encodeURIComponent(id)}`));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, differ.length) }, worker));
  const { items } = await readers[kind](fetched);
  // Laid on the copy as the device holds it (in memory, or read back from the store): the
  // damaged records replaced, the extra ones gone, and the repaired copy stored.
  const state = await core.state(kind);
  const base = state.complete ? state.list : stored.list;
  state.list = merge(base, items as Row[], gone);
  if (!state.complete) Object.assign(state, { cursor: stored.cursor, complete: true });
  state.touched = undefined;
  await core.persist([kind]);
  await core.refresh([kind]);
  return differ.length + gone.length;
}
