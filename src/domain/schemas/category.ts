import { z } from 'zod';
import { accountTypes } from './categories';
import { editedAtField, idSchema, requiredTextSchema, storedSyncFields } from './common';

// 分类 of one's own (issue 61). An entry's `category` holds a category's id: the built-in
// ones keep their codes (src/domain/categories.ts seeds them), so entries, budgets, import
// rules and CSV files from before still resolve. One level of 子分类: a sub-category names
// its parent, which must be a top-level category of the same type (src/domain/categories.ts
// checks that against the list; the schema alone cannot see the other records).

const fields = {
  name: requiredTextSchema('分类名称', 12),
  type: z.enum(accountTypes, { error: '分类类型无效' }),
  parentId: idSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  /** An emoji or '' for none. */
  icon: z.string({ error: '图标无效' }).max(8, { message: '图标无效' }).optional().default(''),
  order: z.number({ error: '排序无效' }).int({ message: '排序无效' }).optional().default(0),
  /** Hidden from the pickers; entries filed under it keep it. */
  hidden: z.boolean({ error: '隐藏状态无效' }).optional().default(false),
};

export const categoryInputSchema = z.object({
  ...fields,
  id: idSchema.optional(),
  ...editedAtField,
});

const categorySchema = z.object({ ...fields, id: idSchema, ...storedSyncFields });

export type Category = z.output<typeof categorySchema>;

export const categorySchemas = { record: categorySchema, input: categoryInputSchema };
export type CategoryInput = z.input<typeof categoryInputSchema>;
export type CategoryData = z.output<typeof categoryInputSchema>;
