import { addDays, daysBetween } from './dates';
import { datesBetween } from './recurrence';
import type { Task } from './schemas/task';

// 日历's repeating tasks (issue 59): a series' future dates, computed from its open
// occurrence's rule, never stored. Apart from calendar.ts so that the rrule library loads after
// the calendar's first paint, as the task list's occurrence rules do (src/api/tasks.ts).

/**
 * The dates a series' open occurrence repeats on within [from, to], after its own date and
 * from `today` on (earlier ones are that row's to do, not new ones). None for a done row: the
 * series has moved on to a later row, which projects the rest.
 */
export function projectedDates(
  task: Pick<Task, 'dueDate' | 'repeat' | 'completed'>,
  from: string,
  to: string,
  today: string,
): string[] {
  if (!task.repeat || task.completed || task.dueDate === '' || task.dueDate > to) return [];
  const after = task.dueDate > today ? task.dueDate : today;
  const first = after > from ? after : from;
  return datesBetween(task.repeat, nearStart(task.repeat, task.dueDate, first), first, to).filter(
    (d) => d > task.dueDate,
  );
}

/**
 * Where to run a rule from to find its dates from `first` on: a daily or weekly rule moved on
 * by whole periods lands on the same dates, so the library does not walk every week of a
 * series left overdue for years (~50 ms a month for 20 such series, bench on ten years). A
 * rule with COUNT (counted from its start) or a monthly or yearly one keeps its start.
 */
function nearStart(rule: string, start: string, first: string): string {
  const freq = /(?:^|;)FREQ=(DAILY|WEEKLY)(?:;|$)/.exec(rule)?.[1];
  if (!freq || /(?:^|;)COUNT=/.test(rule)) return start;
  const interval = Number(/(?:^|;)INTERVAL=(\d+)/.exec(rule)?.[1] ?? 1);
  const period = (freq === 'DAILY' ? 1 : 7) * interval;
  const periods = Math.floor(daysBetween(start, first) / period) - 1;
  return periods > 0 ? addDays(start, periods * period) : start;
}
