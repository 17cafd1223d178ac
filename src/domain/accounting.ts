import { budgetMonthOf, budgetPeriod, inPeriod } from './budget';
import { BUILT_IN_BOOK, type CategoryBook } from './categories';
import { isInMonth, monthOf } from './dates';
import { toCents } from './money';
import type { Account } from './schemas/account';
import type { AccountType } from './schemas/categories';

/** docs/spec.md §9: the bookkeeping screen's recent list shows this many records. */
export const RECENT_LIMIT = 10;

type Entry = Pick<Account, 'type' | 'amount' | 'category' | 'date'> &
  Partial<Pick<Account, 'description' | 'reimbursed'>>;

export interface AccountSummary {
  todayExpenseCents: number;
  monthExpenseCents: number;
  todayIncomeCents: number;
  monthIncomeCents: number;
  /** Every expense filed under 报销, whatever its date (docs/spec.md §2). */
  reimbursementCents: number;
  /** The part of it not yet paid back (待报销). */
  pendingReimbursementCents: number;
}

/**
 * The five cards of /accounting, in one pass so ten years of records stay cheap. 本月 is the
 * budget month holding `today` (每月起始日 `startDay`, budget.ts).
 */
export function accountSummary(
  accounts: readonly Entry[],
  today: string,
  startDay = 1,
): AccountSummary {
  const period = budgetPeriod(budgetMonthOf(today, startDay), startDay);
  const summary: AccountSummary = {
    todayExpenseCents: 0,
    monthExpenseCents: 0,
    todayIncomeCents: 0,
    monthIncomeCents: 0,
    reimbursementCents: 0,
    pendingReimbursementCents: 0,
  };
  for (const record of accounts) {
    const cents = toCents(record.amount);
    const isToday = record.date === today;
    const inMonth = inPeriod(record.date, period);
    if (record.type === 'expense') {
      if (isToday) summary.todayExpenseCents += cents;
      if (inMonth) summary.monthExpenseCents += cents;
      if (record.category === 'reimbursement') {
        summary.reimbursementCents += cents;
        if (!record.reimbursed) summary.pendingReimbursementCents += cents;
      }
    } else {
      if (isToday) summary.todayIncomeCents += cents;
      if (inMonth) summary.monthIncomeCents += cents;
    }
  }
  return summary;
}

/**
 * Newest date first. Records carry no time of day, and the server lists them in the order
 * they were added, so within one day the one added last comes first.
 */
export function newestFirst<T extends Pick<Account, 'date'>>(accounts: readonly T[]): T[] {
  // Array.prototype.sort is stable: reversing first puts later additions ahead within a day.
  // (The device's list comes oldest first, so the sort finds one long run: near one pass.)
  return [...accounts].reverse().sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** The distinct months of a newest-first list, newest first ('YYYY-MM'). */
export function ledgerMonths(newest: readonly Pick<Account, 'date'>[]): string[] {
  const months: string[] = [];
  let month = '';
  for (const record of newest) {
    if (isInMonth(record.date, month)) continue;
    month = monthOf(record.date);
    months.push(month);
  }
  return months;
}

/**
 * What the full ledger is narrowed to; null (or absent) means "any". A category only counts
 * with its type. Amounts in cents, both ends included; dates YYYY-MM-DD, both ends included.
 */
export interface LedgerFilter {
  month: string | null;
  type: AccountType | null;
  category: string | null;
  /** Words found in the note or the category's label, case-insensitive. */
  text?: string | null;
  minCents?: number | null;
  maxCents?: number | null;
  from?: string | null;
  to?: string | null;
}

export const NO_FILTER: LedgerFilter = {
  month: null,
  type: null,
  category: null,
  text: null,
  minCents: null,
  maxCents: null,
  from: null,
  to: null,
};

const isSet = <T>(value: T | null | undefined): value is T =>
  value !== null && value !== undefined && value !== '';

/**
 * The entries `filter` keeps. `book` names the categories for the text search and widens a
 * category to its 子分类 (issue 61): filtering by 宠物 shows 猫粮 too.
 */
export function filterLedger<T extends Entry>(
  accounts: readonly T[],
  filter: LedgerFilter,
  book: CategoryBook = BUILT_IN_BOOK,
): T[] {
  const { month, type, minCents, maxCents, from, to } = filter;
  // Income and expense share the key `other`, so a category means nothing without its type.
  const category = type ? filter.category : null;
  const words = isSet(filter.text)
    ? filter.text.trim().toLowerCase().split(/\s+/).filter(Boolean)
    : [];
  const checks: ((a: T) => boolean)[] = [];
  if (month) checks.push((a) => isInMonth(a.date, month));
  if (type) checks.push((a) => a.type === type);
  if (category && type) {
    const codes = new Set(book.withChildren(type, category));
    checks.push((a) => codes.has(a.category));
  }
  if (isSet(from)) checks.push((a) => a.date >= from);
  if (isSet(to)) checks.push((a) => a.date <= to);
  if (isSet(minCents)) checks.push((a) => toCents(a.amount) >= minCents);
  if (isSet(maxCents)) checks.push((a) => toCents(a.amount) <= maxCents);
  if (words.length > 0) {
    checks.push((a) => {
      const haystack = `${a.description ?? ''} ${book.label(a.type, a.category)}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    });
  }
  if (checks.length === 0) return [...accounts];
  return accounts.filter((a) => checks.every((check) => check(a)));
}

export interface LedgerTotals {
  count: number;
  incomeCents: number;
  expenseCents: number;
  /** Income minus expense. */
  netCents: number;
}

export function ledgerTotals(accounts: readonly Entry[]): LedgerTotals {
  let incomeCents = 0;
  let expenseCents = 0;
  for (const record of accounts) {
    if (record.type === 'income') incomeCents += toCents(record.amount);
    else expenseCents += toCents(record.amount);
  }
  return {
    count: accounts.length,
    incomeCents,
    expenseCents,
    netCents: incomeCents - expenseCents,
  };
}
