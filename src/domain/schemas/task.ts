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

export const taskInputSchema = z.object({ ...fields, id: idSchema.optional(), ...editedAtField });
export const taskSchema = z.object({
  ...fields,
  id: idSchema,
  createdAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
  editedAt: storedSyncFields.editedAt,
});

export type Task = z.output<typeof taskSchema>;
