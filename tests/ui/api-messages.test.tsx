import {
  type QueryClient,
  QueryClientProvider,
  type UseMutationResult,
} from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  useAccounts,
  useCreateAccount,
  useDeleteAccount,
  useUpdateAccount,
} from '../../src/api/accounts';
import { useAssetHistory, useAssets, useDeleteAsset, useSaveAsset } from '../../src/api/assets';
import {
  useCheckinTasks,
  useCreateCheckinTask,
  useDeleteCheckinTask,
  useUpdateCheckinTask,
} from '../../src/api/checkin-tasks';
import { stopEngine } from '../../src/api/engine';
import {
  useCreateRecurring,
  useDeleteRecurring,
  useRecurring,
  useUpdateRecurring,
} from '../../src/api/recurring';
import { useSaveSettings } from '../../src/api/settings';
import {
  useCreateTask,
  useDeleteTask,
  useTasks,
  useToggleTask,
  useUpdateTask,
} from '../../src/api/tasks';
import {
  useCreateTimeRecord,
  useDeleteTimeRecord,
  useSaveFocusSession,
  useTimeRecords,
  useUpdateTimeRecord,
} from '../../src/api/time-records';
import {
  useCreateWorkout,
  useDeleteWorkout,
  useUpdateWorkout,
  useWorkouts,
} from '../../src/api/workouts';
import { createQueryClient } from '../../src/app/query-client';
import type { ResourceName } from '../../src/domain/resources';
import { assetInputSchema } from '../../src/domain/schemas/asset';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import { rent } from '../fixtures/records';
import { signIn, testServer } from './harness';

// Every write hook declares its docs/spec.md §8 message next to it (meta.errorMessage) and the query
// client's one handler reports it (docs/architecture.md, house rule 4). Per kind: a record is created, then
// the server refuses every write, and each hook's failure must read exactly as docs/spec.md §8 words it
// — with the server's reason in place of {message} — and the list must be as it was.

const TODAY = '2026-11-22';
const KINDS: ResourceName[] = [
  'accounts',
  'tasks',
  'workouts',
  'timeRecords',
  'checkinTasks',
  'recurring',
];
const { server, demo } = await testServer({ today: TODAY, clear: KINDS });
const REASON = '服务器拒绝了';

const clients: QueryClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await stopEngine(client, null);
});
beforeEach(async () => {
  await signIn(demo);
});

const refuseWrites = () =>
  server.use(
    ...(['post', 'put', 'delete'] as const).map((method) =>
      http[method](/\/api\//, () => HttpResponse.json({ error: REASON }, { status: 400 })),
    ),
  );

type Mutation = UseMutationResult<unknown, Error, never>;
interface Case {
  kind: string;
  /** The hooks of one kind, rendered together over one client. */
  hooks: () => {
    list: { data?: { items: readonly { id: string }[] } };
    create: Mutation;
    update?: Mutation;
    remove: Mutation;
    extra?: Record<string, Mutation>;
  };
  input: Record<string, unknown>;
  /** What each hook says when the server refuses it. */
  says: { create: string; update?: string; remove: string; extra?: Record<string, string> };
  /** The variables of an extra hook, given the created record. */
  extraVars?: Record<string, (record: { id: string }) => unknown>;
}

const withReason = (template: string) => template.replace('{message}', REASON);

/** A kind's list and mutations as a Case holds them (the mutations' variables differ by kind). */
const crud = (
  list: ReturnType<Case['hooks']>['list'],
  create: unknown,
  update: unknown,
  remove: unknown,
  extra?: Record<string, unknown>,
) => ({
  list,
  create: create as Mutation,
  update: update as Mutation,
  remove: remove as Mutation,
  ...(extra && { extra: extra as Record<string, Mutation> }),
});

const CASES: Case[] = [
  {
    kind: 'accounts',
    hooks: () => crud(useAccounts(), useCreateAccount(), useUpdateAccount(), useDeleteAccount()),
    input: { type: 'expense', amount: 12.5, category: 'dining', description: '午餐', date: TODAY },
    says: {
      create: '创建记录失败，请重试',
      update: '更新记录失败，请重试',
      remove: '删除记录失败，请重试',
    },
  },
  {
    kind: 'tasks',
    hooks: () =>
      crud(useTasks(), useCreateTask(), useUpdateTask(), useDeleteTask(), {
        toggle: useToggleTask(),
      }),
    input: { title: '写周报', priority: 'high', category: 'work' },
    says: {
      create: withReason('创建任务失败：{message}'),
      update: withReason('更新任务失败：{message}'),
      remove: withReason('删除任务失败：{message}'),
      extra: { toggle: withReason('更新任务状态失败：{message}') },
    },
    extraVars: { toggle: (record) => record },
  },
  {
    kind: 'workouts',
    hooks: () => crud(useWorkouts(), useCreateWorkout(), useUpdateWorkout(), useDeleteWorkout()),
    input: { type: 'running', duration: 30, date: TODAY },
    says: {
      create: withReason('保存运动记录失败：{message}，请重试'),
      update: withReason('保存运动记录失败：{message}，请重试'),
      remove: withReason('删除运动记录失败：{message}，请重试'),
    },
  },
  {
    kind: 'timeRecords',
    hooks: () =>
      crud(useTimeRecords(), useCreateTimeRecord(), useUpdateTimeRecord(), useDeleteTimeRecord(), {
        focus: useSaveFocusSession(),
      }),
    input: { task: '阅读', category: 'reading', duration: 1500, date: TODAY },
    says: {
      create: withReason('保存时间记录失败：{message}，请重试'),
      update: withReason('保存时间记录失败：{message}，请重试'),
      remove: withReason('删除记录失败：{message}，请重试'),
      extra: { focus: withReason('保存失败：{message}。计时已保留，请重试') },
    },
    extraVars: { focus: () => ({ task: '专注', category: 'work', duration: 600, date: TODAY }) },
  },
  {
    kind: 'checkinTasks',
    hooks: () =>
      crud(
        useCheckinTasks(),
        useCreateCheckinTask(),
        useUpdateCheckinTask(),
        useDeleteCheckinTask(),
      ),
    input: { name: '早起', type: 'daily' },
    says: {
      create: withReason('创建打卡任务失败：{message}'),
      update: withReason('更新打卡任务失败：{message}'),
      remove: withReason('删除打卡任务失败: {message}'),
    },
  },
  {
    kind: 'recurring',
    hooks: () =>
      crud(useRecurring(), useCreateRecurring(), useUpdateRecurring(), useDeleteRecurring()),
    input: rent({ startDate: '2026-12-01' }),
    says: {
      create: withReason('保存周期记账失败：{message}'),
      update: withReason('保存周期记账失败：{message}'),
      remove: withReason('删除周期记账失败：{message}'),
    },
  },
];

describe.each(CASES)(
  '$kind: a refused write says docs/spec.md §8’s words',
  ({ hooks, input, says, extraVars }) => {
    it('create, update, delete (and the kind’s own writes)', async () => {
      const report = vi.fn();
      const client = createQueryClient(report);
      clients.push(client);
      const { result } = renderHook(hooks, {
        wrapper: ({ children }: { children: ReactNode }) => (
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        ),
      });
      await waitFor(() => expect(result.current.list.data).toBeDefined());
      await act(() => result.current.create.mutateAsync(input as never));
      await waitFor(() => expect(result.current.list.data?.items).toHaveLength(1));
      const record = result.current.list.data!.items[0]!;
      expect(report).not.toHaveBeenCalled();

      refuseWrites();
      const attempts: [Mutation, unknown, string][] = [
        [result.current.create, input, says.create],
        [result.current.remove, record, says.remove],
      ];
      if (result.current.update && says.update) {
        attempts.push([result.current.update, { id: record.id, input }, says.update]);
      }
      for (const [name, message] of Object.entries(says.extra ?? {})) {
        attempts.push([result.current.extra![name]!, extraVars![name]!(record), message]);
      }
      for (const [mutation, vars, message] of attempts) {
        report.mockClear();
        await act(async () => {
          await mutation.mutateAsync(vars as never).catch(() => undefined);
        });
        expect(report).toHaveBeenCalledExactlyOnceWith(message);
      }
      // Each refused change was taken back: the list is the one record, as created.
      await waitFor(() =>
        expect(result.current.list.data?.items.map((r) => r.id)).toEqual([record.id]),
      );
    });
  },
);

describe('assets and settings: a refused write says docs/spec.md §8’s words', () => {
  function render<T>(hooks: () => T) {
    const report = vi.fn();
    const client = createQueryClient(report);
    clients.push(client);
    const view = renderHook(hooks, {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    return { ...view, report };
  }

  it('保存资产 and 删除资产, version and history entry taken back together', async () => {
    const { result, report } = render(() => ({
      list: useAssets(),
      history: useAssetHistory(),
      save: useSaveAsset(),
      remove: useDeleteAsset(),
    }));
    await waitFor(() => expect(result.current.list.data).toBeDefined());
    const data = assetInputSchema.parse({
      type: 'asset',
      name: '活期',
      category: 'cash',
      amount: 1000,
      date: TODAY,
    });
    await act(() => result.current.save.mutateAsync({ existing: null, data }));
    await waitFor(() => expect(result.current.list.data?.items).toHaveLength(1));
    const saved = result.current.list.data!.items[0]!;
    expect(report).not.toHaveBeenCalled();

    refuseWrites();
    await act(async () => {
      await result.current.save
        .mutateAsync({ existing: saved, data: { ...data, amount: 2000 } })
        .catch(() => undefined);
    });
    expect(report).toHaveBeenCalledExactlyOnceWith(withReason('保存资产失败：{message}，请重试'));
    report.mockClear();
    await act(async () => {
      await result.current.remove.mutateAsync(saved).catch(() => undefined);
    });
    expect(report).toHaveBeenCalledExactlyOnceWith(withReason('删除资产失败：{message}，请重试'));
    await waitFor(() => {
      expect(result.current.list.data?.items.map((a) => a.id)).toEqual([saved.id]);
      expect(result.current.history.data?.items).toHaveLength(1);
    });
  });

  it('保存设置', async () => {
    const { result, report } = render(() => useSaveSettings());
    refuseWrites();
    await act(async () => {
      await result.current.mutateAsync(DEFAULT_SETTINGS).catch(() => undefined);
    });
    expect(report).toHaveBeenCalledExactlyOnceWith(withReason('保存设置失败：{message}'));
  });
});
