import dayjs from 'dayjs';
import type { RateColour } from './checkin';
import { addMonths, isInMonth, monthNumber, monthOf } from './dates';
import { toCents } from './money';
import type { Account } from './schemas/account';
import { expenseCategories } from './schemas/categories';
import type { Settings } from './schemas/settings';

// The figures behind /accounting's reports and 控制支出在预算内, all in integer cents.

type Entry = Pick<Account, 'type' | 'amount' | 'category' | 'date'>;
type ExpenseCategory = (typeof expenseCategories)[number];
type BudgetSettings = Pick<
  Settings,
  'monthlyBudget' | 'categoryBudgets' | 'dailyBudgetMode' | 'dailyBudget'
>;

function daysInMonth(month: string): number {
  return dayjs(`${month}-01`).daysInMonth();
}

/**
 * The day's budget: set directly, or the month's budget spread evenly over the days of the
 * month holding `today`, rounded down to the cent so that a month of days never exceeds it.
 */
export function dailyBudgetCents(settings: BudgetSettings, today: string): number {
  if (settings.dailyBudgetMode === 'monthly' && settings.monthlyBudget !== null) {
    return Math.floor(toCents(settings.monthlyBudget) / daysInMonth(monthOf(today)));
  }
  return toCents(settings.dailyBudget);
}

/** Percent of a budget spent, rounded; it may pass 100. A zero budget is spent by any spending. */
export function spentPercent(spentCents: number, budgetCents: number): number {
  if (budgetCents <= 0) return spentCents > 0 ? 100 : 0;
  return Math.round((spentCents / budgetCents) * 100);
}

/**
 * The three bands of the check-in progress bar, read the other way round: a budget is a
 * limit, so the colour follows what is left. checkin's rule gives green from 80, yellow from
 * 60; here green while at most 80% is spent, yellow up to the whole budget, red beyond it.
 */
export function budgetColour(spentCents: number, budgetCents: number): RateColour {
  // Compared in whole cents, not through the rounded percent: one cent past the line counts.
  if (spentCents * 100 <= budgetCents * 80) return 'green';
  if (spentCents <= budgetCents) return 'yellow';
  return 'red';
}

interface CategorySpending {
  category: ExpenseCategory | string;
  spentCents: number;
  /** The category's monthly budget; null when none is set. */
  budgetCents: number | null;
}

export interface MonthReport {
  month: string;
  incomeCents: number;
  expenseCents: number;
  /** The whole month's budget; null when none is set. */
  budgetCents: number | null;
  /** Every category with spending or a budget, most spent first. */
  categories: CategorySpending[];
}

/** The chosen month's spending by category against the budgets. */
export function monthReport(
  accounts: readonly Entry[],
  month: string,
  settings: BudgetSettings,
): MonthReport {
  let incomeCents = 0;
  let expenseCents = 0;
  const spent = new Map<string, number>();
  for (const record of accounts) {
    if (!isInMonth(record.date, month)) continue;
    const cents = toCents(record.amount);
    if (record.type === 'income') {
      incomeCents += cents;
    } else {
      expenseCents += cents;
      spent.set(record.category, (spent.get(record.category) ?? 0) + cents);
    }
  }
  const budgets = settings.categoryBudgets as Partial<Record<string, number>>;
  const keys = new Set([...spent.keys(), ...Object.keys(budgets)]);
  const order = (key: string) => {
    const i = (expenseCategories as readonly string[]).indexOf(key);
    return i === -1 ? expenseCategories.length : i;
  };
  const categories = [...keys]
    .map((category) => {
      const budget = budgets[category];
      return {
        category,
        spentCents: spent.get(category) ?? 0,
        budgetCents: budget === undefined ? null : toCents(budget),
      };
    })
    .sort((a, b) => b.spentCents - a.spentCents || order(a.category) - order(b.category));
  return {
    month,
    incomeCents,
    expenseCents,
    budgetCents: settings.monthlyBudget === null ? null : toCents(settings.monthlyBudget),
    categories,
  };
}

export interface MonthTotals {
  month: string;
  incomeCents: number;
  expenseCents: number;
  /** Income minus expense. */
  balanceCents: number;
}

/** Income, expense and balance of the `n` months ending with `lastMonth`, oldest first. */
export function monthlyTotals(
  accounts: readonly Entry[],
  lastMonth: string,
  n = 12,
): MonthTotals[] {
  const months = Array.from({ length: n }, (_, i) => addMonths(lastMonth, i - n + 1));
  const first = n > 0 ? monthNumber(months[0]!) : 0;
  const rows = months.map((month) => ({ month, incomeCents: 0, expenseCents: 0, balanceCents: 0 }));
  for (const record of accounts) {
    // The row by arithmetic on the date's digits: no month string per record.
    const i = monthNumber(record.date) - first;
    if (!(i >= 0 && i < n)) continue;
    const row = rows[i]!;
    const cents = toCents(record.amount);
    if (record.type === 'income') row.incomeCents += cents;
    else row.expenseCents += cents;
  }
  for (const row of rows) row.balanceCents = row.incomeCents - row.expenseCents;
  return rows;
}
