import { Activity, ListChecks, Scale, Timer } from 'lucide-react';
import { useMemo } from 'react';
import { useDashboard } from '../../api/dashboard';
import { formatError } from '../../api/errors';
import { ErrorBanner } from '../../components/ErrorBanner';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Spinner } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { useToday } from '../../components/useToday';
import { dailyGoals } from '../../domain/daily-goals';
import { formatCents } from '../../domain/money';
import { statsFromAggregates } from '../../domain/stats';
import { Clock } from './Clock';
import { DailyGoals } from './DailyGoals';
import { NetWorthCard } from './NetWorthCard';
import { QuickActions } from './QuickActions';

export function DashboardScreen() {
  const today = useToday();
  const { aggregates, isPending, local, error } = useDashboard(today);
  const stats = useMemo(() => aggregates && statsFromAggregates(aggregates), [aggregates]);
  const goals = useMemo(() => stats && dailyGoals(stats), [stats]);

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">欢迎回来！</h1>
        <Clock />
      </div>

      {local && <OfflineNotice error={local.error} />}
      {error && <ErrorBanner message={formatError('部分数据加载失败：{message}', error)} />}

      {isPending || !stats || !goals ? (
        <Spinner />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 tablet:grid-cols-3 wide:grid-cols-5">
            <StatCard
              title="今日收支"
              // Two cards share a phone's width: a smaller figure that may wrap stays inside.
              value={
                <span className="text-xl wrap-anywhere sm:text-2xl">
                  {formatCents(stats.balanceCents)}
                </span>
              }
              subtitle={`全部记录：收入 ${formatCents(stats.incomeCents)} · 支出 ${formatCents(stats.expenseCents)}`}
              icon={<Scale size={18} aria-hidden="true" />}
              tone={stats.balanceCents >= 0 ? 'positive' : 'negative'}
            />
            <StatCard
              title="今日运动"
              value={`${stats.todayWorkouts} 次`}
              subtitle="今天完成的运动"
              icon={<Activity size={18} aria-hidden="true" />}
            />
            <StatCard
              title="任务进度"
              value={`${stats.tasksCompleted}/${stats.tasksTotal}`}
              subtitle={`完成率 ${stats.completionPercent}%`}
              icon={<ListChecks size={18} aria-hidden="true" />}
            />
            <StatCard
              title="专注时间"
              value={`${stats.focusMinutes} 分钟`}
              subtitle="今天的专注时长"
              icon={<Timer size={18} aria-hidden="true" />}
            />
            <div className="col-span-2 wide:col-span-1 [&>section]:h-full">
              <NetWorthCard
                netWorthCents={stats.netWorthCents}
                assetsCents={stats.assetsCents}
                liabilitiesCents={stats.liabilitiesCents}
              />
            </div>
          </div>
          <div className="grid gap-4 wide:grid-cols-3">
            <div className="wide:col-span-2">
              <DailyGoals goals={goals} />
            </div>
            <QuickActions />
          </div>
        </>
      )}
    </div>
  );
}
