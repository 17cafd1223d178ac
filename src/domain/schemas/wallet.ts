import { z } from 'zod';
import { walletTypeLabels } from './categories';
import {
  editedAtField,
  hasAtMostTwoDecimals,
  idSchema,
  MAX_AMOUNT,
  requiredTextSchema,
  storedSyncFields,
} from './common';

// 账户 (issue 61): where money is kept. An entry may name one (`walletId`), a 转账 moves money
// between two; src/domain/wallets.ts computes the balances.

const walletTypes = Object.keys(walletTypeLabels) as [
  keyof typeof walletTypeLabels,
  ...(keyof typeof walletTypeLabels)[],
];
type WalletType = (typeof walletTypes)[number];

/** Yuan with at most two decimals, below zero too: a credit card starts owing. */
const signedAmountSchema = z
  .number({ error: '请输入有效金额' })
  .refine(Number.isFinite, { message: '请输入有效金额' })
  .refine(hasAtMostTwoDecimals, { message: '金额最多两位小数' })
  .refine((v) => Math.abs(v) <= MAX_AMOUNT, { message: '金额过大' });

const dayOfMonth = (label: string) =>
  z
    .number({ error: `请填写${label}` })
    .int({ message: `${label}必须是整数` })
    .min(1, { message: `${label}须在 1–28 日之间` })
    .max(28, { message: `${label}须在 1–28 日之间` })
    .nullable()
    .optional()
    .transform((v) => v ?? null);

const fields = {
  name: requiredTextSchema('账户名称', 30),
  type: z.enum(walletTypes, { error: '账户类型无效' }),
  openingBalance: signedAmountSchema.optional().default(0),
  archived: z.boolean({ error: '归档状态无效' }).optional().default(false),
  order: z.number({ error: '排序无效' }).int({ message: '排序无效' }).optional().default(0),
  /** 信用卡 额度 in yuan; 0 for other accounts. */
  creditLimit: signedAmountSchema
    .refine((v) => v >= 0, { message: '额度不能为负数' })
    .optional()
    .default(0),
  /** 信用卡 账单日 and 还款日 (1–28); null for other accounts. */
  statementDay: dayOfMonth('账单日'),
  dueDay: dayOfMonth('还款日'),
};

type Fields = { type: WalletType; statementDay: number | null; dueDay: number | null };

function creditNeedsDays(v: Fields, ctx: z.RefinementCtx) {
  if (v.type !== 'credit') return;
  if (v.statementDay === null) {
    ctx.addIssue({ code: 'custom', path: ['statementDay'], message: '请填写账单日' });
  }
  if (v.dueDay === null) {
    ctx.addIssue({ code: 'custom', path: ['dueDay'], message: '请填写还款日' });
  }
}

export const walletInputSchema = z
  .object({ ...fields, id: idSchema.optional(), ...editedAtField })
  .superRefine(creditNeedsDays);

const walletSchema = z
  .object({ ...fields, id: idSchema, ...storedSyncFields })
  .superRefine(creditNeedsDays);

export type Wallet = z.output<typeof walletSchema>;

export const walletSchemas = { record: walletSchema, input: walletInputSchema };
export type WalletInput = z.input<typeof walletInputSchema>;
export type WalletData = z.output<typeof walletInputSchema>;
