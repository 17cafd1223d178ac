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

/** The task name of a quick start (SPEC §5). */
export const DEFAULT_FOCUS_TASK = '专注时间';

/** The longest time record, in seconds: one entry never holds more than a day. */
export const MAX_TIME_RECORD_SECONDS = 86_400;

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

export const timeRecordInputSchema = z.object({
  ...fields,
  id: idSchema.optional(),
  ...editedAtField,
});
export const timeRecordSchema = z.object({
  ...fields,
  id: idSchema,
  createdAt: isoTimestampSchema,
  ...storedSyncFields,
});

export type TimeRecord = z.output<typeof timeRecordSchema>;
