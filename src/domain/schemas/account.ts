import { z } from 'zod';
import { accountTypes, expenseCategories, incomeCategories, isReimbursement } from './categories';
import {
  checkCategory,
  dateSchema,
  editedAtField,
  idSchema,
  pickedCategorySchema,
  positiveAmountSchema,
  storedSyncFields,
  textSchema,
} from './common';
import { tagsInputSchema, tagsRecordSchema } from './tags';

/** A reference that may be absent: undefined and null both mean "none" and are stored as null. */
const optionalIdSchema = idSchema
  .nullable()
  .optional()
  .transform((v) => v ?? null);

const fields = {
  type: z.enum(accountTypes, { error: '类型无效' }),
  amount: positiveAmountSchema,
  category: pickedCategorySchema,
  description: textSchema(500),
  date: dateSchema,
  /** The 周期记账 template that created this record; null for one entered by hand or imported. */
  templateId: optionalIdSchema,
  /** For an expense in 报销: paid back (已报销) or not yet (待报销). */
  reimbursed: z.boolean({ error: '报销状态无效' }).optional().default(false),
  /** The income that paid a reimbursement back, when the user linked one. */
  reimbursedBy: optionalIdSchema,
};

/**
 * The 账户 (wallets, issue 61) it was paid from or into; null for none. Optional on a stored
 * record: entries, uploads and exports from before 账户 carry none and stay valid.
 */
const walletIdInput = { walletId: optionalIdSchema };
const walletIdRecord = { walletId: idSchema.nullable().optional() };

type Fields = {
  type: (typeof accountTypes)[number];
  category: string;
  reimbursed: boolean;
  reimbursedBy: string | null;
};

function categoryMatchesType(v: Fields, ctx: z.RefinementCtx) {
  checkCategory(
    v.type === 'expense' ? expenseCategories : incomeCategories,
    v.category,
    ctx,
    v.type === 'expense' ? incomeCategories : expenseCategories,
  );
}

// The status means nothing outside 报销: a record moved to another category (or to 收入) loses
// it rather than being refused, so an edit of the category never fails over a hidden field.
function dropStatusOutsideReimbursement<T extends Fields>(v: T): T {
  if (isReimbursement(v)) return v.reimbursed ? v : { ...v, reimbursedBy: null };
  return { ...v, reimbursed: false, reimbursedBy: null };
}

/** What a client sends to create or replace a bookkeeping record (`id` only on upload). */
export const accountInputSchema = z
  .object({
    ...fields,
    ...walletIdInput,
    tags: tagsInputSchema,
    id: idSchema.optional(),
    ...editedAtField,
  })
  .superRefine(categoryMatchesType)
  .transform(dropStatusOutsideReimbursement);

/** A stored bookkeeping record as the API returns it. */
export const accountSchema = z
  .object({
    ...fields,
    ...walletIdRecord,
    tags: tagsRecordSchema,
    id: idSchema,
    ...storedSyncFields,
  })
  .superRefine(categoryMatchesType)
  .transform(dropStatusOutsideReimbursement);

export type AccountInput = z.input<typeof accountInputSchema>;
export type AccountData = z.output<typeof accountInputSchema>;
export type Account = z.output<typeof accountSchema>;

// Its kind as record-schemas.ts and schema-loaders.ts know it: the stored record and the input.
export const accountSchemas = { record: accountSchema, input: accountInputSchema };
