import { addDays, daysBetween } from './dates';
import { toCents } from './money';
import type { Account } from './schemas/account';
import type { Transfer } from './schemas/transfer';
import type { Wallet } from './schemas/wallet';

// 账户 (issue 61): balances, an account's ledger with its running balance, a credit card's
// bill. Pure and given `today`, as everything in src/domain (docs/architecture.md, Layout).
//
// What moves an account's money:
// - an entry naming it (walletId): 收入 adds, 支出 takes away;
// - a 转账 (transfers) takes `amount` from fromWalletId and gives it to toWalletId. Its 手续费
//   is not taken here: it is an ordinary 支出 entry of 手续费 from the 转出账户, written beside
//   the transfer (`feeEntryFor`), so that every total, budget and report counts it as the
//   expense it is while the transfer itself counts as neither income nor expense;
// - a 调整余额 is a transfer with one side '' (money entering or leaving from outside the
//   books), so it, too, is never income or expense.

type EntryLike = Pick<Account, 'id' | 'type' | 'amount' | 'date' | 'category' | 'description'> & {
  walletId?: string | null;
};
type TransferLike = Pick<
  Transfer,
  'id' | 'fromWalletId' | 'toWalletId' | 'amount' | 'date' | 'note'
> & { fee?: number };
type WalletLike = Pick<
  Wallet,
  'id' | 'type' | 'openingBalance' | 'creditLimit' | 'statementDay' | 'dueDay'
>;

/** A 调整余额: a transfer from or to outside the books. */
export function isAdjustment(t: Pick<Transfer, 'fromWalletId' | 'toWalletId'>): boolean {
  return t.fromWalletId === '' || t.toWalletId === '';
}

/** The 手续费 entry's id: one per transfer, so writing it again replaces it. */
export function feeEntryId(transferId: string): string {
  return `fee-${transferId}`.slice(0, 64);
}

interface FeeEntry {
  id: string;
  date: string;
  description: string;
  amount: number;
  type: 'expense';
  category: 'fee';
  walletId: string;
  tags: string[];
}

/** The 支出 of 手续费 a transfer's fee books from its 转出账户; null when it has none. */
export function feeEntryFor(
  t: Pick<Transfer, 'id' | 'fromWalletId' | 'fee' | 'date' | 'note' | 'tags'>,
): FeeEntry | null {
  if (!(t.fee > 0) || t.fromWalletId === '') return null;
  return {
    id: feeEntryId(t.id),
    type: 'expense' as const,
    category: 'fee' as const,
    amount: t.fee,
    date: t.date,
    description: t.note ? `转账手续费 · ${t.note}` : '转账手续费',
    walletId: t.fromWalletId,
    tags: t.tags ?? [],
  };
}

/** How much one record moves `walletId`'s balance, in cents (0 when it does not touch it). */
function effectOn(walletId: string, move: Movement): number {
  if (move.kind === 'entry') {
    if (move.entry.walletId !== walletId) return 0;
    return move.entry.type === 'income' ? toCents(move.entry.amount) : -toCents(move.entry.amount);
  }
  const cents = toCents(move.transfer.amount);
  let effect = 0;
  if (move.transfer.toWalletId === walletId) effect += cents;
  if (move.transfer.fromWalletId === walletId) effect -= cents;
  return effect;
}

type Movement =
  | { kind: 'entry'; date: string; entry: EntryLike }
  | { kind: 'transfer'; date: string; transfer: TransferLike };

/** Every account's current balance in cents: opening, ± entries, ± transfers and adjustments. */
export function walletBalances(
  wallets: readonly WalletLike[],
  entries: readonly EntryLike[],
  transfers: readonly TransferLike[],
): Map<string, number> {
  return balancesFromSums(wallets, walletSums(entries), transfers);
}

/**
 * What the entries did to each account named, in cents (income in, expense out): the part of
 * the balances that needs the 记账 list, which the dashboard keeps per list change
 * (src/domain/stats.ts) so that a screen showing balances need not read the list.
 */
export function walletSums(
  entries: readonly (Pick<Account, 'type' | 'amount'> & { walletId?: string | null })[],
): Map<string, number> {
  const sums = new Map<string, number>();
  for (const e of entries) {
    const id = e.walletId;
    if (!id) continue;
    const cents = toCents(e.amount);
    sums.set(id, (sums.get(id) ?? 0) + (e.type === 'income' ? cents : -cents));
  }
  return sums;
}

/** The balances from the opening balances, the entries' `walletSums` and the transfers. */
export function balancesFromSums(
  wallets: readonly WalletLike[],
  sums: ReadonlyMap<string, number> | Readonly<Record<string, number>>,
  transfers: readonly TransferLike[],
): Map<string, number> {
  const of = (id: string) =>
    sums instanceof Map ? (sums.get(id) ?? 0) : ((sums as Record<string, number>)[id] ?? 0);
  const balances = new Map(wallets.map((w) => [w.id, toCents(w.openingBalance) + of(w.id)]));
  for (const t of transfers) {
    const cents = toCents(t.amount);
    if (balances.has(t.fromWalletId))
      balances.set(t.fromWalletId, balances.get(t.fromWalletId)! - cents);
    if (balances.has(t.toWalletId)) balances.set(t.toWalletId, balances.get(t.toWalletId)! + cents);
  }
  return balances;
}

export interface WalletTotals {
  /** 资产: the positive balances. */
  assetsCents: number;
  /** 负债: what credit cards owe and every negative balance, as a positive number. */
  liabilitiesCents: number;
  netCents: number;
}

/** 资产 and 负债 over the accounts' balances (cents). */
export function walletTotals(balances: ReadonlyMap<string, number>): WalletTotals {
  let assetsCents = 0;
  let liabilitiesCents = 0;
  for (const cents of balances.values()) {
    if (cents > 0) assetsCents += cents;
    else liabilitiesCents -= cents;
  }
  return { assetsCents, liabilitiesCents, netCents: assetsCents - liabilitiesCents };
}

type WalletRowKind = 'income' | 'expense' | 'transferIn' | 'transferOut' | 'adjustment';

export interface WalletLedgerRow {
  /** The entry's or the transfer's id. */
  id: string;
  source: 'entry' | 'transfer';
  kind: WalletRowKind;
  date: string;
  /** The entry's category key, '' for a transfer. */
  category: string;
  /** The entry's description or the transfer's note. */
  note: string;
  /** For a transfer, the other account's id ('' for an adjustment). */
  otherWalletId: string;
  /** What the row did to the balance, signed. */
  amountCents: number;
  /** The balance after this row. */
  balanceCents: number;
}

/**
 * One account's ledger, newest first, each row with the balance after it. Rows are in date
 * order, and within a day in the order given (entries, then transfers).
 */
export function walletLedger(
  wallet: WalletLike,
  entries: readonly EntryLike[],
  transfers: readonly TransferLike[],
): WalletLedgerRow[] {
  const moves: Movement[] = [
    ...entries
      .filter((e) => e.walletId === wallet.id)
      .map((entry): Movement => ({ kind: 'entry', date: entry.date, entry })),
    ...transfers
      .filter((t) => t.fromWalletId === wallet.id || t.toWalletId === wallet.id)
      .map((transfer): Movement => ({ kind: 'transfer', date: transfer.date, transfer })),
  ];
  // A stable sort keeps the given order within a day.
  moves.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let balance = toCents(wallet.openingBalance);
  const rows: WalletLedgerRow[] = [];
  for (const move of moves) {
    const amountCents = effectOn(wallet.id, move);
    balance += amountCents;
    if (move.kind === 'entry') {
      rows.push({
        id: move.entry.id,
        source: 'entry',
        kind: move.entry.type === 'income' ? 'income' : 'expense',
        date: move.date,
        category: move.entry.category,
        note: move.entry.description,
        otherWalletId: '',
        amountCents,
        balanceCents: balance,
      });
    } else {
      const t = move.transfer;
      const incoming = t.toWalletId === wallet.id;
      rows.push({
        id: t.id,
        source: 'transfer',
        kind: isAdjustment(t) ? 'adjustment' : incoming ? 'transferIn' : 'transferOut',
        date: move.date,
        category: '',
        note: t.note,
        otherWalletId: incoming ? t.fromWalletId : t.toWalletId,
        amountCents,
        balanceCents: balance,
      });
    }
  }
  return rows.reverse();
}

/** A day of month `day` in the month of `date` (days are 1–28, so every month has it). */
function dayInMonth(date: string, day: number): string {
  return `${date.slice(0, 8)}${String(day).padStart(2, '0')}`;
}

/** The first day of the month after `date`'s. */
function nextMonthStart(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The first day of the month before `date`'s. */
function previousMonthStart(date: string): string {
  return `${addDays(`${date.slice(0, 8)}01`, -1).slice(0, 8)}01`;
}

export interface CreditBill {
  /** The last 账单日 on or before today. */
  statementDate: string;
  /** 还款日 of that bill: the first due day after the statement date. */
  dueDate: string;
  /** Days from today to the due date (0 on the day, negative once past). */
  daysLeft: number;
  /** 本期账单: what the card owed at the close of the statement day, less what came in since. */
  billCents: number;
  /** 可用额度: the limit less what the card owes now (never below 0). */
  availableCents: number;
  /** What the card owes now (0 when it is in credit). */
  owedCents: number;
}

/** A credit card's current bill on `today`; null for another account or one without its days. */
export function creditBill(
  wallet: WalletLike,
  entries: readonly EntryLike[],
  transfers: readonly TransferLike[],
  today: string,
): CreditBill | null {
  if (wallet.type !== 'credit' || wallet.statementDay === null || wallet.dueDay === null) {
    return null;
  }
  const thisMonths = dayInMonth(today, wallet.statementDay);
  const statementDate =
    thisMonths <= today ? thisMonths : dayInMonth(previousMonthStart(today), wallet.statementDay);
  const dueThisMonth = dayInMonth(statementDate, wallet.dueDay);
  const dueDate =
    dueThisMonth > statementDate
      ? dueThisMonth
      : dayInMonth(nextMonthStart(statementDate), wallet.dueDay);
  // Newest first: each row's balance is the balance after it.
  const rows = walletLedger(wallet, entries, transfers);
  const opening = toCents(wallet.openingBalance);
  const atStatement = rows.find((r) => r.date <= statementDate)?.balanceCents ?? opening;
  const now = rows[0]?.balanceCents ?? opening;
  const paidSince = rows
    .filter((r) => r.date > statementDate && r.date <= today && r.amountCents > 0)
    .reduce((sum, r) => sum + r.amountCents, 0);
  const owedCents = Math.max(0, -now);
  return {
    statementDate,
    dueDate,
    daysLeft: daysBetween(today, dueDate),
    billCents: Math.max(0, -atStatement - paidSince),
    availableCents: Math.max(0, toCents(wallet.creditLimit) + now),
    owedCents,
  };
}
