import { type QueryClient, useMutation } from '@tanstack/react-query';
import {
  isSingle,
  MAX_BATCH,
  MAX_BATCH_BYTES,
  RESOURCE_NAMES,
  RESOURCES,
  type ResourceName,
} from '../domain/resources';
import {
  buildExport,
  type CategoryCount,
  type ExportFile,
  prepareRecord,
  requestChunks,
  type SyncData,
  tallyResults,
  type UploadItem,
  uploadBatches,
} from '../domain/sync';
import { engineFor } from './engine';
import { ApiError, apiRequest } from './http';
import { readLegacy, replaceLegacy } from './legacy-data';

// The sync dialog's four actions (SPEC §2, §7). Upload sends what this browser holds that the
// server does not: the changes waiting in the outbox, and the original app's records. Download
// fetches every list afresh; export writes everything to a file; import sends such a file.
// Records travel with their own ids, which the server treats as "create unless it exists"
// (DESIGN.md §1), so running one twice, or importing a file twice, never duplicates anything.

/** Batch requests in flight at once: SQLite writes one transaction at a time anyway. */
const UPLOAD_CONCURRENCY = 2;

export interface SyncProgress {
  done: number;
  total: number;
}

export type ProgressListener = (progress: SyncProgress) => void;

export interface UploadOutcome {
  counts: CategoryCount[];
  /** False when the server could not be reached or failed, rather than refusing a record. */
  ok: boolean;
}

interface PlannedItem extends UploadItem {
  /** The legacy records this post settles: removed from legacy storage once it succeeds. */
  legacy: unknown[];
}

/** No server, or no session: every further post would fail the same way. */
function endsUpload(error: unknown): boolean {
  return !(error instanceof ApiError) || [0, 401, 403].includes(error.status);
}

/** Posts every item; whatever was never sent after the connection was lost counts as failed. */
async function upload(items: PlannedItem[], onProgress: ProgressListener) {
  const { ok, succeeded } = await postAll(items, onProgress);
  const results = items.map((item) => ({ category: item.category, ok: succeeded.has(item) }));
  return { results, ok, succeeded };
}

interface BatchAnswer {
  results: { status: 'created' | 'existing' | 'invalid'; error?: string }[];
}

/**
 * Sends the items in batches of UPLOAD_BATCH_SIZE per category (POST …/batch). The spec
 * posts records one by one; ten years of data is ~110k records, which one request each
 * cannot upload in the 30 s DESIGN.md §6 allows. Each record is still answered on its
 * own, so successes and failures are counted per record as before. Stages run in order
 * (asset versions before their successors, habits before their check-ins).
 */
async function postAll(items: PlannedItem[], onProgress: ProgressListener) {
  const total = items.length;
  const succeeded = new Set<PlannedItem>();
  let done = 0;
  let ok = true;
  let stopped = false;
  onProgress({ done, total });

  for (const stage of uploadBatches(items)) {
    const chunks = requestChunks(stage, MAX_BATCH, MAX_BATCH_BYTES);
    let next = 0;
    const worker = async () => {
      while (next < chunks.length && !stopped) {
        const chunk = chunks[next++]!;
        try {
          const { results } = await apiRequest<BatchAnswer>(
            'POST',
            `${RESOURCES[chunk[0]!.category].path}/batch`,
            { records: chunk.map((item) => item.record) },
          );
          // A refused record (bad input, a missing habit) is only counted (SPEC §8).
          for (const [i, item] of chunk.entries()) {
            if (results[i] && results[i].status !== 'invalid') succeeded.add(item);
          }
        } catch (error) {
          ok = false;
          if (endsUpload(error)) stopped = true;
        }
        done += chunk.length;
        onProgress({ done, total });
      }
    };
    await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, chunks.length) }, worker));
    if (stopped) break;
  }
  return { ok, succeeded };
}

/** The original app's records, keyed by id so that each is posted once. */
function legacyItems() {
  const items: PlannedItem[] = [];
  const invalid: { category: ResourceName; ok: false }[] = [];
  const legacy = {} as SyncData;
  // A legacy task done without a time is given one: at the latest, this upload's (legacy.ts).
  const now = new Date().toISOString();
  for (const category of RESOURCE_NAMES) {
    const byId = new Map<string, PlannedItem>();
    legacy[category] = readLegacy(category);
    for (const raw of legacy[category]) {
      const prepared = prepareRecord(category, raw, now);
      // A record that cannot be made valid is counted as failed, and stays stored.
      if (!prepared.ok) {
        invalid.push({ category, ok: false });
        continue;
      }
      const { record } = prepared;
      const item = byId.get(record.id) ?? { category, record, legacy: [] };
      item.legacy.push(raw);
      byId.set(record.id, item);
    }
    items.push(...byId.values());
  }
  return { items, invalid, legacy };
}

async function uploadLocalData(
  client: QueryClient,
  onProgress: ProgressListener,
): Promise<UploadOutcome> {
  const engine = engineFor(client);
  // This device's own changes first: they go through the outbox, in order.
  const waiting = engine
    .status()
    .waiting.flatMap((e) => (isSingle(e.kind) ? [] : [{ category: e.kind, seq: e.seq }]));
  await engine.flush();
  const left = new Set(engine.status().waiting.map((e) => e.seq));
  const { items, invalid, legacy } = legacyItems();
  const { results, ok, succeeded } = await upload(items, onProgress);
  const uploaded = new Set([...succeeded].flatMap((item) => item.legacy));
  for (const category of RESOURCE_NAMES) {
    if (legacy[category].length > 0) {
      replaceLegacy(
        category,
        legacy[category].filter((raw) => !uploaded.has(raw)),
      );
    }
  }
  engine.wake();
  const sent = waiting.map(({ category, seq }) => ({ category, ok: !left.has(seq) }));
  return {
    counts: tallyResults([...sent, ...results, ...invalid]),
    ok: ok && left.size === 0,
  };
}

/** Every list fetched afresh into the device's store (SPEC §7 "Download flow"). */
async function downloadAll(client: QueryClient): Promise<CategoryCount[]> {
  const engine = engineFor(client);
  const counts = await Promise.all(RESOURCE_NAMES.map((kind) => engine.download(kind)));
  return RESOURCE_NAMES.map((category, i) => ({ category, ok: counts[i]!, failed: 0 }));
}

/**
 * Everything the account has, as fresh as can be had: when the server is online each list is
 * brought up to date first, otherwise the device's copy is used as it is. Legacy records not
 * yet uploaded are included so the file is a complete backup.
 */
async function collectExport(client: QueryClient, refresh: boolean): Promise<ExportFile> {
  const engine = engineFor(client);
  const lists = await Promise.all(RESOURCE_NAMES.map((kind) => engine.snapshot(kind, refresh)));
  const records = Object.fromEntries(RESOURCE_NAMES.map((c, i) => [c, lists[i]!])) as SyncData;
  const legacy = Object.fromEntries(RESOURCE_NAMES.map((c) => [c, readLegacy(c)])) as SyncData;
  return buildExport(records, legacy);
}

export function useUploadLocalData() {
  return useMutation({
    mutationFn: ({ onProgress }: { onProgress: ProgressListener }, { client }) =>
      uploadLocalData(client, onProgress),
  });
}

export function useImportData() {
  return useMutation({
    mutationFn: async (
      { items, onProgress }: { items: UploadItem[]; onProgress: ProgressListener },
      { client },
    ): Promise<UploadOutcome> => {
      const { results, ok } = await upload(
        items.map((item) => ({ ...item, legacy: [] })),
        onProgress,
      );
      // Every screen's list may have grown.
      engineFor(client).wake();
      return { counts: tallyResults(results), ok };
    },
  });
}

export function useDownloadData() {
  return useMutation({ mutationFn: (_: undefined, { client }) => downloadAll(client) });
}

export function useExportData() {
  return useMutation({
    mutationFn: ({ refresh }: { refresh: boolean }, { client }) => collectExport(client, refresh),
    meta: { errorMessage: '导出失败：{message}' },
  });
}
