import { assetTotals, latestPerChain } from './asset-versioning';
import { sumCents } from './money';
import type { Account } from './schemas/account';
import type { Asset } from './schemas/asset';
import type { Task } from './schemas/task';
import type { TimeRecord } from './schemas/time-record';
import type { Workout } from './schemas/workout';
import { completionPercent } from './tasks';

export interface DashboardInput {
  accounts: readonly Pick<Account, 'type' | 'amount' | 'date'>[];
  workouts: readonly Pick<Workout, 'date'>[];
  tasks: readonly Pick<Task, 'completed'>[];
  timeRecords: readonly Pick<TimeRecord, 'duration' | 'date'>[];
  /** Every stored version; only the latest of each chain counts. */
  assets: readonly Asset[];
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

/** The home dashboard's figures (SPEC §9). */
export function dashboardStats(input: DashboardInput, today: string): DashboardStats {
  const { accounts, workouts, tasks, timeRecords, assets } = input;
  const amounts = (type: Account['type'], onlyToday: boolean) =>
    accounts
      .filter((a) => a.type === type && (!onlyToday || a.date === today))
      .map((a) => a.amount);

  const incomeCents = sumCents(amounts('income', false));
  const expenseCents = sumCents(amounts('expense', false));
  const tasksCompleted = tasks.filter((t) => t.completed).length;
  const focusSeconds = timeRecords
    .filter((r) => r.date === today)
    .reduce((sum, r) => sum + r.duration, 0);
  const { assetsCents, liabilitiesCents, netWorthCents } = assetTotals(latestPerChain(assets));

  return {
    incomeCents,
    expenseCents,
    // Over all records despite the card's "today" title: SPEC §9 keeps the original's figure.
    balanceCents: incomeCents - expenseCents,
    todayIncomeCents: sumCents(amounts('income', true)),
    todayExpenseCents: sumCents(amounts('expense', true)),
    todayWorkouts: workouts.filter((w) => w.date === today).length,
    tasksCompleted,
    tasksTotal: tasks.length,
    completionPercent: completionPercent(tasksCompleted, tasks.length),
    focusMinutes: Math.round(focusSeconds / 60),
    assetsCents,
    liabilitiesCents,
    netWorthCents,
  };
}
