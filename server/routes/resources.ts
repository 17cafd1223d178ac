import { Hono } from 'hono';
import { chainId } from '../../src/domain/asset-versioning';
import { materialise } from '../../src/domain/records';
import {
  type DataOf,
  RESOURCE_NAMES,
  RESOURCES,
  type RecordOf,
  type ResourceName,
} from '../../src/domain/resources';
import type { Store } from '../store';
import type { AppEnv } from './http';
import { type Resource, resourceRouter } from './resource';

/** What the server adds to a registry entry: the rules that need the store. */
type ServerRules<K extends ResourceName> = Pick<
  Resource<DataOf<K>, RecordOf<K>>,
  'checkCreate' | 'remove'
>;

const RULES: { [K in ResourceName]: ServerRules<K> } = {
  accounts: {},
  assets: {
    // Deleting only the latest version would bring the previous one back to life (DESIGN §1).
    remove: async (s, userId, asset) => {
      await s.assets.removeChain(userId, chainId(asset));
    },
  },
  assetHistory: {},
  workouts: {},
  timeRecords: {},
  tasks: {},
  // The store removes the task's check-in records with it.
  checkinTasks: {},
  checkinRecords: {
    checkCreate: async (s, userId, record) =>
      (await s.checkinTasks.get(userId, record.taskId)) ? undefined : '打卡任务不存在',
  },
};

type Of<K extends ResourceName> = Resource<DataOf<K>, RecordOf<K>>;

function router<K extends ResourceName>(store: Store, name: K, now: () => Date) {
  const { input, updatable } = RESOURCES[name];
  // TypeScript cannot see that indexing the registry and the store by the same generic key
  // gives matching types; the registry's `satisfies` and the Store type check each entry.
  const resource: Of<K> = {
    ...RULES[name],
    // The same record the browser shows at once for its own write (src/domain/records.ts).
    toRecord: (data, ctx) => materialise(name, data, ctx),
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
