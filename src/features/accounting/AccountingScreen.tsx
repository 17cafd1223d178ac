import {
  CalendarDays,
  FileUp,
  Plus,
  ReceiptText,
  Tags,
  TrendingDown,
  TrendingUp,
} from 'lucide-react';
import { type ChangeEvent, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAccounts, useDeleteAccount } from '../../api/accounts';
import { useCategoryBook } from '../../api/categories';
import { useSettings } from '../../api/settings';
import { DrawnAhead } from '../../components/DrawnAhead';
import { EmptyState } from '../../components/EmptyState';
import { ListStatus } from '../../components/ListStatus';
import { lazyDialog, usePreloadDialogs } from '../../components/lazy-with-retry';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { returnToOf } from '../../components/quick-links';
import { Spinner } from '../../components/Spinner';
import { StatCard, toneOf } from '../../components/StatCard';
import { useDeepLink } from '../../components/useDeepLink';
import { useDeleteAction } from '../../components/useDeleteAction';
import { useOpenLink } from '../../components/useOpenLink';
import { useStableCallback } from '../../components/useStableCallback';
import { useToday } from '../../components/useToday';
import { accountSummary, newestFirst, RECENT_LIMIT } from '../../domain/accounting';
import { budgetMonthOf } from '../../domain/budget';
import { formatShortDate } from '../../domain/dates';
import { formatCents, formatYuan } from '../../domain/money';
import type { Account } from '../../domain/schemas/account';
import { type AccountType, accountTypes } from '../../domain/schemas/categories';
import { AccountList } from './AccountList';
import { Ledger } from './Ledger';
import { MonthReport } from './MonthReport';
import { RecurringSection } from './RecurringSection';
import { ReimburseDialog } from './ReimburseDialog';
import { WalletsSection } from './WalletsSection';

// The import dialog brings papaparse (and, for an XLSX, SheetJS): fetched when a file is
// picked, so the screen itself carries none of it.
const ImportDialog = lazyDialog(() => import('./ImportDialog').then((m) => m.default));
// The form (react-hook-form, zod) loads once the screen is quiet or pressed (usePreloadDialogs).
const AccountDialog = lazyDialog(() => import('./AccountDialog').then((m) => m.AccountDialog));

const NONE: readonly Account[] = [];
const NOTHING_PENDING: ReadonlySet<string> = new Set();

// Two cards share a phone's width: a size down there, and Money fits what is still too long.
function Amount({ cents }: { cents: number }) {
  return <Money cents={cents} className="text-xl sm:text-2xl" />;
}

/** `returnTo`: opened by 记一笔 on another screen (今天, the + sheet), where a save goes back. */
type DialogState = { record: Account | null; type: AccountType; returnTo?: string };

const isAccountType = (value: string): value is AccountType =>
  (accountTypes as readonly string[]).includes(value);

export function AccountingScreen() {
  const { data, isPending, refetch } = useAccounts();
  const today = useToday();
  const book = useCategoryBook();
  const { remove, deletingId } = useDeleteAction(
    useDeleteAccount(),
    (record: Account) =>
      `确定要删除「${book.label(record.type, record.category)} ${formatYuan(record.amount)} · ${formatShortDate(record.date, today)}」吗？`,
  );
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const addsExpense = dialog?.record === null && dialog.type === 'expense';
  const formsReady = usePreloadDialogs(!isPending, AccountDialog);
  const [reimbursing, setReimbursing] = useState<Account | null>(null);
  const [bill, setBill] = useState<File | null>(null);
  const billInput = useRef<HTMLInputElement>(null);
  const recentTitle = useId();
  const settings = useSettings();
  // 本月 is the budget month holding today: it starts on 每月起始日 (设置 → 预算).
  const startDay = settings.monthStartDay;
  const currentMonth = budgetMonthOf(today, startDay);
  const [picked, setMonth] = useState<string | null>(null);
  const month = picked ?? currentMonth;

  const items = data?.items ?? NONE;
  const summary = useMemo(() => accountSummary(items, today, startDay), [items, today, startDay]);
  const newest = useMemo(() => newestFirst(items), [items]);
  // The ledger filters and totals every record (ten years: ~40k) and draws a page of rows: it
  // follows the figures in a render of its own, so the two are not one long task.
  const ledger = useDeferredValue(newest, NONE);

  // The dashboard's 记一笔支出 lands here as ?add=expense, and the screen it came from in the
  // history state (quick-links.tsx): read now, before the parameter is dropped with it.
  const location = useLocation();
  const navigate = useNavigate();
  useDeepLink('add', (add) => {
    if (isAccountType(add)) {
      setDialog({ record: null, type: add, returnTo: returnToOf(location.state) });
    }
  });
  const returnTo = dialog?.returnTo;
  // Saved: back where 记一笔 was pressed, in place of this entry (so Back does not reopen the
  // list), and the dialog goes with the screen. 取消 stays here, as before.
  const afterSave = () => {
    if (returnTo && returnTo !== location.pathname + location.search) {
      navigate(returnTo, { replace: true });
    } else setDialog(null);
  };
  // 搜索全部's results link here with ?open=<id>: that entry, open.
  useOpenLink(data?.items, (record) => setDialog({ record, type: record.type }));

  // Stable, with the sections memoised: opening a dialog renders this screen again, and the
  // charts and rows redrawn with it were 77 ms of the click at 4× CPU.
  const onDelete = useStableCallback(remove);
  const pending = data?.pending ?? NOTHING_PENDING;
  const actions = useMemo(
    () => ({
      onEdit: (record: Account) => setDialog({ record, type: record.type }),
      onDelete,
      onReimburse: setReimbursing,
      deletingId,
      pending,
    }),
    [onDelete, deletingId, pending],
  );
  const recent = useMemo(() => newest.slice(0, RECENT_LIMIT), [newest]);

  function pickBill(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again (a second import) fires again.
    event.target.value = '';
    if (file) setBill(file);
  }

  return (
    <div className="space-y-4 tablet:space-y-5">
      <PageHeader
        title="记账管理"
        actions={
          <>
            <Link to="/categories" className="btn-secondary">
              <Tags size={16} aria-hidden="true" />
              分类管理
            </Link>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => billInput.current?.click()}
              title="选择支付宝或微信支付导出的账单（CSV 或 XLSX）"
            >
              <FileUp size={16} aria-hidden="true" />
              导入账单
            </button>
            <input
              ref={billInput}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="hidden"
              aria-label="选择账单文件"
              onChange={pickBill}
            />
            <button
              type="button"
              className="btn-primary"
              aria-haspopup="dialog"
              onClick={() => setDialog({ record: null, type: 'expense' })}
            >
              <Plus size={16} aria-hidden="true" />
              添加记录
            </button>
          </>
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
              tone={toneOf(summary.todayExpenseCents, 'loss')}
            />
            <StatCard
              title="本月支出"
              value={<Amount cents={summary.monthExpenseCents} />}
              icon={<CalendarDays size={18} aria-hidden="true" />}
              tone={toneOf(summary.monthExpenseCents, 'loss')}
            />
            <StatCard
              title="今日收入"
              value={<Amount cents={summary.todayIncomeCents} />}
              icon={<TrendingUp size={18} aria-hidden="true" />}
              tone={toneOf(summary.todayIncomeCents, 'gain')}
            />
            <StatCard
              title="本月收入"
              value={<Amount cents={summary.monthIncomeCents} />}
              icon={<CalendarDays size={18} aria-hidden="true" />}
              tone={toneOf(summary.monthIncomeCents, 'gain')}
            />
            <div className="col-span-2 wide:col-span-1 [&>section]:h-full">
              <StatCard
                title="报销支出"
                value={<Amount cents={summary.reimbursementCents} />}
                subtitle={`全部报销类支出 · 待报销 ${formatCents(summary.pendingReimbursementCents)}`}
                icon={<ReceiptText size={18} aria-hidden="true" />}
              />
            </div>
          </div>

          <WalletsSection entries={items} today={today} />

          <MonthReport
            records={items}
            month={month}
            currentMonth={currentMonth}
            onMonthChange={setMonth}
            settings={settings}
          />

          <div className="grid grid-cols-1 items-start gap-4 wide:grid-cols-2">
            <section className="card" aria-labelledby={recentTitle}>
              <h2 id={recentTitle} className="mb-1 text-lg font-semibold text-slate-900">
                最近记录
              </h2>
              {newest.length === 0 ? (
                <EmptyState message="暂无记录，点击上方按钮添加第一条记录" />
              ) : (
                // A phone shows the first 3 and links to the full list (docs/architecture.md, Decisions "Departures on a phone").
                <div className="max-tablet:[&_li:nth-child(n+4)]:hidden">
                  <AccountList records={recent} {...actions} />
                  {newest.length > 3 && (
                    <a
                      href="#all-records"
                      className="mt-2 inline-block text-sm font-medium text-blue-700 tablet:hidden"
                    >
                      查看全部记录
                    </a>
                  )}
                </div>
              )}
            </section>
            <RecurringSection today={today} />
          </div>

          {ledger.length > 0 && <Ledger records={ledger} {...actions} />}
        </>
      )}

      {reimbursing && (
        <ReimburseDialog
          key={reimbursing.id}
          record={reimbursing}
          records={items}
          onClose={() => setReimbursing(null)}
        />
      )}
      {bill && (
        <ImportDialog
          key={`${bill.name}-${bill.lastModified}`}
          file={bill}
          onClose={() => setBill(null)}
        />
      )}
      {/* 添加记录's expense form is drawn ahead; an edit, or an income from ?add=, when opened. */}
      <DrawnAhead open={addsExpense} ahead={formsReady} startsFrom={today}>
        <AccountDialog
          record={null}
          type="expense"
          today={today}
          onClose={() => setDialog(null)}
          onSaved={afterSave}
          announce={returnTo !== undefined}
        />
      </DrawnAhead>
      {dialog && !addsExpense && (
        <AccountDialog
          key={dialog.record?.id ?? dialog.type}
          record={dialog.record}
          type={dialog.type}
          today={today}
          onClose={() => setDialog(null)}
          onSaved={afterSave}
          announce={returnTo !== undefined}
        />
      )}
    </div>
  );
}
