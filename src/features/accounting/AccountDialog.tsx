import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateAccount, useDeleteAccount, useUpdateAccount } from '../../api/accounts';
import { useCategoryBook } from '../../api/categories';
import { useSettings, useUpdateSettings } from '../../api/settings';
import { useDeleteTransfer, useSaveTransfer, useWallets } from '../../api/wallets';
import { DateWithChips } from '../../components/ChoiceGrid';
import { InputField, SelectField } from '../../components/form-fields';
import { useDialogForm } from '../../components/form-fields-dialog';
import { Modal } from '../../components/Modal';
import { SegmentedControl } from '../../components/SegmentedControl';
import { TagField } from '../../components/TagField';
import { useToast } from '../../components/toast';
import {
  type Account,
  type AccountData,
  type AccountInput,
  accountInputSchema,
} from '../../domain/schemas/account';
import type { AccountType } from '../../domain/schemas/categories';
import {
  type TransferData,
  type TransferInput,
  transferInputSchema,
} from '../../domain/schemas/transfer';
import { withTagsFrom } from '../../domain/tags';
import {
  chooseEntryType,
  ENTRY_TYPE_OPTIONS,
  EntryFields,
  lastCategory,
  rememberCategory,
} from './EntryFields';
import { oneSideMissing, TransferFields, transferDefaults } from './TransferFields';

interface AccountDialogProps {
  /** The record being edited, or null to add one. */
  record: Account | null;
  /** 类型 a new record starts with (the dashboard's 记一笔支出 asks for an expense). */
  type: AccountType;
  today: string;
  onClose: () => void;
  /** Where a save that closes the form goes (back to 今天, say); `onClose` when not given. */
  onSaved?: () => void;
  /** Say 已记一笔 with 撤销 after a new record is saved: the screen shown next may not list it. */
  announce?: boolean;
}

type Kind = AccountType | 'transfer';

/** 支出 / 收入 / 转账: a new record may be a transfer; an edit stays the kind it is. */
const NEW_KIND_OPTIONS: readonly { value: Kind; label: string }[] = [
  ...ENTRY_TYPE_OPTIONS,
  { value: 'transfer', label: '转账' },
];

/**
 * 添加记录 / 编辑记录. 类型 is one tap at the top (支出 / 收入, and 转账 for a new record,
 * which shows the transfer's fields and saves a transfer), 分类 is one tap in a grid (the last
 * one used is chosen already), 金额 takes a sum, 今天 / 昨天 set the date, and 再记一笔 saves
 * and starts the next record with the same type, category and date. A failed save keeps the
 * dialog, and what was typed, open.
 */
export function AccountDialog({
  record,
  type,
  today,
  onClose,
  onSaved = onClose,
  announce = false,
}: AccountDialogProps) {
  const create = useCreateAccount();
  const book = useCategoryBook();
  const update = useUpdateAccount();
  const saveTransfer = useSaveTransfer();
  // 撤销 runs after the form has gone: a mutation's promise still answers then.
  const removeEntry = useDeleteAccount();
  const removeTransfer = useDeleteTransfer();
  const toast = useToast();
  const [transferring, setTransferring] = useState(false);
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
          category: lastCategory(type, book),
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
  const transferForm = useDialogForm<TransferInput, TransferData>(
    transferInputSchema.superRefine(oneSideMissing),
    transferDefaults(null, today),
  );

  /** 已记一笔, and 撤销 takes the record away again through the usual delete. */
  function announceSaved(undo: () => Promise<unknown>) {
    if (!announce) return;
    toast.show('已记一笔', 'success', {
      label: '撤销',
      onClick: () => {
        undo().then(
          () => toast.success('已撤销'),
          // The delete's own failure toast says what went wrong (query-client.ts).
          () => undefined,
        );
      },
    });
  }

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
        onSuccess: (saved) => {
          rememberCategory(values.type, values.category);
          // The last 账户 used becomes the default, in the settings that follow the user.
          const used = values.walletId ?? '';
          if (used !== settings.defaultWalletId) {
            saveDefault.mutate((current) => ({ ...current, defaultWalletId: used }));
          }
          if (!next) {
            announceSaved(() => removeEntry.mutateAsync(saved));
            return onSaved();
          }
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

  const onTransferSubmit = transferForm.handleSubmit((input) => {
    saveTransfer.mutate(
      { input: { ...input, tags } },
      {
        onSuccess: (saved) => {
          announceSaved(() => removeTransfer.mutateAsync(saved));
          onSaved();
        },
      },
    );
  });

  const saving = create.isPending || update.isPending || saveTransfer.isPending;
  const entryType = watch('type');

  return (
    <Modal
      title={record ? '编辑记录' : '添加记录'}
      onClose={onClose}
      dirty={isDirty || transferForm.isDirty || tags.join() !== (record?.tags ?? []).join()}
    >
      <form
        ref={formElement}
        onSubmit={transferring ? onTransferSubmit : onSubmit}
        noValidate
        className="space-y-4"
      >
        {/* One control for both forms, so the focus stays on it when 转账 swaps the fields. */}
        <SegmentedControl<Kind>
          label="类型"
          options={record ? ENTRY_TYPE_OPTIONS : NEW_KIND_OPTIONS}
          value={transferring ? 'transfer' : entryType}
          onChange={(kind) => {
            // An empty 金额 is NaN to the form (amountRegisterOptions, on blur): the field drawn
            // again would show "NaN". Empty stays empty.
            if (Number.isNaN(form.getValues('amount'))) {
              form.setValue('amount', undefined as unknown as number);
            }
            if (Number.isNaN(transferForm.getValues('amount'))) {
              transferForm.setValue('amount', undefined as unknown as number);
            }
            setTransferring(kind === 'transfer');
            if (kind !== 'transfer') chooseEntryType(form, kind);
          }}
        />
        {transferring ? (
          <>
            {(walletList ?? []).filter((w) => !w.archived).length < 2 && (
              <p className="text-sm text-slate-600">转账需要两个账户：请先在「账户」中添加。</p>
            )}
            <TransferFields form={transferForm} wallets={walletList ?? []} transfer={null} />
          </>
        ) : (
          <>
            <EntryFields form={form} initialAmount={record?.amount} withoutType />
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
          </>
        )}
        <TagField value={tags} onChange={setTags} />
        <p role="status" className="text-sm text-emerald-700">
          {savedCount > 0 ? `已保存 ${savedCount} 条` : ''}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            取消
          </button>
          {!record && !transferring && (
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
