import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useCreateAccount, useUpdateAccount } from '../../api/accounts';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { useToast } from '../../components/toast';
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
  accountTypes,
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
  const toast = useToast();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
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

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (record) await update.mutateAsync({ id: record.id, input: values });
      else await create.mutateAsync(values);
      onClose();
    } catch {
      toast.error(record ? '更新记录失败，请重试' : '创建记录失败，请重试');
    }
  });

  return (
    <Modal title={record ? '编辑记录' : '添加记录'} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="类型" required>
          {(id) => (
            <select
              id={id}
              className="input"
              // The category lists of 支出 and 收入 differ, so a type change starts it over (SPEC §5).
              {...register('type', { onChange: () => setValue('category', '') })}
            >
              {accountTypes.map((key) => (
                <option key={key} value={key}>
                  {accountTypeLabels[key]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="金额" error={errors.amount?.message} required>
          {(id, describedBy) => (
            <input
              id={id}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              placeholder="0.00"
              // 类型 is already chosen for a new record; the amount is what the user types first.
              autoFocus={!record}
              className="input tabular-nums"
              aria-invalid={!!errors.amount}
              aria-describedby={describedBy}
              {...register('amount', { valueAsNumber: true })}
            />
          )}
        </Field>
        <Field label="分类" error={errors.category?.message} required>
          {(id, describedBy) => (
            <select
              id={id}
              className="input"
              aria-invalid={!!errors.category}
              aria-describedby={describedBy}
              {...register('category')}
            >
              <option value="">请选择分类</option>
              {Object.entries(categories).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="日期" error={errors.date?.message} required>
          {(id, describedBy) => (
            <input
              id={id}
              type="date"
              className="input"
              aria-invalid={!!errors.date}
              aria-describedby={describedBy}
              {...register('date')}
            />
          )}
        </Field>
        <Field label="备注" error={errors.description?.message}>
          {(id, describedBy) => (
            <input
              id={id}
              className="input"
              placeholder="可选"
              maxLength={500}
              aria-invalid={!!errors.description}
              aria-describedby={describedBy}
              {...register('description')}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? '保存中...' : '保存'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
