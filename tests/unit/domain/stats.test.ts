import { describe, expect, it } from 'vitest';
import { firstVersion, nextVersion } from '../../../src/domain/asset-versioning';
import {
  type DashboardInput,
  dashboardAggregates,
  dashboardStats,
} from '../../../src/domain/stats';

const TODAY = '2026-11-21';
const YESTERDAY = '2026-11-20';

const empty: DashboardInput = {
  accounts: [],
  workouts: [],
  tasks: [],
  timeRecords: [],
  assets: [],
};

const asset = (type: 'asset' | 'liability', category: string, amount: number, id: string) =>
  firstVersion(
    { type, name: id, category, amount, description: '', date: '2026-01-01', effectiveDate: '' },
    id,
  );

describe('dashboardStats', () => {
  it('is all zeros without data', () => {
    expect(dashboardStats(empty, TODAY)).toEqual({
      incomeCents: 0,
      expenseCents: 0,
      balanceCents: 0,
      todayIncomeCents: 0,
      todayExpenseCents: 0,
      todayWorkouts: 0,
      tasksCompleted: 0,
      tasksTotal: 0,
      completionPercent: 0,
      focusMinutes: 0,
      assetsCents: 0,
      liabilitiesCents: 0,
      netWorthCents: 0,
    });
  });

  it.each([
    [
      'the balance covers every record, not only today',
      [
        { type: 'income', amount: 8000, date: '2026-10-10' },
        { type: 'expense', amount: 35.5, date: TODAY },
        { type: 'expense', amount: 100, date: YESTERDAY },
        { type: 'income', amount: 20, date: TODAY },
      ],
      {
        incomeCents: 802000,
        expenseCents: 13550,
        balanceCents: 788450,
        todayIncomeCents: 2000,
        todayExpenseCents: 3550,
      },
    ],
    [
      'cents stay exact',
      [
        { type: 'expense', amount: 0.1, date: TODAY },
        { type: 'expense', amount: 0.2, date: TODAY },
      ],
      {
        incomeCents: 0,
        expenseCents: 30,
        balanceCents: -30,
        todayIncomeCents: 0,
        todayExpenseCents: 30,
      },
    ],
  ] as const)('%s', (_, accounts, expected) => {
    expect(dashboardStats({ ...empty, accounts }, TODAY)).toMatchObject(expected);
  });

  it('counts only today’s workouts', () => {
    const workouts = [{ date: TODAY }, { date: TODAY }, { date: YESTERDAY }];
    expect(dashboardStats({ ...empty, workouts }, TODAY).todayWorkouts).toBe(2);
  });

  it.each([
    [[true, false, false], 1, 3, 33],
    [[true, true, false], 2, 3, 67],
    [[true], 1, 1, 100],
    [[false, false], 0, 2, 0],
  ])('tasks %j → %d of %d, %d%%', (completed, done, total, percent) => {
    const tasks = completed.map((c) => ({ completed: c }));
    expect(dashboardStats({ ...empty, tasks }, TODAY)).toMatchObject({
      tasksCompleted: done,
      tasksTotal: total,
      completionPercent: percent,
    });
  });

  it.each([
    ['rounds down', [1500, 1529], 50],
    ['rounds half up', [90], 2],
    ['under half a minute', [29], 0],
    ['two hours', [3600, 3600], 120],
  ])('focus minutes %s', (_, durations, minutes) => {
    // Spread over categories: the minutes are of every category together.
    const categories = ['work', 'reading', 'other'] as const;
    const timeRecords = [
      ...durations.map((duration, i) => ({ duration, date: TODAY, category: categories[i % 3]! })),
      { duration: 7200, date: YESTERDAY, category: 'work' as const },
    ];
    expect(dashboardStats({ ...empty, timeRecords }, TODAY).focusMinutes).toBe(minutes);
  });

  it('keeps today’s focus seconds per category for the goals', () => {
    const timeRecords = [
      { duration: 600, date: TODAY, category: 'work' as const },
      { duration: 300, date: TODAY, category: 'work' as const },
      { duration: 120, date: TODAY, category: 'reading' as const },
      { duration: 999, date: YESTERDAY, category: 'design' as const },
    ];
    expect(dashboardAggregates({ ...empty, timeRecords }, TODAY).focusSecondsToday).toEqual({
      work: 900,
      reading: 120,
    });
  });

  it('counts only the latest version of each asset chain', () => {
    const cash = asset('asset', 'cash', 1000, 'cash');
    const cashEdited = nextVersion(cash, { ...cash, amount: 1200.5 }, 'cash-v2');
    const loan = asset('liability', 'credit_card', 3000, 'card');
    const lent = asset('asset', 'receivables', 200, 'lent');
    expect(
      dashboardStats({ ...empty, assets: [cash, loan, cashEdited, lent] }, TODAY),
    ).toMatchObject({
      assetsCents: 140050,
      liabilitiesCents: 300000,
      netWorthCents: -159950,
    });
  });
});
