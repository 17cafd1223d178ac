import { useMutation, useQuery } from '@tanstack/react-query';
import type { Task } from '../domain/schemas/task';
import { toggleCompletion } from '../domain/tasks';
import {
  listQuery,
  recordRequest,
  useCreateRecord,
  useDeleteRecord,
  useInvalidate,
  useUpdateRecord,
} from './resource';

export const useTasks = () => useQuery(listQuery('tasks'));
export const useCreateTask = () => useCreateRecord('tasks', '创建任务失败：{message}');
export const useUpdateTask = () => useUpdateRecord('tasks', '更新任务失败：{message}');
export const useDeleteTask = () => useDeleteRecord('tasks', '删除任务失败：{message}');

/** Flips completion: completing stamps completedAt, un-completing clears it (SPEC §4). */
export function useToggleTask() {
  const onSettled = useInvalidate('tasks');
  return useMutation({
    mutationFn: (task: Task) => {
      const { id, ...input } = toggleCompletion(task, new Date());
      return recordRequest<Task>('PUT', 'tasks', id, input);
    },
    onSettled,
    meta: { errorMessage: '更新任务状态失败：{message}' },
  });
}
