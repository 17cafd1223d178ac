import { useQuery } from '@tanstack/react-query';
import { listQuery, useCreateRecord, useDeleteRecord } from './resource';

export const useTimeRecords = () => useQuery(listQuery('timeRecords'));
/** 手动添加. */
export const useCreateTimeRecord = () =>
  useCreateRecord('timeRecords', '保存时间记录失败：{message}，请重试');
/** 结束并保存: the timer keeps the session when this fails, and says so. */
export const useSaveFocusSession = () =>
  useCreateRecord('timeRecords', '保存失败：{message}。计时已保留，请重试');
export const useDeleteTimeRecord = () =>
  useDeleteRecord('timeRecords', '删除记录失败：{message}，请重试');
