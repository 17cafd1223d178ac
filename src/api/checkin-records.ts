import {
  queryOptions,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CheckinRecord } from '../domain/schemas/checkin';
import { ApiError, apiRequest } from './http';
import { newId } from './ids';
import { fetchList, type ListResult } from './resource';

const PATH = '/api/checkin-records';
const KEY = ['checkin', 'records'] as const;
const TOGGLE_KEY = ['checkin', 'toggle'] as const;

/** SPEC §9: the toggle waits this long before a delete. */
export const DELETE_DELAY_MS = 50;

// The server returns every record; months are cut client-side by the date prefix
// (SPEC §7), so switching months needs no new request.
export const checkinRecordQueries = {
  path: PATH,
  all: () =>
    queryOptions({
      queryKey: KEY,
      queryFn: () => fetchList<CheckinRecord>(PATH, 'checkinRecords'),
    }),
};

export function useCheckinRecords(month?: string) {
  const select = useCallback(
    (result: ListResult<CheckinRecord>) =>
      month ? { ...result, items: result.items.filter((r) => r.date.startsWith(month)) } : result,
    [month],
  );
  return useQuery({ ...checkinRecordQueries.all(), select });
}

export interface ToggleCheckinVars {
  taskId: string;
  date: string;
  /** Today's record when it exists: the toggle removes it; otherwise one is created. */
  existing: CheckinRecord | null;
}

export class CheckinToggleError extends ApiError {
  constructor(
    readonly action: 'create' | 'delete',
    cause: unknown,
  ) {
    super(
      cause instanceof Error ? cause.message : '操作失败，请重试',
      cause instanceof ApiError ? cause.status : 0,
    );
  }
}

// The record's id is chosen before it is sent, so the optimistic copy already carries the
// id the server will store: a later un-check can delete it even before the list is refetched.
type ToggleRequest = ToggleCheckinVars & { id: string };

const pendingTasks = new Set<string>();

/**
 * The optimistic check-in toggle (DESIGN.md §2 rule 3): the list flips at once, the
 * snapshot comes back if the server refuses, and the list is refetched only when the
 * last toggle settles so a slow answer cannot undo a newer click. A second click on a
 * task whose toggle is still in flight is ignored.
 */
export function useToggleCheckin() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: TOGGLE_KEY,
    mutationFn: async ({ id, taskId, date, existing }: ToggleRequest) => {
      try {
        if (existing) {
          await new Promise((resolve) => setTimeout(resolve, DELETE_DELAY_MS));
          await apiRequest<void>('DELETE', `${PATH}/${encodeURIComponent(existing.id)}`);
          return null;
        }
        return await apiRequest<CheckinRecord>('POST', PATH, { id, taskId, date });
      } catch (error) {
        throw new CheckinToggleError(existing ? 'delete' : 'create', error);
      }
    },
    onMutate: async ({ id, taskId, date, existing }) => {
      await queryClient.cancelQueries({ queryKey: KEY });
      const previous = queryClient.getQueryData<ListResult<CheckinRecord>>(KEY);
      queryClient.setQueryData<ListResult<CheckinRecord>>(KEY, (old) => {
        const items = old?.items ?? [];
        return {
          ...(old ?? { local: false }),
          items: existing
            ? items.filter((r) => r.id !== existing.id)
            : [...items, { id, taskId, date }],
        };
      });
      return { previous };
    },
    // The server keeps one record per task and day: if another device checked in first, it
    // answers with that record, whose id then replaces the one chosen here.
    onSuccess: (record, { id }) => {
      if (!record || record.id === id) return;
      queryClient.setQueryData<ListResult<CheckinRecord>>(KEY, (old) =>
        old ? { ...old, items: old.items.map((r) => (r.id === id ? record : r)) } : old,
      );
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(KEY, context.previous);
    },
    onSettled: (_data, _error, { taskId }) => {
      pendingTasks.delete(taskId);
      if (queryClient.isMutating({ mutationKey: TOGGLE_KEY }) === 1) {
        return queryClient.invalidateQueries({ queryKey: KEY });
      }
    },
  });

  const processing = useMutationState({
    filters: { mutationKey: TOGGLE_KEY, status: 'pending' },
    select: (m) => (m.state.variables as ToggleCheckinVars | undefined)?.taskId,
  });

  const { mutate } = mutation;
  const toggle = useCallback(
    (vars: ToggleCheckinVars, options?: Parameters<typeof mutate>[1]) => {
      if (pendingTasks.has(vars.taskId)) return false;
      pendingTasks.add(vars.taskId);
      mutate({ ...vars, id: newId() }, options);
      return true;
    },
    [mutate],
  );

  return { toggle, isProcessing: (taskId: string) => processing.includes(taskId), mutation };
}
