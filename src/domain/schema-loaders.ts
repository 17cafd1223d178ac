import type { SCHEMAS } from './record-schemas';
import type { ResourceName } from './resources';

type Schemas = typeof SCHEMAS;

/**
 * Each kind's schemas, loaded with their own module only: the first write of a visit (a
 * check-in, a new task) runs zod and that kind's schemas, not every kind's. Each module has a
 * chunk of its own (vite.config.ts); the pairs are the ones record-schemas.ts holds.
 */
export const SCHEMA_LOADERS: { [K in ResourceName]: () => Promise<Schemas[K]> } = {
  accounts: () => import('./schemas/account').then((m) => m.accountSchemas),
  assets: () => import('./schemas/asset').then((m) => m.assetSchemas),
  workouts: () => import('./schemas/workout').then((m) => m.workoutSchemas),
  tasks: () => import('./schemas/task').then((m) => m.taskSchemas),
  timeRecords: () => import('./schemas/time-record').then((m) => m.timeRecordSchemas),
  assetHistory: () => import('./schemas/asset').then((m) => m.assetHistorySchemas),
  checkinTasks: () => import('./schemas/checkin').then((m) => m.checkinTaskSchemas),
  checkinRecords: () => import('./schemas/checkin').then((m) => m.checkinRecordSchemas),
  recurring: () => import('./schemas/recurring').then((m) => m.recurringSchemas),
  wallets: () => import('./schemas/wallet').then((m) => m.walletSchemas),
  transfers: () => import('./schemas/transfer').then((m) => m.transferSchemas),
  categories: () => import('./schemas/category').then((m) => m.categorySchemas),
};
