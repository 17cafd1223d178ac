import type { z } from 'zod';
import type { SCHEMAS } from './record-schemas';

// The one list of record kinds. The client's paths, query keys, mirror keys, sync and
// export categories, and the server's routes and stores are all derived from it: adding a
// kind is one entry here plus its schemas in record-schemas.ts, and every
// `Record<ResourceName, …>` that must handle it stops compiling until it does.
//
// No zod here, nor in anything a screen needs to open: zod and the schemas built with it cost
// ~95 ms of a page load's script at 1× CPU (a first-visit profile), so they load when a record
// needs a full parse or a write is validated (record-schemas.ts, api/engine.ts).

interface ResourceDef {
  /** The REST collection (docs/spec.md §7). */
  path: `/api/${string}`;
  /** Whether PUT /{id} exists. */
  updatable: boolean;
  /** The localStorage key of the spec's mirror (docs/spec.md §3), where legacy data is found too. */
  mirrorKey: string;
  /** The key of this kind's list in an export file. */
  exportKey: string;
  /** The name the sync dialog shows in its per-category results. */
  label: string;
  /**
   * The kind this kind's records belong to, and the field naming their owner: uploads send
   * the owners first, the server refuses a record whose owner does not exist, and deleting
   * an owner deletes its records (a habit's check-ins).
   */
  parent?: { kind: string; field: string };
  /**
   * Kinds the server writes records of by itself when one of this kind is written (a 周期记账
   * template writes its due 记账 entries): a device pulls them once such a write is confirmed.
   */
  writes?: readonly string[];
  /**
   * Deleting one record deletes its whole chain of versions (an asset's, docs/architecture.md, Decisions "Deleting an asset"): a device
   * hides and drops every record of the chain (asset-versioning.ts `chainId`).
   */
  deletesChain?: true;
  /** How long a delete waits on the device before it is sent (the check-in toggle's, docs/spec.md §9). */
  deleteDelayMs?: number;
  /**
   * Consecutive waiting creates of this kind are sent together (POST <path>/batch, up to
   * MAX_BATCH): a bill import of thousands of rows goes through the outbox in a few requests.
   */
  batchCreates?: true;
}

export const RESOURCES = {
  accounts: {
    path: '/api/accounts',
    updatable: true,
    mirrorKey: 'accounts',
    exportKey: 'accounts',
    label: '记账记录',
    batchCreates: true,
  },
  assets: {
    path: '/api/assets',
    updatable: true,
    mirrorKey: 'assets',
    exportKey: 'assets',
    label: '资产/负债',
    deletesChain: true,
  },
  workouts: {
    path: '/api/workouts',
    updatable: true,
    mirrorKey: 'workouts',
    exportKey: 'workouts',
    label: '运动记录',
  },
  tasks: {
    path: '/api/tasks',
    updatable: true,
    mirrorKey: 'tasks',
    exportKey: 'tasks',
    label: '任务',
  },
  timeRecords: {
    path: '/api/time-records',
    updatable: true,
    mirrorKey: 'timeRecords',
    exportKey: 'timeRecords',
    label: '时间记录',
  },
  assetHistory: {
    path: '/api/assets/history',
    updatable: false,
    mirrorKey: 'assetHistory',
    exportKey: 'assetHistory',
    label: '资产修改历史',
  },
  checkinTasks: {
    path: '/api/checkin-tasks',
    updatable: true,
    mirrorKey: 'checkinTasks',
    exportKey: 'checkinTasks',
    label: '打卡任务',
  },
  checkinRecords: {
    path: '/api/checkin-records',
    // A day's value and its 跳过 change in place, through the record-level conflict rule.
    updatable: true,
    mirrorKey: 'checkinRecords',
    exportKey: 'checkinRecords',
    label: '打卡记录',
    parent: { kind: 'checkinTasks', field: 'taskId' },
    deleteDelayMs: 50,
  },
  recurring: {
    path: '/api/recurring',
    updatable: true,
    mirrorKey: 'recurring',
    exportKey: 'recurring',
    label: '周期记账',
    writes: ['accounts'],
  },
  // 账户 and 转账 (issue 61): balances are computed from them (src/domain/wallets.ts).
  wallets: {
    path: '/api/wallets',
    updatable: true,
    mirrorKey: 'wallets',
    exportKey: 'wallets',
    label: '账户',
  },
  transfers: {
    path: '/api/transfers',
    updatable: true,
    mirrorKey: 'transfers',
    exportKey: 'transfers',
    label: '转账',
    batchCreates: true,
  },
  // 分类 of one's own (issue 61): the built-ins are seeded in code (src/domain/categories.ts);
  // a stored record of a built-in's id renames, reorders or hides it.
  categories: {
    path: '/api/categories',
    updatable: true,
    mirrorKey: 'categories',
    exportKey: 'categories',
    label: '分类',
  },
} as const satisfies Record<string, ResourceDef>;

export type ResourceName = keyof typeof RESOURCES;

/**
 * Records of which a user has exactly one, written whole (PUT <path>) through the outbox like
 * every other change: no list and no delta. The device keeps the server's copy as last
 * received under `kept` (the engine's per-user store) and shows it with a waiting change on
 * top; of two devices' changes the later stamp wins, as for any record (docs/architecture.md, Decisions "Conflicts").
 */
export const SINGLE_RECORDS = {
  settings: { path: '/api/settings', label: '设置', kept: 'settings' },
} as const satisfies Record<string, { path: `/api/${string}`; label: string; kept: string }>;

export type SingleName = keyof typeof SINGLE_RECORDS;
/** What a change in the outbox can be of: a record of a listed kind, or a single record. */
export type ChangeKind = ResourceName | SingleName;

export function isSingle(kind: ChangeKind): kind is SingleName {
  return Object.hasOwn(SINGLE_RECORDS, kind);
}

/** The name of a kind of change, as the sync dialog shows it. */
export function changeLabel(kind: ChangeKind): string {
  return isSingle(kind) ? SINGLE_RECORDS[kind].label : RESOURCES[kind].label;
}

/**
 * What needs the server there and then, and why, in the words the screens show: everything
 * else a user changes goes through the outbox and works offline. Account security is checked
 * by the server as it is done (the current password, a code, a passkey's signature).
 */
export const ONLINE_ONLY = {
  accountSecurity: '账号安全的更改需要服务器当场验证（密码、验证码或通行密钥），请联网后操作',
} as const;

/**
 * Every kind, in the export file's order: the spec's five first (docs/spec.md §3, "Export file"),
 * then the ones this version adds.
 */
export const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];

/** A stored record of one kind. */
export type RecordOf<K extends ResourceName> = z.output<(typeof SCHEMAS)[K]['record']>;
/** The body a client sends for one kind. */
export type InputOf<K extends ResourceName> = z.input<(typeof SCHEMAS)[K]['input']>;
/** That body once validated. */
export type DataOf<K extends ResourceName> = z.output<(typeof SCHEMAS)[K]['input']>;

/** The kind whose records are owned by `name`'s, and the field that names the owner. */
export function childOf(name: ResourceName): { kind: ResourceName; field: string } | undefined {
  for (const kind of RESOURCE_NAMES) {
    const parent = (RESOURCES[kind] as ResourceDef).parent;
    if (parent?.kind === name) return { kind, field: parent.field };
  }
  return undefined;
}

/** The kinds whose records the server writes when one of `name` is written. */
export function writtenBy(name: ResourceName): ResourceName[] {
  return ((RESOURCES[name] as ResourceDef).writes ?? []) as ResourceName[];
}

/** The registry's entry for `name`, with every optional declaration typed. */
export function resourceDef(name: ResourceName): ResourceDef {
  return RESOURCES[name];
}

/** Kinds with PUT /{id}. */
export type UpdatableName = {
  [K in ResourceName]: (typeof RESOURCES)[K]['updatable'] extends true ? K : never;
}[ResourceName];

/**
 * Records per batch request (POST /api/<kind>/batch), the same number on both sides: 500
 * typical records stay far below the 1 MB body limit.
 */
export const MAX_BATCH = 500;

/** Bytes of UTF-8 JSON per batch request, under the server's 1 MB body limit with room to spare. */
export const MAX_BATCH_BYTES = 800_000;

/**
 * Bytes of `text` in UTF-8, as a request body carries it. Counted here rather than with
 * TextEncoder so the domain needs nothing beyond the language (it also runs on the server).
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
