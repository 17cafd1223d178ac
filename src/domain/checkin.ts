import { addDays, addMonths, mondayOf, monthOf } from './dates';
import type { CheckinRecordData, CheckinTask } from './schemas/checkin';

/** 'none': nothing checked in yet, which is no failure to show in red (a habit just made). */
export type RateColour = 'green' | 'yellow' | 'red' | 'none';

type StreakTask = Pick<CheckinTask, 'id' | 'type' | 'frequency'>;
type RecordFields = Pick<CheckinRecordData, 'taskId' | 'date'>;

/** Records ÷ monthly target in percent, rounded (SPEC §9); it may pass 100. */
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
  return records.filter((r) => monthOf(r.date) === month);
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

export function monthlyStats(
  tasks: readonly Pick<CheckinTask, 'id' | 'monthlyTarget'>[],
  byTask: ReadonlyMap<string, readonly Pick<RecordFields, 'date'>[]>,
  month: string,
): MonthlyCheckinStats {
  let checkins = 0;
  let rateSum = 0;
  let targetsMet = 0;
  for (const task of tasks) {
    const count = recordsInMonth(byTask.get(task.id) ?? [], month).length;
    const rate = checkinRate(count, task.monthlyTarget);
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
interface Period {
  /** The key of the period holding a date: the date, its week's Monday, or its month. */
  of(date: string): string;
  /** The key `n` periods after `key` (before, for a negative `n`). */
  shift(key: string, n: number): string;
}

const PERIODS: Record<CheckinTask['type'], Period> = {
  daily: { of: (date) => date, shift: addDays },
  weekly: { of: mondayOf, shift: (key, n) => addDays(key, 7 * n) },
  monthly: { of: monthOf, shift: addMonths },
};

function keptPeriods(task: StreakTask, records: readonly RecordFields[]): Set<string> {
  const period = PERIODS[task.type];
  const days = new Set(records.filter((r) => r.taskId === task.id).map((r) => r.date));
  const counts = new Map<string, number>();
  for (const day of days) {
    const key = period.of(day);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // A daily habit's frequency is 1 by schema; stay safe with legacy values.
  const needed = task.type === 'daily' ? 1 : Math.max(1, task.frequency);
  return new Set([...counts].filter(([, n]) => n >= needed).map(([key]) => key));
}

/**
 * Consecutive kept periods up to now. The current period is still running, so not having met
 * it yet does not break the streak: counting then starts from the period before.
 */
export function currentStreak(
  task: StreakTask,
  records: readonly RecordFields[],
  today: string,
): number {
  const period = PERIODS[task.type];
  const kept = keptPeriods(task, records);
  let key = period.of(today);
  if (!kept.has(key)) key = period.shift(key, -1);
  let streak = 0;
  while (kept.has(key)) {
    streak += 1;
    key = period.shift(key, -1);
  }
  return streak;
}

/** The longest run of consecutive kept periods ever. */
export function bestStreak(task: StreakTask, records: readonly RecordFields[]): number {
  const period = PERIODS[task.type];
  const kept = keptPeriods(task, records);
  let best = 0;
  for (const key of kept) {
    // Count each run once, from its first period.
    if (kept.has(period.shift(key, -1))) continue;
    let length = 0;
    let cursor = key;
    while (kept.has(cursor)) {
      length += 1;
      cursor = period.shift(cursor, 1);
    }
    best = Math.max(best, length);
  }
  return best;
}
