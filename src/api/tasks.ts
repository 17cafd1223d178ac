import { useMutation, useQuery } from '@tanstack/react-query';
import type { Task } from '../domain/schemas/task';
import { toggleCompletion } from '../domain/tasks';
import { engineFor } from './engine';
import {
  afterPaint,
  listQuery,
  showAtOnce,
  takeBack,
  useCreateRecord,
  useDeleteRecord,
  useUpdateRecord,
} from './resource';

export const useTasks = () => useQuery(listQuery('tasks'));
export const useCreateTask = () => useCreateRecord('tasks', '创建任务失败：{message}');
export const useUpdateTask = () => useUpdateRecord('tasks', '更新任务失败：{message}');
export const useDeleteTask = () => useDeleteRecord('tasks', '删除任务失败：{message}');

/** Flips completion: completing stamps completedAt, un-completing clears it (SPEC §4). */
export function useToggleTask() {
  return useMutation({
    mutationFn: async (task: Task, { client }) => {
      await afterPaint();
      const engine = engineFor(client);
      const { id, ...input } = toggleCompletion(task, new Date());
      const { seq } = await engine.update('tasks', id, input);
      await engine.settled(seq);
    },
    onMutate: (task, { client }) =>
      showAtOnce(client, 'tasks', (items) =>
        items.map((t) => (t.id === task.id ? toggleCompletion(task, new Date()) : t)),
      ),
    onError: (_error, _task, shown, { client }) => takeBack(client, 'tasks', shown),
    networkMode: 'always',
    meta: { errorMessage: '更新任务状态失败：{message}' },
  });
}
