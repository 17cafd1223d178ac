import { useCreateWallet, useUpdateWallet } from '../../api/wallets';
import {
  AmountField,
  amountRegisterOptions,
  FormDialog,
  InputField,
  SelectField,
} from '../../components/form-fields';
import { useDialogForm } from '../../components/form-fields-dialog';
import { walletTypeLabels } from '../../domain/schemas/categories';
import {
  type Wallet,
  type WalletData,
  type WalletInput,
  walletInputSchema,
} from '../../domain/schemas/wallet';

interface WalletDialogProps {
  /** The account being edited, or null to add one. */
  wallet: Wallet | null;
  /** Where a new account goes in the list. */
  order: number;
  onClose: () => void;
}

/** 添加账户 / 编辑账户: 名称, 类型, 初始余额, and for a 信用卡 额度, 账单日 and 还款日. */
export function WalletDialog({ wallet, order, onClose }: WalletDialogProps) {
  const create = useCreateWallet();
  const update = useUpdateWallet();
  const form = useDialogForm<WalletInput, WalletData>(
    walletInputSchema,
    wallet
      ? {
          name: wallet.name,
          type: wallet.type,
          openingBalance: wallet.openingBalance,
          archived: wallet.archived,
          order: wallet.order,
          creditLimit: wallet.creditLimit,
          statementDay: wallet.statementDay,
          dueDay: wallet.dueDay,
        }
      : { name: '', type: 'alipay', order, archived: false, openingBalance: 0, creditLimit: 0 },
  );
  const { register, handleSubmit, errors, isDirty, watch } = form;
  const credit = watch('type') === 'credit';

  const onSubmit = handleSubmit((values) => {
    // Days and 额度 belong to a credit card only: another type keeps none.
    const input = credit ? values : { ...values, creditLimit: 0, statementDay: null, dueDay: null };
    if (wallet) update.mutate({ id: wallet.id, input }, { onSuccess: onClose });
    else create.mutate(input, { onSuccess: onClose });
  });
  const day = { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) };

  return (
    <FormDialog
      title={wallet ? '编辑账户' : '添加账户'}
      onClose={onClose}
      dirty={isDirty}
      onSubmit={onSubmit}
      saving={create.isPending || update.isPending}
    >
      <InputField
        label="名称"
        required
        error={errors.name?.message}
        placeholder="如：支付宝、招商银行"
        maxLength={30}
        autoComplete="off"
        {...register('name')}
      />
      <SelectField label="类型" required options={walletTypeLabels} {...register('type')} />
      <AmountField
        label="初始余额"
        error={errors.openingBalance?.message}
        hint={credit ? '欠款填负数，如 -1200' : '记账开始时账户里的钱'}
        initial={wallet?.openingBalance}
        registration={register('openingBalance', amountRegisterOptions)}
      />
      {credit && (
        <>
          <AmountField
            label="额度"
            error={errors.creditLimit?.message}
            initial={wallet?.creditLimit}
            registration={register('creditLimit', amountRegisterOptions)}
          />
          <div className="grid grid-cols-2 gap-3">
            <InputField
              label="账单日"
              required
              error={errors.statementDay?.message}
              type="number"
              inputMode="numeric"
              min="1"
              max="28"
              placeholder="1–28"
              {...register('statementDay', day)}
            />
            <InputField
              label="还款日"
              required
              error={errors.dueDay?.message}
              type="number"
              inputMode="numeric"
              min="1"
              max="28"
              placeholder="1–28"
              {...register('dueDay', day)}
            />
          </div>
        </>
      )}
    </FormDialog>
  );
}
