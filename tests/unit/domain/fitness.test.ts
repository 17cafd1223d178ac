import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dailyTotals,
  fitnessStats,
  formatHoursMinutes,
  newestFirst,
  weekStrip,
  workoutTypeCounts,
} from '../../../src/domain/fitness';
import type { WorkoutType } from '../../../src/domain/schemas/categories';

// 2026-11-22 is a Sunday, 2026-11-23 the Monday after it.
const SUNDAY = '2026-11-22';
const MONDAY = '2026-11-23';

describe('formatHoursMinutes', () => {
  it.each([
    [0, '0小时0分钟'],
    [45, '0小时45分钟'],
    [60, '1小时0分钟'],
    [125, '2小时5分钟'],
    [1500, '25小时0分钟'],
    [59.6, '1小时0分钟'],
    [-5, '0小时0分钟'],
  ])('%s minutes → %s', (minutes, text) => {
    expect(formatHoursMinutes(minutes)).toBe(text);
  });
});

describe('weekStrip', () => {
  it.each<[string, string, string[], string[], string | undefined, string[]]>([
    [
      'on a Sunday the week began six days before',
      SUNDAY,
      ['2026-11-16', '2026-11-22', '2026-11-15', '2026-11-23'],
      ['2026-11-16', '2026-11-22'],
      SUNDAY,
      [],
    ],
    [
      'on a Monday a new week starts and last week’s workouts drop out',
      MONDAY,
      ['2026-11-22', '2026-11-23', '2026-11-24'],
      ['2026-11-23', '2026-11-24'],
      MONDAY,
      ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'],
    ],
  ])('%s', (_, today, workoutDates, marked, todayCell, future) => {
    const strip = weekStrip(
      workoutDates.map((date) => ({ date })),
      today,
    );
    expect(strip.map((d) => d.weekday)).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    expect(strip[0]!.date).toBe(today === SUNDAY ? '2026-11-16' : MONDAY);
    expect(strip.filter((d) => d.hasWorkout).map((d) => d.date)).toEqual(marked);
    expect(strip.filter((d) => d.isToday).map((d) => d.date)).toEqual([todayCell]);
    expect(strip.filter((d) => d.isFuture).map((d) => d.date)).toEqual(future);
  });
});

describe('fitnessStats', () => {
  const w = (date: string, duration: number, calories: number | null) => ({
    date,
    duration,
    calories,
  });

  it.each([
    ['no workouts', [], SUNDAY, { count: 0, totalMinutes: 0, totalCalories: 0, weekDaysActive: 0 }],
    [
      'two on one day count one week day; null calories count 0',
      [w(SUNDAY, 30, 200), w(SUNDAY, 45, null), w('2026-11-17', 20, 100)],
      SUNDAY,
      { count: 3, totalMinutes: 95, totalCalories: 300, weekDaysActive: 2 },
    ],
    [
      'on Monday last week no longer counts',
      [w(SUNDAY, 30, 0), w('2026-11-16', 30, 0)],
      MONDAY,
      { count: 2, totalMinutes: 60, totalCalories: 0, weekDaysActive: 0 },
    ],
  ])('%s', (_, workouts, today, expected) => {
    expect(fitnessStats(workouts, today)).toEqual(expected);
  });
});

describe('dailyTotals', () => {
  it('sums per day over the last 7 days, zero-filled, ignoring older and later records', () => {
    const items = [
      { date: SUNDAY, v: 30 },
      { date: SUNDAY, v: 15 },
      { date: '2026-11-16', v: 20 },
      { date: '2026-11-15', v: 99 },
      { date: MONDAY, v: 99 },
    ];
    expect(dailyTotals(items, SUNDAY, (i) => i.v)).toEqual([
      { date: '2026-11-16', total: 20 },
      { date: '2026-11-17', total: 0 },
      { date: '2026-11-18', total: 0 },
      { date: '2026-11-19', total: 0 },
      { date: '2026-11-20', total: 0 },
      { date: '2026-11-21', total: 0 },
      { date: SUNDAY, total: 45 },
    ]);
  });
});

describe('newestFirst', () => {
  it('orders by date, then by entry time, and keeps the first n', () => {
    const items = [
      { id: 'a', date: '2026-11-20', createdAt: '2026-11-22T08:00:00.000Z' },
      { id: 'b', date: '2026-11-21', createdAt: '2026-11-21T08:00:00.000Z' },
      { id: 'c', date: '2026-11-21', createdAt: '2026-11-21T09:00:00.000Z' },
      { id: 'd', date: '2026-11-19' },
    ];
    expect(newestFirst(items, 3).map((i) => i.id)).toEqual(['c', 'b', 'a']);
    expect(newestFirst(items, 20).map((i) => i.id)).toEqual(['c', 'b', 'a', 'd']);
    expect(items[0]!.id).toBe('a');
  });

  // Records uploaded from the original app may lack createdAt: on their day they go last.
  it.each([
    ['listed first', ['old', 'new']],
    ['listed last', ['new', 'old']],
  ])('puts a same-day record without an entry time after the others, %s', (_, order) => {
    const byId = {
      old: { id: 'old', date: '2026-11-21' },
      new: { id: 'new', date: '2026-11-21', createdAt: '2026-11-21T08:00:00.000Z' },
    };
    const items = order.map((id) => byId[id as keyof typeof byId]);
    expect(newestFirst(items, 5).map((i) => i.id)).toEqual(['new', 'old']);
  });

  // It keeps the first n in one pass instead of sorting: whatever the order and the ties
  // (same date, same or no entry time), it must give what the stable sort gives.
  it('gives the stable sort’s first n for any list', () => {
    const day = fc.constantFrom('2026-11-19', '2026-11-20', '2026-11-21');
    const entered = fc.option(
      fc.constantFrom('2026-11-21T08:00:00.000Z', '2026-11-22T08:00:00.000Z'),
      {
        nil: undefined,
      },
    );
    const item = fc.record({ date: day, createdAt: entered }, { requiredKeys: ['date'] });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), fc.integer({ min: 0, max: 45 }), (list, n) => {
        const items = list.map((x, i) => ({ ...x, id: i }));
        const sorted = [...items]
          .sort(
            (a, b) =>
              (a.date < b.date ? 1 : a.date > b.date ? -1 : 0) ||
              ((a.createdAt ?? '') < (b.createdAt ?? '')
                ? 1
                : (a.createdAt ?? '') > (b.createdAt ?? '')
                  ? -1
                  : 0),
          )
          .slice(0, n);
        expect(newestFirst(items, n).map((x) => x.id)).toEqual(sorted.map((x) => x.id));
      }),
      { numRuns: 500 },
    );
  });
});

describe('workoutTypeCounts', () => {
  const of = (...types: WorkoutType[]) => types.map((type) => ({ type }));

  it.each<[string, WorkoutType[], { type: WorkoutType; count: number }[]]>([
    ['none', [], []],
    [
      'most frequent first, ties in list order',
      ['yoga', 'running', 'yoga', 'swimming', 'running', 'yoga'].map((t) => t as WorkoutType),
      [
        { type: 'yoga', count: 3 },
        { type: 'running', count: 2 },
        { type: 'swimming', count: 1 },
      ],
    ],
    [
      'a later, more frequent type first',
      ['swimming', 'running', 'running'],
      [
        { type: 'running', count: 2 },
        { type: 'swimming', count: 1 },
      ],
    ],
    [
      'a tie in the order of docs/spec.md §5, not of entry',
      ['other', 'yoga', 'running'],
      [
        { type: 'running', count: 1 },
        { type: 'yoga', count: 1 },
        { type: 'other', count: 1 },
      ],
    ],
  ])('%s', (_, types, expected) => {
    expect(workoutTypeCounts(of(...types))).toEqual(expected);
  });

  it('keeps the top 6', () => {
    const types: WorkoutType[] = [
      'other',
      'running',
      'swimming',
      'cycling',
      'gym',
      'yoga',
      'basketball',
      'other',
    ];
    // 其他 twice, then the rest once each in the order first seen: basketball is the 7th.
    expect(workoutTypeCounts(of(...types)).map((c) => c.type)).toEqual(types.slice(0, 6));
  });
});
