import type { UseFormReturn } from 'react-hook-form';
import {
  AmountField,
  amountRegisterOptions,
  InputField,
  SelectField,
} from '../../components/form-fields';
import { evaluateAmount } from '../../domain/amount-expression';
import type { Transfer, TransferData, TransferInput } from '../../domain/schemas/transfer';
import type { Wallet } from '../../domain/schemas/wallet';

// The fields of a 转账, one piece for 转账 / 编辑转账 (TransferDialog) and the 转账 choice of
// 添加记录 (AccountDialog). Types alone come from the schema module: a module both dialogs
// share goes into the 'shared' chunk every screen loads, and zod must stay out of it
// (vite.config.ts, scripts/check-bundle.mjs); each dialog builds its schema with
// `transferInputSchema.superRefine(oneSideMissing)`.

/** What a new transfer starts with: a card's 还款 fills in the card and its bill. */
export interface TransferPrefill {
  fromWalletId?: string;
  toWalletId?: string;
  amount?: number;
  note?: string;
}

/**
 * The form's own words for one account left out, on top of the schema the server checks: the
 * form is for a transfer between two accounts (调整余额 has its own).
 */
export function oneSideMissing(
  v: { fromWalletId: string; toWalletId: string },
  ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void },
) {
  if (v.fromWalletId === '' && v.toWalletId !== '') {
    ctx.addIssue({ code: 'custom', path: ['fromWalletId'], message: '请选择转出账户' });
  }
  if (v.toWalletId === '' && v.fromWalletId !== '') {
    ctx.addIssue({ code: 'custom', path: ['toWalletId'], message: '请选择转入账户' });
  }
}

/** The form's starting values: the transfer edited, or a new one from `prefill`. */
export function transferDefaults(
  transfer: Transfer | null,
  today: string,
  prefill?: TransferPrefill,
): Partial<TransferInput> {
  return transfer
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
      };
}

// 手续费 left empty is none.
const feeOptions = {
  setValueAs: (text: unknown) =>
    text === '' || text === undefined ? 0 : evaluateAmount(String(text)),
} as const;

interface TransferFieldsProps {
  form: UseFormReturn<TransferInput, unknown, TransferData>;
  wallets: readonly Wallet[];
  /** The transfer being edited, whose archived accounts stay choosable. */
  transfer: Transfer | null;
  /** The amount an edit or a 还款 starts from. */
  initialAmount?: number;
}

/** 转出账户, 转入账户, 金额, 手续费 (a 手续费 expense), 日期, 备注. */
export function TransferFields({ form, wallets, transfer, initialAmount }: TransferFieldsProps) {
  const {
    register,
    formState: { errors },
  } = form;
  const options = Object.fromEntries(
    wallets
      .filter(
        (w) => !w.archived || w.id === transfer?.fromWalletId || w.id === transfer?.toWalletId,
      )
      .map((w) => [w.id, w.name]),
  );
  return (
    <>
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
        initial={initialAmount}
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
    </>
  );
}
