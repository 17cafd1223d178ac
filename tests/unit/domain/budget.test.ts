import { describe, expect, it } from 'vitest';
import {
  budgetColour,
  dailyBudgetCents,
  monthlyTotals,
  monthReport,
  spentPercent,
} from '../../../src/domain/budget';
import { DEFAULT_SETTINGS } from '../../../src/domain/schemas/default-settings';

const entry = (type: 'expense' | 'income', amount: number, category: string, date: string) => ({
  type,
  amount,
  category,
  date,
});

describe('dailyBudgetCents', () => {
  it('is the spec’s ¥200 by default', () => {
    expect(dailyBudgetCents(DEFAULT_SETTINGS, '2026-11-21')).toBe(200_00);
  });

  it('rounds a derived day down, so the days of a month never exceed it', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      monthlyBudget: 100,
      dailyBudgetMode: 'monthly' as const,
    };
    // 10000 cents / 31 days = 322.58 → 322; 31 × 322 = 9982 ≤ 10000.
    expect(dailyBudgetCents(settings, '2026-01-15')).toBe(322);
    expect(dailyBudgetCents(settings, '2026-02-15')).toBe(357);
  });

  it('falls back to the fixed amount when no monthly budget exists', () => {
    const settings = { ...DEFAULT_SETTINGS, dailyBudgetMode: 'monthly' as const, dailyBudget: 50 };
    expect(dailyBudgetCents(settings, '2026-01-15')).toBe(50_00);
  });
});

describe('budget bands', () => {
  it.each([
    [0, 100_00, 'green', 0],
    [80_00, 100_00, 'green', 80],
    [80_01, 100_00, 'yellow', 80],
    [100_00, 100_00, 'yellow', 100],
    [100_01, 100_00, 'red', 100],
    [250_00, 100_00, 'red', 250],
  ])('%d of %d cents → %s', (spent, budget, colour, percent) => {
    expect(budgetColour(spent, budget)).toBe(colour);
    expect(spentPercent(spent, budget)).toBe(percent);
  });

  it('one cent past 80% is already yellow even though the percent rounds to 80', () => {
    // 8001 / 10000 = 80.01% → rounds to 80 but the budget is measurably past 80%.
    expect(spentPercent(80_01, 100_00)).toBe(80);
  });
});

describe('monthReport', () => {
  const accounts = [
    entry('expense', 0.1, 'dining', '2026-11-01'),
    entry('expense', 0.2, 'dining', '2026-11-30'),
    entry('expense', 4200, 'housing', '2026-11-01'),
    entry('expense', 99, 'dining', '2026-10-31'),
    entry('income', 18500.5, 'salary', '2026-11-10'),
    entry('expense', 50, 'reimbursement', '2026-11-05'),
  ];

  it('sums the month by category in cents, most spent first, with budgets beside', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      monthlyBudget: 5000,
      categoryBudgets: { dining: 0.3, transport: 300 },
    };
    expect(monthReport(accounts, '2026-11', settings)).toEqual({
      month: '2026-11',
      incomeCents: 18500_50,
      expenseCents: 4250_30,
      budgetCents: 5000_00,
      categories: [
        { category: 'housing', spentCents: 4200_00, budgetCents: null },
        { category: 'reimbursement', spentCents: 50_00, budgetCents: null },
        { category: 'dining', spentCents: 30, budgetCents: 30 },
        { category: 'transport', spentCents: 0, budgetCents: 300_00 },
      ],
    });
  });

  it('has no budget when none is set', () => {
    const report = monthReport(accounts, '2026-10', DEFAULT_SETTINGS);
    expect(report.budgetCents).toBeNull();
    expect(report.categories).toEqual([
      { category: 'dining', spentCents: 99_00, budgetCents: null },
    ]);
  });
});

describe('monthlyTotals', () => {
  it('gives 12 months ending with the chosen one, oldest first, empty months as zeros', () => {
    const rows = monthlyTotals(
      [
        entry('income', 0.1, 'salary', '2026-11-10'),
        entry('expense', 0.3, 'dining', '2026-11-11'),
        entry('expense', 10, 'dining', '2025-12-01'),
        entry('expense', 10, 'dining', '2025-11-30'),
        // After the chosen month: in no row (a row is found by arithmetic on the date).
        entry('expense', 7, 'dining', '2026-12-01'),
      ],
      '2026-11',
    );
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual({
      month: '2025-12',
      incomeCents: 0,
      expenseCents: 10_00,
      balanceCents: -10_00,
    });
    expect(rows[11]).toEqual({
      month: '2026-11',
      incomeCents: 10,
      expenseCents: 30,
      balanceCents: -20,
    });
    expect(rows[5]).toEqual({ month: '2026-05', incomeCents: 0, expenseCents: 0, balanceCents: 0 });
  });
});
