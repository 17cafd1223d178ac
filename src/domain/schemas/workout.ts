import { z } from 'zod';
import { workoutTypes } from './categories';
import {
  dateSchema,
  editedAtField,
  idSchema,
  isoTimestampSchema,
  storedSyncFields,
  textSchema,
} from './common';
import { tagsInputSchema, tagsRecordSchema } from './tags';

const fields = {
  type: z.enum(workoutTypes, { error: '请选择运动类型' }),
  /** Minutes; a whole day is the most one entry can hold. */
  duration: z
    .number({ error: '请填写时长' })
    .int({ message: '时长必须是整数分钟' })
    .min(1, { message: '时长必须大于 0' })
    .max(1440, { message: '时长不能超过 1440 分钟' }),
  // null is what an upload of a record without calories sends (docs/spec.md §7); forms send 0.
  calories: z
    .number()
    .int({ message: '卡路里必须是整数' })
    .min(0, { message: '卡路里不能为负数' })
    .max(100_000, { message: '卡路里过大' })
    .nullable()
    .default(0),
  notes: textSchema(500),
  date: dateSchema,
  createdAt: isoTimestampSchema.optional(),
};

export const workoutInputSchema = z.object({
  ...fields,
  tags: tagsInputSchema,
  id: idSchema.optional(),
  ...editedAtField,
});
export const workoutSchema = z.object({
  ...fields,
  tags: tagsRecordSchema,
  id: idSchema,
  createdAt: isoTimestampSchema,
  ...storedSyncFields,
});

export type Workout = z.output<typeof workoutSchema>;

// Its kind as record-schemas.ts and schema-loaders.ts know it: the stored record and the input.
export const workoutSchemas = { record: workoutSchema, input: workoutInputSchema };
