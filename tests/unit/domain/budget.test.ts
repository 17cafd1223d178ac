import { describe, expect, it } from 'vitest';
import {
  budgetColour,
  budgetMonthOf,
  budgetPeriod,
  dailyBudgetCents,
  monthlyTotals,
  monthReport,
  periodDays,
  spentPercent,
} from '../../../src/domain/budget';
import { CategoryBook } from '../../../src/domain/categories';
import { DEFAULT_SETTINGS } from '../../../src/domain/schemas/default-settings';
import { storedCategory } from '../../fixtures/records';

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
        { category: 'housing', spentCents: 4200_00, budgetCents: null, children: [] },
        { category: 'reimbursement', spentCents: 50_00, budgetCents: null, children: [] },
        { category: 'dining', spentCents: 30, budgetCents: 30, children: [] },
        { category: 'transport', spentCents: 0, budgetCents: 300_00, children: [] },
      ],
    });
  });

  // Issue 61: a 子分类's spending counts under its parent, in the figure, against the parent's
  // budget, and as a child for the drill-down.
  it('rolls 子分类 up to their parent', () => {
    const book = new CategoryBook([
      storedCategory('pet', { name: '宠物' }),
      storedCategory('food', { name: '猫粮', parentId: 'pet' }),
      storedCategory('toys', { name: '玩具', parentId: 'pet' }),
      storedCategory('stray', { name: '孤儿', parentId: 'gone' }),
    ]);
    const spending = [
      entry('expense', 89, 'food', '2026-11-15'),
      entry('expense', 10.5, 'food', '2026-11-20'),
      entry('expense', 20, 'toys', '2026-11-02'),
      entry('expense', 100, 'pet', '2026-11-03'),
      entry('expense', 1, 'stray', '2026-11-03'),
      entry('expense', 7, 'dining', '2026-11-03'),
    ];
    const settings = { ...DEFAULT_SETTINGS, categoryBudgets: { pet: 200, food: 50 } };
    const report = monthReport(spending, '2026-11', settings, (c) => book.rollUp('expense', c));
    expect(report.expenseCents).toBe(227_50);
    expect(report.categories).toEqual([
      {
        category: 'pet',
        spentCents: 219_50,
        budgetCents: 200_00,
        children: [
          { category: 'food', spentCents: 99_50 },
          { category: 'toys', spentCents: 20_00 },
        ],
      },
      { category: 'dining', spentCents: 7_00, budgetCents: null, children: [] },
      // A parent that is gone leaves its 子分类 at the top.
      { category: 'stray', spentCents: 1_00, budgetCents: null, children: [] },
    ]);
  });

  it('has no budget when none is set', () => {
    const report = monthReport(accounts, '2026-10', DEFAULT_SETTINGS);
    expect(report.budgetCents).toBeNull();
    expect(report.categories).toEqual([
      { category: 'dining', spentCents: 99_00, budgetCents: null, children: [] },
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

describe('每月起始日: a budget month from pay day (issue 61)', () => {
  it.each([
    // month, start day → first and last day, days
    ['2026-12', 1, '2026-12-01', '2026-12-31', 31],
    ['2026-02', 1, '2026-02-01', '2026-02-28', 28],
    ['2028-02', 1, '2028-02-01', '2028-02-29', 29],
    ['2026-12', 25, '2026-12-25', '2027-01-24', 31],
    // Around February: 28 or 29 days, the day before the start day in March.
    ['2027-01', 28, '2027-01-28', '2027-02-27', 31],
    ['2027-02', 28, '2027-02-28', '2027-03-27', 28],
    ['2028-02', 15, '2028-02-15', '2028-03-14', 29],
    ['2027-02', 2, '2027-02-02', '2027-03-01', 28],
    // The 31st is never a start day (at most 28); a month with one still ends the day before.
    ['2027-03', 28, '2027-03-28', '2027-04-27', 31],
    ['2027-08', 10, '2027-08-10', '2027-09-09', 31],
  ])('%s from day %i runs %s to %s (%i days)', (month, day, start, end, days) => {
    const period = budgetPeriod(month, day);
    expect(period).toEqual({ month, start, end });
    expect(periodDays(period)).toBe(days);
  });

  it.each([
    ['2026-12-06', 1, '2026-12'],
    ['2026-12-31', 1, '2026-12'],
    ['2026-12-06', 25, '2026-11'],
    ['2026-12-24', 25, '2026-11'],
    ['2026-12-25', 25, '2026-12'],
    ['2027-01-01', 25, '2026-12'],
    ['2027-03-01', 2, '2027-02'],
    ['2027-03-02', 2, '2027-03'],
    ['2027-01-31', 28, '2027-01'],
  ])('%s with start day %i is in the budget month %s', (date, day, month) => {
    expect(budgetMonthOf(date, day)).toBe(month);
    const period = budgetPeriod(month, day);
    expect(date >= period.start && date <= period.end).toBe(true);
  });

  const pay = { ...DEFAULT_SETTINGS, monthStartDay: 25, monthlyBudget: 3100 };
  const spending = [
    entry('expense', 10, 'dining', '2026-11-24'),
    entry('expense', 20, 'dining', '2026-11-25'),
    entry('expense', 30, 'dining', '2026-12-31'),
    entry('expense', 40, 'dining', '2027-01-24'),
    entry('expense', 50, 'dining', '2027-01-25'),
    entry('income', 9000, 'salary', '2026-12-25'),
  ];

  it('the month report runs from the start day to the day before it next month', () => {
    const report = monthReport(spending, '2026-12', pay);
    expect(report.expenseCents).toBe(70_00);
    expect(report.incomeCents).toBe(9000_00);
    expect(monthReport(spending, '2026-11', pay).expenseCents).toBe(20_00);
    expect(monthReport(spending, '2026-12', DEFAULT_SETTINGS).expenseCents).toBe(30_00);
  });

  it('the trend puts each day in its budget month', () => {
    const rows = monthlyTotals(spending, '2027-01', 3, 25);
    expect(rows.map((r) => [r.month, r.expenseCents])).toEqual([
      ['2026-11', 20_00],
      ['2026-12', 70_00],
      ['2027-01', 50_00],
    ]);
  });

  it('a monthly budget spreads over the budget month’s days', () => {
    const monthly = { ...pay, dailyBudgetMode: 'monthly' as const };
    // 2026-12-25 → 2027-01-24: 31 days; 2027-02-25 → 2027-03-24: 28 days.
    expect(dailyBudgetCents(monthly, '2027-01-01')).toBe(100_00);
    expect(dailyBudgetCents(monthly, '2027-03-01')).toBe(Math.floor(3100_00 / 28));
    // 2027-01-25 → 2027-02-24: 31 days, though February has 28.
    expect(dailyBudgetCents(monthly, '2027-02-10')).toBe(100_00);
  });
});
