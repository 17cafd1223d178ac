import {
  type DayRecord,
  dayState,
  type HabitLike,
  habitRules,
  habitStart,
  habitSummary,
  recordsByDate,
} from '../../src/domain/habits';

/** What a habit's reminder on a day says: nothing recorded yet, or how far a per-day target is. */
export type HabitDue = { state: 'open' } | { state: 'short'; value: number; target: number };

/**
 * Whether a habit's reminder rings on `date`, judged as the check-in screen judges that day
 * (habits.ts: the schedule in force on the date, 跳过, 休假, the period's target).
 *
 * - An archived habit, a day it is not scheduled on, a skipped day or a vacation: never.
 * - A day with a record counts as checked in, whatever its value: a 至多 habit logged within
 *   its limit, or any value toward a weekly or monthly total, is the answer the reminder asked
 *   for. The one exception is a per-day 至少 target not yet reached ("8 杯", 3 so far): the
 *   user expects to be nudged for the rest, so it rings, saying how far it is.
 * - A day without a record under a weekly or monthly target rings only while the period's
 *   target is not yet met: "3 times a week" done by Wednesday asks nothing more that week.
 *
 * `records` are the habit's own, at least those of the period holding `date` and its first one
 * (habitStart: a habit begun mid-week is held to the rest of that week only).
 */
export function habitDue(
  habit: HabitLike & { archived?: boolean },
  records: readonly DayRecord[],
  date: string,
): HabitDue | undefined {
  if (habit.archived) return undefined;
  const rules = habitRules(habit);
  const upTo = records.filter((r) => r.date <= date);
  const record = recordsByDate(upTo).get(date);
  const state = dayState(rules, record, date, date, habitStart(rules, upTo, date));
  if (state === 'unscheduled' || state === 'skipped' || state === 'vacation') return undefined;
  if (record) {
    const value = record.value ?? 1;
    const perDayTarget = rules.period === 'day' && rules.targetType === 'atLeast';
    return perDayTarget && value < rules.target
      ? { state: 'short', value, target: rules.target }
      : undefined;
  }
  if (rules.period !== 'day' && habitSummary(habit, upTo, date).current?.state === 'done') {
    return undefined;
  }
  return { state: 'open' };
}
