import { useQuery } from '@tanstack/react-query';
import type { Account, AccountInput } from '../domain/schemas/account';
import { listQueryOptions, resourceMutations } from './resource';

const PATH = '/api/accounts';

export const accountQueries = {
  path: PATH,
  all: () => listQueryOptions<Account>(['accounts'], PATH, 'accounts'),
};

const mutations = resourceMutations<Account, AccountInput>(['accounts'], PATH);

export const useAccounts = () => useQuery(accountQueries.all());
export const useCreateAccount = mutations.useCreate;
export const useUpdateAccount = mutations.useUpdate;
export const useDeleteAccount = mutations.useDelete;
