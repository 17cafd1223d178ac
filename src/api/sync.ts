import { type QueryClient, useMutation } from '@tanstack/react-query';
import { isSingle, RESOURCE_NAMES, type ResourceName } from '../domain/resources';
import {
  buildExport,
  type CategoryCount,
  type ExportFile,
  prepareRecord,
  type SyncData,
  tallyResults,
  type UploadItem,
  uploadBatches,
} from '../domain/sync';
import { engineFor } from './engine';
import { readLegacy, replaceLegacy } from './legacy-data';

// The sync dialog's four actions (docs/architecture.md, "A change from a screen to the server").
// Upload sends what this browser holds that the server does not: the changes waiting in the
// outbox, and the original app's records. Download fetches every list afresh; export writes
// everything to a file; import brings such a file in. Upload and import go through the outbox
// as every write does (engine `importMany`): shown at once, queued offline and listed in 同步,
// and sent in the kinds' batch requests once the server answers. Records travel with their
// own ids, which the server treats as "create unless it exists", so running one twice, or
// importing a file twice, never duplicates anything.

export interface SyncProgress {
  done: number;
  total: number;
}

export type ProgressListener = (progress: SyncProgress) => void;

export interface UploadOutcome {
  /** Per kind: taken by the server or waiting on the device (ok), refused or not valid. */
  counts: CategoryCount[];
  /** Records saved on this device that the server has not taken yet (offline): they go later. */
  waiting: number;
}

/**
 * How long an upload or import waits for the server's next answer before the rest counts as
 * waiting on the device. Longer than a single write's 1.5 s: the replay may first wait its turn
 * behind the device's first download, and one batch of 500 takes a while on a slow server.
 * Offline nothing is waited for (the replay releases every change it cannot send).
 */
const IMPORT_IDLE_MS = 10_000;

interface PlannedItem extends UploadItem {
  /** The legacy records this post settles: removed from legacy storage once it succeeds. */
  legacy: unknown[];
}

/**
 * `items` queued in the outbox, stage by stage (asset versions before their successors,
 * habits before their check-ins: domain/sync.ts `uploadBatches`), and waited for as a bill
 * import is: until the server has answered each, or until none has been answered for a while
 * (write-outcomes.ts `settledMany`; offline at once). The items the server took, and how many
 * wait on the device.
 */
async function upload(client: QueryClient, items: PlannedItem[], onProgress: ProgressListener) {
  const engine = engineFor(client);
  const ordered = uploadBatches(items).flatMap((stage) =>
    RESOURCE_NAMES.flatMap((kind) => stage.filter((item) => item.category === kind)),
  );
  onProgress({ done: 0, total: ordered.length });
  // A record queued by an earlier upload or import that still waits (offline) is not queued
  // twice: it goes with the first.
  const already = new Set(engine.status().waiting.map((e) => `${e.kind}:${e.id}`));
  const fates = new Map<PlannedItem, 'invalid' | 'created' | 'existing' | 'waiting'>();
  const fresh = ordered.filter((item) => {
    const waits = already.has(`${item.category}:${item.record.id}`);
    if (waits) fates.set(item, 'waiting');
    return !waits;
  });
  const seqs = await engine.importMany(
    fresh.map((item) => ({ kind: item.category, input: item.record })),
  );
  const queued = fresh.flatMap((item, i) =>
    seqs[i] === undefined ? [] : [{ item, seq: seqs[i] }],
  );
  const succeeded = new Set<PlannedItem>();
  const { waiting } = await engine.settledMany(
    queued.map((q) => q.seq),
    (i, fate) => {
      fates.set(queued[i]!.item, fate);
      if (fate === 'created' || fate === 'existing') succeeded.add(queued[i]!.item);
    },
    IMPORT_IDLE_MS,
  );
  onProgress({ done: ordered.length, total: ordered.length });
  const skipped = ordered.length - fresh.length;
  // A record waiting on the device is counted with those that made it: it goes later.
  const results = ordered.map((item) => {
    const fate = fates.get(item);
    return { category: item.category, ok: fate !== undefined && fate !== 'invalid' };
  });
  return { results, succeeded, waiting: waiting + skipped };
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
  // This device's own changes first: they go through the outbox, in order. The legacy records
  // follow them in it; each leaves legacy storage once the server has taken it, so one still
  // waiting on the device is queued again by the next upload (the server keeps one copy).
  const waiting = engine
    .status()
    .waiting.flatMap((e) => (isSingle(e.kind) ? [] : [{ category: e.kind, seq: e.seq }]));
  await engine.flush();
  const left = new Set(engine.status().waiting.map((e) => e.seq));
  const { items, invalid, legacy } = legacyItems();
  const { results, succeeded, waiting: queued } = await upload(client, items, onProgress);
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
  // Taken, or still waiting in the outbox: a refused change has left it with a notice.
  const sent = waiting.map(({ category }) => ({ category, ok: true }));
  return {
    counts: tallyResults([...sent, ...results, ...invalid]),
    waiting: left.size + queued,
  };
}

/** Every list fetched afresh into the device's store (从云端下载数据). */
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
      const planned = items.map((item) => ({ ...item, legacy: [] }));
      const { results, waiting } = await upload(client, planned, onProgress);
      return { counts: tallyResults(results), waiting };
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
