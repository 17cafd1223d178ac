import { describe, expect, it } from 'vitest';
import {
  accountSummary,
  filterLedger,
  type LedgerFilter,
  ledgerMonths,
  ledgerTotals,
  NO_FILTER,
  newestFirst,
} from '../../../src/domain/accounting';

const TODAY = '2026-11-21';

type Row = {
  id: string;
  type: 'expense' | 'income';
  amount: number;
  category: string;
  date: string;
};

const row = (
  id: string,
  type: Row['type'],
  amount: number,
  category: string,
  date: string,
): Row => ({ id, type, amount, category, date });

describe('accountSummary', () => {
  const zero = {
    todayExpenseCents: 0,
    monthExpenseCents: 0,
    todayIncomeCents: 0,
    monthIncomeCents: 0,
    reimbursementCents: 0,
    pendingReimbursementCents: 0,
  };

  it.each([
    ['nothing recorded', [], zero],
    [
      'today counts in the day and the month',
      [row('a', 'expense', 35.5, 'dining', TODAY), row('b', 'income', 20, 'gift', TODAY)],
      {
        ...zero,
        todayExpenseCents: 3550,
        monthExpenseCents: 3550,
        todayIncomeCents: 2000,
        monthIncomeCents: 2000,
      },
    ],
    [
      'month boundaries: the 1st is in, the last day of the previous month and next month out',
      [
        row('a', 'expense', 10, 'dining', '2026-11-01'),
        row('b', 'expense', 100, 'dining', '2026-10-31'),
        row('c', 'expense', 1000, 'dining', '2026-12-01'),
        row('d', 'income', 8000, 'salary', '2026-11-30'),
        row('e', 'income', 5, 'salary', '2025-11-21'),
      ],
      { ...zero, monthExpenseCents: 1000, monthIncomeCents: 800000 },
    ],
    [
      'cents stay exact',
      [row('a', 'expense', 0.1, 'dining', TODAY), row('b', 'expense', 0.2, 'transport', TODAY)],
      { ...zero, todayExpenseCents: 30, monthExpenseCents: 30 },
    ],
    [
      'reimbursement covers every expense in 报销 of all time, never income',
      [
        row('a', 'expense', 120.3, 'reimbursement', '2019-03-04'),
        row('b', 'expense', 0.7, 'reimbursement', TODAY),
        row('c', 'income', 50, 'other', TODAY),
        row('d', 'expense', 9, 'other', TODAY),
      ],
      {
        todayExpenseCents: 970,
        monthExpenseCents: 970,
        todayIncomeCents: 5000,
        monthIncomeCents: 5000,
        reimbursementCents: 12100,
        pendingReimbursementCents: 12100,
      },
    ],
    [
      '待报销 leaves out what was paid back; the 报销 figure keeps all of it',
      [
        { ...row('a', 'expense', 120.3, 'reimbursement', '2019-03-04'), reimbursed: true },
        { ...row('b', 'expense', 0.7, 'reimbursement', TODAY), reimbursed: false },
      ],
      {
        ...zero,
        todayExpenseCents: 70,
        monthExpenseCents: 70,
        reimbursementCents: 12100,
        pendingReimbursementCents: 70,
      },
    ],
  ] as const)('%s', (_, accounts, expected) => {
    expect(accountSummary(accounts, TODAY)).toEqual(expected);
  });
});

describe('newestFirst', () => {
  it.each([
    ['empty', [], []],
    [
      'by date, newest first',
      [
        row('old', 'expense', 1, 'dining', '2026-01-05'),
        row('new', 'expense', 1, 'dining', '2026-11-21'),
        row('mid', 'expense', 1, 'dining', '2026-06-30'),
      ],
      ['new', 'mid', 'old'],
    ],
    [
      'within a day the record added last comes first',
      [
        row('first', 'expense', 1, 'dining', TODAY),
        row('other-day', 'expense', 1, 'dining', '2026-11-20'),
        row('second', 'income', 1, 'salary', TODAY),
        row('third', 'expense', 1, 'dining', TODAY),
      ],
      ['third', 'second', 'first', 'other-day'],
    ],
  ] as const)('%s', (_, accounts, ids) => {
    expect(newestFirst(accounts).map((a) => a.id)).toEqual(ids);
  });

  it('leaves its input alone', () => {
    const input = [
      row('a', 'expense', 1, 'dining', '2026-01-01'),
      row('b', 'expense', 1, 'dining', TODAY),
    ];
    newestFirst(input);
    expect(input.map((a) => a.id)).toEqual(['a', 'b']);
  });
});

describe('ledgerMonths', () => {
  it('lists each month once, in the order of a newest-first list', () => {
    const newest = [
      { date: '2026-11-21' },
      { date: '2026-11-01' },
      { date: '2026-10-31' },
      { date: '2025-12-31' },
      { date: '2025-12-01' },
    ];
    expect(ledgerMonths(newest)).toEqual(['2026-11', '2026-10', '2025-12']);
  });
});

describe('filterLedger and ledgerTotals', () => {
  const ledger = [
    { ...row('nov-dining', 'expense', 35.5, 'dining', '2026-11-21'), description: '午饭' },
    row('nov-other-out', 'expense', 0.1, 'other', '2026-11-02'),
    row('nov-other-in', 'income', 0.2, 'other', '2026-11-01'),
    row('nov-salary', 'income', 8000, 'salary', '2026-11-10'),
    row('oct-dining', 'expense', 12, 'dining', '2026-10-31'),
  ];

  it.each<[string, LedgerFilter, string[], { incomeCents: number; expenseCents: number }]>([
    [
      'no filter keeps everything',
      NO_FILTER,
      ledger.map((a) => a.id),
      { incomeCents: 800020, expenseCents: 4760 },
    ],
    [
      'a month',
      { month: '2026-10', type: null, category: null },
      ['oct-dining'],
      { incomeCents: 0, expenseCents: 1200 },
    ],
    [
      'a type',
      { month: null, type: 'income', category: null },
      ['nov-other-in', 'nov-salary'],
      { incomeCents: 800020, expenseCents: 0 },
    ],
    [
      '其他 of expenses is not 其他 of income',
      { month: null, type: 'expense', category: 'other' },
      ['nov-other-out'],
      { incomeCents: 0, expenseCents: 10 },
    ],
    [
      'a category without its type is ignored',
      { month: '2026-11', type: null, category: 'dining' },
      ['nov-dining', 'nov-other-out', 'nov-other-in', 'nov-salary'],
      { incomeCents: 800020, expenseCents: 3560 },
    ],
    [
      'month, type and category together',
      { month: '2026-11', type: 'expense', category: 'dining' },
      ['nov-dining'],
      { incomeCents: 0, expenseCents: 3550 },
    ],
    [
      'a month without records',
      { month: '2026-09', type: null, category: null },
      [],
      { incomeCents: 0, expenseCents: 0 },
    ],
    [
      'text in the note or the category label, every word',
      { ...NO_FILTER, text: ' 餐饮  午 ' },
      ['nov-dining'],
      { incomeCents: 0, expenseCents: 3550 },
    ],
    [
      'an amount range in cents, both ends included',
      { ...NO_FILTER, minCents: 10, maxCents: 1200 },
      ['nov-other-out', 'nov-other-in', 'oct-dining'],
      { incomeCents: 20, expenseCents: 1210 },
    ],
    [
      'a date range, both ends included',
      { ...NO_FILTER, from: '2026-10-31', to: '2026-11-02' },
      ['nov-other-out', 'nov-other-in', 'oct-dining'],
      { incomeCents: 20, expenseCents: 1210 },
    ],
    [
      'everything at once',
      { ...NO_FILTER, type: 'expense', text: '餐饮', minCents: 1201, from: '2026-10-01' },
      ['nov-dining'],
      { incomeCents: 0, expenseCents: 3550 },
    ],
  ])('%s', (_, filter, ids, totals) => {
    const rows = filterLedger(ledger, filter);
    expect(rows.map((a) => a.id)).toEqual(ids);
    expect(ledgerTotals(rows)).toEqual({
      count: ids.length,
      ...totals,
      netCents: totals.incomeCents - totals.expenseCents,
    });
  });
});
