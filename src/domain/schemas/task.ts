import { z } from 'zod';
import { isValidRepeat } from '../recurrence';
import { taskCategories, taskPriorities } from './categories';
import {
  editedAtField,
  idSchema,
  isoTimestampSchema,
  optionalDateSchema,
  requiredTextSchema,
  storedSyncFields,
  textSchema,
} from './common';
import { tagsInputSchema, tagsRecordSchema } from './tags';

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Longest reminder lead: 30 days, in minutes. */
export const MAX_REMINDER_MINUTES = 30 * 24 * 60;

const subtaskSchema = z.object({
  id: idSchema,
  title: requiredTextSchema('子任务', 200),
  done: z.boolean().default(false),
});

export type Subtask = z.output<typeof subtaskSchema>;

// The fields added by issue 36. Each has a default, so a task from the original app, an
// export made before them, or a POST without them is still a plain, non-repeating task.
const wave3Fields = {
  /** An RFC 5545 RRULE without DTSTART ('FREQ=WEEKLY;BYDAY=MO'); '' for a one-off task. */
  repeat: z
    .string()
    .nullable()
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || isValidRepeat(v), { message: '重复规则无效' }),
  /** Where the next date is counted from: the due date, or the day the task was done. */
  repeatFrom: z
    .enum(['due', 'completion'], { error: '重复方式无效' })
    .nullable()
    .optional()
    .transform((v) => v ?? 'due'),
  /** The series an occurrence belongs to; '' for a one-off task. */
  seriesId: z
    .union([z.literal(''), idSchema])
    .nullable()
    .optional()
    .transform((v) => v ?? ''),
  /** '' or 'HH:mm', next to the due date. */
  dueTime: z
    .string()
    .nullable()
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || TIME_RE.test(v), { message: '时间格式应为 HH:mm' }),
  subtasks: z
    .array(subtaskSchema)
    .max(100, { message: '子任务最多 100 个' })
    .nullable()
    .optional()
    .transform((v) => v ?? []),
  /** Minutes before the due date and time to remind: 0 (at due time), 5, 30, 60, 1440 or custom. */
  reminders: z
    .array(
      z
        .number({ error: '提醒时间无效' })
        .int({ message: '提醒时间无效' })
        .min(0, { message: '提醒时间无效' })
        .max(MAX_REMINDER_MINUTES, { message: '提醒最多提前 30 天' }),
    )
    .max(10, { message: '提醒最多 10 个' })
    .nullable()
    .optional()
    .transform((v) => [...new Set(v ?? [])].sort((a, b) => a - b)),
  tags: tagsInputSchema,
};

// As stored: a record written before these fields existed (a device's copy synced earlier,
// a memory-store snapshot) lacks them, and readers default them (domain/tasks.ts withDefaults).
const wave3Record = {
  repeat: z
    .string()
    .refine((v) => v === '' || isValidRepeat(v), { message: '重复规则无效' })
    .optional(),
  repeatFrom: z.enum(['due', 'completion']).optional(),
  seriesId: z.union([z.literal(''), idSchema]).optional(),
  dueTime: z
    .string()
    .refine((v) => v === '' || TIME_RE.test(v), { message: '时间格式应为 HH:mm' })
    .optional(),
  subtasks: z.array(subtaskSchema).optional(),
  reminders: z.array(z.number().int().min(0).max(MAX_REMINDER_MINUTES)).optional(),
  tags: tagsRecordSchema,
};

const fields = {
  title: requiredTextSchema('标题', 200),
  description: textSchema(2000),
  priority: z.enum(taskPriorities, { error: '优先级无效' }).default('medium'),
  category: z.enum(taskCategories, { error: '分类无效' }).default('other'),
  /** '' when the task has no due date. */
  dueDate: optionalDateSchema,
  completed: z.boolean().default(false),
  completedAt: isoTimestampSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  createdAt: isoTimestampSchema.optional(),
  updatedAt: isoTimestampSchema.optional(),
};

/** A task's fields, unchecked against each other: forms pick theirs from it (zod cannot pick from a refined object). */
export const taskInputSchema = z.object({
  ...fields,
  ...wave3Fields,
  id: idSchema.optional(),
  ...editedAtField,
});

// A time of day means nothing without its day.
function timeHasDate(v: { dueDate: string; dueTime?: string }, ctx: z.RefinementCtx) {
  if (v.dueTime && v.dueDate === '') {
    ctx.addIssue({ code: 'custom', path: ['dueTime'], message: '请先选择截止日期' });
  }
}

// Completing stamps completedAt and un-completing clears it (docs/spec.md §4): a task that says one
// thing in `completed` and another in `completedAt` would be counted and sorted inconsistently.
function completionAgrees(
  v: { completed: boolean; completedAt: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.completed && v.completedAt === null) {
    ctx.addIssue({ code: 'custom', path: ['completedAt'], message: '已完成的任务需要完成时间' });
  } else if (!v.completed && v.completedAt !== null) {
    ctx.addIssue({ code: 'custom', path: ['completedAt'], message: '未完成的任务不能有完成时间' });
  }
}

/** What the API, the sync engine and uploads accept: the fields, with completed and completedAt agreeing. */
export const taskRecordInputSchema = taskInputSchema
  .superRefine(completionAgrees)
  .superRefine(timeHasDate);

export const taskSchema = z
  .object({
    ...fields,
    ...wave3Record,
    id: idSchema,
    createdAt: isoTimestampSchema,
    updatedAt: isoTimestampSchema,
    editedAt: storedSyncFields.editedAt,
    stamp: storedSyncFields.stamp,
  })
  .superRefine(completionAgrees)
  .superRefine(timeHasDate);

export type Task = z.output<typeof taskSchema>;

// Its kind as record-schemas.ts and schema-loaders.ts know it: the stored record and the input.
export const taskSchemas = { record: taskSchema, input: taskRecordInputSchema };
