import { z } from 'zod';
import { checkinCategories, checkinTypes } from './categories';
import {
  dateSchema,
  editedAtField,
  idSchema,
  requiredTextSchema,
  storedSyncFields,
  textSchema,
} from './common';

/** Highest frequency per type: a weekly habit fits 7 times in a week, a monthly one 31. */
export const MAX_FREQUENCY = { daily: 1, weekly: 7, monthly: 31 } as const;

const fields = {
  name: requiredTextSchema('名称', 100),
  description: textSchema(500),
  type: z.enum(checkinTypes, { error: '类型无效' }).default('daily'),
  frequency: z
    .number()
    .int({ message: '频率必须是整数' })
    .min(1, { message: '频率至少为 1' })
    .default(1),
  monthlyTarget: z
    .number()
    .int({ message: '每月目标必须是整数' })
    .min(1, { message: '每月目标至少为 1' })
    .max(31, { message: '每月目标最多为 31' })
    .default(30),
  category: z.enum(checkinCategories, { error: '分类无效' }).default('health'),
};

type Fields = { type: (typeof checkinTypes)[number]; frequency: number };

// A daily habit has no frequency input (SPEC §5): whatever was sent, it is stored as 1.
function normaliseFrequency<T extends Fields>(v: T, ctx: z.RefinementCtx): T {
  if (v.type === 'daily') return { ...v, frequency: 1 };
  const max = MAX_FREQUENCY[v.type];
  if (v.frequency > max) {
    ctx.addIssue({ code: 'custom', path: ['frequency'], message: `频率最多为 ${max}` });
  }
  return v;
}

export const checkinTaskInputSchema = z
  .object({ ...fields, id: idSchema.optional(), ...editedAtField })
  .transform(normaliseFrequency);
export const checkinTaskSchema = z
  .object({ ...fields, id: idSchema, ...storedSyncFields })
  .transform(normaliseFrequency);

export type CheckinTaskInput = z.input<typeof checkinTaskInputSchema>;
export type CheckinTaskData = z.output<typeof checkinTaskInputSchema>;
export type CheckinTask = z.output<typeof checkinTaskSchema>;

const recordFields = { taskId: idSchema, date: dateSchema };

export const checkinRecordInputSchema = z.object({
  ...recordFields,
  id: idSchema.optional(),
  ...editedAtField,
});
export const checkinRecordSchema = z.object({ ...recordFields, id: idSchema, ...storedSyncFields });

export type CheckinRecordData = z.output<typeof checkinRecordInputSchema>;
export type CheckinRecord = z.output<typeof checkinRecordSchema>;

// Its kind as record-schemas.ts and schema-loaders.ts know it: the stored record and the input.
export const checkinTaskSchemas = { record: checkinTaskSchema, input: checkinTaskInputSchema };
export const checkinRecordSchemas = {
  record: checkinRecordSchema,
  input: checkinRecordInputSchema,
};
