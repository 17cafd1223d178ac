import { dailyBudgetCents } from './budget';
import type { TimeCategory } from './schemas/categories';
import type { Settings } from './schemas/settings';
import type { DashboardAggregates, DashboardStats } from './stats';

// The dashboard's 今日目标. The budget and the focus goal come from the user's settings, whose
// defaults are the spec's: a ¥200 day and 2 hours of focus (docs/spec.md §9).
const DAILY_WORKOUT_GOAL = 1;

export interface GoalProgress {
  done: boolean;
  current: number;
  target: number;
  /** How far along the bar is, 0–100 (a budget bar shows the share spent). */
  percent: number;
}

/** A budget is not "done" at 14:00: it is kept (未超支) or broken (已超支) so far today. */
export interface BudgetProgress {
  overspent: boolean;
  /** Spent today, in cents. */
  current: number;
  /** The day's budget, in cents. */
  target: number;
  percent: number;
}

export interface DailyGoals {
  budget: BudgetProgress;
  workout: GoalProgress;
  /** current/target in minutes, counting only the categories the settings name. */
  focus: GoalProgress;
}

const share = (current: number, target: number) =>
  target <= 0 ? 100 : Math.min(100, Math.round((current / target) * 100));

function reach(current: number, target: number): GoalProgress {
  return { done: current >= target, current, target, percent: share(current, target) };
}

/**
 * Today's minutes in the categories that count toward the focus goal, rounded at the end,
 * from the seconds per category that the dashboard's sums carry (computed on the device or
 * by the server alike).
 */
export function goalFocusMinutes(
  focusSecondsToday: DashboardAggregates['focusSecondsToday'],
  categories: readonly string[],
): number {
  let seconds = 0;
  for (const category of new Set(categories)) {
    seconds += focusSecondsToday[category as TimeCategory] ?? 0;
  }
  return Math.round(seconds / 60);
}

export function dailyGoals(
  stats: Pick<DashboardStats, 'todayExpenseCents' | 'todayWorkouts'>,
  focusMinutes: number,
  settings: Pick<
    Settings,
    'monthlyBudget' | 'categoryBudgets' | 'dailyBudgetMode' | 'dailyBudget' | 'focusGoalMinutes'
  >,
  today: string,
): DailyGoals {
  const spent = stats.todayExpenseCents;
  const budget = dailyBudgetCents(settings, today);
  return {
    budget: {
      overspent: spent > budget,
      current: spent,
      target: budget,
      percent: share(spent, budget),
    },
    workout: reach(stats.todayWorkouts, DAILY_WORKOUT_GOAL),
    focus: reach(focusMinutes, settings.focusGoalMinutes),
  };
}

/** 专注工作2小时 for the default goal; '专注工作90分钟' for one that is not whole hours. */
export function focusGoalTitle(minutes: number): string {
  return minutes % 60 === 0 ? `专注工作${minutes / 60}小时` : `专注工作${minutes}分钟`;
}
