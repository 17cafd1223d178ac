import { FileDown, Search } from 'lucide-react';
import { type CSSProperties, memo, useId, useMemo, useState } from 'react';
import { useCategoryBook } from '../../api/categories';
import { useWallets } from '../../api/wallets';
import { EmptyState } from '../../components/EmptyState';
import { Pager } from '../../components/Pager';
import { toneOf } from '../../components/StatCard';
import { saveTextFile } from '../../components/save-file';
import { useToday } from '../../components/useToday';
import { WhenNear } from '../../components/WhenNear';
import {
  filterLedger,
  type LedgerFilter,
  ledgerMonths,
  ledgerTotals,
  NO_FILTER,
} from '../../domain/accounting';
import { csvFileName, ledgerCsv } from '../../domain/csv';
import { formatCents, formatSignedCents, toCents } from '../../domain/money';
import type { Account } from '../../domain/schemas/account';
import { type AccountType, accountTypeLabels, accountTypes } from '../../domain/schemas/categories';
import { ledgerDayTitle } from '../../domain/today';
import { AccountList, type RowActions } from './AccountList';

// A total may be eight digits: it wraps inside its cell rather than run over it.
const FIGURE = 'font-semibold tabular-nums wrap-anywhere';
// Zero is neither a gain nor a loss.
const TONE = { positive: 'text-emerald-700', negative: 'text-red-600', default: 'text-slate-900' };

// Ten years of records is ~40k rows: the filters run over all of them, the page renders 50.
const PAGE_SIZE = 50;

/** The amount and date filters' pairs of fields, each pair made alike. */
const BOUND_LABELS = { min: '下限（元）', max: '上限（元）' } as const;
const END_LABELS = { from: '开始日期', to: '结束日期' } as const;

// One select narrows by type or by type + category: 'expense' or 'expense:dining'.
function categoryValue({ type, category }: LedgerFilter): string {
  if (!type) return '';
  return category ? `${type}:${category}` : type;
}

function parseCategoryValue(value: string): Pick<LedgerFilter, 'type' | 'category'> {
  if (!value) return { type: null, category: null };
  const [type, category] = value.split(':') as [AccountType, string | undefined];
  return { type, category: category ?? null };
}

/** Yuan typed in a range box as cents; blank or not a number means no bound. */
function centsOrNull(value: string): number | null {
  const yuan = Number(value);
  return value.trim() === '' || !Number.isFinite(yuan) ? null : toCents(yuan);
}

function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  return `${year}年${Number(m)}月`;
}

/** 全部记录: every record, narrowed by month and category, with the totals of what is shown. */
export const Ledger = memo(function Ledger({
  records,
  ...actions
}: { records: readonly Account[] } & RowActions) {
  const [filter, setFilter] = useState<LedgerFilter>(NO_FILTER);
  const [page, setPage] = useState(0);
  const titleId = useId();
  const monthId = useId();
  const categoryId = useId();
  const searchId = useId();
  const today = useToday();
  // What is typed in the amount boxes, kept as text so '12.' is not rewritten mid-typing.
  const [amounts, setAmounts] = useState({ min: '', max: '' });

  const months = useMemo(() => ledgerMonths(records), [records]);
  const book = useCategoryBook();
  const wallets = useWallets().data?.items;
  const filtered = useMemo(() => filterLedger(records, filter, book), [records, filter, book]);
  const totals = useMemo(() => ledgerTotals(filtered), [filtered]);

  const pageCount = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  // A deletion can empty the last page; stay on the last one that exists.
  const current = Math.min(page, pageCount - 1);
  const rows = filtered.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  // Each day of the page under its own heading with that day's income and expense (over all
  // the filtered records of the day, not only those on this page).
  const days = useMemo(() => dayTotals(filtered), [filtered]);
  const groups = groupByDay(rows);
  // A one-line row (AccountList, dated={false}) is 2.5rem, a day's heading 1.6rem.
  const rowsHeight = rows.length * 2.5 + groups.length * 1.6;

  function narrow(change: Partial<LedgerFilter>) {
    setFilter((f) => ({ ...f, ...change }));
    setPage(0);
  }

  function setAmount(bound: 'min' | 'max', value: string) {
    setAmounts((a) => ({ ...a, [bound]: value }));
    narrow(bound === 'min' ? { minCents: centsOrNull(value) } : { maxCents: centsOrNull(value) });
  }

  const exportCsv = () => {
    const names = new Map((wallets ?? []).map((w) => [w.id, w.name]));
    const text = ledgerCsv(filtered, { book, wallets: names });
    saveTextFile(csvFileName('记账记录', today), text, 'text/csv;charset=utf-8');
  };

  return (
    <section
      id="all-records"
      className="card below-fold scroll-mt-16"
      // Until it is drawn it holds about its own height (the filters, then the page).
      style={{ '--below-fold-height': `${22 + rowsHeight}rem` } as CSSProperties}
      aria-labelledby={titleId}
    >
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div className="flex w-full items-center justify-between gap-2 sm:w-auto">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            全部记录
          </h2>
          <button
            type="button"
            className="btn-secondary px-3 py-1.5"
            onClick={exportCsv}
            disabled={filtered.length === 0}
            title="导出筛选出的记录，Excel 可直接打开"
          >
            <FileDown size={16} aria-hidden="true" />
            导出 CSV
          </button>
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <div className="min-w-0 flex-1 sm:w-40 sm:flex-none">
            <label htmlFor={monthId} className="sr-only">
              月份
            </label>
            <select
              id={monthId}
              className="input py-1.5"
              value={filter.month ?? ''}
              onChange={(e) => narrow({ month: e.target.value || null })}
            >
              <option value="">全部月份</option>
              {months.map((month) => (
                <option key={month} value={month}>
                  {monthLabel(month)}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0 flex-1 sm:w-40 sm:flex-none">
            <label htmlFor={categoryId} className="sr-only">
              分类筛选
            </label>
            <select
              id={categoryId}
              className="input py-1.5"
              value={categoryValue(filter)}
              onChange={(e) => narrow(parseCategoryValue(e.target.value))}
            >
              <option value="">全部分类</option>
              {accountTypes.map((type) => (
                <optgroup key={type} label={accountTypeLabels[type]}>
                  <option value={type}>全部{accountTypeLabels[type]}</option>
                  {book
                    .options(type, filter.type === type ? (filter.category ?? '') : '')
                    .map((o) => (
                      <option key={o.id} value={`${type}:${o.id}`}>
                        {o.parentId ? `　${o.label}` : o.label}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </div>
        </div>
      </div>

      <fieldset className="min-w-0 mb-3 grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
        <legend className="sr-only">更多筛选</legend>
        <div className="relative col-span-2 sm:col-span-1">
          <label htmlFor={searchId} className="sr-only">
            搜索
          </label>
          <Search
            size={16}
            className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            id={searchId}
            type="search"
            className="input py-1.5 pl-8"
            placeholder="搜索备注或分类"
            value={filter.text ?? ''}
            onChange={(e) => narrow({ text: e.target.value })}
          />
        </div>
        {(['min', 'max'] as const).map((bound) => (
          <input
            key={bound}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            className="input py-1.5 tabular-nums"
            aria-label={BOUND_LABELS[bound]}
            placeholder={BOUND_LABELS[bound]}
            value={amounts[bound]}
            onChange={(e) => setAmount(bound, e.target.value)}
          />
        ))}
        {(['from', 'to'] as const).map((end) => (
          <input
            key={end}
            type="date"
            className="input py-1.5"
            aria-label={END_LABELS[end]}
            value={filter[end] ?? ''}
            onChange={(e) => narrow({ [end]: e.target.value || null })}
          />
        ))}
      </fieldset>

      <dl
        aria-label="筛选合计"
        className="mb-2 grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-4"
      >
        <div>
          <dt className="text-slate-500">记录数</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{totals.count} 条</dd>
        </div>
        <div>
          <dt className="text-slate-500">收入合计</dt>
          <dd className={`${FIGURE} ${TONE[toneOf(totals.incomeCents)]}`}>
            {totals.incomeCents ? formatSignedCents(totals.incomeCents, '+') : formatCents(0)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">支出合计</dt>
          <dd className={`${FIGURE} ${TONE[toneOf(-totals.expenseCents)]}`}>
            {totals.expenseCents ? formatSignedCents(totals.expenseCents, '-') : formatCents(0)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">结余</dt>
          <dd className={`${FIGURE} ${TONE[toneOf(totals.netCents)]}`}>
            {formatCents(totals.netCents)}
          </dd>
        </div>
      </dl>

      {rows.length === 0 ? (
        <EmptyState message="没有符合筛选条件的记录" />
      ) : (
        <WhenNear height={`${rowsHeight}rem`}>
          {groups.map(({ date, records: dayRows }) => {
            const day = days.get(date)!;
            return (
              <div key={date}>
                <h3 className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3 rounded-md bg-slate-50 px-2 py-0.5 text-xs">
                  <time dateTime={date} className="font-medium text-slate-700">
                    {ledgerDayTitle(date, today)}
                  </time>
                  <span className="tabular-nums text-slate-500">
                    支出 {formatCents(day.expenseCents)} · 收入 {formatCents(day.incomeCents)}
                  </span>
                </h3>
                <AccountList records={dayRows} dated={false} {...actions} />
              </div>
            );
          })}
        </WhenNear>
      )}

      <Pager current={current} pageCount={pageCount} onPage={setPage} className="mt-3" />
    </section>
  );
});

function groupByDay(rows: readonly Account[]): { date: string; records: Account[] }[] {
  const groups: { date: string; records: Account[] }[] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last.date === row.date) last.records.push(row);
    else groups.push({ date: row.date, records: [row] });
  }
  return groups;
}

function dayTotals(records: readonly Account[]) {
  const days = new Map<string, { incomeCents: number; expenseCents: number }>();
  for (const r of records) {
    const day = days.get(r.date) ?? { incomeCents: 0, expenseCents: 0 };
    if (r.type === 'income') day.incomeCents += toCents(r.amount);
    else day.expenseCents += toCents(r.amount);
    days.set(r.date, day);
  }
  return days;
}
