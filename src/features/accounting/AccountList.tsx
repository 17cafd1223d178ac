import { memo } from 'react';
import { useCategoryBook } from '../../api/categories';
import { ClampedText } from '../../components/ClampedText';
import { PendingMark } from '../../components/PendingMark';
import { DeleteButton, EditButton } from '../../components/RowActions';
import { TagChips } from '../../components/TagChips';
import { useToday } from '../../components/useToday';
import { formatSignedCents, toCents } from '../../domain/money';
import type { Account } from '../../domain/schemas/account';
import { accountTypeLabels, isReimbursement } from '../../domain/schemas/categories';
import { ledgerDayTitle } from '../../domain/today';
import { itemOf } from './item-name';

export interface RowActions {
  onEdit: (record: Account) => void;
  onDelete: (record: Account) => void;
  /** Opens the 待报销 / 已报销 choice of a record in 报销. */
  onReimburse: (record: Account) => void;
  /** The record whose deletion is in flight: its button waits. */
  deletingId: string | null;
  /** Records with changes not yet on the server. */
  pending: ReadonlySet<string>;
}

/**
 * Bookkeeping rows as both the recent list and the full ledger show them. Under a day's
 * heading (`dated={false}`) a row is one line: the heading carries the date, and the 备注
 * follows the category, so a page of 50 rows is some 1,500 px shorter on a phone.
 */
export const AccountList = memo(function AccountList({
  records,
  onEdit,
  onDelete,
  onReimburse,
  deletingId,
  pending,
  dated = true,
}: { records: readonly Account[]; dated?: boolean } & RowActions) {
  const book = useCategoryBook();
  // 今天 / 昨天 / 12月4日 周五, as the ledger's day headings say it (issue 61).
  const today = useToday();
  return (
    <ul className="divide-y divide-slate-100">
      {records.map((record) => {
        const expense = record.type === 'expense';
        const category = book.label(record.type, record.category);
        return (
          <li key={record.id} className={`flex items-center gap-3 ${dated ? 'py-3' : 'py-1'}`}>
            <div className="min-w-0 flex-1">
              <div className="flex items-center gap-2">
                <span
                  className={`shrink-0 rounded-md px-2 py-0.5 text-xs font-medium ${
                    expense ? 'bg-red-50 text-red-700' : 'bg-emerald-50 text-emerald-700'
                  }`}
                >
                  {accountTypeLabels[record.type]}
                </span>
                <span
                  className={`min-w-0 truncate font-medium text-slate-900 ${dated ? '' : 'max-w-[40%] shrink-0'}`}
                >
                  {category}
                </span>
                {!dated && record.description && (
                  <ClampedText text={record.description} className="flex-1 text-sm text-slate-500">
                    {record.description}
                  </ClampedText>
                )}
                {record.templateId && (
                  <span
                    className="shrink-0 rounded-md bg-blue-50 px-1.5 py-0.5 text-xs font-medium text-blue-700"
                    title="由周期记账自动生成"
                  >
                    周期
                  </span>
                )}
                {isReimbursement(record) && (
                  <button
                    type="button"
                    className={`shrink-0 rounded-md px-1.5 py-0.5 text-xs font-medium ${
                      record.reimbursed
                        ? 'bg-emerald-50 text-emerald-700 hover:bg-emerald-100'
                        : 'bg-amber-50 text-amber-800 hover:bg-amber-100'
                    }`}
                    aria-label={`报销状态：${record.reimbursed ? '已报销' : '待报销'}，点击修改`}
                    onClick={() => onReimburse(record)}
                  >
                    {record.reimbursed ? '已报销' : '待报销'}
                  </button>
                )}
                <TagChips tags={record.tags} />
                {pending.has(record.id) && <PendingMark />}
                <span
                  className={`ml-auto shrink-0 font-semibold tabular-nums ${expense ? 'text-red-600' : 'text-emerald-700'}`}
                >
                  {formatSignedCents(toCents(record.amount), expense ? '-' : '+')}
                </span>
              </div>
              {dated && (
                <ClampedText text={record.description} className="mt-0.5 text-sm text-slate-500">
                  <time dateTime={record.date}>{ledgerDayTitle(record.date, today)}</time>
                  {record.description && <span> · {record.description}</span>}
                </ClampedText>
              )}
            </div>
            <div className="flex shrink-0">
              <EditButton item={itemOf(record, book)} onClick={() => onEdit(record)} />
              <DeleteButton
                item={itemOf(record, book)}
                onClick={() => onDelete(record)}
                disabled={deletingId === record.id}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
});
