import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useCreateAccount, useUpdateAccount } from '../../api/accounts';
import { FormActions, InputField, SelectField } from '../../components/form-fields';
import { Modal } from '../../components/Modal';
import {
  type Account,
  type AccountData,
  type AccountInput,
  accountInputSchema,
} from '../../domain/schemas/account';
import {
  type AccountType,
  accountCategoryLabels,
  accountTypeLabels,
} from '../../domain/schemas/categories';

interface AccountDialogProps {
  /** The record being edited, or null to add one. */
  record: Account | null;
  /** 类型 a new record starts with (the dashboard's 记一笔支出 asks for an expense). */
  type: AccountType;
  today: string;
  onClose: () => void;
}

/** 添加记录 / 编辑记录. A failed save keeps the dialog, and what was typed, open. */
export function AccountDialog({ record, type, today, onClose }: AccountDialogProps) {
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<AccountInput, unknown, AccountData>({
    resolver: zodResolver(accountInputSchema),
    defaultValues: record
      ? {
          type: record.type,
          amount: record.amount,
          category: record.category,
          description: record.description,
          date: record.date,
        }
      : { type, category: '', description: '', date: today },
  });
  const categories = accountCategoryLabels(watch('type'));

  const onSubmit = handleSubmit((values) => {
    if (record) update.mutate({ id: record.id, input: values }, { onSuccess: onClose });
    else create.mutate(values, { onSuccess: onClose });
  });

  return (
    <Modal title={record ? '编辑记录' : '添加记录'} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <SelectField
          label="类型"
          required
          options={accountTypeLabels}
          // The category lists of 支出 and 收入 differ, so a type change starts it over (SPEC §5).
          {...register('type', { onChange: () => setValue('category', '') })}
        />
        <InputField
          label="金额"
          error={errors.amount?.message}
          required
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          placeholder="0.00"
          // 类型 is already chosen for a new record; the amount is what the user types first.
          autoFocus={!record}
          className="tabular-nums"
          {...register('amount', { valueAsNumber: true })}
        />
        <SelectField
          label="分类"
          error={errors.category?.message}
          required
          options={categories}
          placeholder="请选择分类"
          {...register('category')}
        />
        <InputField
          label="日期"
          error={errors.date?.message}
          required
          type="date"
          {...register('date')}
        />
        <InputField
          label="备注"
          error={errors.description?.message}
          placeholder="可选"
          maxLength={500}
          {...register('description')}
        />
        <FormActions onCancel={onClose} saving={create.isPending || update.isPending} />
      </form>
    </Modal>
  );
}
