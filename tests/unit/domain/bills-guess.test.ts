import { describe, expect, it } from 'vitest';
import { draftsFromRows, type ImportDraft } from '../../../src/domain/bills/drafts';
import { parseBillCsv, parseBillXlsx } from '../../../src/domain/bills/parse';
import { DEFAULT_SETTINGS } from '../../../src/domain/schemas/default-settings';
import { alipayCsvBytes, wechatCsvBytes, wechatXlsxBytes } from '../../fixtures/bills';
import { alipayMonthCsvBytes, wechatMonthCsvBytes } from '../../fixtures/bills-month';

const rules = {
  importRules: DEFAULT_SETTINGS.importRules,
  counterparties: DEFAULT_SETTINGS.counterparties,
};

async function included(): Promise<ImportDraft[]> {
  const files = [
    parseBillCsv(alipayCsvBytes()),
    parseBillCsv(wechatCsvBytes()),
    await parseBillXlsx(wechatXlsxBytes()),
    parseBillCsv(wechatMonthCsvBytes()),
    parseBillCsv(alipayMonthCsvBytes()),
  ];
  return files.flatMap((parsed) => {
    if (!parsed.ok) throw new Error(parsed.message);
    // Entries only: a 转账 (the 零钱提现 rows, issue 61) has no category.
    return draftsFromRows(parsed.rows, rules).filter((d) => d.skipReason === null && !d.transfer);
  });
}

describe('categories guessed from the counterparty and the goods', () => {
  it('leaves few of the fixture rows in 其他', async () => {
    const drafts = await included();
    const other = drafts.filter((d) => d.category === 'other');
    // Of the 42 rows an import keeps, 32 (76%) were 其他 by the 交易分类 table alone: 8 of
    // bills.ts's 16, 24 of bills-month.ts's 26. Now 2 (5%): the rows whose text names nothing.
    expect(drafts).toHaveLength(42);
    expect(other.map((d) => d.description)).toEqual(['张师傅', '某小店 · 杂物']);
  });

  it.each([
    ['美团', '美团外卖订单', 'expense', 'dining'],
    ['饿了么', '外卖', 'expense', 'dining'],
    ['滴滴出行', '快车', 'expense', 'transport'],
    ['北京地铁', '乘车码', 'expense', 'transport'],
    ['中国铁路12306', '火车票', 'expense', 'transport'],
    ['京东', '订单', 'expense', 'shopping'],
    ['淘宝', '手机壳', 'expense', 'shopping'],
    ['拼多多', '订单', 'expense', 'shopping'],
    ['某某大药房', '感冒药', 'expense', 'medical'],
    ['国家电网', '电费', 'expense', 'housing'],
    ['猫眼电影', '电影票', 'expense', 'entertainment'],
    ['公司财务', '10月工资', 'income', 'salary'],
  ])('%s · %s → %s %s', async (counterparty, item, type, category) => {
    const [draft] = draftsFromRows(
      [
        {
          source: 'wechat',
          line: 1,
          time: '2026-10-01 12:00:00',
          date: '2026-10-01',
          direction: type as 'expense' | 'income',
          sourceCategory: '商户消费',
          counterparty,
          item,
          amountCents: 100,
          method: '',
          status: '支付成功',
          orderNo: '1',
          merchantOrderNo: '',
          note: '',
        },
      ],
      rules,
    );
    expect(draft!.category).toBe(category);
  });

  it('a remembered choice for the counterparty still comes first', () => {
    const [draft] = draftsFromRows(
      [
        {
          source: 'wechat',
          line: 1,
          time: '2026-10-01 12:00:00',
          date: '2026-10-01',
          direction: 'expense',
          sourceCategory: '商户消费',
          counterparty: '美团',
          item: '美团单车',
          amountCents: 150,
          method: '',
          status: '支付成功',
          orderNo: '1',
          merchantOrderNo: '',
          note: '',
        },
      ],
      { ...rules, counterparties: { expense: { 美团: 'transport' }, income: {} } },
    );
    expect(draft!.category).toBe('transport');
  });
});
