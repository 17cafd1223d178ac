import { z } from 'zod';
import { accountTypes, expenseCategories, incomeCategories } from './categories';
import {
  checkCategory,
  dateSchema,
  editedAtField,
  idSchema,
  positiveAmountSchema,
  requiredTextSchema,
  storedSyncFields,
  textSchema,
} from './common';

const fields = {
  type: z.enum(accountTypes, { error: '类型无效' }),
  amount: positiveAmountSchema,
  category: requiredTextSchema('分类', 40),
  description: textSchema(500),
  date: dateSchema,
};

type Fields = { type: (typeof accountTypes)[number]; category: string };

function categoryMatchesType(v: Fields, ctx: z.RefinementCtx) {
  checkCategory(v.type === 'expense' ? expenseCategories : incomeCategories, v.category, ctx);
}

/** What a client sends to create or replace a bookkeeping record (`id` only on upload). */
export const accountInputSchema = z
  .object({ ...fields, id: idSchema.optional(), ...editedAtField })
  .superRefine(categoryMatchesType);

/** A stored bookkeeping record as the API returns it. */
export const accountSchema = z
  .object({ ...fields, id: idSchema, ...storedSyncFields })
  .superRefine(categoryMatchesType);

export type AccountInput = z.input<typeof accountInputSchema>;
export type AccountData = z.output<typeof accountInputSchema>;
export type Account = z.output<typeof accountSchema>;
