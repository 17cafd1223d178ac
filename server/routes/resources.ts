import { Hono } from 'hono';
import { chainId } from '../../src/domain/asset-versioning';
import { accountInputSchema } from '../../src/domain/schemas/account';
import { assetHistoryInputSchema, assetInputSchema } from '../../src/domain/schemas/asset';
import { checkinRecordInputSchema, checkinTaskInputSchema } from '../../src/domain/schemas/checkin';
import { taskRecordInputSchema } from '../../src/domain/schemas/task';
import { timeRecordInputSchema } from '../../src/domain/schemas/time-record';
import { workoutInputSchema } from '../../src/domain/schemas/workout';
import type { Store } from '../store';
import type { AppEnv } from './http';
import { type RecordContext, type Resource, resourceRouter } from './resource';

const resource = <D extends { id?: string }, T extends { id: string }>(r: Resource<D, T>) => r;

const withId = <D>(data: D, { id }: { id: string }) => ({ ...data, id });

/** Keeps the creation time a client sent, else the stored one, else now. */
const createdAt = (
  data: { createdAt?: string },
  { now, existing }: RecordContext<{ createdAt: string }>,
) => data.createdAt ?? existing?.createdAt ?? now;

const accounts = resource({
  store: (s) => s.accounts,
  input: accountInputSchema,
  updatable: true,
  toRecord: withId,
});

const assets = resource({
  store: (s) => s.assets,
  input: assetInputSchema,
  updatable: true,
  toRecord: withId,
  // Ids are per user, so a link to an id the caller does not have would name another's record
  // (or none). Uploads send each version after the one it follows (src/domain/sync.ts).
  checkRecord: async (s, userId, asset) => {
    if (asset.originalId !== null) {
      const first = await s.assets.get(userId, asset.originalId);
      if (!first || chainId(first) !== asset.originalId) return 'originalId: 所指的资产不存在';
    }
    if (asset.previousVersionId !== null) {
      const previous = await s.assets.get(userId, asset.previousVersionId);
      if (!previous || chainId(previous) !== chainId(asset)) {
        return 'previousVersionId: 所指的上一版本不存在';
      }
    }
    return undefined;
  },
  // Deleting only the latest version would bring the previous one back to life (DESIGN §1).
  remove: async (s, userId, asset) => {
    await s.assets.removeChain(userId, chainId(asset));
  },
});

const assetHistory = resource({
  store: (s) => s.assetHistory,
  input: assetHistoryInputSchema,
  updatable: false,
  toRecord: withId,
});

const workouts = resource({
  store: (s) => s.workouts,
  input: workoutInputSchema,
  updatable: true,
  toRecord: (data, ctx) => ({ ...data, id: ctx.id, createdAt: createdAt(data, ctx) }),
});

const timeRecords = resource({
  store: (s) => s.timeRecords,
  input: timeRecordInputSchema,
  updatable: true,
  toRecord: (data, ctx) => ({ ...data, id: ctx.id, createdAt: createdAt(data, ctx) }),
});

const tasks = resource({
  store: (s) => s.tasks,
  input: taskRecordInputSchema,
  updatable: true,
  toRecord: (data, ctx) => ({
    ...data,
    id: ctx.id,
    createdAt: createdAt(data, ctx),
    updatedAt: ctx.now,
  }),
});

const checkinTasks = resource({
  store: (s) => s.checkinTasks,
  input: checkinTaskInputSchema,
  updatable: true,
  toRecord: withId,
  // The store removes the task's check-in records with it.
});

const checkinRecords = resource({
  store: (s) => s.checkinRecords,
  input: checkinRecordInputSchema,
  updatable: false,
  toRecord: withId,
  checkRecord: async (s, userId, record) =>
    (await s.checkinTasks.get(userId, record.taskId)) ? undefined : '打卡任务不存在',
});

/** Every resource of DESIGN §3 under its /api path. */
export function resourceRoutes(store: Store, now: () => Date) {
  // assets/history is mounted before assets, or /api/assets/:id would claim "history".
  return new Hono<AppEnv>()
    .route('/accounts', resourceRouter(store, accounts, now))
    .route('/assets/history', resourceRouter(store, assetHistory, now))
    .route('/assets', resourceRouter(store, assets, now))
    .route('/workouts', resourceRouter(store, workouts, now))
    .route('/tasks', resourceRouter(store, tasks, now))
    .route('/time-records', resourceRouter(store, timeRecords, now))
    .route('/checkin-tasks', resourceRouter(store, checkinTasks, now))
    .route('/checkin-records', resourceRouter(store, checkinRecords, now));
}
