import { useCreateRecurring, useUpdateRecurring } from '../../api/recurring';
import { useSettings } from '../../api/settings';
import { useWallets } from '../../api/wallets';
import { FormDialog, InputField, SelectField } from '../../components/form-fields';
import { useDialogForm } from '../../components/form-fields-dialog';
import { templateInput } from '../../domain/recurring';
import {
  type RecurringData,
  type RecurringInput,
  type RecurringTemplate,
  recurringInputSchema,
  recurringUnitLabels,
} from '../../domain/schemas/recurring';
import { EntryFields } from './EntryFields';

interface RecurringDialogProps {
  template: RecurringTemplate | null;
  today: string;
  onClose: () => void;
}

/** 添加周期记账 / 编辑周期记账. Saving writes the entries already due at once (the server does). */
export function RecurringDialog({ template, today, onClose }: RecurringDialogProps) {
  const create = useCreateRecurring();
  const update = useUpdateRecurring();
  // 账户 (issue 61): the entries it writes name it; a new template starts from 默认账户.
  const settings = useSettings();
  const walletList = useWallets().data?.items ?? [];
  const wallets = walletList.filter((w) => !w.archived || w.id === template?.walletId);
  const walletOptions = Object.fromEntries(wallets.map((w) => [w.id, w.name]));
  const knownDefault = walletOptions[settings.defaultWalletId] ? settings.defaultWalletId : null;
  const form = useDialogForm<RecurringInput, RecurringData>(
    recurringInputSchema,
    template
      ? templateInput(template)
      : {
          type: 'expense',
          category: '',
          description: '',
          every: 1,
          unit: 'month',
          startDate: today,
          endDate: '',
          walletId: knownDefault,
        },
  );
  const { register, handleSubmit, errors, isDirty } = form;

  const onSubmit = handleSubmit(({ lastDate: _ignored, ...values }) => {
    // The entries already due reach the bookkeeping list once the server has the template.
    if (template) update.mutate({ id: template.id, input: values }, { onSuccess: onClose });
    else create.mutate(values, { onSuccess: onClose });
  });

  return (
    <FormDialog
      title={template ? '编辑周期记账' : '添加周期记账'}
      onClose={onClose}
      dirty={isDirty}
      onSubmit={onSubmit}
      saving={create.isPending || update.isPending}
    >
      <EntryFields form={form} initialAmount={template?.amount} />
      {wallets.length > 0 && (
        <SelectField
          label="账户"
          options={walletOptions}
          placeholder="不指定账户"
          error={errors.walletId?.message}
          {...register('walletId', { setValueAs: (v: unknown) => (v ? String(v) : null) })}
        />
      )}
      <InputField
        label="备注"
        error={errors.description?.message}
        placeholder="如：房租、工资"
        maxLength={500}
        {...register('description')}
      />
      <div className="grid grid-cols-2 gap-3">
        <InputField
          label="每隔"
          error={errors.every?.message}
          required
          type="number"
          inputMode="numeric"
          min="1"
          max="366"
          step="1"
          {...register('every', { valueAsNumber: true })}
        />
        <SelectField label="周期" required options={recurringUnitLabels} {...register('unit')} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <InputField
          label="开始日期"
          error={errors.startDate?.message}
          required
          type="date"
          {...register('startDate')}
        />
        <InputField
          label="结束日期"
          error={errors.endDate?.message}
          hint="可选"
          type="date"
          {...register('endDate')}
        />
      </div>
      <p className="text-xs text-slate-500">
        到期的记录由服务器自动生成；开始日期早于今天时，之前到期的记录会一并补上。
      </p>
    </FormDialog>
  );
}
