import { describe, expect, it } from 'vitest';
import {
  type AssetFields,
  assetDetails,
  assetDistribution,
  chainVersions,
  formatMonthlyChange,
  latestPerChain,
  type MonthlyValue,
  monthlyBarLabel,
  monthlyCategoryValues,
} from '../../../src/domain/asset-versioning';
import { assetChain } from '../../fixtures/asset-chains';

// The figures the /assets screen shows: trend bars over renamed or re-typed chains, their
// labels, the distribution pie and the copied details.

const TODAY = '2026-11-21';

/** A first version, then one edit per step, each edit starting from the previous version. */
const chain = (id: string, base: Partial<AssetFields>, ...edits: Partial<AssetFields>[]) =>
  assetChain(id, base, edits);

const rows = (values: MonthlyValue[]) =>
  values.map((v) => [v.month, v.totalCents, v.changeCents, v.changePercent]);

describe('monthlyCategoryValues over a chain’s whole life', () => {
  it('counts a renamed asset once, under its current name', () => {
    const card = chain(
      'card',
      { name: '招行卡', amount: 1000, date: '2026-09-03' },
      { name: '招商银行卡', amount: 1500, date: '2026-10-08' },
    );
    expect(rows(monthlyCategoryValues(card, TODAY, 'all'))).toEqual([
      ['2026-09', 100000, null, null],
      ['2026-10', 150000, 50000, 50],
      ['2026-11', 150000, 0, 0],
    ]);
  });

  it('stops counting a chain from the month it became a liability', () => {
    const loan = chain(
      'l',
      { name: '借款', category: 'receivables', amount: 200, date: '2026-08-01' },
      { type: 'liability', category: 'other_borrowing', date: '2026-10-01' },
    );
    expect(rows(monthlyCategoryValues(loan, TODAY, 'all'))).toEqual([
      ['2026-08', 20000, null, null],
      ['2026-09', 20000, 0, 0],
    ]);
  });

  it('keeps an asset apart from a liability of the same name', () => {
    const car = chain('car', {
      name: '汽车',
      category: 'vehicles',
      amount: 80_000,
      date: '2026-10-01',
    });
    const loan = chain('loan', {
      type: 'liability',
      name: '汽车',
      category: 'car_loan',
      amount: 50_000,
      date: '2026-11-01',
    });
    expect(
      monthlyCategoryValues([...car, ...loan], TODAY, 'vehicles').map((v) => v.totalCents),
    ).toEqual([8_000_000, 8_000_000]);
  });

  it('follows edits dated back into earlier months, skips empty months and forgets a deleted chain', () => {
    const cash = chain(
      'cash',
      { name: '现金', category: 'cash', amount: 100, date: '2026-02-10' },
      // Entered in July, effective since May: May and June change too.
      { amount: 300, date: '2026-07-02', effectiveDate: '2026-05-15' },
      { amount: 250, date: '2026-09-30' },
    );
    // Nothing is effective before June, so months before it are not listed at all.
    const fund = chain('fund', { name: '基金', category: 'funds', amount: 50, date: '2026-06-01' });
    const all = [...cash, ...fund];
    expect(rows(monthlyCategoryValues(all, TODAY, 'funds'))).toEqual([
      ['2026-06', 5000, null, null],
      ['2026-07', 5000, 0, 0],
      ['2026-08', 5000, 0, 0],
      ['2026-09', 5000, 0, 0],
      ['2026-10', 5000, 0, 0],
      ['2026-11', 5000, 0, 0],
    ]);
    expect(rows(monthlyCategoryValues(all, TODAY, 'all')).slice(0, 5)).toEqual([
      ['2026-02', 10000, null, null],
      ['2026-03', 10000, 0, 0],
      ['2026-04', 10000, 0, 0],
      ['2026-05', 30000, 20000, 200],
      ['2026-06', 35000, 5000, 16.7],
    ]);
    const withoutCash = all.filter((a) => !chainVersions(all, 'cash').includes(a));
    expect(monthlyCategoryValues(withoutCash, TODAY, 'cash')).toEqual([]);
  });
});

describe('bar labels', () => {
  it.each([
    ['the first bar: amount only', 123456, null, null, '¥1,234.56', null],
    ['a rise', 150000, 50000, 50, '¥1,500.00 +¥500.00 (+50.0%)', '+¥500.00 (+50.0%)'],
    ['a fall', 3333, -6667, -66.7, '¥33.33 -¥66.67 (-66.7%)', '-¥66.67 (-66.7%)'],
    ['no change', 100000, 0, 0, '¥1,000.00 ¥0.00 (0.0%)', '¥0.00 (0.0%)'],
    // The case: ¥1,300.50 off ten million rounds to 0.0%, but it is still a fall.
    [
      'a fall too small for 1 decimal',
      1_000_000_000 - 130050,
      -130050,
      -0,
      '¥9,998,699.50 -¥1,300.50 (-0.0%)',
      '-¥1,300.50 (-0.0%)',
    ],
    [
      'a small rise rounded to 1 decimal',
      100100,
      100,
      0.1,
      '¥1,001.00 +¥1.00 (+0.1%)',
      '+¥1.00 (+0.1%)',
    ],
  ] as const)('%s', (_, totalCents, changeCents, changePercent, label, change) => {
    const value = { month: '2026-11', totalCents, changeCents, changePercent };
    expect(monthlyBarLabel(value)).toBe(label);
    expect(formatMonthlyChange(value)).toBe(change);
  });

  it('labels the bar after a gap against the last listed month, never against zero', () => {
    const wallet = chain(
      'w',
      { name: '钱包', category: 'cash', amount: 100, date: '2026-08-05' },
      { amount: 0, date: '2026-09-02' },
      { amount: 150, date: '2026-11-10' },
    );
    expect(monthlyCategoryValues(wallet, TODAY, 'cash').map(monthlyBarLabel)).toEqual([
      '¥100.00',
      '¥150.00 +¥50.00 (+50.0%)',
    ]);
  });
});

describe('assetDistribution', () => {
  const latest = latestPerChain([
    ...chain('a', { name: '活期', category: 'bank_deposit', amount: 300 }),
    ...chain('b', { name: '定期', category: 'bank_deposit', amount: 700.5 }, { amount: 900.25 }),
    ...chain('c', { name: '股票账户', category: 'stocks', amount: 2000 }),
    ...chain('d', { name: '旧钱包', category: 'cash', amount: 0 }),
    ...chain('e', { type: 'liability', name: '信用卡', category: 'credit_card', amount: 5000 }),
  ]);

  it('groups the latest asset versions by category, largest first, without empty ones', () => {
    expect(
      assetDistribution(latest).map((s) => [s.category, s.totalCents, s.items.map((a) => a.name)]),
    ).toEqual([
      ['stocks', 200000, ['股票账户']],
      ['bank_deposit', 120025, ['定期', '活期']],
    ]);
  });

  it('is empty without assets', () => {
    expect(assetDistribution([])).toEqual([]);
    expect(assetDistribution(latest.filter((a) => a.type === 'liability'))).toEqual([]);
  });
});

describe('assetDetails', () => {
  it('lists the latest version of each asset chain with its chain id and the total', () => {
    const all = [
      ...chain('a', { name: '活期', amount: 0.1 }, { amount: 0.2 }, { amount: 100.1 }),
      ...chain('s', { name: '股票', category: 'stocks', amount: 0.2 }),
      ...chain('e', { type: 'liability', name: '信用卡', category: 'credit_card', amount: 5000 }),
    ];
    expect(assetDetails(latestPerChain(all))).toEqual({
      scope: 'latest-version',
      total: 100.3,
      items: [
        {
          id: 'a-v3',
          originalId: 'a',
          version: 3,
          name: '活期',
          category: 'bank_deposit',
          amount: 100.1,
        },
        { id: 's', originalId: 's', version: 1, name: '股票', category: 'stocks', amount: 0.2 },
      ],
    });
  });

  it('totals nothing to zero', () => {
    expect(assetDetails([])).toEqual({ scope: 'latest-version', total: 0, items: [] });
  });
});
