import { useQuery } from '@tanstack/react-query';
import { listQuery, useCreateRecord, useDeleteRecord, useUpdateRecord } from './resource';

const SAVE_FAILED = '保存运动记录失败：{message}，请重试';

export const useWorkouts = () => useQuery(listQuery('workouts'));
export const useCreateWorkout = () => useCreateRecord('workouts', SAVE_FAILED);
export const useUpdateWorkout = () => useUpdateRecord('workouts', SAVE_FAILED);
export const useDeleteWorkout = () =>
  useDeleteRecord('workouts', '删除运动记录失败：{message}，请重试');
