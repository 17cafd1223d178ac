import { z } from 'zod';
import { accountTypes, expenseCategories, incomeCategories } from './categories';
import {
  checkCategory,
  dateSchema,
  editedAtField,
  idSchema,
  optionalDateSchema,
  pickedCategorySchema,
  positiveAmountSchema,
  storedSyncFields,
  textSchema,
} from './common';

// A 周期记账 template: a bookkeeping record that the server writes again every N days,
// weeks, months or years (src/domain/recurring.ts says when).

export const recurringUnitLabels = { day: '天', week: '周', month: '月', year: '年' } as const;
const recurringUnits = Object.keys(recurringUnitLabels) as [
  keyof typeof recurringUnitLabels,
  ...(keyof typeof recurringUnitLabels)[],
];
export type RecurringUnit = (typeof recurringUnits)[number];

/**
 * An occurrence's id is `${templateId}-${YYYY-MM-DD}` and must itself be a valid id (at most
 * 64 characters), so a template's id is 11 shorter than other ids.
 */
const MAX_TEMPLATE_ID_LENGTH = 64 - 11;

const templateIdSchema = idSchema.refine((id) => id.length <= MAX_TEMPLATE_ID_LENGTH, {
  message: `id 最长 ${MAX_TEMPLATE_ID_LENGTH} 位`,
});

const fields = {
  type: z.enum(accountTypes, { error: '类型无效' }),
  amount: positiveAmountSchema,
  category: pickedCategorySchema,
  description: textSchema(500),
  every: z
    .number({ error: '请填写间隔' })
    .int({ message: '间隔必须是整数' })
    .min(1, { message: '间隔至少为 1' })
    .max(366, { message: '间隔最多为 366' }),
  unit: z.enum(recurringUnits, { error: '周期单位无效' }),
  startDate: dateSchema,
  /** The last day an occurrence may fall on; '' for none. */
  endDate: optionalDateSchema,
  /** A paused template skips the occurrences that fall due meanwhile. */
  paused: z.boolean().optional().default(false),
};

/**
 * The 账户 each entry it writes names (issue 61); null for none. Optional, so templates,
 * uploads and exports from before 账户 stay valid.
 */
const walletIdInput = {
  walletId: idSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
};
const walletIdRecord = { walletId: idSchema.nullable().optional() };

type Fields = {
  type: (typeof accountTypes)[number];
  category: string;
  startDate: string;
  endDate: string;
};

function check(v: Fields, ctx: z.RefinementCtx) {
  checkCategory(
    v.type === 'expense' ? expenseCategories : incomeCategories,
    v.category,
    ctx,
    v.type === 'expense' ? incomeCategories : expenseCategories,
  );
  if (v.endDate !== '' && v.endDate < v.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
  }
}

/**
 * What a client sends. `lastDate` is the server's bookkeeping of which occurrences exist; an
 * upload or a restored export carries it so that nothing deleted since comes back.
 */
export const recurringInputSchema = z
  .object({
    ...fields,
    ...walletIdInput,
    id: templateIdSchema.optional(),
    lastDate: optionalDateSchema,
    ...editedAtField,
  })
  .superRefine(check);

/** A stored template. `lastDate`: the latest occurrence already created or skipped ('' none). */
export const recurringSchema = z
  .object({
    ...fields,
    ...walletIdRecord,
    id: templateIdSchema,
    lastDate: optionalDateSchema,
    ...storedSyncFields,
  })
  .superRefine(check);

export type RecurringInput = z.input<typeof recurringInputSchema>;
export type RecurringData = z.output<typeof recurringInputSchema>;
export type RecurringTemplate = z.output<typeof recurringSchema>;

// Its kind as record-schemas.ts and schema-loaders.ts know it: the stored record and the input.
export const recurringSchemas = { record: recurringSchema, input: recurringInputSchema };
