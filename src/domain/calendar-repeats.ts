import { daysBetween } from './dates';
import { upcomingDates } from './recurrence';
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
  // Rules repeat at most daily: the days from the start to `to` bound the dates needed.
  const needed = daysBetween(task.dueDate, to) + 2;
  const after = task.dueDate > today ? task.dueDate : today;
  return upcomingDates(task.repeat, task.dueDate, needed).filter(
    (d) => d > task.dueDate && d >= after && d >= from && d <= to,
  );
}
