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
import { recurringInputSchema, recurringSchema } from './schemas/recurring';
import { taskRecordInputSchema, taskSchema } from './schemas/task';
import { timeRecordInputSchema, timeRecordSchema } from './schemas/time-record';
import { workoutInputSchema, workoutSchema } from './schemas/workout';

// Each kind's zod schemas (the kinds themselves: resources.ts, whose RecordOf and InputOf stop
// compiling while a kind has no entry here). The server validates every
// body with them; in the browser this module is loaded only when it is needed — a write to
// validate, or a record that fails its shape's check (record-shapes.ts) and must be parsed.

interface KindSchemas {
  /** A stored record as the API returns it. */
  record: z.ZodType;
  /** What a client sends to create or replace one (`id` optional: uploads carry theirs). */
  input: z.ZodType;
}

export const SCHEMAS = {
  accounts: { record: accountSchema, input: accountInputSchema },
  assets: { record: assetSchema, input: assetInputSchema },
  workouts: { record: workoutSchema, input: workoutInputSchema },
  tasks: { record: taskSchema, input: taskRecordInputSchema },
  timeRecords: { record: timeRecordSchema, input: timeRecordInputSchema },
  assetHistory: { record: assetHistorySchema, input: assetHistoryInputSchema },
  checkinTasks: { record: checkinTaskSchema, input: checkinTaskInputSchema },
  checkinRecords: { record: checkinRecordSchema, input: checkinRecordInputSchema },
  recurring: { record: recurringSchema, input: recurringInputSchema },
} as const satisfies Record<string, KindSchemas>;
