import { useMemo, useState } from 'react';
import { useAccounts } from '../../api/accounts';
import { useAuth } from '../../api/auth';
import { useCheckinRecords } from '../../api/checkin-records';
import { useCheckinTasks } from '../../api/checkin-tasks';
import { useDashboard } from '../../api/dashboard';
import { formatError } from '../../api/errors';
import { useSettings } from '../../api/settings';
import { useTasks } from '../../api/tasks';
import { useWorkouts } from '../../api/workouts';
import { ErrorBanner } from '../../components/ErrorBanner';
import { OfflineNotice } from '../../components/OfflineNotice';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useToday } from '../../components/useToday';
import { dailyGoals, goalFocusMinutes } from '../../domain/daily-goals';
import { statsFromAggregates } from '../../domain/stats';
import { dayTitle } from '../../domain/today';
import { Clock } from './Clock';
import { DailyGoals } from './DailyGoals';
import { FocusAndWorkouts } from './FocusAndWorkouts';
import { NetWorthCard } from './NetWorthCard';
import { QuickActions } from './QuickActions';
import { TodayHabits } from './TodayHabits';
import { TodayMoney } from './TodayMoney';
import { TodayTasks } from './TodayTasks';
import { UpNext } from './UpNext';
import { WelcomeCard, welcomeDismissed } from './WelcomeCard';

/** Whether an account holds nothing yet: its lists are on the device, whole, and empty. */
function useIsNewAccount(): boolean {
  const lists = [useTasks().data, useAccounts().data, useCheckinTasks().data];
  return lists.every((list) => list?.complete && !list.local && list.items.length === 0);
}

/**
 * Whether the day's lists have answered (with data or an error). Until they and the sums have,
 * what sits below 今日任务 is laid out but kept out of sight: shown as each part's data came, on
 * a phone 今日收支 and the cards below moved down as 今日任务 and 今日打卡 filled above them
 * (Lighthouse's CLS 0.16 on /, against 0.1), and a shift of what cannot be seen does not count.
 * Not held back from rendering: drawn all at once, the day made one task of 367 ms after its
 * data at 4× CPU on ten years (`bench:web`), where drawn part by part it takes 124.
 */
function useDayPending(): boolean {
  const lists = [useTasks(), useCheckinTasks(), useCheckinRecords(), useAccounts(), useWorkouts()];
  return lists.some((q) => q.isPending);
}

/**
 * 今天 (issue 59): the day's tasks and habits first, then its money, focus, workouts and the
 * next reminders; the spec's home elements (clock, 净资产, 今日目标, 快捷操作) below them.
 * Every figure is today's unless its label says otherwise (累计结余, 本月支出).
 */
export function DashboardScreen() {
  const today = useToday();
  useDocumentTitle('首页');
  const { user } = useAuth();
  const username = user?.username ?? '';
  const { aggregates, local, error } = useDashboard(today);
  const stats = useMemo(() => aggregates && statsFromAggregates(aggregates), [aggregates]);
  // The user's budget and focus goal: this device's copy of the settings when offline.
  const settings = useSettings();
  const focusMinutes = aggregates
    ? goalFocusMinutes(aggregates.focusSecondsToday, settings.focusCategories)
    : undefined;
  const goals = useMemo(
    () => stats && focusMinutes !== undefined && dailyGoals(stats, focusMinutes, settings, today),
    [stats, focusMinutes, settings, today],
  );
  const isNew = useIsNewAccount();
  const [dismissed, setDismissed] = useState(() => welcomeDismissed(username));
  const welcoming = isNew && !dismissed;
  const name = user?.displayName ?? '';
  // The sums (今日目标, 净资产, 今日共专注) count too: each adds a line or a card when it comes.
  const held = useDayPending() || (!aggregates && !error) ? 'invisible' : undefined;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">
            今天 · {dayTitle(today)}
          </h1>
          <p className="text-slate-600">{welcoming ? `欢迎，${name}！` : `欢迎回来，${name}！`}</p>
        </div>
        <Clock />
      </div>

      {local && <OfflineNotice error={local.error} />}
      {error && <ErrorBanner message={formatError('部分数据加载失败：{message}', error)} />}
      {welcoming && <WelcomeCard username={username} onDismiss={() => setDismissed(true)} />}

      <div className="grid grid-cols-1 gap-4 wide:grid-cols-5">
        <div className="space-y-4 wide:col-span-3">
          <TodayTasks today={today} />
          <div className={held}>
            <TodayHabits today={today} />
          </div>
        </div>
        <div className={`space-y-4 wide:col-span-2 ${held ?? ''}`}>
          <TodayMoney today={today} balanceCents={stats?.balanceCents} settings={settings} />
          <FocusAndWorkouts
            today={today}
            focusMinutes={focusMinutes}
            goalMinutes={settings.focusGoalMinutes}
            allFocusMinutes={stats?.focusMinutes}
          />
          <UpNext today={today} />
        </div>
      </div>

      <div className={`grid grid-cols-1 gap-4 tablet:grid-cols-2 wide:grid-cols-3 ${held ?? ''}`}>
        {goals && <DailyGoals goals={goals} shown={settings.dailyGoals} />}
        <QuickActions />
        {stats && (
          <NetWorthCard
            netWorthCents={stats.netWorthCents}
            assetsCents={stats.assetsCents}
            liabilitiesCents={stats.liabilitiesCents}
          />
        )}
      </div>
    </div>
  );
}
