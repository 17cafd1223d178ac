// 标签 (issue 63): one word that ties records of every module together (#旅行 on an expense, a
// task, a workout and a focus session). No zod here: the quick add and the forms read tags
// as they are typed, and the schemas (schemas/tags.ts) check them with the same rules.

/** Characters in one tag, at most. */
const MAX_TAG_LENGTH = 20;
/** Tags on one record, at most. */
export const MAX_TAGS = 10;

/** The kinds of record that carry tags, in the order a tag's page lists them. */
export const TAGGED_KINDS = ['accounts', 'tasks', 'timeRecords', 'workouts'] as const;
export type TaggedKind = (typeof TAGGED_KINDS)[number];

/** What is wrong with a tag as typed (after trimming), in the words a form shows; undefined when fine. */
export function tagProblem(tag: string): string | undefined {
  if (tag === '') return '标签不能为空';
  if (/[\s#＃]/.test(tag)) return '标签不能包含空格或 #';
  if ([...tag].length > MAX_TAG_LENGTH) return `标签最多 ${MAX_TAG_LENGTH} 个字`;
  return undefined;
}

/** A tag as typed: trimmed, without a leading #. */
export function cleanTag(raw: string): string {
  return raw.trim().replace(/^[#＃]+/, '');
}

/** `tags` without repeats, in their first order. */
export function uniqueTags(tags: readonly string[]): string[] {
  return [...new Set(tags)];
}

// A tag in a text: # then letters, digits, _ - · (so `#旅行，订票` is 旅行, and `#旅行 订票` too).
const TAG_IN_TEXT = /(^|[^\p{L}\p{N}_&/])[#＃]([\p{L}\p{N}_\-·]+)/gu;

/**
 * The tags a note, a description or a quick-add line names as `#旅行`, valid ones only, without
 * repeats. The text itself is left as it is: a `#旅行` in a note stays there.
 */
export function tagsInText(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(TAG_IN_TEXT)) {
    const tag = m[2]!;
    if (!tagProblem(tag)) found.push(tag);
  }
  return uniqueTags(found);
}

/**
 * A record's tags with those its text names added, at most MAX_TAGS: what a form saves from
 * its tag field and its note.
 */
export function withTagsFrom(tags: readonly string[], text: string): string[] {
  return uniqueTags([...tags, ...tagsInText(text)]).slice(0, MAX_TAGS);
}

/** Something with tags and a day or a time it happened, of any module. */
export interface Tagged {
  tags?: readonly string[] | null;
}

/** The tags of a record, [] for one from before tags. */
function tagsOf(record: Tagged): readonly string[] {
  return record.tags ?? [];
}

/**
 * The user's tags, the most recently used first (by `when`, a sortable day or time), with how
 * many records carry each: the /tags list and the forms' suggestions.
 */
export function tagCounts<R extends Tagged>(
  records: readonly R[],
  when: (record: R) => string,
): { tag: string; count: number; last: string }[] {
  const byTag = new Map<string, { tag: string; count: number; last: string }>();
  for (const record of records) {
    for (const tag of tagsOf(record)) {
      const seen = byTag.get(tag);
      const at = when(record);
      if (!seen) byTag.set(tag, { tag, count: 1, last: at });
      else {
        seen.count++;
        if (at > seen.last) seen.last = at;
      }
    }
  }
  return [...byTag.values()].sort((a, b) =>
    a.last < b.last ? 1 : a.last > b.last ? -1 : a.tag.localeCompare(b.tag, 'zh-CN'),
  );
}

/** `tags` with `from` renamed to `to` (kept once if the record had both). */
export function renameTag(tags: readonly string[], from: string, to: string): string[] {
  return uniqueTags(tags.map((t) => (t === from ? to : t)));
}

/** `tags` without `tag`. */
export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((t) => t !== tag);
}

export type TagPeriod = 'month' | 'year' | 'all';

export const TAG_PERIOD_LABELS: Record<TagPeriod, string> = {
  month: '本月',
  year: '今年',
  all: '全部',
};

/** The address of a tag's page. */
export function tagPath(tag: string): string {
  return `/tags/${encodeURIComponent(tag)}`;
}

/** The records of one tag, each kind's as a tag's page needs them. */
export interface TagRecords {
  accounts: readonly (Tagged & { type: string; amount: number; date: string })[];
  tasks: readonly (Tagged & {
    completed: boolean;
    completedAt?: string | null;
    dueDate: string;
    createdAt: string;
  })[];
  timeRecords: readonly (Tagged & { duration: number; date: string })[];
  workouts: readonly (Tagged & { duration: number; date: string })[];
}

export interface TagTotals {
  /** 支出 and 收入 in cents. */
  expenseCents: number;
  incomeCents: number;
  /** 专注: minutes of focus and time records (seconds summed, then rounded down). */
  focusMinutes: number;
  /** 运动 minutes. */
  workoutMinutes: number;
  tasksDone: number;
  tasksTotal: number;
}

/** Whether a `YYYY-MM-DD` day falls in `period` as counted from `today`. */
function inPeriod(day: string, period: TagPeriod, today: string): boolean {
  if (period === 'all') return true;
  if (day === '') return false;
  return period === 'month'
    ? day.slice(0, 7) === today.slice(0, 7)
    : day.slice(0, 4) === today.slice(0, 4);
}

/**
 * The day a task counts on: its due date, else the day it was done, else the day it was made.
 * (`completedAt` and `createdAt` are UTC timestamps; their day is close enough for a period.)
 */
export function taskDay(task: TagRecords['tasks'][number]): string {
  return task.dueDate || (task.completedAt ?? '').slice(0, 10) || task.createdAt.slice(0, 10);
}

/**
 * The totals of a tag's page: records carrying `tag`, in `period` counted from `today`.
 * Amounts are summed in cents, so ten years of entries lose nothing to rounding.
 */
export function tagTotals(
  records: TagRecords,
  tag: string,
  period: TagPeriod,
  today: string,
): TagTotals {
  const has = (r: Tagged) => tagsOf(r).includes(tag);
  const totals: TagTotals = {
    expenseCents: 0,
    incomeCents: 0,
    focusMinutes: 0,
    workoutMinutes: 0,
    tasksDone: 0,
    tasksTotal: 0,
  };
  for (const a of records.accounts) {
    if (!has(a) || !inPeriod(a.date, period, today)) continue;
    const cents = Math.round(a.amount * 100);
    if (a.type === 'expense') totals.expenseCents += cents;
    else if (a.type === 'income') totals.incomeCents += cents;
  }
  let focusSeconds = 0;
  for (const t of records.timeRecords) {
    if (has(t) && inPeriod(t.date, period, today)) focusSeconds += t.duration;
  }
  totals.focusMinutes = Math.floor(focusSeconds / 60);
  for (const w of records.workouts) {
    if (has(w) && inPeriod(w.date, period, today)) totals.workoutMinutes += w.duration;
  }
  for (const t of records.tasks) {
    if (!has(t) || !inPeriod(taskDay(t), period, today)) continue;
    totals.tasksTotal++;
    if (t.completed) totals.tasksDone++;
  }
  return totals;
}
