import { monthOf } from './dates';
import { toCents } from './money';
import type { Account } from './schemas/account';
import type { AccountType } from './schemas/categories';

/** SPEC §9: the bookkeeping screen's recent list shows this many records. */
export const RECENT_LIMIT = 10;

type Entry = Pick<Account, 'type' | 'amount' | 'category' | 'date'>;

export interface AccountSummary {
  todayExpenseCents: number;
  monthExpenseCents: number;
  todayIncomeCents: number;
  monthIncomeCents: number;
  /** Every expense filed under 报销, whatever its date (SPEC §2). */
  reimbursementCents: number;
}

/** The five cards of /accounting, in one pass so ten years of records stay cheap. */
export function accountSummary(accounts: readonly Entry[], today: string): AccountSummary {
  const month = monthOf(today);
  const summary: AccountSummary = {
    todayExpenseCents: 0,
    monthExpenseCents: 0,
    todayIncomeCents: 0,
    monthIncomeCents: 0,
    reimbursementCents: 0,
  };
  for (const record of accounts) {
    const cents = toCents(record.amount);
    const isToday = record.date === today;
    const inMonth = monthOf(record.date) === month;
    if (record.type === 'expense') {
      if (isToday) summary.todayExpenseCents += cents;
      if (inMonth) summary.monthExpenseCents += cents;
      if (record.category === 'reimbursement') summary.reimbursementCents += cents;
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
  return [...accounts].reverse().sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** The distinct months of a newest-first list, newest first ('YYYY-MM'). */
export function ledgerMonths(newest: readonly Pick<Account, 'date'>[]): string[] {
  const months: string[] = [];
  for (const record of newest) {
    const month = monthOf(record.date);
    if (months[months.length - 1] !== month) months.push(month);
  }
  return months;
}

/** What the full ledger is narrowed to; null means "any". A category only counts with its type. */
export interface LedgerFilter {
  month: string | null;
  type: AccountType | null;
  category: string | null;
}

export const NO_FILTER: LedgerFilter = { month: null, type: null, category: null };

export function filterLedger<T extends Entry>(accounts: readonly T[], filter: LedgerFilter): T[] {
  const { month, type } = filter;
  // Income and expense share the key `other`, so a category means nothing without its type.
  const category = type ? filter.category : null;
  if (!month && !type) return [...accounts];
  return accounts.filter(
    (a) =>
      (!month || monthOf(a.date) === month) &&
      (!type || a.type === type) &&
      (!category || a.category === category),
  );
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
