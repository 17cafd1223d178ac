import { dailyTotals } from './fitness';
import { type TimeCategory, timeCategories } from './schemas/categories';
import type { TimeRecord } from './schemas/time-record';

// Figures of the time screen (docs/spec.md §2 /time). Records hold seconds; the cards and charts speak
// in minutes, rounded only at the end so that many short sessions do not each lose a fraction.

type Timed = Pick<TimeRecord, 'date' | 'duration'>;

const sumSeconds = (records: readonly Timed[]) => records.reduce((sum, r) => sum + r.duration, 0);

export interface FocusStats {
  totalSeconds: number;
  todayMinutes: number;
  count: number;
  /** Mean minutes per record; 0 when there are none. */
  averageMinutes: number;
}

export function focusStats(records: readonly Timed[], today: string): FocusStats {
  const totalSeconds = sumSeconds(records);
  return {
    totalSeconds,
    todayMinutes: Math.round(sumSeconds(records.filter((r) => r.date === today)) / 60),
    count: records.length,
    averageMinutes: records.length ? Math.round(totalSeconds / records.length / 60) : 0,
  };
}

/** Minutes of focus per day over the last 7 days, oldest first. */
export function dailyFocusMinutes(
  records: readonly Timed[],
  today: string,
): { date: string; minutes: number }[] {
  return dailyTotals(records, today, (r) => r.duration).map(({ date, total }) => ({
    date,
    minutes: Math.round(total / 60),
  }));
}

/** Seconds per category with any time, in the order of docs/spec.md §5's category list. */
export function categorySeconds(
  records: readonly Pick<TimeRecord, 'category' | 'duration'>[],
): { category: TimeCategory; seconds: number }[] {
  const totals = new Map<TimeCategory, number>();
  for (const r of records) totals.set(r.category, (totals.get(r.category) ?? 0) + r.duration);
  return timeCategories
    .filter((category) => (totals.get(category) ?? 0) > 0)
    .map((category) => ({ category, seconds: totals.get(category)! }));
}

/**
 * The focus time spent on one task: its time records are those a session started from the
 * task's 专注 saved (`taskId`); a record without one belongs to no task.
 */
export function taskFocus(
  records: readonly Pick<TimeRecord, 'duration' | 'taskId'>[],
  taskId: string,
): { seconds: number; sessions: number } {
  let seconds = 0;
  let sessions = 0;
  for (const r of records) {
    if (r.taskId !== taskId) continue;
    seconds += r.duration;
    sessions++;
  }
  return { seconds, sessions };
}

/** A record's length: '45秒', '25分钟', '1分30秒', '1小时5分钟'. */
export function formatSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  // An hour-long record is read to the minute; a short one keeps its seconds.
  if (h > 0) return `${h}小时${m}分钟`;
  if (m === 0) return `${s}秒`;
  return s === 0 ? `${m}分钟` : `${m}分${s}秒`;
}
