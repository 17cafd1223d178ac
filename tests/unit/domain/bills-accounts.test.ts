import { describe, expect, it } from 'vitest';
import {
  billAccountOf,
  entryAccountText,
  matchWallet,
  transferOf,
} from '../../../src/domain/bills/accounts';
import { draftsFromRows } from '../../../src/domain/bills/drafts';
import { type BillRow, decodeCsv, parseBillCsv } from '../../../src/domain/bills/parse';
import {
  importPlan,
  NEW_ACCOUNT,
  NO_ACCOUNT,
  type PlanDraft,
  plannedAccounts,
  resolveAccounts,
} from '../../../src/domain/bills/plan';
import { accountInputSchema } from '../../../src/domain/schemas/account';
import { transferInputSchema } from '../../../src/domain/schemas/transfer';
import { walletInputSchema } from '../../../src/domain/schemas/wallet';
import { alipayTransfersCsvBytes, alipayTransfersCsvText, billRow } from '../../fixtures/bills';
import { storedWallet } from '../../fixtures/records';

// Import maps transfers (issue 61): which 不计收支 / 中性交易 rows are moves between one's own
// accounts, which 账户 a 支付方式 names, and what an import then writes. No date is read:
// every row carries its own.

const noRules = {
  importRules: { expense: {}, income: {} },
  counterparties: { expense: {}, income: {} },
};

const neutral = (patch: Partial<BillRow>) =>
  billRow({ direction: 'neutral', sourceCategory: '', counterparty: '', item: '', ...patch });
const wechat = (patch: Partial<BillRow>) => neutral({ source: 'wechat', ...patch });

describe('transferOf: a move between one’s own accounts, or null', () => {
  it.each([
    [
      '余额宝 topped up from a debit card',
      neutral({
        sourceCategory: '投资理财',
        counterparty: '天弘基金管理有限公司',
        item: '余额宝-单次转入',
        method: '招商银行储蓄卡(1234)',
      }),
      { from: '招商银行储蓄卡(1234)', to: '余额宝' },
    ],
    [
      '余额宝 to a card',
      neutral({ item: '余额宝-转出到招商银行储蓄卡(1234)', method: '余额宝' }),
      { from: '余额宝', to: '招商银行储蓄卡(1234)' },
    ],
    [
      '余额宝 to 余额',
      neutral({ item: '余额宝-转出到余额', method: '余额宝' }),
      { from: '余额宝', to: '余额' },
    ],
    [
      '零钱 topped up (零钱充值) from a card',
      wechat({
        sourceCategory: '零钱充值',
        counterparty: '招商银行(1234)',
        method: '招商银行(1234)',
      }),
      { from: '招商银行(1234)', to: '零钱' },
    ],
    [
      '零钱提现 to a card',
      wechat({
        sourceCategory: '零钱提现',
        counterparty: '招商银行(1234)',
        method: '招商银行(1234)',
      }),
      { from: '零钱', to: '招商银行(1234)' },
    ],
    [
      '零钱 into 零钱通',
      wechat({ sourceCategory: '转入零钱通-来自零钱', method: '零钱' }),
      { from: '零钱', to: '零钱通' },
    ],
    [
      '零钱通 out to a card',
      wechat({ sourceCategory: '零钱通转出-到招商银行(1234)', method: '零钱通' }),
      { from: '零钱通', to: '招商银行(1234)' },
    ],
    [
      'a credit card repaid from 余额宝 (支付宝)',
      neutral({
        sourceCategory: '信用借还',
        counterparty: '招商银行',
        item: '信用卡还款',
        method: '余额宝',
      }),
      { from: '余额宝', to: '招商银行信用卡' },
    ],
    [
      'a credit card named by its last four, repaid from 零钱 (微信)',
      wechat({
        sourceCategory: '信用卡还款',
        counterparty: '招商银行',
        item: '信用卡还款-招商银行信用卡(5678)',
        method: '零钱',
      }),
      { from: '零钱', to: '招商银行信用卡(5678)' },
    ],
    [
      '花呗 repaid from a card',
      neutral({ item: '花呗主动还款-2026年10月账单', method: '招商银行储蓄卡(1234)' }),
      { from: '招商银行储蓄卡(1234)', to: '花呗' },
    ],
    ['余额宝 收益: income from outside, not a move', neutral({ item: '余额宝-收益发放' }), null],
    [
      'a 退款 (不计收支)',
      neutral({ sourceCategory: '退款', item: '退款-余额宝转入', status: '退款成功' }),
      null,
    ],
    [
      'a closed 余额宝 转入',
      neutral({ item: '余额宝-单次转入', method: '账户余额', status: '交易关闭' }),
      null,
    ],
    [
      '余额宝 into 余额宝: one account',
      neutral({ item: '余额宝-单次转入', method: '余额宝' }),
      null,
    ],
    ['a 不计收支 row of another kind', neutral({ sourceCategory: '其他', item: '亲情卡' }), null],
    [
      'an expense naming 余额宝',
      billRow({ item: '余额宝-单次转入', method: '招商银行(1234)' }),
      null,
    ],
    ['a 提现 to no card', wechat({ sourceCategory: '零钱提现', method: '' }), null],
  ] as const)('%s', (_, row, expected) => {
    expect(transferOf(row)).toEqual(expected);
  });
});

describe('draftsFromRows: transfers kept, the rest as before', () => {
  it.each([
    [
      'a 余额宝 转入: kept as a transfer',
      neutral({ item: '余额宝-单次转入', method: '招商银行储蓄卡(1234)' }),
      { skipReason: null, transfer: { from: '招商银行储蓄卡(1234)', to: '余额宝' } },
    ],
    [
      'a 退款 listed as income: stays an income, left out as 退款',
      wechat({ direction: 'income', sourceCategory: '美团-退款', method: '零钱' }),
      { type: 'income', skipReason: '退款', transfer: null },
    ],
    [
      'a 退款 of 不计收支: left out as before',
      neutral({ sourceCategory: '退款', status: '退款成功', method: '余额宝' }),
      { skipReason: '不计收支', transfer: null },
    ],
    [
      'another 中性交易: left out as before',
      wechat({ sourceCategory: '理财通购买' }),
      { skipReason: '中性交易', transfer: null },
    ],
  ] as const)('%s', (_, row, expected) => {
    expect(draftsFromRows([row], noRules)[0]).toMatchObject(expected);
  });
});

describe('billAccountOf: the account a 支付方式 names', () => {
  it.each([
    ['招商银行储蓄卡(1234)', { key: 'card:debit:1234', type: 'debit', lastFour: '1234' }],
    ['招商银行(1234)', { key: 'card:debit:1234', name: '招商银行(1234)', type: 'debit' }],
    ['招商银行信用卡(5678)', { key: 'card:credit:5678', type: 'credit', lastFour: '5678' }],
    ['交通银行信用卡（尾号0042）', { key: 'card:credit:0042', type: 'credit' }],
    ['余额宝', { key: 'alipay:余额宝', name: '余额宝', type: 'alipay' }],
    ['账户余额', { key: 'alipay:余额', name: '支付宝', type: 'alipay' }],
    ['余额', { key: 'alipay:余额', name: '支付宝', type: 'alipay' }],
    ['零钱', { key: 'wechat:零钱', name: '微信', type: 'wechat' }],
    ['零钱通', { key: 'wechat:零钱通', name: '零钱通', type: 'wechat' }],
    ['花呗&红包', { key: 'alipay:花呗', name: '花呗', type: 'credit', text: '花呗' }],
    ['招商银行', { key: 'text:招商银行', name: '招商银行', type: 'debit', lastFour: null }],
    ['招商银行信用卡', { key: 'text:招商银行信用卡', type: 'credit' }],
    ['亲情卡', { key: 'text:亲情卡', type: 'other' }],
  ] as const)('%s', (text, expected) => {
    expect(billAccountOf(text)).toMatchObject(expected);
  });

  it.each(['', '/', '  ', '其他'])('“%s” names none', (text) => {
    expect(billAccountOf(text)).toBeNull();
  });

  it('takes a 微信 income with no 支付方式 to 零钱 when its status says so', () => {
    expect(
      entryAccountText(wechat({ direction: 'income', method: '', status: '已存入零钱' })),
    ).toBe('零钱');
    expect(entryAccountText(billRow({ method: '' }))).toBe('');
  });
});

describe('matchWallet', () => {
  const wallets = [
    storedWallet('ali', { name: '支付宝', type: 'alipay', order: 0 }),
    storedWallet('wx', { name: '微信钱包', type: 'wechat', order: 1 }),
    storedWallet('cmb', { name: '招行 1234', type: 'debit', order: 2 }),
    storedWallet('cmbc', { name: '招行信用卡 1234', type: 'credit', order: 3 }),
    storedWallet('hb', { name: '花呗', type: 'credit', order: 4 }),
    storedWallet('old', { name: '工商银行(9999)', type: 'debit', archived: true, order: 5 }),
    storedWallet('long', { name: '卡12345', type: 'debit', order: 6 }),
  ];
  const match = (text: string, list = wallets, importedId?: string) =>
    matchWallet(billAccountOf(text)!, list, importedId);

  it.each([
    ['a debit card by its last four', '招商银行储蓄卡(1234)', 'cmb'],
    ['a credit card with the same four: the same type wins', '招商银行信用卡(1234)', 'cmbc'],
    ['by name', '花呗', 'hb'],
    ['余额宝: the 支付宝 account', '余额宝', 'ali'],
    ['余额: the 支付宝 account', '账户余额', 'ali'],
    ['零钱: the 微信 account', '零钱', 'wx'],
    ['零钱通: the 微信 account', '零钱通', 'wx'],
    ['no match: none', '建设银行(8888)', null],
    ['an archived account is not matched', '工商银行(9999)', null],
    ['four digits inside a longer number are not a match', '某银行(2345)', null],
    ['a bank without digits and no account of its name', '招商银行', null],
  ])('%s', (_, text, id) => {
    expect(match(text)).toBe(id);
  });

  it('prefers an account named 余额宝 to the 支付宝 type, and an earlier import’s account by id', () => {
    const yuebao = storedWallet('yeb', { name: '余额宝', type: 'alipay', order: 9 });
    expect(match('余额宝', [...wallets, yuebao])).toBe('yeb');
    const renamed = storedWallet('w-abc', { name: '我的卡', type: 'debit' });
    expect(match('建设银行(8888)', [...wallets, renamed], 'w-abc')).toBe('w-abc');
  });
});

describe('importPlan', () => {
  const rows = (() => {
    const parsed = parseBillCsv(alipayTransfersCsvBytes());
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.rows;
  })();
  const kept = (list: readonly BillRow[]): PlanDraft[] =>
    draftsFromRows(list, noRules).filter((d) => d.skipReason === null);
  const ali = storedWallet('ali', { name: '支付宝', type: 'alipay', openingBalance: 1000 });
  const cmb = storedWallet('cmb', { name: '招商银行 1234', type: 'debit', order: 1 });

  it('the file is GBK, as 支付宝 writes it', () => {
    const bytes = alipayTransfersCsvBytes();
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(decodeCsv(bytes)).toBe(alipayTransfersCsvText());
  });

  it('reads the real-format file: two transfers, the 收益 and the 退款 left out', () => {
    const drafts = draftsFromRows(rows, noRules);
    expect(drafts.map((d) => [d.description, d.amountCents, d.skipReason, d.transfer])).toEqual([
      [
        '天弘基金管理有限公司 · 余额宝-单次转入',
        500_00,
        null,
        { from: '招商银行储蓄卡(1234)', to: '余额宝' },
      ],
      ['天弘基金管理有限公司 · 余额宝-收益发放', 52, '不计收支', null],
      ['招商银行 · 信用卡还款', 300_00, null, { from: '余额宝', to: '招商银行信用卡' }],
      ['某数码专营店 · 退款-数据线', 20_00, '不计收支', null],
    ]);
  });

  it('matches the card and 余额宝, and makes the credit card it does not know', () => {
    const drafts = kept(rows);
    const wallets = [ali, cmb];
    const accounts = plannedAccounts(drafts, wallets);
    expect(accounts.map((a) => [a.text, a.matchedId, a.type, a.count])).toEqual([
      ['招商银行储蓄卡(1234)', 'cmb', 'debit', 1],
      ['余额宝', 'ali', 'alipay', 2],
      ['招商银行信用卡', null, 'credit', 1],
    ]);
    const resolved = resolveAccounts(accounts, {}, wallets);
    const plan = importPlan(drafts, accounts, resolved, wallets);
    const card = accounts[2]!.newId;
    expect(card).toMatch(/^w-[a-z0-9]{22}$/);
    expect(plan.wallets).toEqual([
      {
        id: card,
        name: '招商银行信用卡',
        type: 'credit',
        openingBalance: 0,
        archived: false,
        order: 2,
        creditLimit: 0,
        statementDay: 1,
        dueDay: 20,
      },
    ]);
    expect(plan.transfers.map((t) => [t.fromWalletId, t.toWalletId, t.amount, t.date])).toEqual([
      ['cmb', 'ali', 500, '2026-10-05'],
      ['ali', card, 300, '2026-10-08'],
    ]);
    expect(plan.entries).toEqual([]);
    expect(plan.blocked).toEqual([]);
    for (const w of plan.wallets) expect(walletInputSchema.safeParse(w).success).toBe(true);
    for (const t of plan.transfers) expect(transferInputSchema.safeParse(t).success).toBe(true);
    // The same key gets the same id on the next import, so it is matched by it then.
    expect(plannedAccounts(drafts, wallets)[2]!.newId).toBe(card);
  });

  it('with no accounts at all, offers each as new; entries name theirs', () => {
    const entry = billRow({ method: '招商银行储蓄卡(1234)' });
    const drafts = kept([entry, ...rows]);
    const accounts = plannedAccounts(drafts, []);
    expect(accounts.map((a) => [a.name, a.type, a.matchedId])).toEqual([
      ['招商银行储蓄卡(1234)', 'debit', null],
      ['余额宝', 'alipay', null],
      ['招商银行信用卡', 'credit', null],
    ]);
    const plan = importPlan(drafts, accounts, resolveAccounts(accounts, {}, []), []);
    expect(plan.wallets.map((w) => [w.name, w.order])).toEqual([
      ['招商银行储蓄卡(1234)', 0],
      ['余额宝', 1],
      ['招商银行信用卡', 2],
    ]);
    expect(plan.entries).toHaveLength(1);
    expect(plan.entries[0]!.walletId).toBe(accounts[0]!.newId);
    expect(accountInputSchema.safeParse(plan.entries[0]).success).toBe(true);
  });

  it('不指定: an entry gets no account, a transfer is blocked with why; no account is made', () => {
    const entry = billRow({ method: '余额宝' });
    const drafts = kept([entry, rows[0]!]);
    const accounts = plannedAccounts(drafts, [cmb]);
    const picks = { 'alipay:余额宝': NO_ACCOUNT };
    const plan = importPlan(drafts, accounts, resolveAccounts(accounts, picks, [cmb]), [cmb]);
    expect(plan.entries.map((e) => e.walletId)).toEqual([null]);
    expect(plan.transfers).toEqual([]);
    expect(plan.wallets).toEqual([]);
    expect(plan.blocked).toEqual([
      {
        id: drafts[1]!.id,
        message: '转账需要转出和转入两个账户：请为「余额宝」选择账户或新建，或不导入这一行',
      },
    ]);
  });

  it('a transfer whose two sides became one account is blocked', () => {
    const drafts = kept([rows[0]!]);
    const accounts = plannedAccounts(drafts, [ali, cmb]);
    const picks = { 'card:debit:1234': 'ali' };
    const plan = importPlan(drafts, accounts, resolveAccounts(accounts, picks, [ali, cmb]), [
      ali,
      cmb,
    ]);
    expect(plan.transfers).toEqual([]);
    expect(plan.blocked[0]!.message).toBe(
      '转出和转入都是「支付宝」：请为「招商银行储蓄卡(1234)」或「余额宝」另选账户，或不导入这一行',
    );
  });

  it('the user’s pick wins over the match, and 新建 over an existing account', () => {
    const drafts = kept([rows[0]!]);
    const accounts = plannedAccounts(drafts, [ali, cmb]);
    const picks = { 'card:debit:1234': NEW_ACCOUNT };
    const plan = importPlan(drafts, accounts, resolveAccounts(accounts, picks, [ali, cmb]), [
      ali,
      cmb,
    ]);
    expect(plan.wallets.map((w) => [w.name, w.type])).toEqual([['招商银行储蓄卡(1234)', 'debit']]);
    expect(plan.transfers[0]).toMatchObject({
      fromWalletId: accounts[0]!.newId,
      toWalletId: 'ali',
    });
  });

  it('a new 信用卡 takes the days the user set', () => {
    const drafts = kept([rows[2]!]);
    const accounts = plannedAccounts(drafts, [ali]);
    const plan = importPlan(drafts, accounts, resolveAccounts(accounts, {}, [ali]), [ali], {
      'text:招商银行信用卡': { statementDay: 5, dueDay: 23 },
    });
    expect(plan.wallets[0]).toMatchObject({ type: 'credit', statementDay: 5, dueDay: 23 });
  });
});
