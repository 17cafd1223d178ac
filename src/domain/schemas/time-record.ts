import { z } from 'zod';
import { timeCategories } from './categories';
import {
  dateSchema,
  editedAtField,
  idSchema,
  isoTimestampSchema,
  requiredTextSchema,
  storedSyncFields,
} from './common';
import { MAX_TIME_RECORD_SECONDS } from './defaults';
import { tagsInputSchema, tagsRecordSchema } from './tags';

const fields = {
  task: requiredTextSchema('任务名称', 100),
  category: z.enum(timeCategories, { error: '请选择分类' }),
  /** Seconds; the timer never saves less than one second, nor more than a day. */
  duration: z
    .number({ error: '请填写时长' })
    .int({ message: '时长必须是整数秒' })
    .min(1, { message: '时长至少 1 秒' })
    .max(MAX_TIME_RECORD_SECONDS, { message: '时长不能超过 24 小时' }),
  date: dateSchema,
  createdAt: isoTimestampSchema.optional(),
};

/** The task this focus time was spent on (started from its row), '' for none. */
const taskIdSchema = z
  .union([z.literal(''), z.null(), idSchema])
  .optional()
  .transform((v) => v ?? '');

export const timeRecordInputSchema = z.object({
  ...fields,
  taskId: taskIdSchema,
  tags: tagsInputSchema,
  id: idSchema.optional(),
  ...editedAtField,
});
export const timeRecordSchema = z.object({
  ...fields,
  taskId: z.string().optional(),
  tags: tagsRecordSchema,
  id: idSchema,
  createdAt: isoTimestampSchema,
  ...storedSyncFields,
});

export type TimeRecord = z.output<typeof timeRecordSchema>;

// Its kind as record-schemas.ts and schema-loaders.ts know it: the stored record and the input.
export const timeRecordSchemas = { record: timeRecordSchema, input: timeRecordInputSchema };
