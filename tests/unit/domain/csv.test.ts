import { describe, expect, it } from 'vitest';
import { CategoryBook } from '../../../src/domain/categories';
import { csvCell, ledgerCsv, recordsCsv, toCsv } from '../../../src/domain/csv';
import type { Account } from '../../../src/domain/schemas/account';
import { storedCategory } from '../../fixtures/records';

const bytes = (text: string) => [...new TextEncoder().encode(text)];

const account = (more: Partial<Account>): Account => ({
  id: 'a1',
  type: 'expense',
  amount: 12.5,
  category: 'dining',
  description: '',
  date: '2026-11-21',
  templateId: null,
  reimbursed: false,
  reimbursedBy: null,
  ...more,
});

describe('csvCell', () => {
  it.each([
    ['=cmd|" /C calc"!A0', `"'=cmd|"" /C calc""!A0"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['午饭', '午饭'],
    ['a,b', '"a,b"'],
    ['two\nlines', '"two\nlines"'],
    ['say "hi"', '"say ""hi"""'],
    ['', ''],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves numbers the program wrote as numbers, negative ones too', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
  });
});

describe('toCsv', () => {
  it('starts with the UTF-8 BOM and ends every row with CRLF', () => {
    const text = toCsv([
      ['日期', '备注'],
      ['2026-11-21', '=cmd'],
    ]);
    expect(bytes(text).slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toBe("\uFEFF日期,备注\r\n2026-11-21,'=cmd\r\n");
    expect(text.split('\r\n')).toHaveLength(3);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
  });
});

describe('ledgerCsv', () => {
  it('writes the ledger in Chinese with plain amounts, 报销 status and 周期 marks', () => {
    const text = ledgerCsv([
      account({ description: '=HYPERLINK("x")' }),
      account({
        id: 'a2',
        type: 'income',
        category: 'salary',
        amount: 18500.5,
        templateId: 'pay',
        description: '月薪',
      }),
      account({ id: 'a3', category: 'reimbursement', amount: 1234567.89, reimbursed: true }),
      account({ id: 'a4', category: 'reimbursement', amount: 0.1, tags: ['旅行', '成都'] }),
    ]);
    expect(text.split('\r\n')).toEqual([
      '\uFEFF日期,类型,分类,账户,金额,备注,报销状态,周期记账,标签',
      `2026-11-21,支出,餐饮,,12.50,"'=HYPERLINK(""x"")",,,`,
      '2026-11-21,收入,工资,,18500.50,月薪,,是,',
      '2026-11-21,支出,报销,,1234567.89,,已报销,,',
      '2026-11-21,支出,报销,,0.10,,待报销,,#旅行 #成都',
      '',
    ]);
  });

  // Issue 61: the 账户 column, and a category of one's own by name.
  it('names the 账户 and a 子分类 with its parent', () => {
    const book = new CategoryBook([
      storedCategory('pet'),
      storedCategory('food', { name: '猫粮', parentId: 'pet' }),
    ]);
    const text = ledgerCsv(
      [
        account({ category: 'food', walletId: 'w1' }),
        account({ id: 'a2', walletId: 'gone' }),
        account({ id: 'a3', type: 'income', category: 'other', walletId: null }),
      ],
      { book, wallets: new Map([['w1', '支付宝']]) },
    );
    expect(text.split('\r\n').slice(1, 4)).toEqual([
      '2026-11-21,支出,宠物 / 猫粮,支付宝,12.50,,,,',
      '2026-11-21,支出,餐饮,已删除的账户,12.50,,,,',
      '2026-11-21,收入,其他,,12.50,,,,',
    ]);
  });
});

describe('recordsCsv', () => {
  it('gives any export list a column per field and nested values as JSON', () => {
    const text = recordsCsv([
      { id: 'h1', action: 'update', oldData: { name: '=x' }, newData: null },
      { id: 'h2', extra: '-1' },
    ]);
    expect(text).toBe(
      '\uFEFFid,action,oldData,newData,extra\r\n' +
        'h1,update,"{""name"":""=x""}",,\r\n' +
        "h2,,,,'-1\r\n",
    );
  });
});

describe('recordsCsv of a known list', () => {
  it('speaks Chinese: headings and labels, and stays Excel-safe', () => {
    const text = recordsCsv(
      [
        account({ description: '=HYPERLINK("x")' }),
        account({ id: 'a2', type: 'income', category: 'salary', amount: 5000 }),
      ],
      'accounts',
    );
    const [header, first, second] = text.replace('\uFEFF', '').split('\r\n');
    expect(header).toBe('编号,类型,金额,分类,备注,日期,周期记账,已报销,报销收入');
    expect(first).toBe(`a1,支出,12.5,餐饮,"'=HYPERLINK(""x"")",2026-11-21,,否,`);
    expect(second).toBe('a2,收入,5000,工资,,2026-11-21,,否,');
  });

  it('names the other lists’ fields and keys too', () => {
    const [header, row] = recordsCsv(
      [{ id: 't1', title: '写周报', priority: 'high', category: 'work', completed: true }],
      'tasks',
    )
      .replace('\uFEFF', '')
      .split('\r\n');
    expect(header).toBe('编号,标题,优先级,分类,已完成');
    expect(row).toBe('t1,写周报,高,工作,是');
  });
});
