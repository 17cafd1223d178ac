import { useQuery } from '@tanstack/react-query';
import { listQuery, useCreateRecord, useDeleteRecord, useUpdateRecord } from './resource';

export const useCheckinTasks = () => useQuery(listQuery('checkinTasks'));
export const useCreateCheckinTask = () =>
  useCreateRecord('checkinTasks', '创建打卡任务失败：{message}');
export const useUpdateCheckinTask = () =>
  useUpdateRecord('checkinTasks', '更新打卡任务失败：{message}');
// Deleting a habit deletes its check-ins on the server too; the registry says they point at
// it, so both lists are refreshed.
export const useDeleteCheckinTask = () =>
  useDeleteRecord('checkinTasks', '删除打卡任务失败: {message}');
