import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskInput } from '../domain/schemas/task';
import { toggleCompletion } from '../domain/tasks';
import { apiRequest } from './http';
import { listQueryOptions, resourceMutations } from './resource';

const PATH = '/api/tasks';

export const taskQueries = {
  path: PATH,
  all: () => listQueryOptions<Task>(['tasks'], PATH, 'tasks'),
};

const mutations = resourceMutations<Task, TaskInput>(['tasks'], PATH);

export const useTasks = () => useQuery(taskQueries.all());
export const useCreateTask = mutations.useCreate;
export const useUpdateTask = mutations.useUpdate;
export const useDeleteTask = mutations.useDelete;

/** Flips completion: completing stamps completedAt, un-completing clears it (SPEC §4). */
export function useToggleTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: Task) => {
      const { id, ...input } = toggleCompletion(task, new Date());
      return apiRequest<Task>('PUT', `${PATH}/${encodeURIComponent(id)}`, input);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tasks'] }),
  });
}
