import { Scale, Wallet } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAccounts } from '../../api/accounts';
import { Money } from '../../components/Money';
import { StatCard, toneOf } from '../../components/StatCard';
import { budgetColour, spentPercent } from '../../domain/budget';
import { formatCents, toCents } from '../../domain/money';
import type { Settings } from '../../domain/schemas/settings';
import { dayMoney, monthSpentCents } from '../../domain/today';

const BAR: Record<string, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-400',
  red: 'bg-red-500',
  none: 'bg-slate-300',
};

/**
 * 今日收支 counts today's entries only; the spec's all-time figure has its own card, 累计结余
 * (docs/architecture.md, Decisions "The day": a label must not lie); beside them, this month's spending against 月预算.
 */
export function TodayMoney({
  today,
  balanceCents,
  settings,
}: {
  today: string;
  /** Income less expense over every entry ever (the spec's figure). */
  balanceCents: number | undefined;
  settings: Pick<Settings, 'monthlyBudget' | 'monthStartDay'>;
}) {
  const { data } = useAccounts();
  const items = data?.items;
  const day = useMemo(() => (items ? dayMoney(items, today) : undefined), [items, today]);
  const startDay = settings.monthStartDay;
  const month = useMemo(
    () => (items ? monthSpentCents(items, today, startDay) : undefined),
    [items, today, startDay],
  );
  const budget = settings.monthlyBudget === null ? null : toCents(settings.monthlyBudget);
  return (
    <div className="grid grid-cols-2 gap-3">
      <StatCard
        title="今日收支"
        value={day ? <Money cents={day.netCents} className="text-xl sm:text-2xl" /> : '…'}
        subtitle={
          day ? `收入 ${formatCents(day.incomeCents)} · 支出 ${formatCents(day.expenseCents)}` : ''
        }
        icon={<Scale size={18} aria-hidden="true" />}
        tone={day ? toneOf(day.netCents) : 'default'}
      />
      <StatCard
        title="累计结余"
        value={
          balanceCents === undefined ? (
            '…'
          ) : (
            <Money cents={balanceCents} className="text-xl sm:text-2xl" />
          )
        }
        subtitle="全部记录的收入减支出"
        icon={<Wallet size={18} aria-hidden="true" />}
        tone={balanceCents === undefined ? 'default' : toneOf(balanceCents)}
      />
      <section className="card col-span-2 max-tablet:p-3" aria-label="本月预算">
        <div className="flex items-baseline justify-between gap-2">
          <h2 className="text-sm font-medium text-slate-500">本月支出</h2>
          {budget === null ? (
            <Link to="/settings" className="text-xs font-medium text-blue-700 hover:underline">
              设置月预算
            </Link>
          ) : null}
        </div>
        <p className="text-lg font-semibold text-slate-900 tabular-nums">
          {month === undefined ? '…' : formatCents(month)}
          {budget !== null && (
            <span className="text-sm font-normal text-slate-500">
              {' '}
              / 月预算 {formatCents(budget)}
            </span>
          )}
        </p>
        {budget !== null && month !== undefined && (
          <div
            className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100"
            aria-hidden="true"
          >
            <div
              className={`h-full rounded-full ${BAR[budgetColour(month, budget)]}`}
              style={{ width: `${Math.min(100, spentPercent(month, budget))}%` }}
            />
          </div>
        )}
      </section>
    </div>
  );
}
