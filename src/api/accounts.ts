import { useQuery } from '@tanstack/react-query';
import { listQuery, useCreateRecord, useDeleteRecord, useUpdateRecord } from './resource';

export const useAccounts = () => useQuery(listQuery('accounts'));
export const useCreateAccount = () => useCreateRecord('accounts', '创建记录失败，请重试');
export const useUpdateAccount = () => useUpdateRecord('accounts', '更新记录失败，请重试');
export const useDeleteAccount = () => useDeleteRecord('accounts', '删除记录失败，请重试');
