import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { RESOURCES } from '../domain/resources';
import type { CheckinRecord } from '../domain/schemas/checkin';
import { apiRequest } from './http';
import { newId } from './ids';
import { type ListResult, listQuery, recordRequest, resourceKeys } from './resource';

const keys = resourceKeys('checkinRecords');
const LIST_KEY = keys.list();
/** Every toggle's mutation key starts with this; one habit's adds its id. */
const TOGGLE_KEY = [...keys.all, 'toggle'] as const;

/** SPEC §9: the toggle waits this long before a delete. */
export const DELETE_DELAY_MS = 50;

// The server returns every record; months are cut client-side by the date prefix
// (SPEC §7), so switching months needs no new request.
export function useCheckinRecords(month?: string) {
  const select = useCallback(
    (result: ListResult<CheckinRecord>) =>
      month ? { ...result, items: result.items.filter((r) => r.date.startsWith(month)) } : result,
    [month],
  );
  return useQuery({ ...listQuery('checkinRecords'), select });
}

export interface ToggleCheckinVars {
  date: string;
  /** Today's record when it exists: the toggle removes it; otherwise one is created. */
  existing: CheckinRecord | null;
}

// The record's id is chosen before it is sent, so the optimistic copy already carries the
// id the server will store: a later un-check can delete it even before the list is refetched.
type ToggleRequest = ToggleCheckinVars & { id: string };

/** SPEC §8: which way the toggle failed. */
const toggleFailure = (_error: Error, variables: unknown) =>
  (variables as ToggleRequest).existing ? '取消打卡失败' : '打卡失败';

const toggleKey = (taskId: string) => [...TOGGLE_KEY, taskId] as const;

/**
 * The optimistic check-in toggle of one habit (DESIGN.md §2 rule 3): the list flips at
 * once, the snapshot comes back if the server refuses, and the list is refetched only when
 * the last toggle of any habit settles, so a slow answer cannot undo a newer click. A second
 * click on a habit whose toggle is still in flight is ignored (SPEC §4); the mutation cache
 * is what knows that.
 */
export function useToggleCheckin(taskId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: toggleKey(taskId),
    mutationFn: async ({ id, date, existing }: ToggleRequest) => {
      if (existing) {
        await new Promise((resolve) => setTimeout(resolve, DELETE_DELAY_MS));
        await recordRequest<void>('DELETE', 'checkinRecords', existing.id);
        return null;
      }
      return apiRequest<CheckinRecord>('POST', RESOURCES.checkinRecords.path, {
        id,
        taskId,
        date,
      });
    },
    onMutate: async ({ id, date, existing }) => {
      // A list fetch already on its way would land after this change and undo it.
      await queryClient.cancelQueries({ queryKey: LIST_KEY });
      const previous = queryClient.getQueryData<ListResult<CheckinRecord>>(LIST_KEY);
      queryClient.setQueryData<ListResult<CheckinRecord>>(LIST_KEY, (old) => {
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
      queryClient.setQueryData<ListResult<CheckinRecord>>(LIST_KEY, (old) =>
        old ? { ...old, items: old.items.map((r) => (r.id === id ? record : r)) } : old,
      );
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(LIST_KEY, context.previous);
    },
    onSettled: () => {
      // This mutation still counts itself: 1 means no other toggle is in flight.
      if (queryClient.isMutating({ mutationKey: TOGGLE_KEY }) === 1) {
        return queryClient.invalidateQueries({ queryKey: LIST_KEY });
      }
    },
    meta: { errorMessage: toggleFailure },
  });

  const processing = useIsMutating({ mutationKey: toggleKey(taskId) }) > 0;
  const { mutate } = mutation;
  const toggle = useCallback(
    (vars: ToggleCheckinVars) => {
      if (queryClient.isMutating({ mutationKey: toggleKey(taskId) }) > 0) return false;
      mutate({ ...vars, id: newId() });
      return true;
    },
    [mutate, queryClient, taskId],
  );

  return { toggle, processing };
}
