import { useQuery } from '@tanstack/react-query';
import type { CheckinTask, CheckinTaskInput } from '../domain/schemas/checkin';
import { listQueryOptions, resourceMutations } from './resource';

const PATH = '/api/checkin-tasks';

export const checkinTaskQueries = {
  path: PATH,
  all: () => listQueryOptions<CheckinTask>(['checkin', 'tasks'], PATH, 'checkinTasks'),
};

// Deleting a habit also deletes its records on the server, so both lists are refreshed.
const mutations = resourceMutations<CheckinTask, CheckinTaskInput>(['checkin'], PATH);

export const useCheckinTasks = () => useQuery(checkinTaskQueries.all());
export const useCreateCheckinTask = mutations.useCreate;
export const useUpdateCheckinTask = mutations.useUpdate;
export const useDeleteCheckinTask = mutations.useDelete;
