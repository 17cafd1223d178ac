import { Hono } from 'hono';
import { chainId } from '../../src/domain/asset-versioning';
import {
  type DataOf,
  RESOURCE_NAMES,
  RESOURCES,
  type RecordOf,
  type ResourceName,
} from '../../src/domain/resources';
import { catchUpUser } from '../recurring';
import type { Store } from '../store';
import type { AppEnv } from './http';
import { type RecordContext, type Resource, resourceRouter } from './resource';

/** What the server adds to a registry entry: how a body becomes a record, and the odd rule. */
type ServerRules<K extends ResourceName> = Omit<
  Resource<DataOf<K>, RecordOf<K>>,
  'store' | 'input' | 'updatable'
>;

const withId = <D>(data: D, { id }: { id: string }) => ({ ...data, id });

/** Keeps the creation time a client sent, else the stored one, else now. */
const createdAt = (
  data: { createdAt?: string },
  { now, existing }: RecordContext<{ createdAt: string }>,
) => data.createdAt ?? existing?.createdAt ?? now;

const withCreatedAt = <D extends { createdAt?: string }>(
  data: D,
  ctx: RecordContext<{ createdAt: string }>,
) => ({ ...data, id: ctx.id, createdAt: createdAt(data, ctx) });

/** Writes the user's due 周期记账 entries, so a list or an edit shows them at once. */
const catchUp = (s: Store, userId: string, now: Date) =>
  catchUpUser(s, userId, now).then(() => undefined);

const RULES: { [K in ResourceName]: ServerRules<K> } = {
  accounts: { toRecord: withId, beforeList: catchUp },
  assets: {
    toRecord: withId,
    // Deleting only the latest version would bring the previous one back to life (DESIGN §1).
    remove: async (s, userId, asset) => {
      await s.assets.removeChain(userId, chainId(asset));
    },
  },
  assetHistory: { toRecord: withId },
  workouts: { toRecord: withCreatedAt },
  timeRecords: { toRecord: withCreatedAt },
  tasks: {
    toRecord: (data, ctx) => ({ ...withCreatedAt(data, ctx), updatedAt: ctx.now }),
  },
  // The store removes the task's check-in records with it.
  checkinTasks: { toRecord: withId },
  checkinRecords: {
    toRecord: withId,
    checkCreate: async (s, userId, record) =>
      (await s.checkinTasks.get(userId, record.taskId)) ? undefined : '打卡任务不存在',
  },
  recurring: {
    // Which occurrences exist is the server's to say: an edit keeps the stored lastDate, an
    // upload (a restored export) brings its own so that what was deleted stays deleted.
    toRecord: (data, { id, existing }) => ({
      ...data,
      id,
      lastDate: existing ? existing.lastDate : data.lastDate,
    }),
    afterWrite: catchUp,
  },
};

type Of<K extends ResourceName> = Resource<DataOf<K>, RecordOf<K>>;

function router<K extends ResourceName>(store: Store, name: K, now: () => Date) {
  const { input, updatable } = RESOURCES[name];
  // TypeScript cannot see that indexing the registry and the store by the same generic key
  // gives matching types; the registry's `satisfies` and the Store type check each entry.
  const resource: Of<K> = {
    ...RULES[name],
    store: (s) => s[name] as ReturnType<Of<K>['store']>,
    input: input as unknown as Of<K>['input'],
    updatable,
  };
  return resourceRouter(store, resource, now);
}

/** Every kind of the registry under its /api path. */
export function resourceRoutes(store: Store, now: () => Date) {
  const api = new Hono<AppEnv>();
  // Longer paths first: /assets/:id would otherwise claim /assets/history.
  const byPath = [...RESOURCE_NAMES].sort(
    (a, b) => RESOURCES[b].path.length - RESOURCES[a].path.length,
  );
  for (const name of byPath) {
    api.route(RESOURCES[name].path.slice('/api'.length), router(store, name, now));
  }
  return api;
}
