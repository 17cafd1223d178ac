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

const habitKinds = ['boolean', 'measurable'] as const;
const targetTypes = ['atLeast', 'atMost'] as const;
const targetPeriods = ['day', 'week', 'month'] as const;
export type TargetType = (typeof targetTypes)[number];
export type TargetPeriod = (typeof targetPeriods)[number];

export const EVERY_WEEKDAY = [0, 1, 2, 3, 4, 5, 6];

/** Weekdays as Date.getDay() numbers (0 = Sunday), each once, in order; at least one. */
const weekdaysSchema = z
  .array(z.number().int().min(0).max(6), { error: '星期无效' })
  .min(1, { message: '至少选择一天' })
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

/**
 * The weekdays a daily habit is due on, each entry from its date on (sorted by `from`). A change
 * starts a new entry, so that days before it are still judged by the schedule they had.
 */
const scheduleSchema = z
  .array(z.object({ from: dateSchema, weekdays: weekdaysSchema }), { error: '计划无效' })
  .max(100, { message: '计划最多 100 段' })
  .transform((entries) => [...entries].sort((a, b) => (a.from < b.from ? -1 : 1)));

const vacationSchema = z
  .object({ start: dateSchema, end: dateSchema })
  .refine((v) => v.start <= v.end, { message: '休假结束日期不能早于开始日期', path: ['end'] });

const reminderTimeSchema = z
  .string()
  .regex(/^(|([01]\d|2[0-3]):[0-5]\d)$/, { message: '提醒时间格式应为 HH:mm' });

const kindSchema = z.enum(habitKinds, { error: '习惯类型无效' });
const targetSchema = z
  .number({ error: '目标必须是数字' })
  .positive({ message: '目标必须大于 0' })
  .max(1_000_000, { message: '目标不能超过 1000000' });
const targetTypeSchema = z.enum(targetTypes, { error: '目标方式无效' });
const targetPeriodSchema = z.enum(targetPeriods, { error: '目标周期无效' });
const sortOrderSchema = z.number({ error: '排序无效' }).finite();
const vacationsSchema = z.array(vacationSchema).max(500, { message: '休假最多 500 段' });

/**
 * What habits gained over the spec. A write without them (the original app, earlier exports, a
 * client of docs/spec.md §7) gets a yes/no habit due every day, never archived.
 */
const habitInputFields = {
  kind: kindSchema.default('boolean'),
  unit: textSchema(20),
  target: targetSchema.default(1),
  targetType: targetTypeSchema.default('atLeast'),
  targetPeriod: targetPeriodSchema.default('day'),
  schedule: scheduleSchema.default([]),
  archived: z.boolean().default(false),
  sortOrder: sortOrderSchema.default(0),
  vacations: vacationsSchema.default([]),
  reminderTime: z
    .union([reminderTimeSchema, z.null()])
    .optional()
    .transform((v) => v ?? ''),
};

/** A stored habit may predate them (a device's copy, an old export): read with habitDefaults. */
const habitStoredFields = {
  kind: kindSchema.optional(),
  unit: z.string().optional(),
  target: targetSchema.optional(),
  targetType: targetTypeSchema.optional(),
  targetPeriod: targetPeriodSchema.optional(),
  schedule: scheduleSchema.optional(),
  archived: z.boolean().optional(),
  sortOrder: sortOrderSchema.optional(),
  vacations: vacationsSchema.optional(),
  reminderTime: z.string().optional(),
};

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

// A daily habit has no frequency input (docs/spec.md §5): whatever was sent, it is stored as 1.
function normaliseFrequency<T extends Fields>(v: T, ctx: z.RefinementCtx): T {
  if (v.type === 'daily') return { ...v, frequency: 1 };
  const max = MAX_FREQUENCY[v.type];
  if (v.frequency > max) {
    ctx.addIssue({ code: 'custom', path: ['frequency'], message: `频率最多为 ${max}` });
  }
  return v;
}

export const checkinTaskInputSchema = z
  .object({ ...fields, ...habitInputFields, id: idSchema.optional(), ...editedAtField })
  .transform(normaliseFrequency);
export const checkinTaskSchema = z
  .object({ ...fields, ...habitStoredFields, id: idSchema, ...storedSyncFields })
  .transform(normaliseFrequency);

export type CheckinTaskInput = z.input<typeof checkinTaskInputSchema>;
export type CheckinTaskData = z.output<typeof checkinTaskInputSchema>;
export type CheckinTask = z.output<typeof checkinTaskSchema>;

/**
 * One record per habit per day. `value` is what the day counted (a yes/no check-in, and every
 * record from before values existed, is 1); `skipped` marks the day 跳过, which is neither done
 * nor missed. Both change in place (PUT), so two devices editing one day meet in the
 * record-level conflict rule.
 */
const recordFields = { taskId: idSchema, date: dateSchema };
const valueSchema = z
  .number({ error: '数值必须是数字' })
  .finite()
  .min(0, { message: '数值不能为负数' })
  .max(1_000_000, { message: '数值不能超过 1000000' });

export const checkinRecordInputSchema = z.object({
  ...recordFields,
  value: valueSchema.default(1),
  skipped: z.boolean().default(false),
  id: idSchema.optional(),
  ...editedAtField,
});
export const checkinRecordSchema = z.object({
  ...recordFields,
  value: valueSchema.optional(),
  skipped: z.boolean().optional(),
  id: idSchema,
  ...storedSyncFields,
});

export type CheckinRecordData = z.output<typeof checkinRecordInputSchema>;
export type CheckinRecord = z.output<typeof checkinRecordSchema>;

// Its kind as record-schemas.ts and schema-loaders.ts know it: the stored record and the input.
export const checkinTaskSchemas = { record: checkinTaskSchema, input: checkinTaskInputSchema };
export const checkinRecordSchemas = {
  record: checkinRecordSchema,
  input: checkinRecordInputSchema,
};
