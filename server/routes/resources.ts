import { Hono } from 'hono';
import { chainId } from '../../src/domain/asset-versioning';
import { SCHEMAS } from '../../src/domain/record-schemas';
import { materialise } from '../../src/domain/records';
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
import { type Resource, resourceRouter } from './resource';

/** What the server adds to a registry entry: the rules that need the store. */
type ServerRules<K extends ResourceName> = Pick<
  Resource<DataOf<K>, RecordOf<K>>,
  'checkRecord' | 'remove' | 'beforeList' | 'afterWrite'
>;

/**
 * Writes the user's due 周期记账 entries: before the bookkeeping list (or its delta) is
 * answered, so it includes them, and after a template is saved, so they exist at once.
 */
const catchUp = (s: Store, userId: string, now: Date) =>
  catchUpUser(s, userId, now).then(() => undefined);

const RULES: { [K in ResourceName]: ServerRules<K> } = {
  accounts: { beforeList: catchUp },
  assets: {
    // Ids are per user, so a link to an id the caller does not have would name another's record
    // (or none). Uploads send each version after the one it follows (src/domain/sync.ts).
    checkRecord: async (s, userId, asset) => {
      // The schema sees the id only when the body carries it; a PUT names it in the path.
      for (const link of ['originalId', 'previousVersionId'] as const) {
        if (asset[link] === asset.id) return `${link}: 不能指向自身`;
      }
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
    // Deleting only the latest version would bring the previous one back to life (docs/architecture.md, Decisions "Deleting an asset").
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
    checkRecord: async (s, userId, record) =>
      (await s.checkinTasks.get(userId, record.taskId)) ? undefined : '打卡任务不存在',
  },
  recurring: { afterWrite: catchUp },
  // An entry or a 转账 naming a deleted 账户 keeps the id; the screens show it as 已删除的账户.
  wallets: {},
  transfers: {},
  // An entry naming a deleted 分类 keeps the id; the screens show the id's fallback label.
  categories: {},
};

type Of<K extends ResourceName> = Resource<DataOf<K>, RecordOf<K>>;

function router<K extends ResourceName>(store: Store, name: K, now: () => Date) {
  const { updatable } = RESOURCES[name];
  const { input } = SCHEMAS[name];
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
