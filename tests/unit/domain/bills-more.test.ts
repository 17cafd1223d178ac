import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import {
  draftsFromRows,
  type ImportRules,
  rememberCounterparties,
  ruleCategory,
  sourceCategories,
} from '../../../src/domain/bills/drafts';
import {
  type BillRow,
  billSourceLabels,
  type ParsedBill,
  parseBillCsv,
  parseBillFile,
  parseBillXlsx,
} from '../../../src/domain/bills/parse';
import { billRow, encodeGbk } from '../../fixtures/bills';

// The bill import's edges, beyond the two fixture files of bills.test.ts: how a table is found
// and read, which rows are reported, and how refunds, ids, rules and the counterparty memory
// behave on rows written out here.

const NO_TABLE =
  '没有找到账单表格（缺少“交易时间”“收/支”“金额”列），请选择支付宝或微信支付导出的账单文件';

const noRules: ImportRules = {
  importRules: { expense: {}, income: {} },
  counterparties: { expense: {}, income: {} },
};

/** A UTF-8 CSV file of these lines. */
const utf8 = (...lines: string[]) => new TextEncoder().encode(lines.join('\n'));

function ok(parsed: ParsedBill) {
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed;
}

const row = billRow;

it('names both sources in Chinese', () => {
  expect(billSourceLabels).toEqual({ alipay: '支付宝', wechat: '微信支付' });
});

describe('finding the table', () => {
  it.each([
    ['no 金额 column', '交易时间,收/支,交易对方'],
    ['no 收/支 column', '交易时间,金额,交易对方'],
    ['no 交易时间 column', '收/支,金额,交易对方'],
  ])('needs every one of 交易时间, 收/支 and 金额: %s', (_, header) => {
    const parsed = parseBillCsv(utf8(header, '2026-10-27 12:30:05,支出,老王面馆'));
    expect(parsed).toEqual({ ok: false, message: NO_TABLE });
  });

  it.each(['交易时间,收/支,金额', '交易创建时间,收/支,金额(元)', '付款时间,收/支,金额（元）'])(
    'takes any of the names the apps give a column: %s',
    (header) => {
      const parsed = ok(parseBillCsv(utf8(header, '2026-10-27 12:30:05,支出,28.50')));
      expect(parsed.rows.map((r) => [r.date, r.direction, r.amountCents])).toEqual([
        ['2026-10-27', 'expense', 28_50],
      ]);
    },
  );

  it.each([
    ['交易订单号', '微信', 'alipay'],
    ['交易分类', '微信', 'alipay'],
    ['收/付款方式', '微信', 'alipay'],
    ['交易单号', '', 'wechat'],
    ['交易类型', '', 'wechat'],
    ['当前状态', '', 'wechat'],
    ['备注', '', 'alipay'],
    ['备注', '微信支付账单明细', 'wechat'],
  ])('a table with the column %s, %j in its header block, is from %s', (column, above, source) => {
    const parsed = parseBillCsv(
      utf8(above, `交易时间,收/支,金额,${column}`, '2026-10-27,支出,1.00,x'),
    );
    expect(ok(parsed).source).toBe(source);
  });

  it('takes an XLSX table without telling columns as 微信支付’s', async () => {
    const parsed = ok(
      await parseBillXlsx(
        xlsx([
          ['交易时间', '收/支', '金额'],
          ['2026-10-27', '支出', '1.00'],
        ]),
      ),
    );
    expect(parsed.source).toBe('wechat');
  });
});

describe('reading rows', () => {
  it('leaves the columns a table lacks, and the cells a short row lacks, empty', () => {
    const parsed = ok(
      parseBillCsv(
        utf8(
          '交易时间,收/支,金额,交易对方,商品说明,备注',
          '2026-10-27 12:30:05,支出,28.50,老王面馆,牛肉面,加辣',
          '2026-10-28 08:00:00,收入,100',
        ),
      ),
    );
    expect(parsed.rows).toMatchObject([
      { counterparty: '老王面馆', item: '牛肉面', note: '加辣', sourceCategory: '', method: '' },
      { counterparty: '', item: '', note: '', direction: 'income', amountCents: 100_00 },
    ]);
    expect(parsed.rows[0]).toMatchObject({ status: '', orderNo: '', merchantOrderNo: '' });
  });

  it.each([
    ['2026-10-27 12:30:05', '2026-10-27'],
    ['2026/3/5 8:05', '2026-03-05'],
    ['2026.03.05', '2026-03-05'],
    ['2026年3月5日 08:05', '2026-03-05'],
  ])('reads the date of %j as %s', (time, date) => {
    const parsed = ok(parseBillCsv(utf8('交易时间,收/支,金额', `${time},支出,1.00`)));
    expect(parsed.rows.map((r) => [r.time, r.date])).toEqual([[time, date]]);
  });

  it.each([
    ['支出', 'expense'],
    ['收入', 'income'],
    ['不计收支', 'neutral'],
    ['/', 'neutral'],
    ['', 'neutral'],
  ])('reads 收/支 %j as %s', (text, direction) => {
    const parsed = ok(parseBillCsv(utf8('交易时间,收/支,金额', `2026-10-27,${text},1.00`)));
    expect(parsed.rows[0]!.direction).toBe(direction);
  });

  it('reports a row with an amount but no readable time, and passes over other lines quietly', () => {
    const parsed = ok(
      parseBillCsv(
        utf8(
          '交易时间,收/支,金额',
          '2026-10-27 12:30:05,支出,28.50',
          '昨天,支出,12.50',
          '备注2026-10-27,支出,3.00',
          '------------------------',
          '共2笔记录,版本 1.5,',
          '',
        ),
      ),
    );
    expect(parsed.rows.map((r) => r.line)).toEqual([2]);
    expect(parsed.problems).toEqual([
      { line: 3, message: '无法识别的交易时间“昨天”' },
      { line: 4, message: '无法识别的交易时间“备注2026-10-27”' },
    ]);
  });

  it('counts lines from the top of the file, header block included', () => {
    const parsed = ok(
      parseBillCsv(
        utf8(
          '导出信息：',
          '姓名：张三',
          '',
          '交易时间,收/支,金额',
          'x,支出,1.00',
          '2026-10-27,支出,2.00',
        ),
      ),
    );
    expect(parsed.rows.map((r) => r.line)).toEqual([6]);
    expect(parsed.problems).toEqual([{ line: 5, message: '无法识别的交易时间“x”' }]);
  });

  it('reads a GBK file with a 支付宝 table whose header is in the first line', () => {
    const parsed = ok(
      parseBillCsv(encodeGbk('交易时间,交易分类,收/支,金额\r\n2026-10-27,餐饮美食,支出,28.50\r\n')),
    );
    expect(parsed.rows).toMatchObject([
      { line: 2, sourceCategory: '餐饮美食', amountCents: 28_50 },
    ]);
  });
});

/** An XLSX file with these rows in its first sheet. */
function xlsx(rows: unknown[][]): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), '账单');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

describe('XLSX bills', () => {
  it('reads date cells as the local time the sheet shows, numbers as written, empty cells as empty', async () => {
    const bytes = xlsx([
      ['微信支付账单明细'],
      ['交易时间', '交易类型', '交易对方', '收/支', '金额(元)', '备注'],
      [new Date(2026, 2, 5, 8, 5, 9), '商户消费', '便利蜂', '支出', 23.5],
      [new Date(2026, 11, 25, 19, 30, 0), '微信红包', '朋友', '收入', '¥88.00', '生日'],
    ]);
    const parsed = ok(await parseBillFile(bytes));
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows).toMatchObject([
      { line: 3, time: '2026-03-05 08:05:09', date: '2026-03-05', amountCents: 23_50, note: '' },
      {
        line: 4,
        time: '2026-12-25 19:30:00',
        date: '2026-12-25',
        amountCents: 88_00,
        note: '生日',
      },
    ]);
  });

  it('says what is wrong with a ZIP that is no workbook', async () => {
    expect(await parseBillFile(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toEqual({
      ok: false,
      message: '无法读取这个 Excel 文件，请确认它是微信支付导出的 .xlsx 账单',
    });
  });

  it.each([
    ['P, then not K', 'PX'],
    ['K, after not P', 'XK'],
    ['K first', 'KP'],
  ])('reads a file that does not start with PK as CSV: %s', async (_, first) => {
    const parsed = ok(
      await parseBillFile(utf8(first, '交易时间,收/支,金额', '2026-10-27,支出,1.00')),
    );
    expect(parsed.source).toBe('alipay');
    expect(parsed.rows).toMatchObject([{ line: 3, amountCents: 1_00 }]);
  });

  it('reads an empty file as a CSV without a table', async () => {
    expect(await parseBillFile(new Uint8Array())).toEqual({ ok: false, message: NO_TABLE });
  });
});

describe('refunds named in the status', () => {
  it.each([
    ['已退款(￥20.00)', 80_00, 60_00, null],
    ['已退款￥20.00', 80_00, 60_00, null],
    ['已退款（¥20.5）', 80_00, 59_50, null],
    ['已退款(20.25)', 80_00, 59_75, null],
    ['已退款(￥0.29)', 1_00, 71, null],
    ['已退款 ￥ 20', 80_00, 60_00, null],
    ['已退款(￥1,234.56)', 2000_00, 765_44, null],
    ['已退款(￥80.00)', 80_00, 0, '已全额退款'],
    ['已退款(￥90.00)', 80_00, 0, '已全额退款'],
    ['支付成功', 80_00, 80_00, null],
  ])('%s on a payment of %i cents leaves %i', (status, paid, left, skipReason) => {
    const [draft] = draftsFromRows([row({ source: 'wechat', status, amountCents: paid })], noRules);
    expect(draft).toMatchObject({ amountCents: left, skipReason });
  });

  it('takes nothing off an income', () => {
    const [draft] = draftsFromRows(
      [row({ direction: 'income', status: '已退款(￥20.00)', amountCents: 80_00 })],
      noRules,
    );
    expect(draft).toMatchObject({ type: 'income', amountCents: 80_00, skipReason: null });
  });
});

describe('rows left out', () => {
  it.each([
    ['a refund by its status', { status: '退款成功', sourceCategory: '其他' }, '退款'],
    ['a refund by its category', { sourceCategory: '退款' }, '退款'],
    ['a refund named in its category', { sourceCategory: '美团-退款' }, '退款'],
    ['a failed payment', { status: '交易失败' }, '交易失败'],
    ['a cancelled one', { status: '已撤销' }, '已撤销'],
    ['a payment', {}, null],
    ['one without a status or category', { status: '', sourceCategory: '' }, null],
    ['a 支付宝 不计收支 row', { direction: 'neutral' }, '不计收支'],
    ['a 微信支付 中性交易', { direction: 'neutral', source: 'wechat' }, '中性交易'],
  ] as const)('%s', (_, patch, skipReason) => {
    const [draft] = draftsFromRows([row(patch)], noRules);
    expect(draft!.skipReason).toBe(skipReason);
  });
});

describe('支付宝 refunds listed as rows', () => {
  const payment = row({ merchantOrderNo: 'M1', amountCents: 50_00 });
  const refund = (cents: number, patch: Partial<BillRow> = {}) =>
    row({
      direction: 'neutral',
      sourceCategory: '退款',
      status: '退款成功',
      item: '退款-牛肉面',
      merchantOrderNo: 'M1',
      amountCents: cents,
      ...patch,
    });
  const outcome = (drafts: ReturnType<typeof draftsFromRows>) =>
    drafts.map((d) => [d.amountCents, d.skipReason]);

  it('takes a full refund off its payment, which is then left out', () => {
    expect(outcome(draftsFromRows([payment, refund(50_00)], noRules))).toEqual([
      [0, '已全额退款'],
      [50_00, '退款（已从原交易扣除）'],
    ]);
  });

  it('never takes a payment below zero', () => {
    expect(outcome(draftsFromRows([refund(60_00), payment], noRules))).toEqual([
      [60_00, '退款（已从原交易扣除）'],
      [0, '已全额退款'],
    ]);
  });

  it.each([
    ['of another order', [payment, refund(10_00, { merchantOrderNo: 'M2' })], '不计收支'],
    [
      'without an order number',
      [row({ amountCents: 50_00 }), refund(10_00, { merchantOrderNo: '' })],
      '不计收支',
    ],
    [
      'of a payment left out',
      [row({ merchantOrderNo: 'M1', amountCents: 50_00, status: '交易关闭' }), refund(10_00)],
      '不计收支',
    ],
    [
      'of an income',
      [row({ merchantOrderNo: 'M1', amountCents: 50_00, direction: 'income' }), refund(10_00)],
      '不计收支',
    ],
    ['from 微信支付', [payment, refund(10_00, { source: 'wechat' })], '中性交易'],
    [
      'of a 微信支付 payment',
      [row({ source: 'wechat', merchantOrderNo: 'M1', amountCents: 50_00 }), refund(10_00)],
      '不计收支',
    ],
    [
      'listed as an income',
      [payment, refund(10_00, { direction: 'income', merchantOrderNo: 'M9' })],
      '退款',
    ],
  ] as const)('leaves a refund %s as it is', (_, rows, skipReason) => {
    const [original, refunded] = draftsFromRows(rows, noRules);
    expect(original!.amountCents).toBe(50_00);
    expect(refunded!.skipReason).toBe(skipReason);
  });
});

describe('descriptions', () => {
  it.each([
    ['老王面馆', '牛肉面', '老王面馆 · 牛肉面'],
    ['美团', '美团', '美团'],
    ['', '牛肉面', '牛肉面'],
    ['老王面馆', '', '老王面馆'],
    ['', '', ''],
  ])('%j and %j → %j', (counterparty, item, description) => {
    expect(draftsFromRows([row({ counterparty, item })], noRules)[0]!.description).toBe(
      description,
    );
  });

  it('keeps a description to the 500 characters a record holds', () => {
    const [draft] = draftsFromRows([row({ counterparty: '店', item: '长'.repeat(600) })], noRules);
    expect(draft!.description).toBe(`店 · ${'长'.repeat(496)}`);
  });
});

describe('ids', () => {
  // The id is how a second import of the same file finds what the first one saved: it must
  // not change between versions of the app, or re-importing a bill would duplicate it.
  it('gives a row the id it has always had, and an identical second row its own', () => {
    const ids = draftsFromRows([row(), row(), row({ amountCents: 28_51 })], noRules).map(
      (d) => d.id,
    );
    expect(ids).toEqual([
      'alipay-2egtgw3aw3521lf4claw0p',
      'alipay-2cc91txzau703g053f3e9r',
      'alipay-2euj5gxc1eh02bvg9volwh',
    ]);
  });

  it.each([
    ['source', { source: 'wechat' as const }],
    ['order number', { orderNo: 'x' }],
    ['time', { time: '2026-10-27 12:30:06' }],
    ['direction', { direction: 'income' as const }],
    ['amount', { amountCents: 1 }],
    ['counterparty', { counterparty: 'x' }],
    ['item', { item: 'x' }],
    ['merchant order number', { merchantOrderNo: 'x' }],
  ])('tells rows apart by their %s', (_, patch) => {
    const [a, b] = draftsFromRows([row(), row(patch)], noRules);
    const [alone] = draftsFromRows([row(patch)], noRules);
    expect(b!.id).not.toBe(a!.id);
    // Not a count of identical rows so far: the row has this id wherever it stands.
    expect(alone!.id).toBe(b!.id);
  });

  it.each([
    ['category', { sourceCategory: '其他' }],
    ['status', { status: '交易关闭' }],
    ['note', { note: 'x' }],
  ])('does not look at the %s', (_, patch) => {
    expect(draftsFromRows([row(patch)], noRules)[0]!.id).toBe(
      draftsFromRows([row()], noRules)[0]!.id,
    );
  });
});

describe('the shipped rule table', () => {
  it.each([
    ['expense', '餐饮美食', 'dining'],
    ['expense', '交通出行', 'transport'],
    ['expense', '爱车养车', 'transport'],
    ['expense', '日用百货', 'shopping'],
    ['expense', '服饰装扮', 'shopping'],
    ['expense', '数码电器', 'shopping'],
    ['expense', '美容美发', 'shopping'],
    ['expense', '母婴亲子', 'shopping'],
    ['expense', '家居家装', 'shopping'],
    ['expense', '文化休闲', 'entertainment'],
    ['expense', '运动户外', 'entertainment'],
    ['expense', '酒店旅游', 'entertainment'],
    ['expense', '医疗健康', 'medical'],
    ['expense', '教育培训', 'education'],
    ['expense', '住房物业', 'housing'],
    ['expense', '充值缴费', 'housing'],
    ['expense', '商户消费', 'other'],
    ['expense', '', 'other'],
    ['income', '转账红包', 'gift'],
    ['income', '微信红包', 'gift'],
    ['income', '投资理财', 'investment'],
    ['income', '餐饮美食', 'other'],
  ] as const)('%s %s → %s', (type, sourceCategory, category) => {
    expect(ruleCategory(type, sourceCategory, noRules.importRules)).toBe(category);
  });

  it('gives way to the user’s own rule, per type', () => {
    const mine = {
      expense: { 充值缴费: 'other' as const },
      income: { 商户消费: 'bonus' as const },
    };
    expect(ruleCategory('expense', '充值缴费', mine)).toBe('other');
    expect(ruleCategory('income', '充值缴费', mine)).toBe('other');
    expect(ruleCategory('income', '商户消费', mine)).toBe('bonus');
    expect(ruleCategory('expense', '商户消费', mine)).toBe('other');
  });
});

describe('the counterparty memory', () => {
  const empty = { expense: {}, income: {} };

  it.each([
    ['remembers a name', '老王面馆', true],
    ['remembers a name of 100 characters', '店'.repeat(100), true],
    ['forgets a name of 101 characters', '店'.repeat(101), false],
    ['has nothing to remember without a name', '', false],
  ])('%s', (_, counterparty, kept) => {
    const memory = rememberCounterparties(empty, [
      { type: 'expense', counterparty, category: 'dining' },
    ]);
    expect(memory).toEqual({ expense: kept ? { [counterparty]: 'dining' } : {}, income: {} });
  });

  it('keeps each type apart, the latest choice winning, and what it knew before', () => {
    const memory = rememberCounterparties({ expense: { 便利店: 'shopping' }, income: {} }, [
      { type: 'expense', counterparty: '李四', category: 'other' },
      { type: 'income', counterparty: '李四', category: 'gift' },
      { type: 'expense', counterparty: '李四', category: 'dining' },
    ]);
    expect(memory).toEqual({
      expense: { 便利店: 'shopping', 李四: 'dining' },
      income: { 李四: 'gift' },
    });
  });
});

describe('sourceCategories', () => {
  it('counts the included rows per type and 交易分类, most rows first', () => {
    const drafts = draftsFromRows(
      [
        row({ sourceCategory: '餐饮美食', item: 'a' }),
        row({ sourceCategory: '日用百货' }),
        row({ sourceCategory: '餐饮美食', item: 'b' }),
        row({ sourceCategory: '餐饮美食', status: '交易关闭' }),
        row({ sourceCategory: '' }),
        row({ sourceCategory: '日用百货', direction: 'income' }),
        row({ sourceCategory: '餐饮美食', item: 'c' }),
        row({ sourceCategory: '日用百货', item: 'd' }),
        row({ sourceCategory: '日用百货', item: 'e' }),
        row({ sourceCategory: '日用百货', item: 'f' }),
      ],
      noRules,
    );
    expect(sourceCategories(drafts)).toEqual([
      { type: 'expense', sourceCategory: '日用百货', count: 4 },
      { type: 'expense', sourceCategory: '餐饮美食', count: 3 },
      { type: 'income', sourceCategory: '日用百货', count: 1 },
    ]);
  });

  it('has nothing to say about a file of rows left out', () => {
    expect(sourceCategories(draftsFromRows([row({ direction: 'neutral' })], noRules))).toEqual([]);
  });
});
