import { describe, expect, it } from 'vitest';
import {
  type AssetFields,
  assetTotals,
  chainHistory,
  chainId,
  chainVersions,
  changedFields,
  effectiveDateOf,
  firstVersion,
  formatMonthlyChange,
  historyEntry,
  latestPerChain,
  monthlyCategoryValues,
  nextVersion,
} from '../../../src/domain/asset-versioning';
import type { Asset, AssetHistoryEntry } from '../../../src/domain/schemas/asset';
import { assetChain, assetFields } from '../../fixtures/asset-chains';

const TODAY = '2026-11-21';

const fields = assetFields;
/** A first version, then one edit per step, each edit's fields starting from `base`. */
const chain = (id: string, base: Partial<AssetFields>, ...edits: Partial<AssetFields>[]) =>
  assetChain(id, base, edits, 'base');

describe('versions', () => {
  it('starts a chain at version 1 without links', () => {
    expect(firstVersion(fields(), 'a1')).toEqual({
      ...fields(),
      id: 'a1',
      version: 1,
      originalId: null,
      previousVersionId: null,
    });
  });

  it('links every edit to the chain and to the version it replaces', () => {
    const [v1, v2, v3] = chain('a1', {}, { amount: 1500 }, { amount: 1800 });
    expect(
      [v1, v2, v3].map((v) => [v!.id, v!.version, v!.originalId, v!.previousVersionId]),
    ).toEqual([
      ['a1', 1, null, null],
      ['a1-v2', 2, 'a1', 'a1'],
      ['a1-v3', 3, 'a1', 'a1-v2'],
    ]);
    expect(v3!.amount).toBe(1800);
    expect(v1!.amount).toBe(1000);
  });

  it('takes only the edited fields from the form, never its version bookkeeping', () => {
    const v1 = firstVersion(fields(), 'a1');
    const form = {
      ...fields({ name: '新名字' }),
      id: 'x',
      version: 9,
      originalId: 'x',
      previousVersionId: 'x',
    };
    expect(nextVersion(v1, form, 'a2')).toMatchObject({
      name: '新名字',
      id: 'a2',
      version: 2,
      originalId: 'a1',
      previousVersionId: 'a1',
    });
  });

  it.each([
    [{ id: 'a1', originalId: null }, 'a1'],
    [{ id: 'a3', originalId: 'a1' }, 'a1'],
  ])('chainId(%j) → %s', (asset, id) => {
    expect(chainId(asset)).toBe(id);
  });

  it('finds every version of a chain, the whole of what a delete removes', () => {
    const a = chain('a', {}, { amount: 2 }, { amount: 3 });
    const b = chain('b', { name: '现金' });
    expect(chainVersions([...b, ...a], 'a').map((v) => v.id)).toEqual(['a', 'a-v2', 'a-v3']);
    expect(chainVersions([...b, ...a], 'b').map((v) => v.id)).toEqual(['b']);
  });

  it('keeps only the highest version of each chain', () => {
    const a = chain('a', {}, { amount: 2 }, { amount: 3 });
    const b = chain('b', { name: '现金', category: 'cash' }, { amount: 5 });
    const shuffled = [a[2]!, b[0]!, a[0]!, b[1]!, a[1]!];
    expect(
      latestPerChain(shuffled)
        .map((v) => v.id)
        .sort(),
    ).toEqual(['a-v3', 'b-v2']);
    expect(latestPerChain([])).toEqual([]);
  });
});

describe('history', () => {
  const [v1, v2] = chain('a1', {}, { name: '招行卡', amount: 1500 });
  const now = Date.UTC(2026, 10, 21, 8, 30);

  it.each([
    ['create', null, v1!, 'a1', '招行储蓄卡'],
    ['update', v1!, v2!, 'a1', '招行卡'],
    ['delete', v2!, null, 'a1', '招行卡'],
  ] as const)('%s entry', (action, oldData, newData, assetId, assetName) => {
    expect(historyEntry(action, oldData, newData, now)).toEqual({
      assetId,
      assetName,
      action,
      oldData,
      newData,
      timestamp: '2026-11-21T08:30:00.000Z',
    });
  });

  it('accepts a Date for now', () => {
    expect(historyEntry('create', null, v1!, new Date(now)).timestamp).toBe(
      '2026-11-21T08:30:00.000Z',
    );
  });

  it('needs a snapshot', () => {
    expect(() => historyEntry('delete', null, null, now)).toThrow(
      'historyEntry needs the old or the new data',
    );
  });

  // An entry belongs to a chain by its assetId, or by either snapshot: entries of the original
  // app name the version they touched, and a delete has only its old snapshot.
  it.each([
    ['by its assetId', { assetId: 'a1', oldData: null, newData: null }, true],
    ['by the new snapshot’s chain', { assetId: 'a1-v2', oldData: null, newData: v2! }, true],
    ['by the old snapshot’s chain', { assetId: 'a1-v2', oldData: v2!, newData: null }, true],
    ['by a first version’s own id', { assetId: 'x', oldData: v1!, newData: null }, true],
    [
      'not by another chain',
      { assetId: 'b1', oldData: null, newData: { ...v1!, id: 'b1' } },
      false,
    ],
    [
      'not by a snapshot without ids',
      { assetId: 'x', oldData: { name: 'y' } as Asset, newData: null },
      false,
    ],
    [
      'not by a snapshot that names a chain but has no id of its own',
      { assetId: 'x', oldData: { originalId: 'a1' } as Asset, newData: null },
      false,
    ],
  ])('finds an entry %s', (_, patch, found) => {
    const entry = { ...historyEntry('create', null, v1!, now), ...patch, id: 'h1' };
    expect(chainHistory([entry], 'a1')).toEqual(found ? [entry] : []);
  });

  it('lists a chain newest first, including legacy entries keyed by a version id', () => {
    const other = firstVersion(fields({ name: '现金' }), 'b1');
    const entry = (id: string, e: ReturnType<typeof historyEntry>): AssetHistoryEntry => ({
      ...e,
      id,
    });
    const history = [
      entry('h1', historyEntry('create', null, v1!, Date.UTC(2026, 0, 10))),
      entry('h2', historyEntry('create', null, other, Date.UTC(2026, 0, 11))),
      { ...entry('h3', historyEntry('update', v1!, v2!, Date.UTC(2026, 2, 5))), assetId: 'a1-v2' },
      entry('h4', historyEntry('delete', v2!, null, Date.UTC(2026, 5, 1))),
    ];
    expect(chainHistory(history, 'a1').map((h) => h.id)).toEqual(['h4', 'h3', 'h1']);
    expect(chainHistory(history, 'b1').map((h) => h.id)).toEqual(['h2']);
    expect(chainHistory(history, 'zz')).toEqual([]);
  });
});

describe('changedFields', () => {
  const before = firstVersion(fields({ description: '工资卡', effectiveDate: '2026-01-15' }), 'a1');

  it.each([
    ['name', { name: '招行卡' }, '招行储蓄卡', '招行卡'],
    ['category', { category: 'cash' }, 'bank_deposit', 'cash'],
    ['amount', { amount: 1000.01 }, 1000, 1000.01],
    ['description', { description: '' }, '工资卡', ''],
    ['date', { date: '2026-01-11' }, '2026-01-10', '2026-01-11'],
    ['effectiveDate', { effectiveDate: '' }, '2026-01-15', ''],
    ['type', { type: 'liability' as const }, 'asset', 'liability'],
  ])('reports a changed %s', (field, patch, oldValue, newValue) => {
    const after = { ...before, ...patch };
    expect(changedFields(before, after)).toEqual([{ field, old: oldValue, new: newValue }]);
  });

  it.each<[string, Partial<Asset>, Partial<Asset>?]>([
    ['identical snapshots', {}],
    ['float noise in the amount', { amount: 999.9 + 0.1 }],
    ['an amount that differs only by binary noise', { amount: 0.1 + 0.2 }, { amount: 0.3 }],
    ['a version bump only', { id: 'a2', version: 2, originalId: 'a1', previousVersionId: 'a1' }],
  ])('reports nothing for %s', (_, patch, base = {}) => {
    expect(changedFields({ ...before, ...base }, { ...before, ...patch })).toEqual([]);
  });

  it.each([
    ['an amount that was missing', { amount: undefined }, { amount: 5 }, [undefined, 5]],
    ['an amount that is gone', { amount: 5 }, { amount: undefined }, [5, undefined]],
    ['a note that is gone', { description: 'x' }, { description: undefined }, ['x', undefined]],
  ])('reports %s', (_, old, next, [oldValue, newValue]) => {
    const field = Object.keys(old)[0];
    expect(changedFields({ ...before, ...old }, { ...before, ...next })).toEqual([
      { field, old: oldValue, new: newValue },
    ]);
  });

  it('treats an empty note before a missing one alike', () => {
    const after: Partial<Asset> = { ...before, description: '' };
    delete after.description;
    expect(changedFields({ ...before, description: '' }, after)).toEqual([]);
  });

  it('against nothing after, lists every filled field (a delete)', () => {
    expect(changedFields(before, null).map((c) => [c.field, c.new])).toEqual([
      ['name', undefined],
      ['category', undefined],
      ['amount', undefined],
      ['description', undefined],
      ['date', undefined],
      ['effectiveDate', undefined],
      ['type', undefined],
    ]);
  });

  it('treats a missing and an empty note or effective date alike', () => {
    const legacy: Partial<Asset> = { ...fields() };
    delete legacy.description;
    delete legacy.effectiveDate;
    expect(changedFields(legacy, fields())).toEqual([]);
  });

  it('lists several changes in field order', () => {
    const after = { ...before, type: 'liability' as const, amount: 5, name: '借款' };
    expect(changedFields(before, after).map((c) => c.field)).toEqual(['name', 'amount', 'type']);
  });

  it('against nothing, lists every filled field (a create)', () => {
    expect(changedFields(null, before).map((c) => c.field)).toEqual([
      'name',
      'category',
      'amount',
      'description',
      'date',
      'effectiveDate',
      'type',
    ]);
  });
});

describe('effectiveDateOf', () => {
  it.each([
    [{ date: '2026-01-10', effectiveDate: '2025-12-31' }, '2025-12-31'],
    [{ date: '2026-01-10', effectiveDate: '' }, '2026-01-10'],
  ])('%j → %s', (asset, date) => {
    expect(effectiveDateOf(asset)).toBe(date);
  });
});

describe('assetTotals', () => {
  it.each([
    ['nothing', [], [0, 0, 0, 0]],
    [
      'assets, receivables and liabilities',
      [
        { type: 'asset', category: 'cash', amount: 0.1 },
        { type: 'asset', category: 'receivables', amount: 0.2 },
        { type: 'asset', category: 'receivables', amount: 100 },
        { type: 'liability', category: 'credit_card', amount: 50.5 },
      ],
      [10030, 5050, 10020, 4980],
    ],
    [
      'a negative net worth',
      [
        { type: 'asset', category: 'cash', amount: 10 },
        { type: 'liability', category: 'mortgage', amount: 1_000_000 },
      ],
      [1000, 100_000_000, 0, -99_999_000],
    ],
    [
      'large amounts stay exact',
      [
        { type: 'asset', category: 'real_estate', amount: 999_999_999_999.99 },
        { type: 'asset', category: 'cash', amount: 0.01 },
      ],
      [100_000_000_000_000, 0, 0, 100_000_000_000_000],
    ],
  ] as const)('%s', (_, latest, [assets, liabilities, receivables, netWorth]) => {
    expect(assetTotals(latest)).toEqual({
      assetsCents: assets,
      liabilitiesCents: liabilities,
      receivablesCents: receivables,
      netWorthCents: netWorth,
    });
  });
});

describe('monthlyCategoryValues', () => {
  // Cash edited three times, one of the edits dated back within March.
  const cash = chain(
    'cash',
    { name: '现金', category: 'cash', amount: 1000, date: '2026-01-10' },
    { amount: 1500, date: '2026-03-05' },
    { amount: 1800, date: '2026-03-06', effectiveDate: '2026-03-20' },
    { amount: 2000, date: '2026-06-01' },
  );
  // Entered in August but effective since February.
  const fund = chain(
    'fund',
    {
      name: '指数基金',
      category: 'funds',
      amount: 500,
      date: '2026-08-15',
      effectiveDate: '2026-02-01',
    },
    { amount: 700, date: '2026-09-10' },
  );
  // Effective before the 12-month window: it counts from the first month.
  const deposit = chain('dep', {
    name: '定期',
    category: 'bank_deposit',
    amount: 300,
    date: '2025-06-30',
  });
  const mortgage = chain('loan', {
    type: 'liability',
    name: '房贷',
    category: 'mortgage',
    amount: 100_000,
    date: '2025-01-01',
  });
  const all = [...cash, ...fund, ...deposit, ...mortgage];

  const rows = (values: ReturnType<typeof monthlyCategoryValues>) =>
    values.map((v) => [v.month, v.totalCents, v.changeCents, v.changePercent]);

  it('sums every asset name per month, with the change against the previous listed month', () => {
    expect(rows(monthlyCategoryValues(all, TODAY, 'all'))).toEqual([
      ['2025-12', 30000, null, null],
      ['2026-01', 130000, 100000, 333.3],
      ['2026-02', 180000, 50000, 38.5],
      ['2026-03', 260000, 80000, 44.4],
      ['2026-04', 260000, 0, 0],
      ['2026-05', 260000, 0, 0],
      ['2026-06', 280000, 20000, 7.7],
      ['2026-07', 280000, 0, 0],
      ['2026-08', 280000, 0, 0],
      ['2026-09', 300000, 20000, 7.1],
      ['2026-10', 300000, 0, 0],
      ['2026-11', 300000, 0, 0],
    ]);
  });

  it.each([
    [
      'cash',
      [
        ['2026-01', 100000, null, null],
        ['2026-02', 100000, 0, 0],
        ['2026-03', 180000, 80000, 80],
        ['2026-04', 180000, 0, 0],
        ['2026-05', 180000, 0, 0],
        ['2026-06', 200000, 20000, 11.1],
        ['2026-07', 200000, 0, 0],
        ['2026-08', 200000, 0, 0],
        ['2026-09', 200000, 0, 0],
        ['2026-10', 200000, 0, 0],
        ['2026-11', 200000, 0, 0],
      ],
    ],
    [
      'funds',
      [
        ['2026-02', 50000, null, null],
        ['2026-03', 50000, 0, 0],
        ['2026-04', 50000, 0, 0],
        ['2026-05', 50000, 0, 0],
        ['2026-06', 50000, 0, 0],
        ['2026-07', 50000, 0, 0],
        ['2026-08', 50000, 0, 0],
        ['2026-09', 70000, 20000, 40],
        ['2026-10', 70000, 0, 0],
        ['2026-11', 70000, 0, 0],
      ],
    ],
    ['receivables', []],
  ] as const)('filters by category %s', (category, expected) => {
    expect(rows(monthlyCategoryValues(all, TODAY, category))).toEqual(expected);
  });

  it('drops a deleted chain entirely, so no earlier version comes back', () => {
    const remaining = all.filter((a) => !chainVersions(all, 'cash').includes(a));
    expect(monthlyCategoryValues(remaining, TODAY, 'cash')).toEqual([]);
    expect(monthlyCategoryValues(remaining, TODAY, 'all').map((v) => v.totalCents)).toEqual([
      30000, 30000, 80000, 80000, 80000, 80000, 80000, 80000, 80000, 100000, 100000, 100000,
    ]);
  });

  it('leaves out months that total zero and compares across the gap', () => {
    const wallet = chain(
      'w',
      { name: '钱包', category: 'cash', amount: 100, date: '2026-01-05' },
      { amount: 0, date: '2026-04-02' },
      { amount: 33.33, date: '2026-06-10' },
    );
    expect(rows(monthlyCategoryValues(wallet, TODAY, 'cash'))).toEqual([
      ['2026-01', 10000, null, null],
      ['2026-02', 10000, 0, 0],
      ['2026-03', 10000, 0, 0],
      ['2026-06', 3333, -6667, -66.7],
      ['2026-07', 3333, 0, 0],
      ['2026-08', 3333, 0, 0],
      ['2026-09', 3333, 0, 0],
      ['2026-10', 3333, 0, 0],
      ['2026-11', 3333, 0, 0],
    ]);
  });

  it('gives no percent for the first listed month, even after months at zero', () => {
    const fresh = chain(
      'f',
      { name: '股票', category: 'stocks', amount: 0, date: '2026-09-01' },
      {
        amount: 250,
        date: '2026-10-01',
      },
    );
    expect(rows(monthlyCategoryValues(fresh, TODAY, 'all'))).toEqual([
      ['2026-10', 25000, null, null],
      ['2026-11', 25000, 0, 0],
    ]);
  });

  it('returns nothing without assets', () => {
    expect(monthlyCategoryValues([], TODAY, 'all')).toEqual([]);
    expect(monthlyCategoryValues(mortgage, TODAY, 'all')).toEqual([]);
  });

  it('ignores records effective after the month, and after today', () => {
    const future = chain('fu', {
      name: '黄金',
      category: 'other_investment',
      amount: 10,
      date: '2026-12-05',
    });
    expect(monthlyCategoryValues(future, TODAY, 'all')).toEqual([]);
  });

  it('in a month takes its highest version; later, the greatest effective date then version', () => {
    const gold = chain(
      'g',
      { name: '黄金', category: 'other_investment', amount: 100, date: '2026-10-20' },
      // Entered later but dated back: within October it is the newest version…
      { amount: 200, date: '2026-10-25', effectiveDate: '2026-10-10' },
    );
    // …but November carries the record with the greatest effective date (20 Oct).
    expect(rows(monthlyCategoryValues(gold, TODAY, 'all'))).toEqual([
      ['2026-10', 20000, null, null],
      ['2026-11', 10000, -10000, -50],
    ]);
    // On equal effective dates the higher version wins.
    const tie = [...gold, nextVersion(gold[1]!, fields({ ...gold[0]!, amount: 300 }), 'g-v3')];
    expect(monthlyCategoryValues(tie, TODAY, 'all').at(-1)?.totalCents).toBe(30000);
  });

  it('within a month takes the highest version, whatever order the versions are listed in', () => {
    const gold = chain(
      'g',
      { name: '黄金', category: 'other_investment', amount: 100, date: '2026-11-02' },
      { amount: 200, date: '2026-11-05' },
    );
    expect(monthlyCategoryValues([...gold].reverse(), TODAY, 'all')).toEqual([
      { month: '2026-11', totalCents: 20000, changeCents: null, changePercent: null },
    ]);
  });

  it('before the month, a higher version on the same effective date wins in any order', () => {
    const gold = chain(
      'g',
      { name: '黄金', category: 'other_investment', amount: 100, date: '2026-10-20' },
      { amount: 300, date: '2026-10-20' },
    );
    const values = monthlyCategoryValues([...gold].reverse(), TODAY, 'all');
    expect(values.map((v) => v.totalCents)).toEqual([30000, 30000]);
  });

  it('counts an asset name once, even when two chains share it', () => {
    const a = chain('x', { name: '余额宝', category: 'funds', amount: 100, date: '2026-09-01' });
    const b = chain('y', { name: '余额宝', category: 'funds', amount: 300, date: '2026-10-01' });
    expect(monthlyCategoryValues([...a, ...b], TODAY, 'funds').map((v) => v.totalCents)).toEqual([
      10000, 30000, 30000,
    ]);
  });

  it('uses the category of the record chosen for the month', () => {
    const moved = chain(
      'm',
      { name: '借给小王', category: 'other', amount: 500, date: '2026-09-01' },
      { category: 'receivables', date: '2026-11-02' },
    );
    expect(rows(monthlyCategoryValues(moved, TODAY, 'receivables'))).toEqual([
      ['2026-11', 50000, null, null],
    ]);
    expect(rows(monthlyCategoryValues(moved, TODAY, 'other'))).toEqual([
      ['2026-09', 50000, null, null],
      ['2026-10', 50000, 0, 0],
    ]);
  });
});

describe('formatMonthlyChange', () => {
  it.each([
    [null, null, null],
    [100, null, null],
    [null, 5, null],
    [20000, 11.1, '+¥200.00 (+11.1%)'],
    [-5000, -50, '-¥50.00 (-50.0%)'],
  ])('%s cents, %s%% → %s', (changeCents, changePercent, text) => {
    expect(formatMonthlyChange({ changeCents, changePercent })).toBe(text);
  });
});
