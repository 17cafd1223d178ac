import { useQuery } from '@tanstack/react-query';
import {
  listQuery,
  useCreateRecord,
  useDeleteRecord,
  useInvalidate,
  useUpdateRecord,
} from './resource';

export const useRecurring = () => useQuery(listQuery('recurring'));
export const useCreateRecurring = () => useCreateRecord('recurring', '保存周期记账失败：{message}');
export const useUpdateRecurring = () => useUpdateRecord('recurring', '保存周期记账失败：{message}');
export const useDeleteRecurring = () => useDeleteRecord('recurring', '删除周期记账失败：{message}');

/**
 * The server writes a template's due entries when it is saved: the bookkeeping list is
 * refreshed after a template is saved so they show at once.
 */
export const useRefreshAccounts = () => useInvalidate('accounts');
