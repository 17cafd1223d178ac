import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { NOT_LOGGED_IN } from '../domain/messages';
import { MAX_BATCH, RESOURCE_NAMES, RESOURCES, type ResourceName } from '../domain/resources';
import {
  buildExport,
  type CategoryCount,
  countData,
  type ExportFile,
  prepareRecord,
  requestChunks,
  type SyncData,
  tallyResults,
  type UploadItem,
  uploadBatches,
} from '../domain/sync';
import { ApiError, apiRequest } from './http';
import { readLegacy, readMirror, replaceLegacy } from './local-mirror';
import { listQuery } from './resource';
import { readSession } from './session';

// The sync dialog's four actions (SPEC §2, §7): upload the browser's records, download the
// server's, export everything to a file and import such a file. Uploads post each record
// with its own id, which the server treats as "create unless it exists" (DESIGN.md §1), so
// running one twice, or importing a file twice, never duplicates anything.

/** Bytes of JSON per request, under the server's 1 MB body limit with room to spare. */
const UPLOAD_BATCH_BYTES = 800_000;
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

function currentUser(): string {
  const username = readSession()?.user.username;
  if (!username) throw new ApiError(NOT_LOGGED_IN, 0);
  return username;
}

/** No server, or no session: every further post would fail the same way. */
function endsUpload(error: unknown): boolean {
  return !(error instanceof ApiError) || [0, 401, 403].includes(error.status);
}

/**
 * The ids the server already holds, per category. A record found there is not posted again:
 * the answer would be the same (DESIGN.md §1), and a mirror of ten years of data would
 * otherwise cost a hundred thousand requests per click. A list that cannot be read is
 * treated as empty, so everything in it is posted and the ids keep that harmless.
 */
async function serverIds(): Promise<Record<ResourceName, Set<string>>> {
  const lists = await Promise.all(
    RESOURCE_NAMES.map((category) =>
      apiRequest<unknown>('GET', RESOURCES[category].path).catch(() => []),
    ),
  );
  return Object.fromEntries(
    RESOURCE_NAMES.map((category, i) => {
      const list = lists[i];
      const ids = Array.isArray(list) ? list.map((r) => (r as { id?: unknown }).id) : [];
      return [category, new Set(ids.filter((id): id is string => typeof id === 'string'))];
    }),
  ) as Record<ResourceName, Set<string>>;
}

/** Posts the items the server does not hold yet; those it holds count as uploaded. */
async function upload(items: PlannedItem[], onProgress: ProgressListener) {
  const known = await serverIds();
  const missing = items.filter((item) => !known[item.category].has(item.record.id));
  const { ok, succeeded } = await postAll(missing, onProgress);
  for (const item of items) if (known[item.category].has(item.record.id)) succeeded.add(item);
  // Whatever was never sent after the connection was lost counts as failed too.
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
    const chunks = requestChunks(stage, MAX_BATCH, UPLOAD_BATCH_BYTES);
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

export interface PostedCounts {
  /** Records the server did not hold before. */
  created: number;
  /** Records it already held (a file imported twice). */
  existing: number;
  /** Records it refused, with the first reason. */
  invalid: number;
  firstError?: string;
}

/**
 * Records of one kind through the same batch upload as the sync dialog (a bill import),
 * answering how many were new. A request that fails throws: what was sent before it is
 * stored, and sending the same records again adds nothing.
 */
export async function postRecords(
  category: ResourceName,
  records: UploadItem['record'][],
  onProgress: ProgressListener = () => {},
): Promise<PostedCounts> {
  currentUser();
  const counts: PostedCounts = { created: 0, existing: 0, invalid: 0 };
  const chunks = requestChunks(
    records.map((record) => ({ category, record })),
    MAX_BATCH,
    UPLOAD_BATCH_BYTES,
  );
  let done = 0;
  onProgress({ done, total: records.length });
  for (const chunk of chunks) {
    const { results } = await apiRequest<BatchAnswer>('POST', `${RESOURCES[category].path}/batch`, {
      records: chunk.map((item) => item.record),
    });
    for (const result of results) {
      if (result.status === 'invalid') {
        counts.invalid += 1;
        counts.firstError ??= result.error;
      } else counts[result.status] += 1;
    }
    done += chunk.length;
    onProgress({ done, total: records.length });
  }
  return counts;
}

/** The user's mirror and the original app's records, keyed by id so each is posted once. */
function localItems(username: string) {
  const items: PlannedItem[] = [];
  const invalid: { category: ResourceName; ok: false }[] = [];
  const legacy = {} as SyncData;
  for (const category of RESOURCE_NAMES) {
    const byId = new Map<string, PlannedItem>();
    legacy[category] = readLegacy(category);
    const add = (raw: unknown, fromLegacy: boolean) => {
      const prepared = prepareRecord(category, raw);
      // A record that cannot be made valid is counted as failed (a legacy one stays stored).
      if (!prepared.ok) {
        invalid.push({ category, ok: false });
        return;
      }
      const { record } = prepared;
      const item = byId.get(record.id) ?? { category, record, legacy: [] };
      if (fromLegacy) item.legacy.push(raw);
      byId.set(record.id, item);
    };
    for (const raw of readMirror<unknown>(category, username) ?? []) add(raw, false);
    for (const raw of legacy[category]) add(raw, true);
    items.push(...byId.values());
  }
  return { items, invalid, legacy };
}

async function uploadLocalData(onProgress: ProgressListener): Promise<UploadOutcome> {
  const { items, invalid, legacy } = localItems(currentUser());
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
  return { counts: tallyResults([...results, ...invalid]), ok };
}

/**
 * One list afresh from the server, through the screens' own query, so their cache and (inside
 * fetchList) the mirror are refreshed on the way; the mirror comes back when that fails.
 */
function fetchFresh(queryClient: QueryClient, category: ResourceName) {
  return queryClient.fetchQuery({ ...listQuery(category), staleTime: 0 });
}

/** Every list fetched in parallel; the mirror is overwritten on the way (fetchList). */
async function downloadAll(queryClient: QueryClient): Promise<CategoryCount[]> {
  currentUser();
  const lists = await Promise.all(RESOURCE_NAMES.map((c) => fetchFresh(queryClient, c)));
  // fetchList answers a failed request with the mirror; for a download that is a failure.
  const offline = lists.find((list) => list.local);
  if (offline) throw new ApiError(offline.error ?? '无法连接服务器', 0);
  return countData(
    Object.fromEntries(RESOURCE_NAMES.map((c, i) => [c, lists[i]!.items])) as SyncData,
  );
}

/**
 * Everything the account has, as fresh as can be had: when the server is online the lists
 * are fetched first (each falls back to its mirror on its own), otherwise the mirror is used
 * as it is. Legacy records not yet uploaded are included so the file is a complete backup.
 */
async function collectExport(queryClient: QueryClient, refresh: boolean): Promise<ExportFile> {
  const username = currentUser();
  const records = {} as SyncData;
  await Promise.all(
    RESOURCE_NAMES.map(async (category) => {
      const fetched = refresh ? await fetchFresh(queryClient, category).catch(() => null) : null;
      records[category] = fetched?.items ?? readMirror<unknown>(category, username) ?? [];
    }),
  );
  const legacy = Object.fromEntries(RESOURCE_NAMES.map((c) => [c, readLegacy(c)])) as SyncData;
  return buildExport(records, legacy);
}

/** After an upload or import every screen's list may have grown. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useUploadLocalData() {
  const onSettled = useRefreshAll();
  return useMutation({
    mutationFn: ({ onProgress }: { onProgress: ProgressListener }) => uploadLocalData(onProgress),
    onSettled,
  });
}

export function useImportData() {
  const onSettled = useRefreshAll();
  return useMutation({
    mutationFn: async ({
      items,
      onProgress,
    }: {
      items: UploadItem[];
      onProgress: ProgressListener;
    }): Promise<UploadOutcome> => {
      currentUser();
      const { results, ok } = await upload(
        items.map((item) => ({ ...item, legacy: [] })),
        onProgress,
      );
      return { counts: tallyResults(results), ok };
    },
    onSettled,
  });
}

export function useDownloadData() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => downloadAll(queryClient) });
}

export function useExportData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ refresh }: { refresh: boolean }) => collectExport(queryClient, refresh),
    meta: { errorMessage: '导出失败：{message}' },
  });
}
