import { describe, expect, it } from 'vitest';
import { ledgerTotals } from '../../../src/domain/accounting';
import { monthReport } from '../../../src/domain/budget';
import { DEFAULT_SETTINGS } from '../../../src/domain/schemas/default-settings';
import { transferInputSchema } from '../../../src/domain/schemas/transfer';
import { walletInputSchema } from '../../../src/domain/schemas/wallet';
import { dashboardStats } from '../../../src/domain/stats';
import { dayMoney, monthSpentCents } from '../../../src/domain/today';
import {
  balancesFromSums,
  creditBill,
  feeEntryFor,
  isAdjustment,
  walletBalances,
  walletLedger,
  walletSums,
  walletTotals,
} from '../../../src/domain/wallets';
import { storedExpense, storedTransfer, storedWallet } from '../../fixtures/records';

// 账户 (issue 61): src/domain/wallets.ts. Dates are fixed: nothing here reads the clock.

const alipay = storedWallet('ali', { name: '支付宝', openingBalance: 1000 });
const bank = storedWallet('cmb', { name: '招商银行', type: 'debit', openingBalance: 5000 });
const card = storedWallet('card', {
  name: '招行信用卡',
  type: 'credit',
  openingBalance: 0,
  creditLimit: 10_000,
  statementDay: 5,
  dueDay: 23,
});

const spend = (id: string, walletId: string | null, amount: number, date = '2026-12-01') =>
  storedExpense(id, { walletId, amount, date, category: 'dining' });
const earn = (id: string, walletId: string, amount: number, date = '2026-12-01') =>
  storedExpense(id, { walletId, amount, date, type: 'income', category: 'salary' });
const move = (id: string, from: string, to: string, amount: number, date = '2026-12-02', fee = 0) =>
  storedTransfer(id, { fromWalletId: from, toWalletId: to, amount, date, fee });

/** The entries the app holds for these transfers: their fees, as 手续费 expenses. */
const feesOf = (transfers: ReturnType<typeof move>[]) =>
  transfers.flatMap((t) => {
    const fee = feeEntryFor(t);
    return fee ? [storedExpense(fee.id, fee)] : [];
  });

describe('walletBalances', () => {
  const cases: [string, ReturnType<typeof spend>[], ReturnType<typeof move>[], number, number][] = [
    ['the opening balances alone', [], [], 100_000, 500_000],
    ['an expense from 支付宝', [spend('e1', 'ali', 12.5)], [], 98_750, 500_000],
    ['an income into 招商银行', [earn('i1', 'cmb', 0.1)], [], 100_000, 500_010],
    ['an entry without an account moves nothing', [spend('e1', null, 99)], [], 100_000, 500_000],
    ['a transfer', [], [move('t1', 'cmb', 'ali', 500)], 150_000, 450_000],
    // The fee is the 手续费 entry from the 转出账户, so it is taken once.
    [
      'a transfer with a fee',
      [],
      [move('t1', 'cmb', 'ali', 500, '2026-12-02', 2.5)],
      150_000,
      449_750,
    ],
    ['an adjustment up', [], [move('t1', '', 'ali', 0.07)], 100_007, 500_000],
    ['an adjustment down', [], [move('t1', 'cmb', '', 4000)], 100_000, 100_000],
    [
      'all of them together',
      [spend('e1', 'ali', 12.5), earn('i1', 'cmb', 8000)],
      [move('t1', 'cmb', 'ali', 500, '2026-12-02', 1), move('t2', 'ali', '', 0.5)],
      148_700,
      1_249_900,
    ],
  ];
  it.each(cases)('%s', (_name, entries, transfers, ali, cmb) => {
    const balances = walletBalances([alipay, bank], [...entries, ...feesOf(transfers)], transfers);
    expect(balances.get('ali')).toBe(ali);
    expect(balances.get('cmb')).toBe(cmb);
    // The same from the entries' sums as the dashboard keeps them (a plain object, stored).
    const sums = Object.fromEntries(walletSums([...entries, ...feesOf(transfers)]));
    const kept = balancesFromSums([alipay, bank], JSON.parse(JSON.stringify(sums)), transfers);
    expect(kept).toEqual(balances);
  });

  it('totals 资产 from positive balances and 负债 from cards and negative ones', () => {
    const balances = walletBalances(
      [alipay, bank, card, storedWallet('cash', { type: 'cash', openingBalance: -20 })],
      [spend('e1', 'card', 300)],
      [],
    );
    expect(walletTotals(balances)).toEqual({
      assetsCents: 600_000,
      liabilitiesCents: 32_000,
      netCents: 568_000,
    });
  });
});

describe('walletLedger', () => {
  it('gives every row the balance after it, newest first, adjustments named', () => {
    const rows = walletLedger(
      alipay,
      [spend('e2', 'ali', 12.5, '2026-12-03'), spend('e1', 'ali', 100, '2026-12-01')],
      [move('t1', 'cmb', 'ali', 500, '2026-12-02'), move('t2', '', 'ali', 0.5, '2026-12-03')],
    );
    expect(rows.map((r) => [r.id, r.kind, r.amountCents, r.balanceCents])).toEqual([
      ['t2', 'adjustment', 50, 138_800],
      ['e2', 'expense', -1250, 138_750],
      ['t1', 'transferIn', 50_000, 140_000],
      ['e1', 'expense', -10_000, 90_000],
    ]);
    expect(rows.find((r) => r.id === 't1')?.otherWalletId).toBe('cmb');
  });
});

describe('creditBill', () => {
  // statementDay 5, dueDay 23 unless a case says otherwise.
  const cases: [string, Partial<typeof card>, string, string, string, number, number][] = [
    // name, card fields, today, statement date, due date, days left, bill (cents)
    ['the day before the statement day', {}, '2026-12-04', '2026-11-05', '2026-11-23', -11, 20_000],
    ['on the statement day', {}, '2026-12-05', '2026-12-05', '2026-12-23', 18, 50_000],
    ['after it', {}, '2026-12-20', '2026-12-05', '2026-12-23', 3, 50_000],
    [
      'a due day before the statement day is next month',
      { dueDay: 2 },
      '2026-12-06',
      '2026-12-05',
      '2027-01-02',
      27,
      50_000,
    ],
    [
      'statement day 28 on 1 March',
      { statementDay: 28, dueDay: 15 },
      '2027-03-01',
      '2027-02-28',
      '2027-03-15',
      14,
      80_000,
    ],
    [
      'statement day 28 on 31 December',
      { statementDay: 28, dueDay: 15 },
      '2026-12-31',
      '2026-12-28',
      '2027-01-15',
      15,
      80_000,
    ],
    [
      'statement day 28 on 27 January',
      { statementDay: 28, dueDay: 15 },
      '2027-01-27',
      '2026-12-28',
      '2027-01-15',
      -12,
      80_000,
    ],
  ];
  // 200 on 1 Nov, 300 on 5 Dec, 300 on 10 Dec; 100 repaid on 12 Dec.
  const entries = [
    spend('e1', 'card', 200, '2026-11-01'),
    spend('e2', 'card', 300, '2026-12-05'),
    spend('e3', 'card', 300, '2026-12-10'),
  ];
  it.each(cases)('%s', (_name, fields, today, statementDate, dueDate, daysLeft, billCents) => {
    const bill = creditBill({ ...card, ...fields }, entries, [], today);
    expect(bill).toMatchObject({ statementDate, dueDate, daysLeft, billCents });
  });

  it('takes what was repaid since the statement off the bill, and shows 可用额度', () => {
    const repaid = [move('t1', 'cmb', 'card', 100, '2026-12-12')];
    expect(creditBill(card, entries, repaid, '2026-12-20')).toMatchObject({
      billCents: 40_000,
      owedCents: 70_000,
      availableCents: 930_000,
    });
    const paidOff = [move('t1', 'cmb', 'card', 900, '2026-12-12')];
    expect(creditBill(card, entries, paidOff, '2026-12-20')).toMatchObject({
      billCents: 0,
      owedCents: 0,
      availableCents: 1_010_000,
    });
  });

  it('is null for an account that is not a credit card', () => {
    expect(creditBill(alipay, [], [], '2026-12-20')).toBeNull();
  });
});

describe('transfers and adjustments in the totals', () => {
  // What the screens sum: the entries, which hold a transfer's fee and nothing else of it.
  const transfers = [
    move('t1', 'cmb', 'ali', 500, '2026-12-02', 2),
    move('t2', '', 'ali', 300, '2026-12-02'),
    move('t3', 'ali', '', 40, '2026-12-02'),
  ];
  const entries = [spend('e1', 'ali', 12.5, '2026-12-02'), ...feesOf(transfers)];

  it('books only the fee, as an expense of 手续费 from the 转出账户', () => {
    expect(feesOf(transfers).map((e) => [e.type, e.category, e.amount, e.walletId])).toEqual([
      ['expense', 'fee', 2, 'cmb'],
    ]);
    expect(transfers.map(isAdjustment)).toEqual([false, true, true]);
  });

  it.each([
    ['ledgerTotals', () => ledgerTotals(entries).expenseCents],
    ['ledgerTotals income', () => ledgerTotals(entries).incomeCents + 1450],
    ['monthReport', () => monthReport(entries, '2026-12', DEFAULT_SETTINGS).expenseCents],
    ['dayMoney', () => dayMoney(entries, '2026-12-02').expenseCents],
    ['monthSpentCents', () => monthSpentCents(entries, '2026-12-02')],
    [
      'dashboardStats',
      () =>
        dashboardStats(
          { accounts: entries, workouts: [], tasks: [], timeRecords: [], assets: [] },
          '2026-12-02',
        ).expenseCents,
    ],
  ])('%s counts 12.50 + the 2.00 fee', (_name, total) => {
    expect(total()).toBe(1450);
  });
});

describe('schemas', () => {
  it.each([
    [{ name: '信用卡', type: 'credit' }, ['请填写账单日', '请填写还款日']],
    [{ name: '', type: 'cash' }, ['请填写账户名称']],
    [
      { name: '卡', type: 'credit', statementDay: 29, dueDay: 0 },
      ['账单日须在 1–28 日之间', '还款日须在 1–28 日之间'],
    ],
    [{ name: '现金', type: 'cash', openingBalance: 0.001 }, ['金额最多两位小数']],
    [{ name: '现金', type: 'bank' }, ['账户类型无效']],
  ])('refuses a wallet %j in Chinese', (input, messages) => {
    const result = walletInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(messages);
  });

  it.each([
    [{ fromWalletId: 'a', toWalletId: 'a' }, ['转出和转入账户不能相同']],
    [{ fromWalletId: '', toWalletId: '' }, ['请选择转出账户', '请选择转入账户']],
    [{ fromWalletId: 'a', toWalletId: 'b', amount: 0 }, ['金额必须大于 0']],
  ])('refuses a transfer %j in Chinese', (fields, messages) => {
    const input = { amount: 5, date: '2026-12-02', ...fields };
    const result = transferInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(messages);
  });

  it('takes a wallet and a transfer without the optional fields', () => {
    expect(walletInputSchema.parse({ name: '现金', type: 'cash' })).toMatchObject({
      openingBalance: 0,
      archived: false,
      creditLimit: 0,
      statementDay: null,
    });
    const t = transferInputSchema.parse({
      fromWalletId: 'a',
      toWalletId: 'b',
      amount: 5,
      date: '2026-12-02',
    });
    expect(t).toMatchObject({ fee: 0, note: '', tags: [] });
  });
});
