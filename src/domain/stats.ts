import { assetTotals, latestPerChain } from './asset-versioning';
import { sumCents } from './money';
import type { Account } from './schemas/account';
import type { Asset } from './schemas/asset';
import type { TimeCategory } from './schemas/categories';
import type { Task } from './schemas/task';
import type { TimeRecord } from './schemas/time-record';
import type { Workout } from './schemas/workout';
import { completionPercent } from './tasks';
import { walletSums } from './wallets';

export interface DashboardInput {
  accounts: readonly (Pick<Account, 'type' | 'amount' | 'date'> & { walletId?: string | null })[];
  workouts: readonly Pick<Workout, 'date'>[];
  tasks: readonly Pick<Task, 'completed'>[];
  timeRecords: readonly Pick<TimeRecord, 'duration' | 'date' | 'category'>[];
  /** Every stored version; only the latest of each chain counts. */
  assets: readonly Asset[];
}

/**
 * The sums behind the dashboard, for one day. A device that holds every list computes them
 * itself; one that does not yet asks the server (GET /api/summary), which computes the same
 * sums in SQL — so a first visit does not download ten years of records (docs/spec.md "Budgets").
 */
export interface DashboardAggregates {
  incomeCents: number;
  expenseCents: number;
  todayIncomeCents: number;
  todayExpenseCents: number;
  todayWorkouts: number;
  tasksTotal: number;
  tasksCompleted: number;
  /** Seconds of focus recorded for today, per time category (absent: none). */
  focusSecondsToday: Partial<Record<TimeCategory, number>>;
  assetsCents: number;
  liabilitiesCents: number;
}

export interface DashboardStats {
  incomeCents: number;
  expenseCents: number;
  balanceCents: number;
  todayIncomeCents: number;
  todayExpenseCents: number;
  todayWorkouts: number;
  tasksCompleted: number;
  tasksTotal: number;
  completionPercent: number;
  focusMinutes: number;
  assetsCents: number;
  liabilitiesCents: number;
  netWorthCents: number;
}

/** The lists the dashboard counts, each giving its own part of the sums. */
export const DASHBOARD_LISTS = ['accounts', 'workouts', 'tasks', 'timeRecords', 'assets'] as const;
export type DashboardList = (typeof DASHBOARD_LISTS)[number];

/** Which of the sums each list gives: a part stands for as long as its own list is unchanged. */
export interface DashboardParts {
  accounts: Pick<
    DashboardAggregates,
    'incomeCents' | 'expenseCents' | 'todayIncomeCents' | 'todayExpenseCents'
  > & {
    /**
     * What the entries did to each 账户's balance (issue 61; `walletSums`): kept with the rest,
     * so 资产管理 and 净资产 show the balances without reading ten years of 记账 back.
     */
    walletCents: Record<string, number>;
  };
  workouts: Pick<DashboardAggregates, 'todayWorkouts'>;
  tasks: Pick<DashboardAggregates, 'tasksTotal' | 'tasksCompleted'>;
  timeRecords: Pick<DashboardAggregates, 'focusSecondsToday'>;
  assets: Pick<DashboardAggregates, 'assetsCents' | 'liabilitiesCents'>;
}

const PARTS: {
  [K in DashboardList]: (list: DashboardInput[K], today: string) => DashboardParts[K];
} = {
  accounts: (accounts, today) => {
    const amounts = (type: Account['type'], onlyToday: boolean) =>
      accounts
        .filter((a) => a.type === type && (!onlyToday || a.date === today))
        .map((a) => a.amount);
    return {
      incomeCents: sumCents(amounts('income', false)),
      expenseCents: sumCents(amounts('expense', false)),
      todayIncomeCents: sumCents(amounts('income', true)),
      todayExpenseCents: sumCents(amounts('expense', true)),
      walletCents: Object.fromEntries(walletSums(accounts)),
    };
  },
  workouts: (workouts, today) => ({
    todayWorkouts: workouts.filter((w) => w.date === today).length,
  }),
  tasks: (tasks) => ({
    tasksTotal: tasks.length,
    tasksCompleted: tasks.filter((t) => t.completed).length,
  }),
  timeRecords: (timeRecords, today) => {
    const focusSecondsToday: Partial<Record<TimeCategory, number>> = {};
    for (const r of timeRecords) {
      if (r.date === today)
        focusSecondsToday[r.category] = (focusSecondsToday[r.category] ?? 0) + r.duration;
    }
    return { focusSecondsToday };
  },
  assets: (assets) => {
    const { assetsCents, liabilitiesCents } = assetTotals(latestPerChain(assets));
    return { assetsCents, liabilitiesCents };
  },
};

/** One list's part of the day's sums. */
export function dashboardPart<K extends DashboardList>(
  kind: K,
  list: DashboardInput[K],
  today: string,
): DashboardParts[K] {
  return PARTS[kind](list, today);
}

/** The day's sums from every list's part. */
export function aggregatesFromParts(parts: DashboardParts): DashboardAggregates {
  const { walletCents: _, ...accounts } = parts.accounts;
  return {
    ...accounts,
    ...parts.workouts,
    ...parts.tasks,
    ...parts.timeRecords,
    ...parts.assets,
  };
}

export function dashboardAggregates(input: DashboardInput, today: string): DashboardAggregates {
  return aggregatesFromParts({
    accounts: dashboardPart('accounts', input.accounts, today),
    workouts: dashboardPart('workouts', input.workouts, today),
    tasks: dashboardPart('tasks', input.tasks, today),
    timeRecords: dashboardPart('timeRecords', input.timeRecords, today),
    assets: dashboardPart('assets', input.assets, today),
  });
}

/** The home dashboard's figures (docs/spec.md §9) from its sums. */
export function statsFromAggregates(a: DashboardAggregates): DashboardStats {
  const focusSeconds = Object.values(a.focusSecondsToday).reduce((sum, s) => sum + (s ?? 0), 0);
  return {
    incomeCents: a.incomeCents,
    expenseCents: a.expenseCents,
    // Over all records despite the card's "today" title: docs/spec.md §9 keeps the original's figure.
    balanceCents: a.incomeCents - a.expenseCents,
    todayIncomeCents: a.todayIncomeCents,
    todayExpenseCents: a.todayExpenseCents,
    todayWorkouts: a.todayWorkouts,
    tasksCompleted: a.tasksCompleted,
    tasksTotal: a.tasksTotal,
    completionPercent: completionPercent(a.tasksCompleted, a.tasksTotal),
    focusMinutes: Math.round(focusSeconds / 60),
    assetsCents: a.assetsCents,
    liabilitiesCents: a.liabilitiesCents,
    netWorthCents: a.assetsCents - a.liabilitiesCents,
  };
}

export function dashboardStats(input: DashboardInput, today: string): DashboardStats {
  return statsFromAggregates(dashboardAggregates(input, today));
}
