import { useQuery } from '@tanstack/react-query';
import type { TimeRecord, TimeRecordInput } from '../domain/schemas/time-record';
import { listQueryOptions, resourceMutations } from './resource';

const PATH = '/api/time-records';

export const timeRecordQueries = {
  path: PATH,
  all: () => listQueryOptions<TimeRecord>(['time-records'], PATH, 'timeRecords'),
};

const mutations = resourceMutations<TimeRecord, TimeRecordInput>(['time-records'], PATH);

export const useTimeRecords = () => useQuery(timeRecordQueries.all());
export const useCreateTimeRecord = mutations.useCreate;
export const useUpdateTimeRecord = mutations.useUpdate;
export const useDeleteTimeRecord = mutations.useDelete;
