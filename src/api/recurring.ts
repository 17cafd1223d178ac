import { useQuery } from '@tanstack/react-query';
import { listQuery, useCreateRecord, useDeleteRecord, useUpdateRecord } from './resource';

// 周期记账 templates sync like every kind. The 记账 entries a template writes are written by
// the server (server/recurring.ts); the device receives them in the bookkeeping list's delta,
// which the engine asks for once the server has confirmed a template's write (the registry's
// `writes`), and whenever the list is read.

export const useRecurring = () => useQuery(listQuery('recurring'));
export const useCreateRecurring = () => useCreateRecord('recurring', '保存周期记账失败：{message}');
export const useUpdateRecurring = () => useUpdateRecord('recurring', '保存周期记账失败：{message}');
export const useDeleteRecurring = () => useDeleteRecord('recurring', '删除周期记账失败：{message}');
