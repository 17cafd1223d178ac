import { CalendarDays, Plus, ReceiptText, TrendingDown, TrendingUp } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useAccounts, useDeleteAccount } from '../../api/accounts';
import { EmptyState } from '../../components/EmptyState';
import { ListStatus } from '../../components/ListStatus';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { useDeepLink } from '../../components/useDeepLink';
import { useDeleteAction } from '../../components/useDeleteAction';
import { useToday } from '../../components/useToday';
import { accountSummary, newestFirst, RECENT_LIMIT } from '../../domain/accounting';
import { formatCents } from '../../domain/money';
import type { Account } from '../../domain/schemas/account';
import { type AccountType, accountTypes } from '../../domain/schemas/categories';
import { AccountDialog } from './AccountDialog';
import { AccountList } from './AccountList';
import { Ledger } from './Ledger';

const NONE: readonly Account[] = [];
const NOTHING_PENDING: ReadonlySet<string> = new Set();

// Two cards share a phone's width: a smaller figure that may wrap keeps ¥123,456.78 inside.
function Amount({ cents }: { cents: number }) {
  return <span className="text-xl wrap-anywhere sm:text-2xl">{formatCents(cents)}</span>;
}

type DialogState = { record: Account | null; type: AccountType };

const isAccountType = (value: string): value is AccountType =>
  (accountTypes as readonly string[]).includes(value);

export function AccountingScreen() {
  const { data, isPending, refetch } = useAccounts();
  const { remove, deletingId } = useDeleteAction(
    useDeleteAccount(),
    () => '确定要删除这条记录吗？',
  );
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const recentTitle = useId();
  const today = useToday();

  const items = data?.items ?? NONE;
  const summary = useMemo(() => accountSummary(items, today), [items, today]);
  const newest = useMemo(() => newestFirst(items), [items]);

  // The dashboard's 记一笔支出 lands here as ?add=expense.
  useDeepLink('add', (add) => {
    if (isAccountType(add)) setDialog({ record: null, type: add });
  });

  const actions = {
    onEdit: (record: Account) => setDialog({ record, type: record.type }),
    onDelete: remove,
    deletingId,
    pending: data?.pending ?? NOTHING_PENDING,
  };

  return (
    <div className="space-y-5">
      <PageHeader
        title="记账管理"
        actions={
          <button
            type="button"
            className="btn-primary"
            onClick={() => setDialog({ record: null, type: 'expense' })}
          >
            <Plus size={16} aria-hidden="true" />
            添加记录
          </button>
        }
      />

      <ListStatus state={data} failure="加载记录失败：{message}" onRetry={refetch} />

      {isPending ? (
        <Spinner />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 tablet:grid-cols-3 wide:grid-cols-5">
            <StatCard
              title="今日支出"
              value={<Amount cents={summary.todayExpenseCents} />}
              icon={<TrendingDown size={18} aria-hidden="true" />}
              tone="negative"
            />
            <StatCard
              title="本月支出"
              value={<Amount cents={summary.monthExpenseCents} />}
              icon={<CalendarDays size={18} aria-hidden="true" />}
              tone="negative"
            />
            <StatCard
              title="今日收入"
              value={<Amount cents={summary.todayIncomeCents} />}
              icon={<TrendingUp size={18} aria-hidden="true" />}
              tone="positive"
            />
            <StatCard
              title="本月收入"
              value={<Amount cents={summary.monthIncomeCents} />}
              icon={<CalendarDays size={18} aria-hidden="true" />}
              tone="positive"
            />
            <div className="col-span-2 wide:col-span-1 [&>section]:h-full">
              <StatCard
                title="报销支出"
                value={<Amount cents={summary.reimbursementCents} />}
                subtitle="全部报销类支出"
                icon={<ReceiptText size={18} aria-hidden="true" />}
              />
            </div>
          </div>

          <section className="card" aria-labelledby={recentTitle}>
            <h2 id={recentTitle} className="mb-1 text-lg font-semibold text-slate-900">
              最近记录
            </h2>
            {newest.length === 0 ? (
              <EmptyState message="暂无记录，点击上方按钮添加第一条记录" />
            ) : (
              <AccountList records={newest.slice(0, RECENT_LIMIT)} {...actions} />
            )}
          </section>

          {newest.length > 0 && <Ledger records={newest} {...actions} />}
        </>
      )}

      {dialog && (
        <AccountDialog
          key={dialog.record?.id ?? dialog.type}
          record={dialog.record}
          type={dialog.type}
          today={today}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
