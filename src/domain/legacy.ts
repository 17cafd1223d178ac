import type { ResourceName } from './resources';
import {
  accountCategoryLabels,
  accountTypeLabels,
  assetCategoryLabelsFor,
  assetTypeLabels,
  checkinCategoryLabels,
  checkinTypeLabels,
  taskCategoryLabels,
  taskPriorityLabels,
  timeCategoryLabels,
  workoutTypeLabels,
} from './schemas/categories';

// The original, client-only app kept its records in localStorage in its own shape: ids made
// from Date.now() (sometimes with a random fraction), amounts typed into a text box and kept
// as strings, Chinese labels where this version stores English keys (docs/spec.md §5 "Stored keys"), dates as
// 'YYYY/M/D' or a full ISO string. These functions bring such a record as close to the
// current schemas as can be done without guessing; whatever is still wrong is left for the
// schema to reject, so the record is reported and kept rather than silently altered.

type Fields = Record<string, unknown>;

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** FNV-1a, twice with different offsets: 64 bits, so distinct legacy ids do not collide. */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/**
 * The id a legacy record is uploaded under. A valid id is kept; any other is mapped to the
 * same new id every time, so a second upload is still idempotent and references between
 * records (an asset's originalId, a check-in's taskId) keep pointing at the right record.
 */
export function legacyId(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return legacyId(String(value));
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const id = value.trim();
  // Prefixing cannot repair an id the pattern refuses, so the new id is a hash of the old.
  return ID_RE.test(id) ? id : `legacy-${hash(id)}`;
}

/** A record that never had an id is named by its content, which is just as stable. */
function contentId(record: Fields): string {
  return `legacy-${hash(JSON.stringify(record))}`;
}

/** The stored key for a value that may be the key itself or its Chinese label. */
export function keyForLabel(labels: Readonly<Record<string, string>>, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (Object.hasOwn(labels, text)) return text;
  return Object.keys(labels).find((key) => labels[key] === text) ?? value;
}

/** '1,234.50', '¥12' and ' 3 ' as numbers; anything that does not read as one is left alone. */
export function legacyNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.replace(/[\s,，¥￥]/g, '');
  if (text === '') return value;
  const n = Number(text);
  return Number.isFinite(n) ? n : value;
}

const LOOSE_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[T\s])/;

/** 'YYYY/M/D', 'YYYY-M-D' or an ISO date-time as 'YYYY-MM-DD' (the calendar part as written). */
export function legacyDate(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const m = LOOSE_DATE.exec(value.trim());
  if (!m) return value;
  return `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
}

/** Epoch milliseconds or any parseable date-time as an ISO-8601 timestamp. */
export function legacyTimestamp(value: unknown): unknown {
  const ms =
    typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  // NaN, Infinity and times beyond the Date range all make an invalid Date.
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Applies `fix` to each listed field that the record has. */
function fix(record: Fields, fields: readonly string[], fn: (value: unknown) => unknown): Fields {
  const out = { ...record };
  for (const field of fields) if (field in out) out[field] = fn(out[field]);
  return out;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function idOrNull(value: unknown): unknown {
  return isBlank(value) ? null : (legacyId(value) ?? value);
}

/** A blank creation time is dropped, and the server stamps the upload time instead. */
function optionalTimestamp(value: unknown): unknown {
  return isBlank(value) ? undefined : legacyTimestamp(value);
}

function normaliseAsset(r: Fields): Fields {
  const type = keyForLabel(assetTypeLabels, r.type);
  let out: Fields = { ...r, type };
  if (type === 'asset' || type === 'liability') {
    out.category = keyForLabel(assetCategoryLabelsFor(type), r.category);
  }
  out = fix(out, ['amount', 'version'], legacyNumber);
  out = fix(out, ['date', 'effectiveDate'], legacyDate);
  return fix(out, ['originalId', 'previousVersionId'], idOrNull);
}

const normalisers: Record<ResourceName, (r: Fields) => Fields> = {
  accounts: (r) => {
    const type = keyForLabel(accountTypeLabels, r.type);
    const out: Fields = { ...r, type };
    if (type === 'expense' || type === 'income') {
      out.category = keyForLabel(accountCategoryLabels(type), r.category);
    }
    return fix(fix(out, ['amount'], legacyNumber), ['date'], legacyDate);
  },
  assets: normaliseAsset,
  assetHistory: (r) => {
    // Snapshots are shown by the history screen, so they get the same treatment as assets.
    let out = fix(r, ['oldData', 'newData'], (v) =>
      isRecord(v) ? normaliseLegacy('assets', v) : v,
    );
    out = fix(out, ['assetId'], (v) => legacyId(v) ?? v);
    return fix(out, ['timestamp'], legacyTimestamp);
  },
  workouts: (r) => {
    let out = fix(r, ['type'], (v) => keyForLabel(workoutTypeLabels, v));
    out = fix(out, ['duration', 'calories'], legacyNumber);
    return fix(fix(out, ['date'], legacyDate), ['createdAt'], optionalTimestamp);
  },
  timeRecords: (r) => {
    let out = fix(r, ['category'], (v) => keyForLabel(timeCategoryLabels, v));
    out = fix(out, ['duration'], legacyNumber);
    return fix(fix(out, ['date'], legacyDate), ['createdAt'], optionalTimestamp);
  },
  tasks: (r) => {
    let out = fix(r, ['priority'], (v) => keyForLabel(taskPriorityLabels, v));
    out = fix(out, ['category'], (v) => keyForLabel(taskCategoryLabels, v));
    out = fix(out, ['dueDate'], legacyDate);
    out = fix(out, ['completedAt'], (v) => (isBlank(v) ? null : legacyTimestamp(v)));
    return fix(out, ['createdAt', 'updatedAt'], optionalTimestamp);
  },
  checkinTasks: (r) => {
    let out = fix(r, ['type'], (v) => keyForLabel(checkinTypeLabels, v));
    out = fix(out, ['category'], (v) => keyForLabel(checkinCategoryLabels, v));
    return fix(out, ['frequency', 'monthlyTarget'], legacyNumber);
  },
  checkinRecords: (r) =>
    fix(
      fix(r, ['taskId'], (v) => legacyId(v) ?? v),
      ['date'],
      legacyDate,
    ),
  // The original app had no 周期记账: a template only ever comes from this version's export.
  recurring: (r) => r,
  // Nor 账户 and 转账 (issue 61).
  wallets: (r) => r,
  transfers: (r) => r,
  // Nor 分类 of one's own.
  categories: (r) => r,
};

/**
 * A record of `category` in the original app's shape, brought to the current one as far as
 * possible. Records already in the current shape come back unchanged, so every record that
 * is uploaded or imported can go through here. Not a validation: the result may still be
 * invalid, and a non-object comes back as it was.
 */
export function normaliseLegacy(category: ResourceName, raw: unknown, now?: string): unknown {
  if (!isRecord(raw)) return raw;
  const out = normalisers[category](raw);
  out.id = legacyId(raw.id) ?? contentId(raw);
  return category === 'tasks' ? withCompletionTime(out, now) : out;
}

/**
 * The original app could mark a task done without saying when; the server needs the time
 * (已完成的任务需要完成时间). The last change is the best guess, then the creation, then the
 * moment of the upload (`now`); without any of them the record stays as it is.
 */
function withCompletionTime(task: Fields, now: string | undefined): Fields {
  if (task.completed !== true || !isBlank(task.completedAt)) return task;
  const when = [task.updatedAt, task.createdAt, now].find(
    (v): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v)),
  );
  return when ? { ...task, completedAt: when } : task;
}
