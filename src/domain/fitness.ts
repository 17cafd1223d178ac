import { descending, lastNDays, weekDays } from './dates';
import { type WorkoutType, workoutTypes } from './schemas/categories';
import type { Workout } from './schemas/workout';

// Figures of the workout log (docs/spec.md §2 /fitness). The per-day and duration helpers are written for
// any dated record because the time screen charts its records the same way.

/** Whole hours and the minutes left over, from a (possibly fractional) number of minutes. */
export function hoursAndMinutes(totalMinutes: number): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.round(totalMinutes));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** '2小时5分钟' — always both units, so a card's value does not change shape as it grows. */
export function formatHoursMinutes(totalMinutes: number): string {
  const { hours, minutes } = hoursAndMinutes(totalMinutes);
  return `${hours}小时${minutes}分钟`;
}

/** The sum of `amountOf` per day over the last `n` days, oldest first, ending with `today`. */
export function dailyTotals<T extends { date: string }>(
  items: readonly T[],
  today: string,
  amountOf: (item: T) => number,
  n = 7,
): { date: string; total: number }[] {
  const totals = new Map(lastNDays(today, n).map((date) => [date, 0]));
  for (const item of items) {
    const total = totals.get(item.date);
    if (total !== undefined) totals.set(item.date, total + amountOf(item));
  }
  return [...totals].map(([date, total]) => ({ date, total }));
}

/**
 * The first `n` records, newest first: by date, then by when they were entered, so two
 * entries of the same day keep the order they were made in.
 */
export function newestFirst<T extends { date: string; createdAt?: string }>(
  items: readonly T[],
  n: number,
): T[] {
  const order = (a: T, b: T) =>
    descending(a.date, b.date) || descending(a.createdAt ?? '', b.createdAt ?? '');
  // One pass that keeps the first n, instead of sorting all: ten years are 20k time records,
  // and the sort is most of /time's figures. From the end, since a list is kept
  // oldest first: the newest fill `first` at once and the rest are turned away by one
  // comparison. As the stable sort would, an item goes before those it does not come after.
  const first: T[] = [];
  if (n <= 0) return first;
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (first.length === n && order(first[n - 1]!, item) < 0) continue;
    let lo = 0;
    let hi = first.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order(first[mid]!, item) < 0) lo = mid + 1;
      else hi = mid;
    }
    first.splice(lo, 0, item);
    if (first.length > n) first.pop();
  }
  return first;
}

export interface FitnessStats {
  count: number;
  totalMinutes: number;
  totalCalories: number;
  /** Distinct days of the current Monday-to-Sunday week with at least one workout. */
  weekDaysActive: number;
}

export function fitnessStats(
  workouts: readonly Pick<Workout, 'date' | 'duration' | 'calories'>[],
  today: string,
): FitnessStats {
  const week = new Set(weekDays(today));
  const active = new Set(workouts.filter((w) => week.has(w.date)).map((w) => w.date));
  return {
    count: workouts.length,
    totalMinutes: workouts.reduce((sum, w) => sum + w.duration, 0),
    // Uploaded records may carry null calories (docs/spec.md §7): they count as 0.
    totalCalories: workouts.reduce((sum, w) => sum + (w.calories ?? 0), 0),
    weekDaysActive: active.size,
  };
}

export interface WeekStripDay {
  date: string;
  /** '一' … '日'. */
  weekday: string;
  hasWorkout: boolean;
  isToday: boolean;
  isFuture: boolean;
}

const WEEKDAY_NAMES = ['一', '二', '三', '四', '五', '六', '日'];

/** This week's punch card, Monday to Sunday (docs/spec.md §9: the week starts on Monday). */
export function weekStrip(
  workouts: readonly Pick<Workout, 'date'>[],
  today: string,
): WeekStripDay[] {
  const dates = new Set(workouts.map((w) => w.date));
  return weekDays(today).map((date, i) => ({
    date,
    weekday: WEEKDAY_NAMES[i]!,
    hasWorkout: dates.has(date),
    isToday: date === today,
    isFuture: date > today,
  }));
}

/** Workout counts per type, most frequent first; ties keep the order of docs/spec.md §5's type list. */
export function workoutTypeCounts(
  workouts: readonly Pick<Workout, 'type'>[],
  top = 6,
): { type: WorkoutType; count: number }[] {
  const counts = new Map<WorkoutType, number>();
  for (const w of workouts) counts.set(w.type, (counts.get(w.type) ?? 0) + 1);
  return [...counts]
    .map(([type, count]) => ({ type, count }))
    .sort(
      (a, b) => b.count - a.count || workoutTypes.indexOf(a.type) - workoutTypes.indexOf(b.type),
    )
    .slice(0, top);
}
