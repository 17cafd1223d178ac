import {
  isSingle,
  MAX_BATCH,
  MAX_BATCH_BYTES,
  RESOURCES,
  type ResourceName,
  resourceDef,
  utf8Length,
} from '../../domain/resources';
import { apiRequest } from '../http';
import { merge, type Row } from './delta';
import { type KindState, touch } from './device-store';
import type { EngineCore } from './engine-core';
import type { OutboxEntry } from './local-db';
import { isRetry } from './outbox';

// Waiting creates of a kind that declares `batchCreates` (resources.ts) sent together: a bill
// import of thousands of rows goes through the outbox in a few requests, in the outbox's order.

/**
 * The server's answer for one record of a batch. 'deleted': sent again (`retry`), of a record
 * deleted since it was first sent.
 */
type BatchResult =
  | { id?: string; status: 'created' | 'existing'; record?: Row; error?: undefined }
  | { id?: string; status: 'invalid' | 'deleted'; record?: undefined; error?: string };

/**
 * Whether `entry` may open a batch: a plain create of a kind that declares batching, or one
 * of an import (OutboxEntry `batched`: every kind's server route takes a batch).
 */
export function opensBatch(entry: OutboxEntry): boolean {
  return (
    entry.op === 'create' &&
    !entry.group &&
    !entry.notBefore &&
    !isSingle(entry.kind) &&
    (entry.batched === true || !!resourceDef(entry.kind).batchCreates)
  );
}

/**
 * `first` and the plain creates of its kind right after it, as many as one request takes. Sized
 * in UTF-8 bytes, as the body travels: a note in Chinese is three bytes a character. Creates
 * that go as a retry and creates that do not go apart (outbox.ts `isRetry`).
 */
export function batchFrom(entries: readonly OutboxEntry[], first: OutboxEntry): OutboxEntry[] {
  const size = (e: OutboxEntry) => utf8Length(JSON.stringify(e.record)) + 1;
  const batch = [first];
  let bytes = size(first);
  const start = entries.findIndex((e) => e.seq === first.seq);
  for (const next of entries.slice(start + 1)) {
    if (batch.length >= MAX_BATCH || next.kind !== first.kind || !opensBatch(next)) break;
    if (isRetry(next) !== isRetry(first)) break;
    bytes += size(next);
    if (bytes > MAX_BATCH_BYTES) break;
    batch.push(next);
  }
  return batch;
}

/**
 * `batch` marked as sent at least once (the server may hold them from now on) and as on its
 * way, stored in one transaction before memory takes it (reducer.ts 'send'); the entries as
 * they are then (an edit may have merged into one).
 */
export async function markBatchTried(
  core: EngineCore,
  batch: readonly OutboxEntry[],
): Promise<OutboxEntry[]> {
  const seqs = batch.map((e) => e.seq!);
  await core.dispatch({ type: 'tried', seqs });
  await core.dispatch({ type: 'send', seqs, batch: true });
  const now = new Map(core.entries.map((e) => [e.seq!, e]));
  return batch.map((e) => now.get(e.seq!)).filter((e): e is OutboxEntry => e !== undefined);
}

/**
 * POST <path>/batch with the records as they are now; the server's answer per record. As a
 * `retry` (outbox.ts `isRetry`): a record deleted since it was first sent is answered 'deleted'.
 */
export async function sendBatch(
  batch: readonly OutboxEntry[],
  retry: boolean,
): Promise<BatchResult[]> {
  const { path } = RESOURCES[batch[0]!.kind as ResourceName];
  const { results } = await apiRequest<{ results: BatchResult[] }>(
    'POST',
    `${path}/batch?answer=records${retry ? '&retry=1' : ''}`,
    { records: batch.map((e) => e.record) },
  );
  if (!Array.isArray(results) || results.length !== batch.length) {
    throw new Error('服务器的批量回答与请求不符');
  }
  return results;
}

/** The records the server took, laid on the device's copy of their kind in one pass. */
export function applyTaken(state: KindState, records: readonly Row[]) {
  if (!records.length) return;
  state.list = merge(state.list, records, []);
  touch(state, records);
}
