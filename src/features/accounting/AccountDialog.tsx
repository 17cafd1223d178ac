import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateAccount, useUpdateAccount } from '../../api/accounts';
import { useSettings, useUpdateSettings } from '../../api/settings';
import { useWallets } from '../../api/wallets';
import { DateWithChips } from '../../components/ChoiceGrid';
import { InputField, SelectField } from '../../components/form-fields';
import { Modal } from '../../components/Modal';
import { TagField } from '../../components/TagField';
import {
  type Account,
  type AccountData,
  type AccountInput,
  accountInputSchema,
} from '../../domain/schemas/account';
import type { AccountType } from '../../domain/schemas/categories';
import { withTagsFrom } from '../../domain/tags';
import { EntryFields, lastCategory, rememberCategory } from './EntryFields';

interface AccountDialogProps {
  /** The record being edited, or null to add one. */
  record: Account | null;
  /** 类型 a new record starts with (the dashboard's 记一笔支出 asks for an expense). */
  type: AccountType;
  today: string;
  onClose: () => void;
}

/**
 * 添加记录 / 编辑记录. 分类 is one tap in a grid (the last one used is chosen already), 金额
 * takes a sum, 今天 / 昨天 set the date, and 再记一笔 saves and starts the next record with
 * the same type, category and date. A failed save keeps the dialog, and what was typed, open.
 */
export function AccountDialog({ record, type, today, onClose }: AccountDialogProps) {
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const formElement = useRef<HTMLFormElement>(null);
  // Set by 再记一笔 for the save it starts: stay open for the next record.
  const another = useRef(false);
  const [savedCount, setSavedCount] = useState(0);
  const [tags, setTags] = useState<string[]>(() => [...(record?.tags ?? [])]);
  // 账户 (issue 61): a new entry starts from 设置's default, which is also the last one used.
  const settings = useSettings();
  const saveDefault = useUpdateSettings();
  const walletList = useWallets().data?.items;
  const wallets = (walletList ?? []).filter((w) => !w.archived || w.id === record?.walletId);
  const walletOptions = Object.fromEntries(wallets.map((w) => [w.id, w.name]));
  const knownDefault = wallets.some((w) => w.id === settings.defaultWalletId)
    ? settings.defaultWalletId
    : '';
  const form = useForm<AccountInput, unknown, AccountData>({
    resolver: zodResolver(accountInputSchema),
    defaultValues: record
      ? {
          type: record.type,
          amount: record.amount,
          category: record.category,
          description: record.description,
          date: record.date,
          walletId: record.walletId ?? null,
        }
      : {
          type,
          category: lastCategory(type),
          description: '',
          date: today,
          walletId: knownDefault || null,
        },
  });
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    reset,
    formState: { errors, isDirty },
  } = form;
  // The accounts and settings may arrive after a form drawn ahead opened: the default then.
  const chosenWallet = watch('walletId');
  useEffect(() => {
    if (!record && knownDefault && !chosenWallet && !form.formState.dirtyFields.walletId) {
      setValue('walletId', knownDefault);
    }
  }, [record, knownDefault, chosenWallet, setValue, form.formState.dirtyFields.walletId]);

  const onSubmit = handleSubmit(
    (formValues) => {
      // A #标签 in 备注 is added too, and the note keeps its words (issue 63).
      const values = { ...formValues, tags: withTagsFrom(tags, formValues.description ?? '') };
      if (record) {
        // Fields the form does not show travel unchanged: the template that wrote the record and
        // its 报销 status (which the schema drops if the record leaves 报销).
        const { templateId, reimbursed, reimbursedBy } = record;
        const input = { ...values, templateId, reimbursed, reimbursedBy };
        update.mutate({ id: record.id, input }, { onSuccess: onClose });
        return;
      }
      const next = another.current;
      another.current = false;
      create.mutate(values, {
        onSuccess: () => {
          rememberCategory(values.type, values.category);
          // The last 账户 used becomes the default, in the settings that follow the user.
          const used = values.walletId ?? '';
          if (used !== settings.defaultWalletId) {
            saveDefault.mutate((current) => ({ ...current, defaultWalletId: used }));
          }
          if (!next) return onClose();
          // 再记一笔 keeps the tags, as it keeps the category: a trip's expenses come in a row.
          // The next record's starting point, so the dialog is clean again until typed in.
          reset({ ...values, amount: '' as unknown as number, description: '' });
          setSavedCount((n) => n + 1);
          formElement.current?.querySelector<HTMLInputElement>('[data-autofocus]')?.focus();
        },
      });
    },
    () => {
      another.current = false;
    },
  );

  const saving = create.isPending || update.isPending;

  return (
    <Modal
      title={record ? '编辑记录' : '添加记录'}
      onClose={onClose}
      dirty={isDirty || tags.join() !== (record?.tags ?? []).join()}
    >
      <form ref={formElement} onSubmit={onSubmit} noValidate className="space-y-4">
        <EntryFields form={form} initialAmount={record?.amount} />
        {wallets.length > 0 && (
          <SelectField
            label="账户"
            placeholder="不指定账户"
            options={walletOptions}
            error={errors.walletId?.message}
            {...register('walletId', { setValueAs: (v: unknown) => (v ? String(v) : null) })}
          />
        )}
        <DateWithChips
          registration={register('date')}
          error={errors.date?.message}
          today={today}
          current={watch('date')}
          onPick={(value) => setValue('date', value, { shouldDirty: true })}
        />
        <InputField
          label="备注"
          error={errors.description?.message}
          placeholder="可选"
          maxLength={500}
          {...register('description')}
        />
        <TagField value={tags} onChange={setTags} />
        <p role="status" className="text-sm text-emerald-700">
          {savedCount > 0 ? `已保存 ${savedCount} 条` : ''}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            取消
          </button>
          {!record && (
            <button
              type="button"
              className="btn-secondary"
              disabled={saving}
              onClick={() => {
                another.current = true;
                void onSubmit();
              }}
            >
              再记一笔
            </button>
          )}
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? '保存中...' : '保存'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
