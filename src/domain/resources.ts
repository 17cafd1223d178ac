import type { z } from 'zod';
import { accountInputSchema, accountSchema } from './schemas/account';
import {
  assetHistoryInputSchema,
  assetHistorySchema,
  assetInputSchema,
  assetSchema,
} from './schemas/asset';
import {
  checkinRecordInputSchema,
  checkinRecordSchema,
  checkinTaskInputSchema,
  checkinTaskSchema,
} from './schemas/checkin';
import { taskInputSchema, taskSchema } from './schemas/task';
import { timeRecordInputSchema, timeRecordSchema } from './schemas/time-record';
import { workoutInputSchema, workoutSchema } from './schemas/workout';

// The one list of record kinds. The client's paths, query keys, mirror keys, sync and
// export categories, and the server's routes and stores are all derived from it: adding a
// kind is one entry here plus its schema, and every `Record<ResourceName, …>` that must
// handle it stops compiling until it does.

interface ResourceDef {
  /** The REST collection (SPEC §7). */
  path: `/api/${string}`;
  /** A stored record as the API returns it. */
  record: z.ZodType;
  /** What a client sends to create or replace one (`id` optional: uploads carry theirs). */
  input: z.ZodType;
  /** Whether PUT /{id} exists. */
  updatable: boolean;
  /** The localStorage key of the spec's mirror (SPEC §3), where legacy data is found too. */
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
}

export const RESOURCES = {
  accounts: {
    path: '/api/accounts',
    record: accountSchema,
    input: accountInputSchema,
    updatable: true,
    mirrorKey: 'accounts',
    exportKey: 'accounts',
    label: '记账记录',
  },
  assets: {
    path: '/api/assets',
    record: assetSchema,
    input: assetInputSchema,
    updatable: true,
    mirrorKey: 'assets',
    exportKey: 'assets',
    label: '资产/负债',
  },
  workouts: {
    path: '/api/workouts',
    record: workoutSchema,
    input: workoutInputSchema,
    updatable: true,
    mirrorKey: 'workouts',
    exportKey: 'workouts',
    label: '运动记录',
  },
  tasks: {
    path: '/api/tasks',
    record: taskSchema,
    input: taskInputSchema,
    updatable: true,
    mirrorKey: 'tasks',
    exportKey: 'tasks',
    label: '任务',
  },
  timeRecords: {
    path: '/api/time-records',
    record: timeRecordSchema,
    input: timeRecordInputSchema,
    updatable: true,
    mirrorKey: 'timeRecords',
    exportKey: 'timeRecords',
    label: '时间记录',
  },
  assetHistory: {
    path: '/api/assets/history',
    record: assetHistorySchema,
    input: assetHistoryInputSchema,
    updatable: false,
    mirrorKey: 'assetHistory',
    exportKey: 'assetHistory',
    label: '资产修改历史',
  },
  checkinTasks: {
    path: '/api/checkin-tasks',
    record: checkinTaskSchema,
    input: checkinTaskInputSchema,
    updatable: true,
    mirrorKey: 'checkinTasks',
    exportKey: 'checkinTasks',
    label: '打卡任务',
  },
  checkinRecords: {
    path: '/api/checkin-records',
    record: checkinRecordSchema,
    input: checkinRecordInputSchema,
    updatable: false,
    mirrorKey: 'checkinRecords',
    exportKey: 'checkinRecords',
    label: '打卡记录',
    parent: { kind: 'checkinTasks', field: 'taskId' },
  },
} as const satisfies Record<string, ResourceDef>;

export type ResourceName = keyof typeof RESOURCES;

/**
 * Every kind, in the export file's order: the spec's five first (SPEC §3 "Export file"),
 * then the three this version adds.
 */
export const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];

/** A stored record of one kind. */
export type RecordOf<K extends ResourceName> = z.output<(typeof RESOURCES)[K]['record']>;
/** The body a client sends for one kind. */
export type InputOf<K extends ResourceName> = z.input<(typeof RESOURCES)[K]['input']>;
/** That body once validated. */
export type DataOf<K extends ResourceName> = z.output<(typeof RESOURCES)[K]['input']>;

/** The kind whose records are owned by `name`'s, and the field that names the owner. */
export function childOf(name: ResourceName): { kind: ResourceName; field: string } | undefined {
  for (const kind of RESOURCE_NAMES) {
    const parent = (RESOURCES[kind] as ResourceDef).parent;
    if (parent?.kind === name) return { kind, field: parent.field };
  }
  return undefined;
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
