import {
  civilDayNumber,
  dateKey,
  dayDigits,
  isInMonth,
  monthDigits,
  monthNumber,
  yearOf,
} from './dates';
import { type HabitLike, monthlyTargetFor } from './habits';
import { changedSpan } from './memo';
import type { CheckinRecordData, CheckinTask } from './schemas/checkin';

/** 'none': nothing checked in yet, which is no failure to show in red (a habit just made). */
export type RateColour = 'green' | 'yellow' | 'red' | 'none';

type StreakTask = Pick<CheckinTask, 'id' | 'type' | 'frequency'>;
type RecordFields = Pick<CheckinRecordData, 'taskId' | 'date'> & {
  /** A day marked 跳过 is no check-in: the spec's rate and streak leave it out. */
  skipped?: boolean;
};

/** Records ÷ monthly target in percent, rounded (docs/spec.md §9); it may pass 100. */
export function checkinRate(recordCount: number, monthlyTarget: number): number {
  // The schema keeps the target ≥ 1; a legacy task without one must not show Infinity.
  if (monthlyTarget <= 0) return 0;
  return Math.round((recordCount / monthlyTarget) * 100);
}

/** The progress bar's width in percent: a month beyond its target still fills it only once. */
export function progressWidth(rate: number): number {
  return Math.min(100, Math.max(0, rate));
}

export function rateColour(rate: number): RateColour {
  if (rate <= 0) return 'none';
  if (rate >= 80) return 'green';
  if (rate >= 60) return 'yellow';
  return 'red';
}

/** Four full Monday-weeks fit in every month, so a weekly habit can always reach 4 × its frequency. */
const WEEKS_IN_ANY_MONTH = 4;

/**
 * The monthly target a habit gets when the user has not typed one: a month's worth of its own
 * rhythm, so that it can be met — every day (30, the spec's default), `frequency` times in each
 * of four weeks, or `frequency` times a month. Never above the schema's 31.
 */
export function defaultMonthlyTarget(type: CheckinTask['type'], frequency: number): number {
  const times = Math.max(1, Math.floor(frequency) || 1);
  if (type === 'daily') return 30;
  if (type === 'weekly') return Math.min(31, WEEKS_IN_ANY_MONTH * times);
  return Math.min(31, times);
}

export function recordsInMonth<T extends Pick<RecordFields, 'date'>>(
  records: readonly T[],
  month: string,
): T[] {
  return records.filter((r) => isInMonth(r.date, month));
}

/** Each task's records, so per-habit figures do not each scan every record. */
export function recordsByTask<T extends Pick<RecordFields, 'taskId'>>(
  records: readonly T[],
): Map<string, T[]> {
  const byTask = new Map<string, T[]>();
  for (const r of records) {
    const list = byTask.get(r.taskId);
    if (list) list.push(r);
    else byTask.set(r.taskId, [r]);
  }
  return byTask;
}

export interface MonthlyCheckinStats {
  taskCount: number;
  /** Check-ins in the month that belong to a current habit. */
  checkins: number;
  /** The habits' mean rate, rounded. */
  averageRate: number;
  /** Habits whose month reached its target. */
  targetsMet: number;
}

/**
 * Whether a habit's record of a day counts in the figures: not on its rest days (issue 60: a
 * cup of water on a Saturday of a Monday-to-Friday habit is no check-in). Every day counts
 * without one.
 */
export type CountsOn = (taskId: string, date: string) => boolean;
const EVERY_DAY_COUNTS: CountsOn = () => true;

/** What the page's figures need from the check-ins: those of the month by habit, and today's. */
export interface MonthTally {
  /** The month's check-ins of each habit with any, by habit id. */
  inMonth: ReadonlyMap<string, number>;
  /** The habits checked in on `today`. */
  today: ReadonlySet<string>;
}

/**
 * The month's check-ins by habit and the habits checked in today, in one pass over the records:
 * a string comparison each (ten years: ~39k, ~1 ms at full speed). The figures above the cards
 * come from it at once; the habits' indexes (streaks, calendars) are built card by card.
 */
export function monthTally(
  records: readonly RecordFields[],
  month: string,
  today: string,
  counts: CountsOn = EVERY_DAY_COUNTS,
): MonthTally {
  const inMonth = new Map<string, number>();
  const checkedToday = new Set<string>();
  for (const r of records) {
    if (r.skipped) continue;
    // Only the month's and today's records are asked about: a lookup each, not ten years'.
    const wanted = isInMonth(r.date, month);
    if (!wanted && r.date !== today) continue;
    if (!counts(r.taskId, r.date)) continue;
    if (wanted) inMonth.set(r.taskId, (inMonth.get(r.taskId) ?? 0) + 1);
    if (r.date === today) checkedToday.add(r.taskId);
  }
  return { inMonth, today: checkedToday };
}

/**
 * monthTally from the habits' indexes, where every habit has one: a lookup per habit (each
 * index keeps its months), no pass over every check-in. A check-in re-indexes its own habit
 * only, so its render at 4× CPU no longer reads ten years of check-ins for the figures.
 */
export function indexedTally<T extends Pick<RecordFields, 'date' | 'skipped'>>(
  indexes: Iterable<[string, MonthLookup<T>]>,
  month: string,
  today: string,
  counts: CountsOn = EVERY_DAY_COUNTS,
): MonthTally {
  const inMonth = new Map<string, number>();
  const checkedToday = new Set<string>();
  for (const [id, index] of indexes) {
    let count = 0;
    for (const r of recordsOfMonth(index, month)) if (!r.skipped && counts(id, r.date)) count += 1;
    if (count > 0) inMonth.set(id, count);
    const todays = recordsOfMonth(index, today);
    if (todays.some((r) => r.date === today && !r.skipped) && counts(id, today)) {
      checkedToday.add(id);
    }
  }
  return { inMonth, today: checkedToday };
}

/**
 * The month's figures over every habit, from the month's check-ins by habit (monthTally), each
 * against its target for that month (monthlyTargetFor).
 */
export function monthlyStats(
  tasks: readonly (HabitLike & Pick<CheckinTask, 'monthlyTarget'>)[],
  inMonth: ReadonlyMap<string, number>,
  month: string,
): MonthlyCheckinStats {
  let checkins = 0;
  let rateSum = 0;
  let targetsMet = 0;
  for (const task of tasks) {
    const count = inMonth.get(task.id) ?? 0;
    const rate = checkinRate(count, monthlyTargetFor(task, month));
    checkins += count;
    // Capped like the bar: one habit far past its target must not hide another one's gap.
    rateSum += progressWidth(rate);
    if (rate >= 100) targetsMet += 1;
  }
  return {
    taskCount: tasks.length,
    checkins,
    averageRate: tasks.length === 0 ? 0 : Math.round(rateSum / tasks.length),
    targetsMet,
  };
}

/** '2026年11月' for '2026-11'. */
export function formatMonth(month: string): string {
  return `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;
}

export function findTodayRecord<T extends RecordFields>(
  records: readonly T[],
  taskId: string,
  today: string,
): T | undefined {
  return records.find((r) => r.taskId === taskId && r.date === today);
}

// A streak counts periods: days for a daily habit, Monday-weeks for a weekly one, months for a
// monthly one. A period is kept when it holds at least `frequency` distinct check-in days.
// Periods are numbered, so that the one before is `n - 1`: plain arithmetic on ten years of
// check-ins instead of parsing and formatting a date for every step.

/**
 * The number of the period holding `date`: its day number, its Monday-week's number
 * (1970-01-01 was a Thursday, so day -3 is the Monday of week 0), or its month's number.
 */
export function periodNumber(type: CheckinTask['type'], date: string): number {
  return periodOf(type, yearOf(date), monthDigits(date), dayDigits(date));
}

/** periodNumber of the day year-month-day. */
function periodOf(type: CheckinTask['type'], year: number, month: number, day: number): number {
  if (type === 'monthly') return year * 12 + month - 1;
  const days = civilDayNumber(year, month, day);
  return type === 'daily' ? days : Math.floor((days + 3) / 7);
}

/** What a habit's figures need from its check-ins, worked out once per change of them. */
export interface HabitIndex<T> {
  /** The habit's records it was built from, in their order. */
  records: readonly T[];
  /** Each record's day as yyyymmdd (dateKey), in the records' order. */
  keys: Int32Array;
  /** The period type and frequency it was built for. */
  type: CheckinTask['type'];
  frequency: number;
  /** The numbers of the kept periods (periodNumber), ascending. */
  kept: Int32Array;
  /** The longest run of consecutive kept periods ever. */
  best: number;
  /**
   * The records of the months asked for so far, by monthNumber (recordsOfMonth): filled on
   * demand, as a screen shows one month of ten years.
   */
  months: Map<number, readonly T[]>;
}

type MonthLookup<T> = Pick<HabitIndex<T>, 'records' | 'keys' | 'months'>;

/** The habit's records in `month` ('YYYY-MM', or a date in it), in their order. */
export function recordsOfMonth<T>(index: MonthLookup<T>, month: string): readonly T[] {
  const number = monthNumber(month);
  let found = index.months.get(number);
  if (!found) {
    // Every yyyymmdd of the month lies in [yyyymm00, yyyymm99].
    const first = yearOf(month) * 10_000 + monthDigits(month) * 100;
    const { keys } = index;
    found = index.records.filter((_, i) => keys[i]! >= first && keys[i]! < first + 100);
    index.months.set(number, found);
  }
  return found;
}

/** The habit's record of `date` (the first, should the day hold two). */
export function recordOn<T extends Pick<RecordFields, 'date'>>(
  index: MonthLookup<T>,
  date: string,
): T | undefined {
  return recordsOfMonth(index, date).find((r) => r.date === date);
}

/** The period of the day `key` (yyyymmdd), numbered as periodNumber numbers them. */
const periodOfKey = (type: CheckinTask['type'], key: number) =>
  periodOf(type, Math.floor(key / 10_000), Math.floor(key / 100) % 100, key % 100);

/**
 * One habit's index, from its records (other habits' records are left out).
 *
 * Ten years hold ~40k check-ins, indexed on every visit to /checkin, at its first paint. So each
 * check-in gives one number, its day as yyyymmdd; the numbers are sorted, and one pass over
 * them drops a day's repeats and counts each period's days: the numbers ascend with the date,
 * and so do the periods. No Map or Set operation per check-in: grouping them by month as they
 * came and keeping the periods in a Set took a cold start in Node 31 ms at ten years against 25
 * now (medians of 15). In Chromium the twenty take ~50 ms at full speed, so each is built in
 * its card's render (habitIndexes), not in the render that shows the month's figures.
 */
export function habitIndex<T extends RecordFields>(
  task: StreakTask,
  records: readonly T[],
): HabitIndex<T> {
  const mine: T[] = [];
  const all = new Int32Array(records.length);
  for (const r of records) {
    if (r.taskId !== task.id) continue;
    all[mine.length] = dateKey(r.date);
    mine.push(r);
  }
  return indexOf(task, mine, all.slice(0, mine.length));
}

/** The index of a habit's own records, each day given as yyyymmdd in `keys`. */
function indexOf<T extends RecordFields>(
  task: StreakTask,
  mine: T[],
  keys: Int32Array,
): HabitIndex<T> {
  // Days marked 跳过 stay in the index (the calendar shows them) but keep no period.
  const done = new Int32Array(mine.length);
  let doneCount = 0;
  for (let i = 0; i < mine.length; i++) if (!mine[i]!.skipped) done[doneCount++] = keys[i]!;
  const days = done.subarray(0, doneCount).sort();
  // A daily habit's frequency is 1 by schema; stay safe with legacy values.
  const needed = task.type === 'daily' ? 1 : Math.max(1, task.frequency);
  const kept = new Int32Array(days.length);
  let count = 0;
  let best = 0;
  let run = 0;
  let period = Number.NaN;
  let daysInPeriod = 0;
  for (let i = 0; i < days.length; i++) {
    if (i > 0 && days[i] === days[i - 1]) continue; // a day counts once
    const p = periodOfKey(task.type, days[i]!);
    if (p !== period) {
      daysInPeriod = 0;
      // A run goes on through a period right after a kept one.
      if (count === 0 || kept[count - 1] !== p - 1) run = 0;
      period = p;
    }
    daysInPeriod += 1;
    if (daysInPeriod !== needed) continue;
    kept[count++] = p;
    run += 1;
    if (run > best) best = run;
  }
  return {
    records: mine,
    keys,
    type: task.type,
    frequency: task.frequency,
    kept: kept.slice(0, count),
    best,
    months: new Map(),
  };
}

function sameRecords<T>(a: readonly T[], b: readonly T[]) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Beyond this many habits changed, grouping every record once costs less than a scan each. */
const FEW_HABITS = 4;

type Span = ReturnType<typeof changedSpan>;

/** The habits with records in the span of either list; null beyond FEW_HABITS. */
function habitsIn<T extends Pick<RecordFields, 'taskId'>>(
  before: readonly T[],
  after: readonly T[],
  { start, endBefore, endAfter }: Span,
): Set<string> | null {
  const changed = new Set<string>();
  for (const [list, end] of [
    [before, endBefore],
    [after, endAfter],
  ] as const) {
    for (let i = start; i < end; i++) {
      changed.add(list[i]!.taskId);
      if (changed.size > FEW_HABITS) return null;
    }
  }
  return changed;
}

/**
 * The habits whose records differ between `before` and `after`, when `after` was made from
 * `before` by the engine (a check-in added at the end, one removed, one replaced in place: the
 * rest the same objects in the same order). What lies between the lists' common start and
 * common end holds every change. Null when more than FEW_HABITS changed.
 */
export function habitsChanged<T extends Pick<RecordFields, 'taskId'>>(
  before: readonly T[],
  after: readonly T[],
): Set<string> | null {
  return habitsIn(before, after, changedSpan(before, after));
}

/**
 * One habit's index after the change in `span`, made from its index before when the change is
 * one the engine makes: check-ins added at the end, some removed, or each replaced in its
 * place. The records kept keep their day numbers: scanning ~40k check-ins for the habit's and
 * reading each one's date again was most of a check-in's index, ~1 ms at full speed.
 * Undefined for any other change: the caller then scans.
 */
function patchedIndex<T extends RecordFields>(
  task: StreakTask,
  before: HabitIndex<T>,
  lists: { before: readonly T[]; after: readonly T[] },
  { start, endBefore, endAfter }: Span,
): HabitIndex<T> | undefined {
  const id = task.id;
  const gone = new Map<T, T | undefined>();
  const come: T[] = [];
  const inPlace = endBefore === endAfter;
  for (let i = start; i < endBefore; i++) {
    const r = lists.before[i]!;
    if (r.taskId !== id) continue;
    gone.set(r, inPlace && lists.after[i]!.taskId === id ? lists.after[i] : undefined);
  }
  for (let i = start; i < endAfter; i++) {
    if (lists.after[i]!.taskId === id) come.push(lists.after[i]!);
  }
  const mine: T[] = [];
  let keys: Int32Array;
  if (gone.size === 0) {
    // Every record of the habit lies before the span when nothing follows it.
    if (endAfter !== lists.after.length) return undefined;
    mine.push(...before.records, ...come);
    keys = new Int32Array(mine.length);
    keys.set(before.keys);
    come.forEach((r, i) => {
      keys[before.records.length + i] = dateKey(r.date);
    });
    return indexOf(task, mine, keys);
  }
  const replaced = [...gone.values()].filter((r) => r !== undefined).length;
  // Each removed with nothing in its place, or each replaced in its place by one of the habit.
  if (replaced !== come.length || (replaced > 0 && replaced !== gone.size)) return undefined;
  keys = new Int32Array(before.records.length - gone.size + replaced);
  before.records.forEach((r, i) => {
    if (!gone.has(r)) {
      keys[mine.length] = before.keys[i]!;
      mine.push(r);
    } else {
      const by = gone.get(r);
      if (!by) return;
      keys[mine.length] = dateKey(by.date);
      mine.push(by);
    }
  });
  return mine.length === keys.length ? indexOf(task, mine, keys) : undefined;
}

/** Every habit's index by its id, each built when first asked for (habitIndexes). */
export interface HabitIndexLookup<T> {
  /** The habit's index; undefined for an id that is no habit. */
  get(id: string): HabitIndex<T> | undefined;
  /** The index only if it has been built, building nothing. */
  built(id: string): HabitIndex<T> | undefined;
}

/** What `habitIndexes` gave last, to build the next from. */
export interface HabitIndexes<T extends RecordFields> {
  records: readonly T[];
  indexes: HabitIndexLookup<T>;
}

/**
 * Every habit's index, built when a card first asks for it: the twenty of ten years take ~50 ms
 * at full speed, one task when built together, and React slices a render between the cards.
 * An index `previous` has built is kept as it is when its habit's records (the same objects,
 * in the same order) and period settings have not changed: a check-in re-indexes one habit,
 * not all of them, and the other habits' cards see the same index. A check-in's habit is found
 * from the lists themselves (`habitsChanged`, no grouping of ten years of records); a larger
 * change groups every record once, when the first index is asked for.
 */
export function habitIndexes<T extends RecordFields>(
  tasks: readonly StreakTask[],
  records: readonly T[],
  previous?: HabitIndexes<T>,
): HabitIndexLookup<T> {
  const habits = new Map(tasks.map((task) => [task.id, task]));
  const span = previous && changedSpan(previous.records, records);
  const changed = previous && span && habitsIn(previous.records, records, span);
  let byTask: Map<string, T[]> | undefined;
  const build = (task: StreakTask): HabitIndex<T> => {
    const before = previous?.indexes.built(task.id);
    const sameSettings =
      before !== undefined && before.type === task.type && before.frequency === task.frequency;
    if (changed && before && span) {
      if (sameSettings && !changed.has(task.id)) return before;
      const lists = { before: previous.records, after: records };
      // Else habitIndex passes over the other habits' records itself.
      return (sameSettings && patchedIndex(task, before, lists, span)) || habitIndex(task, records);
    }
    byTask ??= recordsByTask(records);
    const mine = byTask.get(task.id) ?? [];
    return sameSettings && sameRecords(before.records, mine) ? before : habitIndex(task, mine);
  };
  const built = new Map<string, HabitIndex<T>>();
  return {
    get(id) {
      let index = built.get(id);
      const task = habits.get(id);
      if (!index && task) {
        index = build(task);
        built.set(id, index);
      }
      return index;
    },
    built: (id) => built.get(id),
  };
}

/**
 * Consecutive kept periods up to `today`. The current period is still running, so not having
 * met it yet does not break the streak: counting then starts from the period before.
 */
export function streakUpTo(
  type: CheckinTask['type'],
  kept: ArrayLike<number>,
  today: string,
): number {
  const period = periodNumber(type, today);
  // The last kept period not after today's (a check-in dated ahead is no part of it).
  let low = 0;
  let high = kept.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (kept[mid]! <= period) low = mid + 1;
    else high = mid;
  }
  let i = low - 1;
  if (i < 0 || kept[i]! < period - 1) return 0;
  let streak = 1;
  while (i > 0 && kept[i - 1] === kept[i]! - 1) {
    streak += 1;
    i -= 1;
  }
  return streak;
}

/** Consecutive kept periods up to now (streakUpTo), from the records. */
export function currentStreak(
  task: StreakTask,
  records: readonly RecordFields[],
  today: string,
): number {
  return streakUpTo(task.type, habitIndex(task, records).kept, today);
}

/** The longest run of consecutive kept periods ever. */
export function bestStreak(task: StreakTask, records: readonly RecordFields[]): number {
  return habitIndex(task, records).best;
}
