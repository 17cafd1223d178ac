import type { TaskReminderChoice } from './notification-kinds';

// 任务默认提醒 (issue 62): what a new task's `reminders` (minutes before its due time) are when
// whoever created it chose none. TickTick rings a timed task on time by default; a task with a
// date only rings at 09:00 of that day (the scheduler's time for a dateless due time, so
// minute 0), unless the user chose 不提醒.

/** The reminders a new task gets from the user's default, given its due date and time. */
export function defaultReminders(
  choice: TaskReminderChoice,
  task: { dueDate?: string | null; dueTime?: string | null },
): number[] {
  if (choice === null || !task.dueDate) return [];
  return task.dueTime ? [choice] : [0];
}

/**
 * A new task's fields with the default applied where `reminders` was left out; reminders the
 * creator named (quick add's 提前…提醒, the dialog's boxes) are kept as they are.
 */
export function withDefaultReminders<
  T extends { dueDate?: string | null; dueTime?: string | null; reminders?: number[] | null },
>(task: T, choice: TaskReminderChoice): T {
  if (task.reminders !== undefined && task.reminders !== null) return task;
  return { ...task, reminders: defaultReminders(choice, task) };
}
