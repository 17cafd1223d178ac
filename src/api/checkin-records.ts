import {
  mutationOptions,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { PressedDay } from '../domain/habits';
import type { CheckinRecord } from '../domain/schemas/checkin';
import { engineFor } from './engine';
import { afterPaint } from './idle';
import { newId } from './ids';
import { resourceKeys } from './keys';
import {
  type ListResult,
  listQuery,
  type ShownAtOnce,
  showAtOnce,
  takeBack,
  toldAtOnce,
} from './resource';

/** Every toggle's mutation key starts with this; one habit's adds its id. */
const TOGGLE_KEY = [...resourceKeys('checkinRecords').all, 'toggle'] as const;
const toggleKey = (taskId: string) => [...TOGGLE_KEY, taskId] as const;

/** docs/spec.md §9: the toggle waits this long before a delete. */
export const DELETE_DELAY_MS = 50;

// The server returns every record; months are cut client-side by the date prefix
// (docs/spec.md §7), so switching months needs no new request.
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
  /** The day's record when it exists: the toggle removes it; otherwise one is created. */
  existing: CheckinRecord | null;
}

/** What the mutation is given: the new record's id, and what the press showed at once. */
type ToggleVars = ToggleCheckinVars & { id: string; shown: ShownAtOnce | undefined };

/** docs/spec.md §8: which way the toggle failed. */
const toggleFailure = (_error: Error, variables: unknown) =>
  (variables as ToggleCheckinVars).existing ? '取消打卡失败' : '打卡失败';

/**
 * The check-in toggle of one habit. The day flips at once (the device's store shows it before
 * the server has it, docs/architecture.md, house rule 3), a delete waits 50 ms before it is sent (docs/spec.md §9), and
 * a refusal takes the change back out of the store, which brings the day back. A second click
 * while the first is on its way is ignored (docs/spec.md §4).
 *
 * The press itself draws only its card: the day it flipped (`pressed`, which the card lays over
 * its records) and 处理中.... The list, with the habit's index, streaks and score and the
 * month's figures, and the write follow after that frame: drawn in the press, they made it
 * ~140 ms at 4× CPU on ten years (bench:web), against ~100 ms allowed.
 */
export function useToggleCheckin(taskId: string) {
  const queryClient = useQueryClient();
  // One options object per habit: a new one each render made TanStack Query set it again after
  // every render of the card (the press's included) and tell every card's useIsMutating.
  const options = useMemo(
    () =>
      mutationOptions({
        mutationKey: toggleKey(taskId),
        mutationFn: async ({ id, date, existing }: ToggleVars, { client }) => {
          await afterPaint();
          const engine = engineFor(client);
          const { seq } = existing
            ? await engine.remove('checkinRecords', existing, { delayMs: DELETE_DELAY_MS })
            : await engine.create('checkinRecords', { id, taskId, date, value: 1, skipped: false });
          await engine.settled(seq);
        },
        onError: (_error, { shown }, _context, { client }) =>
          takeBack(client, 'checkinRecords', shown),
        networkMode: 'always',
        meta: { errorMessage: toggleFailure },
      }),
    [taskId],
  );
  const { mutate } = useMutation(options);

  const [pressed, setPressed] = useState<PressedDay | null>(null);
  // Set in the press, before its render: a second press in the same frame finds it.
  const busy = useRef(false);
  const processing = useIsMutating({ mutationKey: toggleKey(taskId) }) > 0 || pressed !== null;
  const toggle = useCallback(
    (vars: ToggleCheckinVars) => {
      if (busy.current || queryClient.isMutating({ mutationKey: toggleKey(taskId) }) > 0) {
        return false;
      }
      busy.current = true;
      const id = newId();
      const { date, existing } = vars;
      setPressed({ date, checked: !existing });
      void afterPaint().then(() =>
        // The list's change and the mutation's start in one render (`toldAtOnce`): told one by
        // one, they were two or three renders of the card and the month's figures.
        toldAtOnce(() => {
          const shown = showAtOnce(queryClient, 'checkinRecords', (items) =>
            existing
              ? items.filter((r) => r.id !== existing.id)
              : [...items, { id, taskId, date, value: 1, skipped: false }],
          );
          mutate(
            { ...vars, id, shown },
            {
              onSettled: () => {
                busy.current = false;
                setPressed(null);
              },
            },
          );
        }),
      );
      return true;
    },
    [mutate, queryClient, taskId],
  );

  return { toggle, processing, pressed };
}

export interface SetDayVars {
  date: string;
  /** The day's record when it exists (a skipped one too): it is changed in place. */
  existing: CheckinRecord | null;
  value: number;
  skipped: boolean;
}

/**
 * A day's value or its 跳过 for one habit (measurable habits, skips). An existing record is
 * replaced (PUT), so two devices editing one day meet in the record-level conflict rule;
 * otherwise one is created. Shown at once, taken back on a refusal, as the toggle.
 */
export function useSetCheckinDay(taskId: string) {
  // Stable, as the toggle's (useToggleCheckin).
  const options = useMemo(
    () =>
      mutationOptions({
        mutationKey: [...resourceKeys('checkinRecords').all, 'day', taskId],
        mutationFn: async (
          { id, date, existing, value, skipped }: SetDayVars & { id: string },
          c,
        ) => {
          await afterPaint();
          const engine = engineFor(c.client);
          const input = { taskId, date, value, skipped };
          const { seq } = existing
            ? await engine.update('checkinRecords', existing.id, input)
            : await engine.create('checkinRecords', { id, ...input });
          await engine.settled(seq);
        },
        onMutate: ({ id, date, existing, value, skipped }, { client }) =>
          showAtOnce(client, 'checkinRecords', (items) =>
            existing
              ? items.map((r) => (r.id === existing.id ? { ...r, value, skipped } : r))
              : [...items, { id, taskId, date, value, skipped }],
          ),
        onError: (_error, _vars, shown, { client }) => takeBack(client, 'checkinRecords', shown),
        networkMode: 'always',
        meta: { errorMessage: '保存打卡数值失败：{message}' },
      }),
    [taskId],
  );
  const { mutate, isPending } = useMutation(options);
  const set = useCallback((vars: SetDayVars) => mutate({ ...vars, id: newId() }), [mutate]);
  return { set, saving: isPending };
}
