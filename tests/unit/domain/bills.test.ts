import { describe, expect, it } from 'vitest';
import {
  categoryFor,
  draftsFromRows,
  draftToInput,
  type ImportDraft,
  rememberCounterparties,
} from '../../../src/domain/bills/drafts';
import {
  type BillRow,
  decodeCsv,
  parseAmountCents,
  parseBillCsv,
  parseBillFile,
  parseBillXlsx,
} from '../../../src/domain/bills/parse';
import { accountInputSchema } from '../../../src/domain/schemas/account';
import { DEFAULT_SETTINGS } from '../../../src/domain/schemas/default-settings';
import {
  alipayCsvBytes,
  alipayCsvText,
  billRow,
  encodeGbk,
  wechatCsvBytes,
  wechatXlsxBytes,
} from '../../fixtures/bills';

const rules = {
  importRules: DEFAULT_SETTINGS.importRules,
  counterparties: DEFAULT_SETTINGS.counterparties,
};

function rowsOf(parsed: Awaited<ReturnType<typeof parseBillFile>>): BillRow[] {
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows;
}

/** What a preview shows per row: amount, type, category, included or why not. */
const summary = (drafts: ImportDraft[]) =>
  drafts.map((d) => [d.description, d.amountCents, d.type, d.category, d.skipReason]);

describe('支付宝 CSV', () => {
  it('is GBK: the bytes are not UTF-8, and decode back to the text', () => {
    const bytes = alipayCsvBytes();
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(decodeCsv(bytes)).toBe(alipayCsvText());
  });

  it('skips the header block and reads every transaction, tabs and quotes handled', () => {
    const parsed = parseBillCsv(alipayCsvBytes());
    expect(parsed.ok && parsed.source).toBe('alipay');
    expect(parsed.ok && parsed.problems).toEqual([]);
    const rows = rowsOf(parsed);
    expect(rows).toHaveLength(9);
    // billRow is the fixture file's first row: a 支付宝 expense, 牛肉面 at 老王面馆 for 28.50.
    expect(rows[0]).toEqual(billRow({ line: 18, merchantOrderNo: 'M20261027123000001' }));
    expect(rows[1]!.item).toBe('纸巾,两包');
    expect(rows.map((r) => r.direction)).toEqual([
      'expense',
      'expense',
      'expense',
      'neutral',
      'expense',
      'expense',
      'expense',
      'income',
      'neutral',
    ]);
  });

  it('maps to drafts: rules, 不计收支 and closed rows left out, a refund taken off its payment', () => {
    const drafts = draftsFromRows(rowsOf(parseBillCsv(alipayCsvBytes())), rules);
    expect(summary(drafts)).toEqual([
      ['老王面馆 · 牛肉面', 28_50, 'expense', 'dining', null],
      ['便利店 · 纸巾,两包', 9_00, 'expense', 'shopping', null],
      ['优衣库官方旗舰店 · 羊毛衫', 149_00, 'expense', 'shopping', null],
      // 退款's 交易分类 names nothing; the shop's name does (the row is left out anyway).
      ['优衣库官方旗舰店 · 退款-羊毛衫', 50_00, 'expense', 'shopping', '退款（已从原交易扣除）'],
      ['某数码专营店 · 耳机', 399_00, 'expense', 'shopping', '交易关闭'],
      ['滴滴出行 · 打车', 1000_00, 'expense', 'transport', null],
      ['滴滴出行 · 打车', 400_00, 'expense', 'transport', null],
      ['李四 · 还钱', 500_00, 'income', 'gift', null],
      ['余额宝 · 余额宝-收益发放', 1000_00, 'expense', 'other', '不计收支'],
    ]);
  });

  it('keeps two payments under one order number apart, and gives the same ids every time', () => {
    const first = draftsFromRows(rowsOf(parseBillCsv(alipayCsvBytes())), rules);
    const again = draftsFromRows(rowsOf(parseBillCsv(alipayCsvBytes())), rules);
    expect(again.map((d) => d.id)).toEqual(first.map((d) => d.id));
    expect(new Set(first.map((d) => d.id)).size).toBe(first.length);
    expect(first[5]!.row.orderNo).toBe(first[6]!.row.orderNo);
    expect(first[5]!.id).not.toBe(first[6]!.id);
    for (const d of first) expect(d.id).toMatch(/^alipay-[a-z0-9]{22}$/);
  });
});

describe('微信支付 CSV and XLSX', () => {
  // 商户消费 and 扫二维码付款 name no category: the counterparty and the goods do (keywords.ts).
  const expected = [
    ['便利蜂 · 早餐,咖啡', 23_50, 'expense', 'dining', null],
    ['美团 · 外卖', 60_00, 'expense', 'dining', null],
    ['美团', 20_00, 'income', 'other', '退款'],
    ['某服装店 · 外套', 299_00, 'expense', 'other', '已全额退款'],
    ['朋友', 88_00, 'income', 'gift', null],
    // 零钱提现 to one's own card: a 转账 (issue 61), kept, never income or expense.
    ['招商银行(1234)', 100_00, 'expense', 'other', null],
    ['早餐摊', 5_00, 'expense', 'dining', null],
    ['早餐摊', 45_00, 'expense', 'dining', null],
  ];

  it('reads the UTF-8 CSV with its BOM: ¥ amounts, / as empty, a partial refund netted', async () => {
    const parsed = await parseBillFile(wechatCsvBytes());
    expect(parsed.ok && parsed.source).toBe('wechat');
    const rows = rowsOf(parsed);
    expect(rows[0]).toMatchObject({
      orderNo: '4200002026102700001',
      merchantOrderNo: '10000001',
      note: '',
      amountCents: 23_50,
      item: '早餐,咖啡',
    });
    const drafts = draftsFromRows(rows, rules);
    expect(summary(drafts)).toEqual(expected);
    expect(drafts.map((d) => d.transfer)).toEqual([
      ...Array(5).fill(null),
      { from: '零钱', to: '招商银行(1234)' },
      null,
      null,
    ]);
  });

  it('reads the XLSX to the same drafts, with the same ids', async () => {
    const bytes = wechatXlsxBytes();
    expect(bytes[0]).toBe(0x50);
    const fromXlsx = draftsFromRows(rowsOf(await parseBillXlsx(bytes)), rules);
    const fromCsv = draftsFromRows(rowsOf(await parseBillFile(wechatCsvBytes())), rules);
    expect(summary(fromXlsx)).toEqual(expected);
    expect(fromXlsx.map((d) => d.id)).toEqual(fromCsv.map((d) => d.id));
    expect(fromXlsx[6]!.id).not.toBe(fromXlsx[7]!.id);
  });

  it('says so when an XLSX is not a bill', async () => {
    const parsed = await parseBillFile(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]));
    expect(parsed.ok).toBe(false);
  });
});

describe('rows that cannot be read', () => {
  it('names a file without a bill table', async () => {
    const parsed = await parseBillFile(encodeGbk('随便一个文件,没有表格\r\n1,2,3\r\n'));
    expect(parsed).toEqual({ ok: false, message: expect.stringContaining('没有找到账单表格') });
  });

  it('reports a transaction whose amount is unreadable instead of dropping it silently', () => {
    const text = alipayCsvText().replace(',28.50,', ',28.5x,');
    const parsed = parseBillCsv(encodeGbk(text));
    expect(parsed.ok && parsed.problems).toEqual([{ line: 18, message: '无法识别的金额“28.5x”' }]);
    expect(rowsOf(parsed)).toHaveLength(8);
  });

  it.each([
    ['¥1,234.50', 123450],
    ['￥0.1', 10],
    [' 12 ', 1200],
    ['12.345', null],
    ['-5.00', null],
    ['', null],
  ])('amount %j → %s cents', (text, cents) => {
    expect(parseAmountCents(text)).toBe(cents);
  });
});

describe('categories: the rule table and the counterparty memory', () => {
  it('a remembered counterparty wins over the user’s rule, which wins over the default', () => {
    // Parsed in the test, not the describe block: a parser that throws must fail a test, not
    // the file's collection (which a mutation run would not count).
    const row = rowsOf(parseBillCsv(alipayCsvBytes()))[0]!;
    expect(categoryFor('expense', row, rules)).toBe('dining');
    const mine = {
      ...rules,
      importRules: { expense: { 餐饮美食: 'entertainment' as const }, income: {} },
    };
    expect(categoryFor('expense', row, mine)).toBe('entertainment');
    const remembered = rememberCounterparties(DEFAULT_SETTINGS.counterparties, [
      { type: 'expense', counterparty: '老王面馆', category: 'other' },
    ]);
    expect(categoryFor('expense', row, { ...mine, counterparties: remembered })).toBe('other');
  });

  it('forgets the oldest name beyond the cap', () => {
    let memory = DEFAULT_SETTINGS.counterparties;
    const choices = Array.from({ length: 5001 }, (_, i) => ({
      type: 'expense' as const,
      counterparty: `店${i}`,
      category: 'dining',
    }));
    memory = rememberCounterparties(memory, choices);
    expect(Object.keys(memory.expense)).toHaveLength(5000);
    expect(memory.expense.店0).toBeUndefined();
    expect(memory.expense.店5000).toBe('dining');
  });
});

describe('draftToInput', () => {
  it('makes a record the server accepts, amount exact', async () => {
    const drafts = draftsFromRows(rowsOf(await parseBillFile(wechatCsvBytes())), rules);
    const input = draftToInput(drafts[1]!);
    expect(input).toMatchObject({ amount: 60, type: 'expense', date: '2026-10-26' });
    expect(accountInputSchema.safeParse(input).success).toBe(true);
    expect(draftToInput({ ...drafts[0]!, amountCents: 29 }).amount).toBe(0.29);
  });
});
