import type { AccountInput } from '../schemas/account';
import type { TransferInput } from '../schemas/transfer';
import type { Wallet, WalletInput } from '../schemas/wallet';
import {
  type BillAccount,
  type BillTransfer,
  billAccountOf,
  entryAccountText,
  importedWalletId,
  matchWallet,
} from './accounts';
import { draftToInput, hashText, type ImportDraft } from './drafts';

// What an import writes, from the rows the user keeps and the 账户 they chose for each account
// the bill names: the new 账户 first, then the 记账 entries (each with its walletId) and the
// 转账. Pure: the caller passes the user's accounts in, and nothing here reads the clock.

/** A pick for a bill's account: an existing account's id, NEW_ACCOUNT or NO_ACCOUNT. */
export type AccountPick = string;
/** Make a new account for it (':' is never in an id). */
export const NEW_ACCOUNT = ':new';
/** 不指定: entries get no account; a 转账 cannot be written without its two. */
export const NO_ACCOUNT = '';

/** A row as the preview ends with it: the user's type and category, included. */
export type PlanDraft = Omit<ImportDraft, 'skipReason'>;

/** A bill's account, with how many kept rows name it and what it matched. */
export interface PlannedAccount extends BillAccount {
  count: number;
  /** The user's account it is, or null when none is (it is then offered as a new one). */
  matchedId: string | null;
  /** The id a new account made for it gets (the same on every import of it). */
  newId: string;
}

type WalletLike = Pick<Wallet, 'id' | 'name' | 'type' | 'archived' | 'order'>;

/** The account texts a row names: its 支付方式, or a 转账's two sides. */
function textsOf(d: Pick<PlanDraft, 'row' | 'transfer'>): string[] {
  return d.transfer ? [d.transfer.from, d.transfer.to] : [entryAccountText(d.row)];
}

/** Every account the kept rows name, in the order first named, each matched or not. */
export function plannedAccounts(
  drafts: readonly Pick<PlanDraft, 'row' | 'transfer'>[],
  wallets: readonly WalletLike[],
): PlannedAccount[] {
  const byKey = new Map<string, PlannedAccount>();
  for (const d of drafts) {
    for (const text of textsOf(d)) {
      const account = billAccountOf(text);
      if (!account) continue;
      const known = byKey.get(account.key);
      if (known) {
        known.count += 1;
        continue;
      }
      const newId = importedWalletId(account.key, hashText);
      byKey.set(account.key, {
        ...account,
        count: 1,
        matchedId: matchWallet(account, wallets, newId),
        newId,
      });
    }
  }
  return [...byKey.values()];
}

/** What a bill's account becomes: an account (existing or new), or none. */
export interface ResolvedAccount {
  walletId: string;
  name: string;
  isNew: boolean;
}

/** The pick in force for `account`: the user's, else its match, else a new account. */
export function pickOf(account: PlannedAccount, picks: Readonly<Record<string, AccountPick>>) {
  return picks[account.key] ?? account.matchedId ?? NEW_ACCOUNT;
}

/** Each bill account's key → the account it becomes (null: 不指定). */
export function resolveAccounts(
  accounts: readonly PlannedAccount[],
  picks: Readonly<Record<string, AccountPick>>,
  wallets: readonly WalletLike[],
): Map<string, ResolvedAccount | null> {
  const resolved = new Map<string, ResolvedAccount | null>();
  for (const account of accounts) {
    const pick = pickOf(account, picks);
    const wallet = wallets.find((w) => w.id === pick);
    if (pick === NEW_ACCOUNT) {
      resolved.set(account.key, { walletId: account.newId, name: account.name, isNew: true });
    } else if (wallet) {
      resolved.set(account.key, { walletId: wallet.id, name: wallet.name, isNew: false });
    } else resolved.set(account.key, null);
  }
  return resolved;
}

/** The account a text becomes; null for none (no text, or 不指定). */
function accountFor(text: string, resolved: ReadonlyMap<string, ResolvedAccount | null>) {
  const account = billAccountOf(text);
  return account ? (resolved.get(account.key) ?? null) : null;
}

/** A 转账 row's two sides as they will be written, or why it cannot be. */
export function transferSides(
  transfer: BillTransfer,
  resolved: ReadonlyMap<string, ResolvedAccount | null>,
):
  | { ok: true; from: ResolvedAccount; to: ResolvedAccount }
  | { ok: false; from: ResolvedAccount | null; to: ResolvedAccount | null; message: string } {
  const from = accountFor(transfer.from, resolved);
  const to = accountFor(transfer.to, resolved);
  if (!from || !to) {
    const missing = !from ? transfer.from : transfer.to;
    return {
      ok: false,
      from,
      to,
      message: `转账需要转出和转入两个账户：请为「${missing}」选择账户或新建，或不导入这一行`,
    };
  }
  if (from.walletId === to.walletId) {
    return {
      ok: false,
      from,
      to,
      message: `转出和转入都是「${from.name}」：请为「${transfer.from}」或「${transfer.to}」另选账户，或不导入这一行`,
    };
  }
  return { ok: true, from, to };
}

/** Days a new 信用卡 starts with; the user sets them in the preview, or later on the account. */
export interface CreditDays {
  statementDay: number;
  dueDay: number;
}

/** 花呗 bills on the 1st, due the 10th; a bank card gets the 1st and the 20th to start from. */
export function defaultCreditDays(account: Pick<BillAccount, 'key'>): CreditDays {
  return account.key === 'alipay:花呗'
    ? { statementDay: 1, dueDay: 10 }
    : { statementDay: 1, dueDay: 20 };
}

export interface ImportPlan {
  /** New 账户, written first: the entries and transfers name them. */
  wallets: (WalletInput & { id: string })[];
  entries: (AccountInput & { id: string })[];
  transfers: (TransferInput & { id: string })[];
  /** Kept rows that cannot be written as they stand, with why (shown on the row). */
  blocked: { id: string; message: string }[];
}

/**
 * What importing the kept rows writes. An entry names the account of its 支付方式 (none when
 * 不指定); a 转账 needs two different accounts, or it is blocked with a message. A new account
 * is made only when a written row names it, ordered after the user's accounts.
 */
export function importPlan(
  drafts: readonly PlanDraft[],
  accounts: readonly PlannedAccount[],
  resolved: ReadonlyMap<string, ResolvedAccount | null>,
  wallets: readonly WalletLike[],
  creditDays: Readonly<Record<string, CreditDays>> = {},
): ImportPlan {
  const plan: ImportPlan = { wallets: [], entries: [], transfers: [], blocked: [] };
  const used = new Set<string>();
  for (const d of drafts) {
    if (d.transfer) {
      const sides = transferSides(d.transfer, resolved);
      if (!sides.ok) {
        plan.blocked.push({ id: d.id, message: sides.message });
        continue;
      }
      used.add(sides.from.walletId).add(sides.to.walletId);
      plan.transfers.push({
        id: d.id,
        fromWalletId: sides.from.walletId,
        toWalletId: sides.to.walletId,
        amount: d.amountCents / 100,
        fee: 0,
        date: d.row.date,
        note: d.description,
        tags: [],
      });
    } else {
      const account = accountFor(entryAccountText(d.row), resolved);
      if (account) used.add(account.walletId);
      plan.entries.push(draftToInput(d, account?.walletId ?? null));
    }
  }
  let order = Math.max(-1, ...wallets.map((w) => w.order)) + 1;
  for (const account of accounts) {
    const r = resolved.get(account.key);
    if (!r?.isNew || !used.has(r.walletId)) continue;
    const days =
      account.type === 'credit' ? (creditDays[account.key] ?? defaultCreditDays(account)) : null;
    plan.wallets.push({
      id: r.walletId,
      name: account.name,
      type: account.type,
      openingBalance: 0,
      archived: false,
      order: order++,
      creditLimit: 0,
      statementDay: days?.statementDay ?? null,
      dueDay: days?.dueDay ?? null,
    });
  }
  return plan;
}
