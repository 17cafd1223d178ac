import { useId, useMemo, useState } from 'react';
import { useUpdateAccount } from '../../api/accounts';
import { useCategoryBook } from '../../api/categories';
import { Modal } from '../../components/Modal';
import { newestFirst } from '../../domain/accounting';
import { formatYuan } from '../../domain/money';
import type { Account } from '../../domain/schemas/account';

/** Incomes offered as "what paid it back": the most recent ones, newest first. */
const INCOME_CHOICES = 100;

interface ReimburseDialogProps {
  record: Account;
  records: readonly Account[];
  onClose: () => void;
}

/** 报销状态: 待报销 until marked 已报销, optionally with the income that paid it back. */
export function ReimburseDialog({ record, records, onClose }: ReimburseDialogProps) {
  const update = useUpdateAccount();
  const book = useCategoryBook();
  const [reimbursed, setReimbursed] = useState(record.reimbursed);
  const [incomeId, setIncomeId] = useState(record.reimbursedBy ?? '');
  const selectId = useId();
  const incomes = useMemo(() => {
    const all = newestFirst(records.filter((r) => r.type === 'income'));
    const recent = all.slice(0, INCOME_CHOICES);
    // The linked income stays selectable even when it is older than the recent ones.
    const linked = all.find((r) => r.id === record.reimbursedBy);
    return linked && !recent.includes(linked) ? [...recent, linked] : recent;
  }, [records, record.reimbursedBy]);

  function save() {
    const { id, ...fields } = record;
    update.mutate(
      {
        id,
        input: { ...fields, reimbursed, reimbursedBy: reimbursed && incomeId ? incomeId : null },
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Modal
      title="报销状态"
      onClose={onClose}
      footer={
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            取消
          </button>
          <button type="button" className="btn-primary" disabled={update.isPending} onClick={save}>
            {update.isPending ? '保存中...' : '保存'}
          </button>
        </div>
      }
    >
      <p className="mb-3 text-sm text-slate-600">
        {record.date} · {formatYuan(record.amount)}
        {record.description && ` · ${record.description}`}
      </p>
      <fieldset className="min-w-0 mb-4 flex gap-4">
        <legend className="sr-only">报销状态</legend>
        {[
          [false, '待报销'],
          [true, '已报销'],
        ].map(([value, label]) => (
          <label key={String(value)} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="reimbursed"
              checked={reimbursed === value}
              onChange={() => setReimbursed(value as boolean)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-700">
        报销到账的收入（可选）
      </label>
      <select
        id={selectId}
        className="input"
        value={incomeId}
        disabled={!reimbursed}
        onChange={(e) => setIncomeId(e.target.value)}
      >
        <option value="">不关联</option>
        {incomes.map((income) => (
          <option key={income.id} value={income.id}>
            {income.date} · {book.label('income', income.category)} · {formatYuan(income.amount)}
            {income.description ? ` · ${income.description}` : ''}
          </option>
        ))}
      </select>
    </Modal>
  );
}
