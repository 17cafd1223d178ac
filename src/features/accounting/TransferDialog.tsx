import { useState } from 'react';
import { z } from 'zod';
import { useSaveTransfer } from '../../api/wallets';
import {
  AmountField,
  amountRegisterOptions,
  FormDialog,
  InputField,
  SelectField,
} from '../../components/form-fields';
import { useDialogForm } from '../../components/form-fields-dialog';
import { TagField } from '../../components/TagField';
import { evaluateAmount } from '../../domain/amount-expression';
import { formatCents, fromCents, toCents } from '../../domain/money';
import {
  type Transfer,
  type TransferData,
  type TransferInput,
  transferInputSchema,
} from '../../domain/schemas/transfer';
import type { Wallet } from '../../domain/schemas/wallet';

interface TransferDialogProps {
  /** The transfer being edited, or null for a new one. */
  transfer: Transfer | null;
  wallets: readonly Wallet[];
  /** What a new one starts with: a card's 还款 fills in the card and its bill. */
  prefill?: { fromWalletId?: string; toWalletId?: string; amount?: number; note?: string };
  today: string;
  onClose: () => void;
}

// 手续费 left empty is none.
const feeOptions = {
  setValueAs: (text: unknown) =>
    text === '' || text === undefined ? 0 : evaluateAmount(String(text)),
} as const;

/** 转账 / 编辑转账: 转出账户, 转入账户, 金额, 手续费 (a 手续费 expense), 日期, 备注. */
export function TransferDialog({
  transfer,
  wallets,
  prefill,
  today,
  onClose,
}: TransferDialogProps) {
  const save = useSaveTransfer();
  const [tags, setTags] = useState<string[]>(() => [...(transfer?.tags ?? [])]);
  const form = useDialogForm<TransferInput, TransferData>(
    transferInputSchema.superRefine((v, ctx) => {
      // The form is for a transfer between two accounts; 调整余额 has its own.
      if (v.fromWalletId === '' && v.toWalletId !== '') {
        ctx.addIssue({ code: 'custom', path: ['fromWalletId'], message: '请选择转出账户' });
      }
      if (v.toWalletId === '' && v.fromWalletId !== '') {
        ctx.addIssue({ code: 'custom', path: ['toWalletId'], message: '请选择转入账户' });
      }
    }),
    transfer
      ? {
          fromWalletId: transfer.fromWalletId,
          toWalletId: transfer.toWalletId,
          amount: transfer.amount,
          fee: transfer.fee,
          date: transfer.date,
          note: transfer.note,
        }
      : {
          fromWalletId: prefill?.fromWalletId ?? '',
          toWalletId: prefill?.toWalletId ?? '',
          amount: prefill?.amount,
          fee: 0,
          date: today,
          note: prefill?.note ?? '',
        },
  );
  const { register, handleSubmit, errors, isDirty } = form;
  const options = Object.fromEntries(
    wallets
      .filter(
        (w) => !w.archived || w.id === transfer?.fromWalletId || w.id === transfer?.toWalletId,
      )
      .map((w) => [w.id, w.name]),
  );
  const onSubmit = handleSubmit((input) => {
    save.mutate(
      { existing: transfer ?? undefined, input: { ...input, tags } },
      { onSuccess: onClose },
    );
  });

  return (
    <FormDialog
      title={transfer ? '编辑转账' : '转账'}
      onClose={onClose}
      dirty={isDirty || tags.join() !== (transfer?.tags ?? []).join()}
      onSubmit={onSubmit}
      saving={save.isPending}
    >
      <div className="grid grid-cols-1 gap-3 tablet:grid-cols-2">
        <SelectField
          label="转出账户"
          required
          placeholder="请选择转出账户"
          options={options}
          error={errors.fromWalletId?.message}
          {...register('fromWalletId')}
        />
        <SelectField
          label="转入账户"
          required
          placeholder="请选择转入账户"
          options={options}
          error={errors.toWalletId?.message}
          {...register('toWalletId')}
        />
      </div>
      <AmountField
        label="金额"
        required
        error={errors.amount?.message}
        initial={transfer?.amount ?? prefill?.amount}
        registration={register('amount', amountRegisterOptions)}
      />
      <AmountField
        label="手续费"
        hint="可选，记为「手续费」支出"
        error={errors.fee?.message}
        initial={transfer?.fee || undefined}
        registration={register('fee', feeOptions)}
      />
      <InputField
        label="日期"
        required
        type="date"
        error={errors.date?.message}
        {...register('date')}
      />
      <InputField
        label="备注"
        placeholder="可选"
        maxLength={500}
        error={errors.note?.message}
        {...register('note')}
      />
      <TagField value={tags} onChange={setTags} />
    </FormDialog>
  );
}

interface AdjustDialogProps {
  wallet: Wallet;
  /** The balance the app shows now, in cents. */
  balanceCents: number;
  today: string;
  onClose: () => void;
}

const adjustSchema = z.object({
  actual: z
    .number({ error: '请输入实际余额' })
    .refine(Number.isFinite, { message: '请输入实际余额' })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: '金额最多两位小数' }),
});

/**
 * 调整余额: the real balance typed in, recorded as a transfer from or to outside the books
 * (src/domain/wallets.ts), so it never counts as income or expense.
 */
export function AdjustDialog({ wallet, balanceCents, today, onClose }: AdjustDialogProps) {
  const save = useSaveTransfer();
  const form = useDialogForm<{ actual: number }, { actual: number }>(adjustSchema, {});
  const { register, handleSubmit, errors, isDirty, setError } = form;
  const onSubmit = handleSubmit(({ actual }) => {
    const diff = toCents(actual) - balanceCents;
    if (diff === 0) {
      setError('actual', { message: '与当前余额相同，无需调整' });
      return;
    }
    const input = {
      fromWalletId: diff < 0 ? wallet.id : '',
      toWalletId: diff > 0 ? wallet.id : '',
      amount: fromCents(Math.abs(diff)),
      fee: 0,
      date: today,
      note: '',
      tags: [],
    };
    save.mutate({ input }, { onSuccess: onClose });
  });
  return (
    <FormDialog
      title={`调整余额 · ${wallet.name}`}
      onClose={onClose}
      dirty={isDirty}
      onSubmit={onSubmit}
      saving={save.isPending}
    >
      <p className="text-sm text-slate-600">
        当前余额 {formatCents(balanceCents)}
        。填入账户的实际余额，差额记为「余额调整」，不计入收入和支出。
      </p>
      <AmountField
        label="实际余额"
        required
        error={errors.actual?.message}
        registration={register('actual', amountRegisterOptions)}
      />
    </FormDialog>
  );
}
