import { addDays, daysBetween, descending, formatShortDate, mondayOf } from './dates';
import { changedSpan } from './memo';
import type { TaskPriority } from './schemas/categories';
import type { Subtask, Task } from './schemas/task';

/** A task with every field present: what the screens read. */
export type FullTask = Task & {
  repeat: string;
  repeatFrom: 'due' | 'completion';
  seriesId: string;
  dueTime: string;
  subtasks: Subtask[];
  reminders: number[];
  tags: string[];
};

/**
 * A stored task with the fields issue 36 added given their defaults: a device's copy synced
 * before them has none. The same object when nothing is missing, and the same filled-in one
 * for the same task again, so that the list's next version (one task ticked) keeps the others
 * as they were and is ordered from the one before (sortTasksFrom).
 */
export function withDefaults(task: Task): FullTask {
  let full = filledIn.get(task);
  if (!full) {
    full = fillIn(task);
    filledIn.set(task, full);
  }
  return full;
}
const filledIn = new WeakMap<Task, FullTask>();

function fillIn(task: Task): FullTask {
  if (
    task.repeat !== undefined &&
    task.repeatFrom !== undefined &&
    task.seriesId !== undefined &&
    task.dueTime !== undefined &&
    task.subtasks !== undefined &&
    task.reminders !== undefined &&
    task.tags !== undefined
  ) {
    return task as FullTask;
  }
  return {
    ...task,
    repeat: task.repeat ?? '',
    repeatFrom: task.repeatFrom ?? 'due',
    seriesId: task.seriesId ?? '',
    dueTime: task.dueTime ?? '',
    subtasks: task.subtasks ?? [],
    reminders: task.reminders ?? [],
    tags: task.tags ?? [],
  };
}

/** How many days ahead a due date counts as "soon" and is highlighted (docs/spec.md §9). */
const DUE_SOON_DAYS = 3;

type DueFields = Pick<Task, 'completed' | 'dueDate' | 'dueTime'>;

export interface TaskStats {
  total: number;
  completed: number;
  pending: number;
  overdue: number;
  completionPercent: number;
}

/**
 * Overdue = not completed and past its due date, or, when it has a time of day and `time`
 * ('HH:mm', now) is given, past that time today. A task due today without a time is not late yet.
 */
export function isOverdue(task: DueFields, today: string, time?: string): boolean {
  if (task.completed || task.dueDate === '') return false;
  if (task.dueDate < today) return true;
  return task.dueDate === today && time !== undefined && !!task.dueTime && task.dueTime <= time;
}

/** Days from today to the due date: 0 today, 1 tomorrow, negative once overdue. */
export function dueInDays(dueDate: string, today: string): number {
  return daysBetween(today, dueDate);
}

/** Beyond this many days a count means little ('26702天后到期'): the date says more. */
const COUNTDOWN_DAYS = 30;

/**
 * '今天' / '明天' / 'N天后到期' / '已逾期N天', or '3月5日到期' ('2099年1月1日到期' in another year)
 * for a date more than a month away; null without a due date. A completed task is never late,
 * so it gets no label either: the countdown only matters while the work is pending.
 */
export function dueLabel(task: DueFields, today: string): string | null {
  if (task.completed || task.dueDate === '') return null;
  const days = dueInDays(task.dueDate, today);
  if (days < 0) return `已逾期${-days}天`;
  if (days === 0) return '今天';
  if (days === 1) return '明天';
  if (days > COUNTDOWN_DAYS) return `${formatShortDate(task.dueDate, today)}到期`;
  return `${days}天后到期`;
}

/** Whether dueLabel counts days (or says 今天/明天/已逾期) rather than giving the date itself. */
export function isCountdown(task: DueFields, today: string): boolean {
  return !task.completed && task.dueDate !== '' && dueInDays(task.dueDate, today) <= COUNTDOWN_DAYS;
}

/**
 * Pending and due within the next DUE_SOON_DAYS days, today included. Overdue tasks are left
 * out: they already carry their own, stronger marking.
 */
export function isDueSoon(task: DueFields, today: string): boolean {
  if (task.completed || task.dueDate === '') return false;
  const days = dueInDays(task.dueDate, today);
  return days >= 0 && days <= DUE_SOON_DAYS;
}

/** Completion percent, rounded; 0 with no tasks (docs/spec.md §9). */
export function completionPercent(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((completed / total) * 100);
}

export function taskStats(tasks: readonly DueFields[], today: string, time?: string): TaskStats {
  const completed = tasks.filter((t) => t.completed).length;
  return {
    total: tasks.length,
    completed,
    pending: tasks.length - completed,
    overdue: tasks.filter((t) => isOverdue(t, today, time)).length,
    completionPercent: completionPercent(completed, tasks.length),
  };
}

export interface TaskOverview {
  stats: TaskStats;
  /** How many tasks each filter shows. */
  counts: Record<TaskFilter, number>;
  /** The pending tasks by priority. */
  distribution: Record<TaskPriority, number>;
}

/**
 * The list's cards, filter counts and priority split in one pass over the tasks: what
 * taskStats, matchesFilter and priorityDistribution give, without a pass for each.
 */
export function taskOverview(
  tasks: readonly (DueFields & Pick<Task, 'priority'>)[],
  today: string,
  time?: string,
): TaskOverview {
  let completed = 0;
  let overdue = 0;
  const distribution: Record<TaskPriority, number> = { high: 0, medium: 0, low: 0 };
  for (const t of tasks) {
    if (t.completed) {
      completed += 1;
      continue;
    }
    distribution[t.priority] += 1;
    if (isOverdue(t, today, time)) overdue += 1;
  }
  return overviewOf(tasks.length, completed, overdue, distribution);
}

/** The cards and filter counts that follow from the list's three counts. */
function overviewOf(
  total: number,
  completed: number,
  overdue: number,
  distribution: Record<TaskPriority, number>,
): TaskOverview {
  const stats: TaskStats = {
    total,
    completed,
    pending: total - completed,
    overdue,
    completionPercent: completionPercent(completed, total),
  };
  const counts = { all: total, pending: stats.pending, completed, overdue };
  return { stats, counts, distribution };
}

/** A completion pressed but not yet in the list: the task as listed, and where it is going. */
export interface PressedTask<T> {
  task: T;
  completed: boolean;
}

/** The presses of `sending` (task id → completion) that the list does not show yet. */
export function unshownPresses<T extends { id: string; completed: boolean }>(
  tasks: readonly T[],
  sending: ReadonlyMap<string, boolean>,
): PressedTask<T>[] {
  const pressed: PressedTask<T>[] = [];
  for (const [id, completed] of sending) {
    const task = tasks.find((t) => t.id === id);
    if (task && task.completed !== completed) pressed.push({ task, completed });
  }
  return pressed;
}

/**
 * The overview with presses the list does not show yet counted in, from the overview of the
 * list and the pressed tasks alone: a toggle's figures are drawn in its press, and the list's
 * change (its order, the row leaving, the overview over every task) in the frames after it.
 */
export function withPresses<T extends DueFields & Pick<Task, 'priority'>>(
  overview: TaskOverview,
  pressed: readonly PressedTask<T>[],
  today: string,
  time?: string,
): TaskOverview {
  if (pressed.length === 0) return overview;
  const was = taskOverview(
    pressed.map((p) => p.task),
    today,
    time,
  );
  const now = taskOverview(
    pressed.map((p) => ({ ...p.task, completed: p.completed })),
    today,
    time,
  );
  const moved = (a: number, before: number, after: number) => a - before + after;
  const distribution = { ...overview.distribution };
  for (const p of Object.keys(distribution) as TaskPriority[]) {
    distribution[p] = moved(distribution[p], was.distribution[p], now.distribution[p]);
  }
  return overviewOf(
    overview.stats.total,
    moved(overview.stats.completed, was.stats.completed, now.stats.completed),
    moved(overview.stats.overdue, was.stats.overdue, now.stats.overdue),
    distribution,
  );
}

export function priorityDistribution(
  pendingTasks: readonly Pick<Task, 'priority'>[],
): Record<TaskPriority, number> {
  const counts: Record<TaskPriority, number> = { high: 0, medium: 0, low: 0 };
  for (const t of pendingTasks) counts[t.priority] += 1;
  return counts;
}

/** Completing stamps completedAt; un-completing clears it (docs/spec.md §4). */
export function toggleCompletion<T extends Pick<Task, 'completed' | 'completedAt'>>(
  task: T,
  now: Date | number,
): T & { updatedAt: string } {
  const at = new Date(now).toISOString();
  const completed = !task.completed;
  return { ...task, completed, completedAt: completed ? at : null, updatedAt: at };
}

export type TaskFilter = 'all' | 'pending' | 'completed' | 'overdue';

export function matchesFilter(
  task: DueFields,
  filter: TaskFilter,
  today: string,
  time?: string,
): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'pending':
      return !task.completed;
    case 'completed':
      return task.completed;
    case 'overdue':
      return isOverdue(task, today, time);
  }
}

const PRIORITY_RANK: Record<TaskPriority, number> = { high: 0, medium: 1, low: 2 };

type SortFields = DueFields & Pick<Task, 'id' | 'priority' | 'completedAt' | 'createdAt'>;

/**
 * The list order: what still needs doing comes first, most urgent on top — earliest due date
 * (undated work after dated), then higher priority, then the newest. Completed tasks follow,
 * the most recently finished first, so a task just ticked off is still near where it was.
 * Ties (tasks made in the same millisecond, by an import or the API) go by id: the same list
 * read from the server and from the device copy, in either order, draws the same, so a row
 * never moves under the keyboard's focus when the list is refreshed.
 */
export function sortTasks<T extends SortFields>(tasks: readonly T[]): T[] {
  return [...tasks].sort(inListOrder);
}

const inListOrder = (a: SortFields, b: SortFields) =>
  ranked(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A list and its order (sortTasks), to order the list's next version from. */
export interface SortedTasks<T> {
  tasks: readonly T[];
  sorted: readonly T[];
}

/** More changed tasks than this and a whole sort is as quick. */
const FEW_TASKS = 16;

/**
 * sortTasks(tasks), from the order of the list's version before when only a few tasks differ
 * (a tick, an edit, an add or a delete, which keep the other tasks as the same objects): those
 * leave the order and come back in their places, found by halving. The order is total (ties go
 * by id), so this is the very order a whole sort gives. A whole sort of ten years' 5,500 tasks
 * was ~26 ms of ticking one off at 4× CPU.
 */
export function sortTasksFrom<T extends SortFields>(
  tasks: readonly T[],
  previous: SortedTasks<T> | undefined,
): readonly T[] {
  if (!previous) return sortTasks(tasks);
  const { start, endBefore, endAfter } = changedSpan(previous.tasks, tasks);
  if (endBefore - start + (endAfter - start) > FEW_TASKS) return sortTasks(tasks);
  const gone = new Set(previous.tasks.slice(start, endBefore));
  const sorted = previous.sorted.filter((task) => !gone.has(task));
  for (let i = start; i < endAfter; i++) {
    const task = tasks[i]!;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (inListOrder(sorted[middle]!, task) < 0) low = middle + 1;
      else high = middle;
    }
    sorted.splice(low, 0, task);
  }
  return sorted;
}

function ranked(a: SortFields, b: SortFields): number {
  if (a.completed !== b.completed) return a.completed ? 1 : -1;
  if (a.completed) return descending(a.completedAt ?? '', b.completedAt ?? '');
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === '') return 1;
    if (b.dueDate === '') return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  const byPriority = PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority];
  return byPriority !== 0 ? byPriority : descending(a.createdAt, b.createdAt);
}

/** 推迟: 明天, 下周一, or a chosen date. */
export type PostponeTarget = 'tomorrow' | 'nextMonday' | { date: string };

export function postponeDate(target: PostponeTarget, today: string): string {
  if (target === 'tomorrow') return addDays(today, 1);
  if (target === 'nextMonday') return addDays(mondayOf(today), 7);
  return target.date;
}

/** Sub-tasks done and in all, for the row's '2/5'; null without any. */
export function subtaskProgress(
  subtasks: readonly Subtask[],
): { done: number; total: number } | null {
  if (subtasks.length === 0) return null;
  return { done: subtasks.filter((s) => s.done).length, total: subtasks.length };
}

/** The sub-tasks with one ticked or unticked (from the list, issue 60); the others as they were. */
export function toggleSubtask<T extends Pick<Subtask, 'id' | 'done'>>(
  subtasks: readonly T[],
  id: string,
): T[] {
  return subtasks.map((s) => (s.id === id ? { ...s, done: !s.done } : s));
}
