import { z } from 'zod';
import {
  dateSchema,
  editedAtField,
  idSchema,
  nonNegativeAmountSchema,
  positiveAmountSchema,
  storedSyncFields,
  textSchema,
} from './common';
import { tagsInputSchema, tagsRecordSchema } from './tags';

// 转账 (issue 61): money moved from one 账户 to another. Never income or expense; its `fee`
// is booked as an expense of 手续费 beside it (src/domain/wallets.ts `feeEntryFor`).
// A 调整余额 is a transfer with one side '' — money entering or leaving an account from
// outside the books — so it, too, is never income or expense (src/domain/wallets.ts).

const walletRef = (missing: string) => z.union([z.literal(''), idSchema], { error: missing });

const fields = {
  fromWalletId: walletRef('请选择转出账户'),
  toWalletId: walletRef('请选择转入账户'),
  amount: positiveAmountSchema,
  /** 手续费 in yuan, paid from the 转出账户; 0 for none. */
  fee: nonNegativeAmountSchema.optional().default(0),
  date: dateSchema,
  note: textSchema(500),
};

function differentWallets(v: { fromWalletId: string; toWalletId: string }, ctx: z.RefinementCtx) {
  if (v.fromWalletId === '' && v.toWalletId === '') {
    ctx.addIssue({ code: 'custom', path: ['fromWalletId'], message: '请选择转出账户' });
    ctx.addIssue({ code: 'custom', path: ['toWalletId'], message: '请选择转入账户' });
  } else if (v.fromWalletId === v.toWalletId) {
    ctx.addIssue({ code: 'custom', path: ['toWalletId'], message: '转出和转入账户不能相同' });
  }
}

export const transferInputSchema = z
  .object({ ...fields, tags: tagsInputSchema, id: idSchema.optional(), ...editedAtField })
  .superRefine(differentWallets);

const transferSchema = z
  .object({ ...fields, tags: tagsRecordSchema, id: idSchema, ...storedSyncFields })
  .superRefine(differentWallets);

export type Transfer = z.output<typeof transferSchema>;

export const transferSchemas = { record: transferSchema, input: transferInputSchema };
export type TransferInput = z.input<typeof transferInputSchema>;
export type TransferData = z.output<typeof transferInputSchema>;
