import { z } from 'zod';
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
export const taskInputSchema = z.object({ ...fields, id: idSchema.optional(), ...editedAtField });

// Completing stamps completedAt and un-completing clears it (SPEC §4): a task that says one
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
export const taskRecordInputSchema = taskInputSchema.superRefine(completionAgrees);

export const taskSchema = z
  .object({
    ...fields,
    id: idSchema,
    createdAt: isoTimestampSchema,
    updatedAt: isoTimestampSchema,
    editedAt: storedSyncFields.editedAt,
    stamp: storedSyncFields.stamp,
  })
  .superRefine(completionAgrees);

export type Task = z.output<typeof taskSchema>;

// Its kind as record-schemas.ts and schema-loaders.ts know it: the stored record and the input.
export const taskSchemas = { record: taskSchema, input: taskRecordInputSchema };
