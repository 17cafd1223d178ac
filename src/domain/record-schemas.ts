import type { z } from 'zod';
import { accountSchemas } from './schemas/account';
import { assetHistorySchemas, assetSchemas } from './schemas/asset';
import { categorySchemas } from './schemas/category';
import { checkinRecordSchemas, checkinTaskSchemas } from './schemas/checkin';
import { recurringSchemas } from './schemas/recurring';
import { taskSchemas } from './schemas/task';
import { timeRecordSchemas } from './schemas/time-record';
import { transferSchemas } from './schemas/transfer';
import { walletSchemas } from './schemas/wallet';
import { workoutSchemas } from './schemas/workout';

// Each kind's zod schemas (the kinds themselves: resources.ts, whose RecordOf and InputOf stop
// compiling while a kind has no entry here). The server validates every body with them. In the
// browser a write to validate, or a record that fails its shape's check (record-shapes.ts),
// loads its own kind's module only (schema-loaders.ts); this module, all kinds at once, comes
// with the sync dialog's upload checks (sync.ts).

export interface KindSchemas {
  /** A stored record as the API returns it. */
  record: z.ZodType;
  /** What a client sends to create or replace one (`id` optional: uploads carry theirs). */
  input: z.ZodType;
}

export const SCHEMAS = {
  accounts: accountSchemas,
  assets: assetSchemas,
  workouts: workoutSchemas,
  tasks: taskSchemas,
  timeRecords: timeRecordSchemas,
  assetHistory: assetHistorySchemas,
  checkinTasks: checkinTaskSchemas,
  checkinRecords: checkinRecordSchemas,
  recurring: recurringSchemas,
  wallets: walletSchemas,
  transfers: transferSchemas,
  categories: categorySchemas,
} as const satisfies Record<string, KindSchemas>;
