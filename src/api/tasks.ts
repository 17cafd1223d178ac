import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { todayString } from '../domain/dates';
import { DEFAULT_NOTIFICATIONS, type TaskReminderChoice } from '../domain/notification-kinds';
import type { TaskEdit } from '../domain/occurrences';
import type { InputOf } from '../domain/resources';
import type { Task } from '../domain/schemas/task';
import { withDefaultReminders } from '../domain/task-reminders';
import { type FullTask, toggleCompletion, withDefaults } from '../domain/tasks';
import { engineFor } from './engine';
import { afterPaint } from './idle';
import { resourceKeys } from './keys';
import {
  type ListResult,
  listQuery,
  showAtOnce,
  takeBack,
  useDeleteRecord,
  useUpdateRecord,
} from './resource';

export const useTasks = () => useQuery(listQuery('tasks'));
/**
 * A new task; one whose creator named no reminders (quick add without 提前…提醒) gets the
 * user's 任务默认提醒 (issue 62), from the settings this device holds.
 */
export function useCreateTask() {
  return useMutation({
    mutationFn: async (input: InputOf<'tasks'>, { client }) => {
      const engine = engineFor(client);
      const choice = await defaultReminderChoice(engine);
      const { record, seq } = await engine.create('tasks', withDefaultReminders(input, choice));
      await engine.settled(seq);
      return record;
    },
    networkMode: 'always',
    meta: { errorMessage: '创建任务失败：{message}' },
  });
}

/**
 * The user's 任务默认提醒 as this device keeps it; settings kept before the choice existed
 * (or none kept yet) mean the default, 准时.
 */
async function defaultReminderChoice(engine: Engine): Promise<TaskReminderChoice> {
  const kept = (await engine.single('settings')) as
    | { notifications?: { taskDefaultReminder?: unknown } }
    | undefined;
  const choice = kept?.notifications?.taskDefaultReminder;
  return choice === null || choice === 0 || choice === 5 || choice === 30 || choice === 60
    ? choice
    : DEFAULT_NOTIFICATIONS.taskDefaultReminder;
}

export const useUpdateTask = () => useUpdateRecord('tasks', '更新任务失败：{message}');
export const useDeleteTask = () => useDeleteRecord('tasks', '删除任务失败：{message}');

type Engine = ReturnType<typeof engineFor>;

// The occurrence rules (and the rrule library) load with the first write that needs them.
const occurrences = () => import('../domain/occurrences');

/** A task as the body of a write: what the server stamps itself left out. */
function asInput(task: FullTask): InputOf<'tasks'> {
  const { updatedAt: _u, editedAt: _e, ...input } = task;
  return input;
}

/**
 * Creates a series' next occurrence unless this device already holds it (another device
 * completed the same occurrence and it has synced). Its id is the same on every device, so one
 * created offline on two devices is kept once by the server; and one deleted before may be
 * made again (`revives`).
 */
async function createOccurrence(engine: Engine, next: FullTask, shown: readonly Task[]) {
  if (shown.some((t) => t.id === next.id)) return undefined;
  const { seq } = await engine.create('tasks', asInput(next), { revives: true });
  return seq;
}

/** The tasks this device shows (the cached list the engine keeps current). */
function shownTasks(client: QueryClient): readonly Task[] {
  return client.getQueryData<ListResult<Task>>(resourceKeys('tasks').list())?.items ?? [];
}

/**
 * Flips completion: completing stamps completedAt, un-completing clears it (docs/spec.md §4).
 * Completing an occurrence of a repeating task also creates the next one.
 */
export function useToggleTask() {
  return useMutation({
    mutationFn: async (task: Task, { client }) => {
      await afterPaint();
      const engine = engineFor(client);
      const now = new Date();
      const { completeOccurrence } = await occurrences();
      const { task: toggled, next } = completeOccurrence(withDefaults(task), now, todayString(now));
      const { id, ...input } = toggled;
      const shown = shownTasks(client);
      const { seq } = await engine.update('tasks', id, input);
      const nextSeq = next ? await createOccurrence(engine, next, shown) : undefined;
      await engine.settled(seq);
      if (nextSeq !== undefined) await engine.settled(nextSeq);
    },
    // The toggle shows at once; a next occurrence shows once the engine has stored it.
    onMutate: (task, { client }) =>
      showAtOnce(client, 'tasks', (items) =>
        items.map((t) => (t.id === task.id ? toggleCompletion(task, new Date()) : t)),
      ),
    onError: (_error, _task, shown, { client }) => takeBack(client, 'tasks', shown),
    networkMode: 'always',
    meta: { errorMessage: '更新任务状态失败：{message}' },
  });
}

/** 跳过这次: the occurrence makes way for the next one (none when the series ends with it). */
export function useSkipOccurrence() {
  return useMutation({
    mutationFn: async (task: Task, { client }) => {
      const engine = engineFor(client);
      const now = new Date();
      const { skipOccurrence } = await occurrences();
      const next = skipOccurrence(withDefaults(task), now, todayString(now));
      const shown = shownTasks(client);
      const nextSeq = next ? await createOccurrence(engine, next, shown) : undefined;
      const { seq } = await engine.remove('tasks', task);
      if (nextSeq !== undefined) await engine.settled(nextSeq);
      await engine.settled(seq);
    },
    networkMode: 'always',
    meta: { errorMessage: '跳过失败：{message}' },
  });
}

export interface SaveOccurrence {
  task: Task;
  edit: TaskEdit;
  /** For a repeating task: 仅此次 ('this') or 此次及以后 ('later'). */
  scope: 'this' | 'later';
}

/** Saves the dialog's edit of an existing task; for an occurrence of a series, per scope. */
export function useSaveTaskEdit() {
  return useMutation({
    mutationFn: async ({ task, edit, scope }: SaveOccurrence, { client }) => {
      const engine = engineFor(client);
      const now = new Date();
      const full = withDefaults(task);
      const { editOccurrence } = await occurrences();
      const { update, next } = editOccurrence(full, edit, scope, now, todayString(now));
      const { id, ...rest } = asInput({ ...full, ...update });
      const shown = shownTasks(client);
      const { seq } = await engine.update('tasks', id!, rest);
      const nextSeq = next ? await createOccurrence(engine, next, shown) : undefined;
      await engine.settled(seq);
      if (nextSeq !== undefined) await engine.settled(nextSeq);
    },
    networkMode: 'always',
    meta: { errorMessage: '更新任务失败：{message}' },
  });
}

/** 推迟: the task moves to another date, everything else kept. */
export function usePostponeTask() {
  return useMutation({
    mutationFn: async ({ task, dueDate }: { task: Task; dueDate: string }, { client }) => {
      const engine = engineFor(client);
      const { id, ...input } = asInput({ ...withDefaults(task), dueDate });
      const { seq } = await engine.update('tasks', id!, input);
      await engine.settled(seq);
    },
    networkMode: 'always',
    meta: { errorMessage: '推迟失败：{message}' },
  });
}
