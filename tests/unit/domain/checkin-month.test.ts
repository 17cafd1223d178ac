import { describe, expect, it } from 'vitest';
import {
  formatMonth,
  habitIndex,
  indexedTally,
  monthlyStats,
  monthTally,
  recordsByTask,
} from '../../../src/domain/checkin';
import { countsOnFor } from '../../../src/domain/habits';

const records = (taskId: string, dates: string[]) =>
  dates.map((date, i) => ({ id: `${taskId}-${i}`, taskId, date }));

describe('recordsByTask', () => {
  it('groups records by habit, keeping their order', () => {
    const all = [
      ...records('a', ['2026-11-01', '2026-11-02']),
      ...records('b', ['2026-11-01']),
      ...records('a', ['2026-11-03']).map((r) => ({ ...r, id: 'a-late' })),
    ];
    const byTask = recordsByTask(all);
    expect(byTask.get('a')?.map((r) => r.id)).toEqual(['a-0', 'a-1', 'a-late']);
    expect(byTask.get('b')?.map((r) => r.id)).toEqual(['b-0']);
    expect(byTask.get('c')).toBeUndefined();
  });
});

describe('monthlyStats', () => {
  const month = '2026-11';
  const days = (n: number) =>
    Array.from({ length: n }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);

  it.each([
    ['no habits', [], [], { taskCount: 0, checkins: 0, averageRate: 0, targetsMet: 0 }],
    [
      'one habit half way',
      [{ id: 'a', monthlyTarget: 20 }],
      records('a', days(10)),
      { taskCount: 1, checkins: 10, averageRate: 50, targetsMet: 0 },
    ],
    [
      'an over-achiever counts as 100 % in the mean',
      [
        { id: 'a', monthlyTarget: 5 },
        { id: 'b', monthlyTarget: 10 },
      ],
      [...records('a', days(10)), ...records('b', days(3))],
      { taskCount: 2, checkins: 13, averageRate: 65, targetsMet: 1 },
    ],
    [
      'other months and deleted habits are left out',
      [{ id: 'a', monthlyTarget: 3 }],
      [
        ...records('a', ['2026-10-31', '2026-11-01', '2026-12-01']),
        ...records('gone', ['2026-11-02']),
      ],
      { taskCount: 1, checkins: 1, averageRate: 33, targetsMet: 0 },
    ],
    [
      'exactly on target',
      [{ id: 'a', monthlyTarget: 2 }],
      records('a', ['2026-11-05', '2026-11-06']),
      { taskCount: 1, checkins: 2, averageRate: 100, targetsMet: 1 },
    ],
  ])('%s', (_, tasks, all, stats) => {
    const habits = tasks.map((t) => ({ ...t, type: 'daily' as const, frequency: 1 }));
    expect(monthlyStats(habits, monthTally(all, month, '2026-11-20').inMonth, month)).toEqual(
      stats,
    );
  });

  it('holds a Monday-to-Friday habit to the month’s weekdays: 21 in November 2026', () => {
    const weekdays = {
      id: 'a',
      type: 'daily' as const,
      frequency: 1,
      monthlyTarget: 30,
      schedule: [{ from: '2026-11-01', weekdays: [1, 2, 3, 4, 5] }],
    };
    const all = records('a', days(30));
    // The 8 weekend days are rest days: they count neither in the month nor toward its target.
    const counts = countsOnFor([weekdays]);
    const inMonth = monthTally(all, month, '2026-11-30', counts).inMonth;
    expect(monthlyStats([weekdays], inMonth, month)).toEqual({
      taskCount: 1,
      checkins: 21,
      averageRate: 100,
      targetsMet: 1,
    });
  });
});

describe('monthTally', () => {
  const all = [
    ...records('a', ['2026-10-31', '2026-11-01', '2026-11-20', '2026-11-20']),
    ...records('b', ['2026-11-19', '2026-12-01']),
    ...records('c', ['2026-11-20']),
  ];
  it.each<[string, string, string, Record<string, number>, string[]]>([
    ['the month of today', '2026-11', '2026-11-20', { a: 3, b: 1, c: 1 }, ['a', 'c']],
    ['a month before today', '2026-10', '2026-11-20', { a: 1 }, ['a', 'c']],
    ['today in no month given', '', '2026-12-01', {}, ['b']],
    ['a day without check-ins', '2026-12', '2026-12-02', { b: 1 }, []],
  ])('%s', (_, month, today, inMonth, checked) => {
    const tally = monthTally(all, month, today);
    expect(Object.fromEntries(tally.inMonth)).toEqual(inMonth);
    expect([...tally.today].sort()).toEqual(checked);
  });
});

describe('indexedTally', () => {
  // The same figures from the habits' indexes as from one pass over the records: skipped
  // days left out, a day held twice counted twice, as monthTally counts them.
  const all = [
    ...records('a', ['2026-10-31', '2026-11-01', '2026-11-20', '2026-11-20']),
    ...records('b', ['2026-11-19', '2026-12-01']),
    ...records('c', ['2026-11-20']).map((r) => ({ ...r, skipped: true })),
    ...records('d', ['2026-11-03', '2026-11-20']).map((r, i) => ({ ...r, skipped: i === 1 })),
  ];
  const indexes = ['a', 'b', 'c', 'd', 'none'].map(
    (id) =>
      [id, habitIndex({ id, type: 'daily', frequency: 1 }, all)] as [
        string,
        ReturnType<typeof habitIndex>,
      ],
  );
  it.each([
    ['2026-11', '2026-11-20'],
    ['2026-10', '2026-11-20'],
    ['2026-12', '2026-12-01'],
    ['2026-12', '2026-12-02'],
  ])('%s, today %s: as monthTally', (month, today) => {
    const expected = monthTally(all, month, today);
    const tally = indexedTally(indexes, month, today);
    expect(Object.fromEntries(tally.inMonth)).toEqual(Object.fromEntries(expected.inMonth));
    expect([...tally.today].sort()).toEqual([...expected.today].sort());
  });
  it('leaves out a rest day’s record, as monthTally does', () => {
    // 2026-11-20 is a Friday, 11-21 a Saturday: b is due Mondays to Fridays only.
    const weekend = [...all, ...records('b', ['2026-11-21'])];
    const habits = ['a', 'b', 'c', 'd'].map((id) => ({
      id,
      type: 'daily' as const,
      frequency: 1,
      schedule: id === 'b' ? [{ from: '2026-11-01', weekdays: [1, 2, 3, 4, 5] }] : [],
    }));
    const counts = countsOnFor(habits);
    const lookups = ['a', 'b', 'd'].map(
      (id) =>
        [id, habitIndex({ id, type: 'daily', frequency: 1 }, weekend)] as [
          string,
          ReturnType<typeof habitIndex>,
        ],
    );
    for (const tally of [
      monthTally(weekend, '2026-11', '2026-11-21', counts),
      indexedTally(lookups, '2026-11', '2026-11-21', counts),
    ]) {
      expect(Object.fromEntries(tally.inMonth)).toEqual({ a: 3, b: 1, d: 1 });
      expect([...tally.today]).toEqual([]);
    }
  });
  it('counts a habit checked in today, not one that skipped it', () => {
    const tally = indexedTally(indexes, '2026-11', '2026-11-20');
    expect([...tally.today].sort()).toEqual(['a']);
    expect(Object.fromEntries(tally.inMonth)).toEqual({ a: 3, b: 1, d: 1 });
  });
});

it.each([
  ['2026-11', '2026年11月'],
  ['2027-01', '2027年1月'],
])('formatMonth(%s) → %s', (month, label) => {
  expect(formatMonth(month)).toBe(label);
});
