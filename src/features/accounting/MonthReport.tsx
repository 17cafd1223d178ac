import { Settings2 } from 'lucide-react';
import { memo, type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCategoryBook } from '../../api/categories';
import { GroupedBarChart } from '../../components/charts/lazy';
import { EmptyState } from '../../components/EmptyState';
import { MonthPicker } from '../../components/MonthPicker';
import {
  budgetColour,
  budgetPeriod,
  monthlyTotals,
  monthReport,
  spentPercent,
} from '../../domain/budget';
import type { RateColour } from '../../domain/checkin';
import { formatMonth } from '../../domain/checkin';
import { formatShortDate } from '../../domain/dates';
import { formatCents } from '../../domain/money';

/** '2026-12-25' → '12月25日'. */
const shortDate = (date: string) => formatShortDate(date, date);

import type { Account } from '../../domain/schemas/account';
import type { Settings } from '../../domain/schemas/settings';

const BAR: Record<RateColour, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-400',
  red: 'bg-red-500',
  none: 'bg-slate-300',
};
const TEXT: Record<RateColour, string> = {
  green: 'text-emerald-700',
  yellow: 'text-amber-700',
  red: 'text-red-600',
  none: 'text-slate-500',
};

const SERIES = [
  { key: 'income', label: '收入', color: '#10b981' },
  { key: 'expense', label: '支出', color: '#ef4444' },
  { key: 'balance', label: '结余', color: '#2563eb' },
] as const;

/** Whole yuan on the axis: a tick of '¥12,000.00' would not fit a phone. */
const axisYuan = (value: number) => {
  const yuan = Math.round(value);
  return Math.abs(yuan) >= 10_000 ? `${Math.round(yuan / 1000) / 10}万` : String(yuan);
};

interface BudgetBarProps {
  label: string;
  /** A 子分类's bar: indented. */
  sub?: boolean;
  /** The bar's name for a screen reader, when not `label` and its share of the month. */
  barName?: string;
  /** The parent's 展开/收起 of its 子分类 (issue 61), beside its name. */
  toggle?: ReactNode;
  spentCents: number;
  budgetCents: number | null;
  /** Without a budget the bar shows this share of the month's spending instead, in grey. */
  shareOfCents: number;
}

function BudgetBar({
  label,
  sub,
  barName,
  toggle,
  spentCents,
  budgetCents,
  shareOfCents,
}: BudgetBarProps) {
  const colour = budgetCents === null ? null : budgetColour(spentCents, budgetCents);
  const width =
    budgetCents === null
      ? shareOfCents > 0
        ? Math.round((spentCents / shareOfCents) * 100)
        : 0
      : Math.min(100, spentPercent(spentCents, budgetCents));
  return (
    <li className={sub ? 'py-1.5 pl-5' : 'py-2'}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className={sub ? 'text-slate-700' : 'font-medium text-slate-800'}>
          {label}
          {toggle}
        </span>
        <span className="shrink-0 tabular-nums text-slate-600">
          <span className={colour ? TEXT[colour] : 'text-slate-900'}>
            {formatCents(spentCents)}
          </span>
          {budgetCents !== null && (
            <>
              {' '}
              / {formatCents(budgetCents)}
              <span className="ml-1 text-xs text-slate-500">
                {spentPercent(spentCents, budgetCents)}%
              </span>
            </>
          )}
        </span>
      </div>
      <div
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={barName ?? `${label}${budgetCents === null ? '占本月支出' : '预算使用'}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
      >
        <div
          className={`h-full rounded-full ${colour ? BAR[colour] : 'bg-slate-400'}`}
          style={{ width: `${width}%` }}
        />
      </div>
    </li>
  );
}

interface MonthReportProps {
  records: readonly Account[];
  month: string;
  currentMonth: string;
  onMonthChange: (month: string) => void;
  settings: Settings;
}

/** 月度报告: the chosen month against its budgets, and the 12 months up to it. */
export const MonthReport = memo(function MonthReport({
  records,
  month,
  currentMonth,
  onMonthChange,
  settings,
}: MonthReportProps) {
  const titleId = useId();
  const chartId = useId();
  const book = useCategoryBook();
  const report = useMemo(
    () => monthReport(records, month, settings, (c) => book.rollUp('expense', c)),
    [records, month, settings, book],
  );
  // The parents whose 子分类 are shown (the drill-down).
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const flip = (category: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(category)) next.add(category);
      return next;
    });
  const startDay = settings.monthStartDay;
  const months = useMemo(
    () => monthlyTotals(records, month, 12, startDay),
    [records, month, startDay],
  );
  const period = budgetPeriod(month, startDay);
  const chartData = months.map((m) => ({
    label: `${Number(m.month.slice(5))}月`,
    income: m.incomeCents / 100,
    expense: m.expenseCents / 100,
    balance: m.balanceCents / 100,
  }));

  return (
    <div className="grid grid-cols-1 gap-4 wide:grid-cols-2">
      <section className="card" aria-labelledby={titleId}>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            月度报告
          </h2>
          <MonthPicker month={month} currentMonth={currentMonth} onChange={onMonthChange} />
        </div>
        {startDay > 1 && (
          <p className="-mt-1 mb-2 text-xs text-slate-500 tabular-nums">
            {shortDate(period.start)} 至 {shortDate(period.end)}（每月 {startDay} 日起）
          </p>
        )}

        <dl className="mb-2 grid grid-cols-3 gap-2 rounded-lg bg-slate-50 p-3 text-sm">
          <div>
            <dt className="text-slate-500">收入</dt>
            <dd className="font-semibold tabular-nums text-emerald-700 wrap-anywhere">
              {formatCents(report.incomeCents)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">支出</dt>
            <dd className="font-semibold tabular-nums text-red-600 wrap-anywhere">
              {formatCents(report.expenseCents)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">结余</dt>
            <dd
              className={`font-semibold tabular-nums wrap-anywhere ${
                report.incomeCents >= report.expenseCents ? 'text-emerald-700' : 'text-red-600'
              }`}
            >
              {formatCents(report.incomeCents - report.expenseCents)}
            </dd>
          </div>
        </dl>

        <ul className="divide-y divide-slate-100" aria-label="预算">
          {report.budgetCents === null ? (
            <li className="flex items-center justify-between gap-2 py-2 text-sm text-slate-500">
              <span>本月支出 {formatCents(report.expenseCents)}，未设置月预算</span>
              <Link to="/settings?section=budget" className="btn-ghost shrink-0 px-2 py-1">
                <Settings2 size={16} aria-hidden="true" />
                设置预算
              </Link>
            </li>
          ) : (
            <BudgetBar
              label="月预算"
              spentCents={report.expenseCents}
              budgetCents={report.budgetCents}
              shareOfCents={report.expenseCents}
            />
          )}
        </ul>

        <h3 className="mt-3 text-sm font-semibold text-slate-700">分类支出</h3>
        {report.categories.length === 0 ? (
          <EmptyState message="本月没有支出" />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="分类支出">
            {report.categories.flatMap((c) => {
              const name = book.name('expense', c.category);
              const shown = open.has(c.category);
              const own = c.spentCents - c.children.reduce((sum, s) => sum + s.spentCents, 0);
              const subs = shown
                ? [
                    ...c.children.map((s) => ({ ...s, label: book.name('expense', s.category) })),
                    ...(own > 0
                      ? [{ category: '', spentCents: own, label: `${name}（未细分）` }]
                      : []),
                  ]
                : [];
              return [
                <BudgetBar
                  key={c.category}
                  label={name}
                  toggle={
                    c.children.length > 0 && (
                      <button
                        type="button"
                        className="ml-2 rounded px-1.5 text-xs font-normal text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-500"
                        aria-expanded={shown}
                        aria-label={`${shown ? '收起' : '展开'}「${name}」的子分类`}
                        onClick={() => flip(c.category)}
                      >
                        {shown ? '收起' : `${c.children.length} 个子分类`}
                      </button>
                    )
                  }
                  spentCents={c.spentCents}
                  budgetCents={c.budgetCents}
                  shareOfCents={report.expenseCents}
                />,
                ...subs.map((s) => (
                  <BudgetBar
                    key={`${c.category}/${s.category}`}
                    sub
                    label={s.label}
                    barName={`${name} / ${s.label}占${name}支出`}
                    spentCents={s.spentCents}
                    budgetCents={null}
                    shareOfCents={c.spentCents}
                  />
                )),
              ];
            })}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby={chartId}>
        <h2 id={chartId} className="text-lg font-semibold text-slate-900">
          近12个月收支
        </h2>
        <ul className="mb-1 flex gap-4 text-xs text-slate-600" aria-hidden="true">
          {SERIES.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span className="h-2.5 w-2.5 rounded-sm" style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
        <GroupedBarChart
          data={chartData}
          series={SERIES}
          title={`截至${formatMonth(month)}的12个月收入、支出与结余`}
          formatValue={(yuan) => formatCents(Math.round(yuan * 100))}
          formatAxis={axisYuan}
        />
      </section>
    </div>
  );
});
