import dayjs from 'dayjs';
import type { RateColour } from './checkin';
import { addMonths, monthNumber } from './dates';
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
> &
  Partial<Pick<Settings, 'monthStartDay'>>;

// ---- 每月起始日: a budget month that follows pay day (issue 61)

/** A budget month: from `start` to `end`, both included ('YYYY-MM-DD'). */
export interface BudgetPeriod {
  /** The month it is named by: the one it starts in. */
  month: string;
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The budget month named `month` ('YYYY-MM'): from its `startDay` (1–28, so every month has
 * it) to the day before that day in the next month. Day 1 is the calendar month.
 */
export function budgetPeriod(month: string, startDay = 1): BudgetPeriod {
  if (startDay <= 1) {
    return {
      month,
      start: `${month}-01`,
      end: `${month}-${pad(dayjs(`${month}-01`).daysInMonth())}`,
    };
  }
  return {
    month,
    start: `${month}-${pad(startDay)}`,
    end: `${addMonths(month, 1)}-${pad(startDay - 1)}`,
  };
}

/** The name of the budget month holding `date`: a day before the start day is last month's. */
export function budgetMonthOf(date: string, startDay = 1): string {
  const month = date.slice(0, 7);
  return Number(date.slice(8, 10)) >= startDay ? month : addMonths(month, -1);
}

/** Whether `date` falls in `period`: ISO dates order as strings. */
export const inPeriod = (date: string, period: BudgetPeriod) =>
  date >= period.start && date <= period.end;

/** How many days a budget month has (28 to 31). */
export function periodDays(period: BudgetPeriod): number {
  return dayjs(period.end).diff(dayjs(period.start), 'day') + 1;
}

/**
 * The day's budget: set directly, or the month's budget spread evenly over the days of the
 * budget month holding `today`, rounded down to the cent so that a month of days never exceeds it.
 */
export function dailyBudgetCents(settings: BudgetSettings, today: string): number {
  if (settings.dailyBudgetMode === 'monthly' && settings.monthlyBudget !== null) {
    const start = settings.monthStartDay;
    const period = budgetPeriod(budgetMonthOf(today, start), start);
    return Math.floor(toCents(settings.monthlyBudget) / periodDays(period));
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
  /**
   * A parent's 子分类 with spending (issue 61), most spent first; the parent's own entries are
   * the rest of `spentCents`. Empty for a category without any.
   */
  children: { category: string; spentCents: number }[];
}

export interface MonthReport {
  month: string;
  incomeCents: number;
  expenseCents: number;
  /** The whole month's budget; null when none is set. */
  budgetCents: number | null;
  /** Every top-level category with spending or a budget, most spent first. */
  categories: CategorySpending[];
}

/**
 * The chosen budget month's spending by category against the budgets. `rollUp` names the
 * top-level category an expense code counts under (CategoryBook.rollUp): a 子分类's spending
 * is its parent's, in the figure and against the parent's budget, and listed as a child.
 */
export function monthReport(
  accounts: readonly Entry[],
  month: string,
  settings: BudgetSettings,
  rollUp: (category: string) => string = (category) => category,
): MonthReport {
  const period = budgetPeriod(month, settings.monthStartDay);
  let incomeCents = 0;
  let expenseCents = 0;
  const spent = new Map<string, number>();
  const bySub = new Map<string, Map<string, number>>();
  for (const record of accounts) {
    if (!inPeriod(record.date, period)) continue;
    const cents = toCents(record.amount);
    if (record.type === 'income') {
      incomeCents += cents;
    } else {
      expenseCents += cents;
      const top = rollUp(record.category);
      spent.set(top, (spent.get(top) ?? 0) + cents);
      if (top !== record.category) {
        const subs = bySub.get(top) ?? new Map<string, number>();
        subs.set(record.category, (subs.get(record.category) ?? 0) + cents);
        bySub.set(top, subs);
      }
    }
  }
  const budgets = settings.categoryBudgets as Partial<Record<string, number>>;
  // A budget set on a category since made a 子分类 counts where its spending does.
  const keys = new Set([...spent.keys(), ...Object.keys(budgets).filter((k) => rollUp(k) === k)]);
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
        children: [...(bySub.get(category) ?? [])]
          .map(([sub, cents]) => ({ category: sub, spentCents: cents }))
          .sort((a, b) => b.spentCents - a.spentCents || a.category.localeCompare(b.category)),
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

/**
 * Income, expense and balance of the `n` budget months ending with `lastMonth`, oldest first
 * (`startDay` as in budgetPeriod).
 */
export function monthlyTotals(
  accounts: readonly Entry[],
  lastMonth: string,
  n = 12,
  startDay = 1,
): MonthTotals[] {
  const months = Array.from({ length: n }, (_, i) => addMonths(lastMonth, i - n + 1));
  const first = n > 0 ? monthNumber(months[0]!) : 0;
  const rows = months.map((month) => ({ month, incomeCents: 0, expenseCents: 0, balanceCents: 0 }));
  for (const record of accounts) {
    // The row by arithmetic on the date's digits: no month string per record. A day before
    // the start day belongs to the budget month before.
    const early = startDay > 1 && Number(record.date.slice(8, 10)) < startDay ? 1 : 0;
    const i = monthNumber(record.date) - early - first;
    if (!(i >= 0 && i < n)) continue;
    const row = rows[i]!;
    const cents = toCents(record.amount);
    if (record.type === 'income') row.incomeCents += cents;
    else row.expenseCents += cents;
  }
  for (const row of rows) row.balanceCents = row.incomeCents - row.expenseCents;
  return rows;
}
