import { describe, expect, it } from 'vitest';
import { recordLabel } from '../../../src/domain/labels';
import {
  childOf,
  RESOURCE_NAMES,
  type ResourceName,
  writtenBy,
} from '../../../src/domain/resources';

// How a record is named in a notice or a conflict ("「午饭 ¥35.00 · 2026-11-20」在另一台设备上
// 也被修改"): one row per kind, with the glossary's labels (docs/spec.md "Glossary") and amounts in yuan.
const ROWS: [ResourceName, Record<string, unknown>, string][] = [
  [
    'accounts',
    { type: 'expense', category: 'dining', amount: 35, date: '2026-11-20' },
    '餐饮 ¥35.00 · 2026-11-20',
  ],
  [
    'accounts',
    { type: 'income', category: 'salary', amount: 8000.5, date: '2026-11-01' },
    '工资 ¥8,000.50 · 2026-11-01',
  ],
  ['assets', { type: 'asset', category: 'stocks', name: '股票账户' }, '股票账户（股票）'],
  ['assets', { type: 'liability', category: 'mortgage', name: '招行' }, '招行（房贷）'],
  ['assetHistory', { assetName: '招行储蓄' }, '招行储蓄的修改记录'],
  ['workouts', { type: 'running', duration: 30, date: '2026-11-20' }, '跑步 30分钟 · 2026-11-20'],
  // Time records keep seconds; the name rounds to whole minutes (5,430 s: 90.5 → 91).
  [
    'timeRecords',
    { task: '写代码', category: 'programming', duration: 5430, date: '2026-11-20' },
    '写代码（编程）91分钟 · 2026-11-20',
  ],
  ['tasks', { title: '买菜' }, '买菜'],
  ['checkinTasks', { name: '早起' }, '早起'],
  ['checkinRecords', { date: '2026-11-20' }, '2026-11-20 的打卡'],
  [
    'recurring',
    {
      type: 'expense',
      category: 'housing',
      description: '房租',
      amount: 3000,
      every: 1,
      unit: 'month',
      startDate: '2026-01-05',
      endDate: '',
    },
    '房租 ¥3,000.00（每月）',
  ],
  // Without a description a template is named by its category.
  [
    'recurring',
    {
      type: 'expense',
      category: 'housing',
      description: '',
      amount: 3000,
      every: 2,
      unit: 'week',
      startDate: '2026-01-05',
      endDate: '',
    },
    '住房 ¥3,000.00（每 2 周）',
  ],
  ['wallets', { name: '支付宝' }, '账户「支付宝」'],
  ['transfers', { amount: 500, date: '2026-11-20' }, '转账 ¥500.00 · 2026-11-20'],
  ['categories', { name: '宠物' }, '分类「宠物」'],
];

describe('recordLabel', () => {
  it.each(ROWS)('%s %j → %s', (kind, record, label) => {
    expect(recordLabel(kind, record)).toBe(label);
  });

  it('names every kind', () => {
    expect(new Set(ROWS.map(([kind]) => kind))).toEqual(new Set(RESOURCE_NAMES));
  });

  it('never throws: a record it cannot read is 一条记录', () => {
    expect(recordLabel('accounts', null)).toBe('一条记录');
    expect(recordLabel('tasks', undefined)).toBe('一条记录');
  });
});

describe('the registry’s relations', () => {
  it('knows the kind whose records another owns, and by which field', () => {
    expect(childOf('checkinTasks')).toEqual({ kind: 'checkinRecords', field: 'taskId' });
    for (const kind of RESOURCE_NAMES.filter((k) => k !== 'checkinTasks')) {
      expect(childOf(kind)).toBeUndefined();
    }
  });

  it('knows which kinds the server writes along with one (a 周期记账 template its entries)', () => {
    expect(writtenBy('recurring')).toEqual(['accounts']);
    for (const kind of RESOURCE_NAMES.filter((k) => k !== 'recurring')) {
      expect(writtenBy(kind)).toEqual([]);
    }
  });
});
