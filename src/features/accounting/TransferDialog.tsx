import { useState } from 'react';
import { z } from 'zod';
import { useSaveTransfer } from '../../api/wallets';
import { AmountField, amountRegisterOptions, FormDialog } from '../../components/form-fields';
import { useDialogForm } from '../../components/form-fields-dialog';
import { TagField } from '../../components/TagField';
import { formatCents, fromCents, toCents } from '../../domain/money';
import {
  type Transfer,
  type TransferData,
  type TransferInput,
  transferInputSchema,
} from '../../domain/schemas/transfer';
import type { Wallet } from '../../domain/schemas/wallet';
import {
  oneSideMissing,
  TransferFields,
  type TransferPrefill,
  transferDefaults,
} from './TransferFields';

interface TransferDialogProps {
  /** The transfer being edited, or null for a new one. */
  transfer: Transfer | null;
  wallets: readonly Wallet[];
  /** What a new one starts with: a card's 还款 fills in the card and its bill. */
  prefill?: TransferPrefill;
  today: string;
  onClose: () => void;
}

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
    transferInputSchema.superRefine(oneSideMissing),
    transferDefaults(transfer, today, prefill),
  );
  const { handleSubmit, isDirty } = form;
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
      <TransferFields
        form={form}
        wallets={wallets}
        transfer={transfer}
        initialAmount={transfer?.amount ?? prefill?.amount}
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
