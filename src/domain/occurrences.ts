import { firstOccurrence, nextOccurrence, occurrenceId } from './recurrence';
import type { Task } from './schemas/task';
import { type FullTask, toggleCompletion } from './tasks';

// Repeating tasks (issue 36): a series lives in its occurrences, one task row each. Apart from
// tasks.ts so that the rrule library loads with what completes, skips or edits an occurrence,
// not with the list.

/** The series a repeating task belongs to: its seriesId, or its own id when it has none yet. */
export function seriesOf(task: Pick<Task, 'id' | 'seriesId'>): string {
  if (task.seriesId) return task.seriesId;
  // A record written straight into a store may carry an id the id schema would refuse; its
  // series gets one derived from it, the same on every device.
  return /^[A-Za-z0-9_-]{1,64}$/.test(task.id) ? task.id : occurrenceId(task.id, 'series');
}

/**
 * The occurrence after `task`, as a new task whose id is derived from the series and its date
 * (so every device derives the same one), or null when the task does not repeat or its series
 * ends. `doneOn` is the day it was completed or skipped.
 */
export function nextOccurrenceTask(
  task: FullTask,
  doneOn: string,
  now: Date | number,
): FullTask | null {
  if (task.repeat === '') return null;
  const next = nextOccurrence(task, doneOn);
  if (!next) return null;
  const at = new Date(now).toISOString();
  const seriesId = seriesOf(task);
  return {
    ...task,
    id: occurrenceId(seriesId, next.dueDate),
    seriesId,
    dueDate: next.dueDate,
    repeat: next.repeat,
    subtasks: task.subtasks.map((s) => ({ ...s, done: false })),
    completed: false,
    completedAt: null,
    createdAt: at,
    updatedAt: at,
    editedAt: undefined,
  };
}

export interface CompletionChange {
  /** The task as it is after the toggle. */
  task: FullTask;
  /** The next occurrence to create, when completing a repeating task. */
  next: FullTask | null;
}

/** Toggles completion; completing an occurrence of a series also yields the next one. */
export function completeOccurrence(
  task: FullTask,
  now: Date | number,
  today: string,
): CompletionChange {
  const toggled = toggleCompletion(task, now);
  const next = toggled.completed ? nextOccurrenceTask(task, today, now) : null;
  return { task: toggled, next };
}

/**
 * 跳过这次: the occurrence is dropped and the next one takes its place. Returns the next
 * occurrence (null when the series ends with this one).
 */
export function skipOccurrence(task: FullTask, now: Date | number, today: string): FullTask | null {
  return nextOccurrenceTask(task, today, now);
}

/** The fields a user edits in the task dialog. */
export type TaskEdit = Partial<
  Pick<
    FullTask,
    | 'title'
    | 'description'
    | 'priority'
    | 'category'
    | 'dueDate'
    | 'dueTime'
    | 'repeat'
    | 'repeatFrom'
    | 'subtasks'
    | 'reminders'
    | 'tags'
  >
>;

export interface OccurrenceEdit {
  /** The edited occurrence's new fields. */
  update: TaskEdit & { seriesId?: string };
  /** An occurrence to create alongside (仅此次: the series carries on without this one). */
  next: FullTask | null;
}

/**
 * Edits an occurrence of a series.
 * - 'this' (仅此次): this one leaves the series as a one-off with the edit, and the series
 *   carries on unchanged at its next date.
 * - 'later' (此次及以后): this one takes the edit and keeps the series; a changed rule starts a
 *   new series from it, so that its next ids do not meet those the old rule derives.
 */
export function editOccurrence(
  task: FullTask,
  edit: TaskEdit,
  scope: 'this' | 'later',
  now: Date | number,
  today: string,
): OccurrenceEdit {
  if (task.repeat === '') return { update: edit, next: null };
  if (scope === 'this') {
    return {
      update: { ...edit, repeat: '', repeatFrom: 'due', seriesId: seriesOf(task) },
      next: nextOccurrenceTask(task, today, now),
    };
  }
  const ruleChanged =
    (edit.repeat !== undefined && edit.repeat !== task.repeat) ||
    (edit.repeatFrom !== undefined && edit.repeatFrom !== task.repeatFrom);
  return {
    update: { ...edit, seriesId: ruleChanged ? task.id : seriesOf(task) },
    next: null,
  };
}

/**
 * Where a repeating task without a date starts: the first date of its rule on or after today.
 * Other tasks keep their date.
 */
export function startDate(task: Pick<Task, 'repeat' | 'dueDate'>, today: string): string {
  if (!task.repeat || task.dueDate !== '') return task.dueDate;
  return firstOccurrence(task.repeat, today) ?? '';
}
