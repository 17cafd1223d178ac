import type { DashboardStats } from './stats';

// The dashboard's 今日目标. SPEC §9 fixes the focus goal at 2 hours; it names a spending
// budget but no amount, so a daily budget is set here until the product lets users choose one.
export const DAILY_EXPENSE_BUDGET_CENTS = 200_00;
const DAILY_WORKOUT_GOAL = 1;
export const DAILY_FOCUS_GOAL_MINUTES = 120;

export interface GoalProgress {
  done: boolean;
  current: number;
  target: number;
  /** How far along the bar is, 0–100 (a budget bar shows the share spent). */
  percent: number;
}

export interface DailyGoals {
  /** current/target in cents; done while spending stays within the budget. */
  budget: GoalProgress;
  workout: GoalProgress;
  /** current/target in minutes. */
  focus: GoalProgress;
}

const share = (current: number, target: number) =>
  Math.min(100, Math.round((current / target) * 100));

function reach(current: number, target: number): GoalProgress {
  return { done: current >= target, current, target, percent: share(current, target) };
}

export function dailyGoals(
  stats: Pick<DashboardStats, 'todayExpenseCents' | 'todayWorkouts' | 'focusMinutes'>,
): DailyGoals {
  const spent = stats.todayExpenseCents;
  return {
    budget: {
      done: spent <= DAILY_EXPENSE_BUDGET_CENTS,
      current: spent,
      target: DAILY_EXPENSE_BUDGET_CENTS,
      percent: share(spent, DAILY_EXPENSE_BUDGET_CENTS),
    },
    workout: reach(stats.todayWorkouts, DAILY_WORKOUT_GOAL),
    focus: reach(stats.focusMinutes, DAILY_FOCUS_GOAL_MINUTES),
  };
}
