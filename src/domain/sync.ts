import { normaliseLegacy } from './legacy';
import { SCHEMAS } from './record-schemas';
import { RESOURCE_NAMES, RESOURCES, type ResourceName, utf8Length } from './resources';

// What the sync dialog moves between the browser and the server: which kinds of record, in
// which order, with which defaults, and how an export file is written and read back.

/** One list per kind: an export file, or the records found in the browser. */
export type SyncData = Record<ResourceName, unknown[]>;

/** A record ready to be posted: valid for its input schema and carrying its own id. */
type UploadRecord = { id: string } & Record<string, unknown>;

export interface UploadItem {
  category: ResourceName;
  record: UploadRecord;
}

// docs/spec.md §7: an uploaded record without a description or notes gets '', without calories
// null, without a due date '', and an uncompleted task false.
const UPLOAD_DEFAULTS: Partial<Record<ResourceName, Readonly<Record<string, unknown>>>> = {
  accounts: { description: '' },
  assets: { description: '' },
  workouts: { notes: '', calories: null },
  tasks: { description: '', dueDate: '', completed: false },
  checkinTasks: { description: '' },
};

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function withUploadDefaults(
  category: ResourceName,
  record: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out = { ...record };
  for (const [field, value] of Object.entries(UPLOAD_DEFAULTS[category] ?? {})) {
    if (isMissing(out[field])) out[field] = value;
  }
  return out;
}

export type Prepared =
  | { ok: true; record: UploadRecord }
  | { ok: false; field: string; message: string };

/**
 * Any local or imported record — the server's own shape or the original app's — as the
 * body to post: normalised, given the upload defaults, and checked by the schema the server
 * applies, so a record the server would refuse is known before anything is sent.
 */
export function prepareRecord(category: ResourceName, raw: unknown, now?: string): Prepared {
  const record = normaliseLegacy(category, raw, now);
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return { ok: false, field: '', message: '不是一条记录' };
  }
  const body = withUploadDefaults(category, record as Record<string, unknown>);
  const parsed = SCHEMAS[category].input.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, field: issue.path.join('.'), message: issue.message };
  }
  return { ok: true, record: parsed.data as UploadRecord };
}

/**
 * The order uploads must respect, as batches that run one after the other: a later version
 * of an asset after the one it follows (so a chain is never left with a gap), a check-in
 * record after the habit the server checks it against. Inside a batch order does not matter.
 */
export function uploadBatches<T extends UploadItem>(items: readonly T[]): T[][] {
  const stageOf = ({ category, record }: T) => {
    if (category === 'assets') return Math.max(0, Number(record.version) - 1);
    return 'parent' in RESOURCES[category] ? 1 : 0;
  };
  const stages = new Map<number, T[]>();
  for (const item of items) {
    const stage = stageOf(item);
    const batch = stages.get(stage);
    if (batch) batch.push(item);
    else stages.set(stage, [item]);
  }
  return [...stages.keys()].sort((a, b) => a - b).map((stage) => stages.get(stage)!);
}

/**
 * Splits one upload stage into requests: one category per request, at most `maxRecords`
 * records and at most `maxBytes` of UTF-8 JSON each, so no request meets the server's
 * batch or body limits (a Chinese character is three bytes, so counting characters is
 * not enough). A single record larger than `maxBytes` still travels, alone.
 */
export function requestChunks<T extends UploadItem>(
  stage: readonly T[],
  maxRecords: number,
  maxBytes: number,
): T[][] {
  const chunks: T[][] = [];
  for (const category of RESOURCE_NAMES) {
    let chunk: T[] = [];
    let bytes = 0;
    for (const item of stage) {
      if (item.category !== category) continue;
      const size = utf8Length(JSON.stringify(item.record)) + 1;
      if (chunk.length > 0 && (chunk.length === maxRecords || bytes + size > maxBytes)) {
        chunks.push(chunk);
        chunk = [];
        bytes = 0;
      }
      chunk.push(item);
      bytes += size;
    }
    if (chunk.length > 0) chunks.push(chunk);
  }
  return chunks;
}

export interface CategoryCount {
  category: ResourceName;
  ok: number;
  failed: number;
}

/** Successes and failures per category, in the dialog's order, leaving out empty ones. */
export function tallyResults(
  results: Iterable<{ category: ResourceName; ok: boolean }>,
): CategoryCount[] {
  const counts = new Map<ResourceName, CategoryCount>();
  for (const { category, ok } of results) {
    const count = counts.get(category) ?? { category, ok: 0, failed: 0 };
    if (ok) count.ok += 1;
    else count.failed += 1;
    counts.set(category, count);
  }
  return RESOURCE_NAMES.flatMap((category) => counts.get(category) ?? []);
}

export function exportFileName(today: string): string {
  return `personal-management-data-${today}.json`;
}

/** An export file's content: each kind's list under its export key. */
export type ExportFile = Record<string, unknown[]>;

function idOf(record: unknown): unknown {
  return typeof record === 'object' && record !== null
    ? (record as { id?: unknown }).id
    : undefined;
}

/**
 * The export: the account's records, then each legacy record not uploaded yet — in its
 * uploadable form when it has one, else as it was, so the backup never loses a record
 * (importing it will then name that record as the one to fix).
 */
export function buildExport(records: SyncData, legacy: SyncData): ExportFile {
  const out: ExportFile = {};
  for (const category of RESOURCE_NAMES) {
    const ids = new Set(records[category].map(idOf));
    const extra = legacy[category].flatMap((raw) => {
      const prepared = prepareRecord(category, raw);
      const record = prepared.ok ? prepared.record : raw;
      return ids.has(idOf(record)) ? [] : [record];
    });
    out[RESOURCES[category].exportKey] = [...records[category], ...extra];
  }
  return out;
}

export type ParsedImport = { ok: true; items: UploadItem[] } | { ok: false; message: string };

/**
 * Reads an export file (this version's, or the original app's five keys). Every record is
 * checked before anything is sent: the first bad one is named by category, position and
 * field, and then nothing is imported at all.
 */
export function parseImport(text: string): ParsedImport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, message: '文件不是有效的 JSON，请选择“导出本地数据”生成的文件' };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, message: '文件内容不是导出的数据，请选择“导出本地数据”生成的文件' };
  }
  const file = data as Record<string, unknown>;
  if (!RESOURCE_NAMES.some((category) => RESOURCES[category].exportKey in file)) {
    return { ok: false, message: '文件中没有可导入的数据（应包含 accounts、assets 等列表）' };
  }
  const items: UploadItem[] = [];
  for (const category of RESOURCE_NAMES) {
    const { exportKey, label } = RESOURCES[category];
    const list = file[exportKey] ?? [];
    if (!Array.isArray(list)) return { ok: false, message: `${label}（${exportKey}）应是一个列表` };
    for (const [index, raw] of list.entries()) {
      const prepared = prepareRecord(category, raw);
      if (!prepared.ok) {
        const field = prepared.field ? `字段 ${prepared.field}：` : '';
        return {
          ok: false,
          message: `${label}第 ${index + 1} 条记录无效（${field}${prepared.message}），未导入任何数据`,
        };
      }
      items.push({ category, record: prepared.record });
    }
  }
  return { ok: true, items };
}
