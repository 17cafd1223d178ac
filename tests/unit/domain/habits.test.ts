import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateKey, dayNumber } from '../../../src/domain/dates';
import {
  asPressed,
  DAY_STATE_LABELS,
  type DayRecord,
  dateOfDay,
  dayState,
  type HabitLike,
  habitRules,
  habitSummary,
  monthlyScores,
  monthlyTargetFor,
  type PressedDay,
  recordsByDate,
  unitMultiplier,
  valueSeries,
  weekdayOfDay,
} from '../../../src/domain/habits';

// 2026-11-02 is a Monday; 2026-11-30 a Monday; 2026-12-01 a Tuesday.
const daily: HabitLike = { id: 'h', type: 'daily', frequency: 1 };
const water: HabitLike = {
  ...daily,
  kind: 'measurable',
  target: 8,
  targetType: 'atLeast',
  targetPeriod: 'day',
};
const coffee: HabitLike = { ...water, target: 2, targetType: 'atMost' };
const run: HabitLike = { ...water, target: 20, targetPeriod: 'week' };
const pages: HabitLike = { ...water, target: 300, targetPeriod: 'month' };

/** Records of these dates with these values. */
const logged = (...entries: [string, number][]): DayRecord[] =>
  entries.map(([date, value]) => ({ date, value }));

/** Days from..to (inclusive) as records, with `value` each (undefined: a plain check-in). */
function days(from: string, to: string, value?: number): DayRecord[] {
  const out: DayRecord[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) {
    out.push(value === undefined ? { date: dateOfDay(n) } : { date: dateOfDay(n), value });
  }
  return out;
}
const without = (records: DayRecord[], ...dates: string[]) =>
  records.filter((r) => !dates.includes(r.date));

describe('records by day', () => {
  it('finds each day, the last record of a day winning, and nothing outside them', () => {
    const first = { date: '2026-11-03', value: 1 };
    const second = { date: '2026-11-03', value: 5 };
    const later = { date: '2026-12-01', skipped: true };
    const byDay = recordsByDate([later, first, second]);
    expect(byDay.get('2026-11-03')).toBe(second);
    expect(byDay.get('2026-12-01')).toBe(later);
    expect(byDay.at(dayNumber('2026-12-01'))).toBe(later);
    for (const date of ['2026-11-02', '2026-11-04', '2026-12-02', '2025-11-03'])
      expect(byDay.get(date)).toBeUndefined();
    expect(recordsByDate([]).get('2026-11-03')).toBeUndefined();
  });
});

describe('records by day, from the days an index has read', () => {
  it('finds each record as from its date', () => {
    const records = [...days('2024-02-27', '2024-03-02'), ...days('2026-12-30', '2027-01-02')];
    const byKeys = recordsByDate(
      records,
      records.map((r) => dateKey(r.date)),
    );
    const byDates = recordsByDate(records);
    for (let n = dayNumber('2024-02-20'); n <= dayNumber('2027-01-05'); n++) {
      expect(byKeys.at(n)).toBe(byDates.at(n));
    }
    expect(byKeys.firstDifference(byDates)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('day numbers', () => {
  it.each(['1970-01-01', '2024-02-29', '2026-11-30', '2026-12-31', '2100-03-01'])(
    '%s round-trips',
    (date) => expect(dateOfDay(dayNumber(date))).toBe(date),
  );
  it('stays right past the dates it keeps (60,000 days, twice: computed, then kept)', () => {
    const start = dayNumber('1950-01-01');
    for (const pass of [1, 2]) {
      for (let n = start; n < start + 60_000; n += 1) {
        const expected = new Date(n * 86_400_000).toISOString().slice(0, 10);
        if (dateOfDay(n) !== expected) throw new Error(`pass ${pass}: ${n} gave ${dateOfDay(n)}`);
      }
    }
  });
  it('knows the weekday', () => {
    expect(weekdayOfDay(dayNumber('2026-11-02'))).toBe(1);
    expect(weekdayOfDay(dayNumber('2026-11-29'))).toBe(0);
  });
});

describe('streak and score (table)', () => {
  const rows: {
    name: string;
    habit: HabitLike;
    records: DayRecord[];
    today: string;
    streak: number;
    best?: number;
  }[] = [
    {
      name: 'yes/no: 10 days in a row, today not yet done',
      habit: daily,
      records: days('2026-11-01', '2026-11-10'),
      today: '2026-11-11',
      streak: 10,
    },
    {
      name: 'yes/no: a missed day breaks it',
      habit: daily,
      records: without(days('2026-11-01', '2026-11-10'), '2026-11-05'),
      today: '2026-11-10',
      streak: 5,
      best: 5,
    },
    {
      name: 'yes/no: a skipped day freezes it',
      habit: daily,
      records: [
        ...without(days('2026-11-01', '2026-11-10'), '2026-11-05'),
        { date: '2026-11-05', skipped: true },
      ],
      today: '2026-11-10',
      streak: 9,
    },
    {
      name: 'yes/no: a vacation freezes it',
      habit: { ...daily, vacations: [{ start: '2026-11-04', end: '2026-11-06' }] },
      records: without(days('2026-11-01', '2026-11-10'), '2026-11-04', '2026-11-05', '2026-11-06'),
      today: '2026-11-10',
      streak: 7,
    },
    {
      name: 'weekdays Mon/Wed/Fri: the other days are not missed',
      habit: { ...daily, schedule: [{ from: '2026-11-01', weekdays: [1, 3, 5] }] },
      records: [
        { date: '2026-11-02' },
        { date: '2026-11-04' },
        { date: '2026-11-06' },
        { date: '2026-11-09' },
      ],
      today: '2026-11-10',
      streak: 4,
    },
    {
      name: 'a schedule change mid-month judges each day by the schedule it had',
      habit: {
        ...daily,
        schedule: [
          { from: '2026-11-01', weekdays: [0, 1, 2, 3, 4, 5, 6] },
          { from: '2026-11-16', weekdays: [1] },
        ],
      },
      // Every day to the 15th, then Mondays only: the 16th and the 23rd.
      records: [
        ...days('2026-11-01', '2026-11-15'),
        { date: '2026-11-16' },
        { date: '2026-11-23' },
      ],
      today: '2026-11-27',
      streak: 17,
    },
    {
      name: '至少 8 杯 a day: 7 is a miss',
      habit: water,
      records: [...days('2026-11-01', '2026-11-05', 8), { date: '2026-11-06', value: 7 }],
      today: '2026-11-07',
      streak: 0,
      best: 5,
    },
    {
      name: '至少: values past the target still count once',
      habit: water,
      records: days('2026-11-01', '2026-11-05', 12),
      today: '2026-11-05',
      streak: 5,
    },
    {
      name: '至多 2 杯: at the target is kept, zero counts, 3 breaks',
      habit: coffee,
      records: logged(['2026-11-01', 2], ['2026-11-02', 3], ['2026-11-03', 2], ['2026-11-04', 0]),
      // 11-05 and 11-06 have no record: zero, under the target.
      today: '2026-11-07',
      streak: 4,
      best: 4,
    },
    {
      name: '至多: today over the target already breaks it',
      habit: coffee,
      records: logged(['2026-11-01', 1], ['2026-11-02', 5]),
      today: '2026-11-02',
      streak: 0,
      best: 1,
    },
    {
      name: '20 km a week: weeks that reach it, this week still running',
      habit: run,
      records: logged(
        ['2026-11-03', 10],
        ['2026-11-05', 10],
        ['2026-11-10', 25],
        ['2026-11-17', 5],
      ),
      today: '2026-11-19',
      streak: 2,
    },
    {
      name: 'a week short of its target breaks the weekly streak',
      habit: run,
      records: logged(['2026-11-03', 10], ['2026-11-05', 10], ['2026-11-10', 19]),
      today: '2026-11-17',
      streak: 0,
      best: 1,
    },
    {
      name: 'a vacation in a week lowers that week’s 至少 target',
      habit: { ...run, vacations: [{ start: '2026-11-09', end: '2026-11-12' }] },
      // 3 of 7 days left: 20 × 3/7 ≈ 8.6 km is enough.
      records: logged(['2026-11-02', 20], ['2026-11-13', 9]),
      today: '2026-11-17',
      streak: 2,
    },
    {
      name: '300 pages a month: November done, December running',
      habit: pages,
      records: [{ date: '2026-10-15', value: 300 }, ...days('2026-11-01', '2026-11-30', 10)],
      today: '2026-12-03',
      streak: 2,
    },
    {
      name: 'a vacation across a month end freezes the daily streak through both months',
      habit: { ...daily, vacations: [{ start: '2026-10-29', end: '2026-11-03' }] },
      records: [...days('2026-10-20', '2026-10-28'), ...days('2026-11-04', '2026-11-06')],
      today: '2026-11-06',
      streak: 12,
    },
    {
      name: 'a vacation across a month end lowers both months’ 至少 targets',
      habit: { ...pages, vacations: [{ start: '2026-10-17', end: '2026-11-15' }] },
      // October: 16 of 31 days left → 155 pages; November: 15 of 30 → 150.
      records: logged(['2026-10-02', 155], ['2026-11-20', 150]),
      today: '2026-12-01',
      streak: 2,
    },
    {
      name: 'a weekly yes/no habit: 3 days a week',
      habit: { id: 'h', type: 'weekly', frequency: 3 },
      records: [
        { date: '2026-11-02' },
        { date: '2026-11-03' },
        { date: '2026-11-04' },
        { date: '2026-11-09' },
      ],
      today: '2026-11-16',
      streak: 0,
      best: 1,
    },
  ];

  it.each(rows)('$name', ({ habit, records, today, streak, best }) => {
    const summary = habitSummary(habit, records, today);
    expect(summary.streaks.current).toBe(streak);
    if (best !== undefined) expect(summary.streaks.best).toBe(best);
    expect(summary.score).toBeGreaterThanOrEqual(0);
    expect(summary.score).toBeLessThanOrEqual(100);
  });
});

describe('the strength score', () => {
  const m = unitMultiplier('day');

  it('is Loop’s smoothing: n done days give 1 − mⁿ', () => {
    const { score } = habitSummary(daily, days('2026-11-01', '2026-11-20'), '2026-11-20');
    expect(score).toBe(Math.round((1 - m ** 20) * 100));
  });

  it('one missed day after a long run costs only a few points', () => {
    const long = days('2026-01-01', '2026-11-19');
    const before = habitSummary(daily, long, '2026-11-19').score;
    const after = habitSummary(daily, long, '2026-11-20').score;
    expect(before).toBe(100);
    expect(before - after).toBeLessThanOrEqual(6);
    expect(after).toBeGreaterThan(90);
  });

  it('stands still through skips and vacations, and ignores unscheduled days', () => {
    const base = days('2026-11-01', '2026-11-10');
    const plain = habitSummary(daily, base, '2026-11-10').score;
    const skipped = habitSummary(
      daily,
      [...base, ...days('2026-11-11', '2026-11-20').map((r) => ({ ...r, skipped: true }))],
      '2026-11-20',
    ).score;
    const away = habitSummary(
      { ...daily, vacations: [{ start: '2026-11-11', end: '2026-11-20' }] },
      base,
      '2026-11-20',
    ).score;
    // Every day from its first day, Mondays only from the 11th (a schedule change writes both:
    // days before a habit's first entry take that entry's weekdays).
    const mondays = habitSummary(
      {
        ...daily,
        schedule: [
          { from: '2026-11-01', weekdays: [0, 1, 2, 3, 4, 5, 6] },
          { from: '2026-11-11', weekdays: [1] },
        ],
      },
      base,
      '2026-11-15',
    ).score;
    expect([skipped, away, mondays]).toEqual([plain, plain, plain]);
  });

  it('gives 至少 part credit and 至多 none when over', () => {
    const half = habitSummary(water, [{ date: '2026-11-01', value: 4 }], '2026-11-02');
    const full = habitSummary(water, [{ date: '2026-11-01', value: 8 }], '2026-11-02');
    expect(half.score).toBe(Math.round((1 - m) * 0.5 * 100));
    expect(full.score).toBe(Math.round((1 - m) * 100));
    const over = habitSummary(coffee, [{ date: '2026-11-01', value: 3 }], '2026-11-02');
    expect(over.units[0]!.state).toBe('missed');
  });

  it('follows a value corrected on a past day', () => {
    const records = days('2026-11-01', '2026-11-10', 8);
    const wrong = records.map((r) => (r.date === '2026-11-05' ? { ...r, value: 2 } : r));
    const bad = habitSummary(water, wrong, '2026-11-10');
    const fixed = habitSummary(water, records, '2026-11-10');
    expect(bad.streaks.current).toBe(5);
    expect(fixed.streaks.current).toBe(10);
    expect(fixed.score).toBeGreaterThan(bad.score);
  });

  it('charts twelve months, oldest first, ending with today’s score', () => {
    const records = days('2026-06-01', '2026-11-20');
    const chart = monthlyScores(daily, records, '2026-11-20');
    expect(chart).toHaveLength(12);
    expect(chart[0]!.month).toBe('2025-12');
    expect(chart.at(-1)).toEqual({
      month: '2026-11',
      score: habitSummary(daily, records, '2026-11-20').score,
    });
    expect(chart.slice(0, 6).every((p) => p.score === 0)).toBe(true);
    expect(chart[6]!.score).toBeLessThan(chart[7]!.score);
  });
});

describe('the calendar’s day states', () => {
  const rules = habitRules({
    ...water,
    schedule: [{ from: '2026-11-01', weekdays: [1, 2, 3, 4, 5] }],
    vacations: [{ start: '2026-11-18', end: '2026-11-19' }],
  });
  it.each([
    ['2026-11-02', { date: '2026-11-02', value: 8 }, 'done'],
    ['2026-11-03', { date: '2026-11-03', value: 3 }, 'partial'],
    ['2026-11-04', undefined, 'missed'],
    ['2026-11-05', { date: '2026-11-05', skipped: true }, 'skipped'],
    ['2026-11-07', undefined, 'unscheduled'],
    ['2026-11-18', undefined, 'vacation'],
    ['2026-11-20', undefined, 'open'],
    ['2026-11-23', undefined, 'future'],
  ] as const)('%s is %s', (date, record, state) => {
    expect(dayState(rules, record, date, '2026-11-20')).toBe(state);
  });
  it('至多: a past day at or under the target is done, over it missed', () => {
    const r = habitRules(coffee);
    expect(dayState(r, undefined, '2026-11-01', '2026-11-02')).toBe('done');
    expect(dayState(r, { date: '2026-11-01', value: 3 }, '2026-11-01', '2026-11-02')).toBe(
      'missed',
    );
  });
});

describe('a pressed day over the records', () => {
  const mine = { date: '2026-11-20', value: 3 };
  const skipped = { date: '2026-11-20', skipped: true };
  it.each<[string, PressedDay | null, DayRecord | undefined, DayRecord | undefined]>([
    ['nothing pressed', null, mine, mine],
    ['another day pressed', { date: '2026-11-19', checked: false }, mine, mine],
    ['checked out', { date: '2026-11-20', checked: false }, mine, undefined],
    [
      'checked in, no record yet',
      { date: '2026-11-20', checked: true },
      undefined,
      { date: '2026-11-20', value: 1 },
    ],
    [
      'checked in over a skip',
      { date: '2026-11-20', checked: true },
      skipped,
      { date: '2026-11-20', value: 1 },
    ],
    ['checked in, its record there', { date: '2026-11-20', checked: true }, mine, mine],
  ])('%s', (_, pressed, record, shown) => {
    expect(asPressed(pressed, '2026-11-20', record)).toEqual(shown);
  });
});

describe('judging again after a change', () => {
  // habitSummary goes on from the habit's last judging, past the days that did not change
  // (the same record objects). Whatever changed, its figures must be those of a fresh judging
  // (a copy of the habit has no last judging).
  const START = dayNumber('2026-08-01');
  const SPAN = 120;
  const habits: HabitLike[] = [
    daily,
    { id: 'w', type: 'weekly', frequency: 3 },
    { id: 'm', type: 'monthly', frequency: 10 },
    water,
    coffee,
    run,
    pages,
    { ...water, schedule: [{ from: '2026-09-01', weekdays: [1, 3, 5] }] },
    { ...daily, vacations: [{ start: '2026-10-05', end: '2026-10-12' }] },
  ];
  const record = fc.record(
    {
      day: fc.integer({ min: 0, max: SPAN - 1 }),
      value: fc.integer({ min: 0, max: 12 }),
      skipped: fc.boolean(),
    },
    { requiredKeys: ['day', 'value'] },
  );
  const toRecord = (r: { day: number; value: number; skipped?: boolean }): DayRecord => ({
    date: dateOfDay(START + r.day),
    value: r.value,
    ...(r.skipped ? { skipped: true } : {}),
  });
  const change = fc.oneof(
    fc.record({ add: record }),
    fc.record({ remove: fc.nat() }),
    fc.record({ replace: fc.nat(), by: record }),
    // Mostly near the end, as a check-in is.
    fc.record({ add: record.map((r) => ({ ...r, day: SPAN - 1 - (r.day % 5) })) }),
  );

  it('gives the figures of a fresh judging', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...habits),
        fc.array(record, { maxLength: 60 }),
        fc.array(change, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: SPAN - 10, max: SPAN + 10 }),
        (template, first, changes, todayAt) => {
          const habit = { ...template };
          const today = dateOfDay(START + todayAt);
          let records = first.map(toRecord);
          habitSummary(habit, records, today);
          for (const c of changes) {
            if ('add' in c) records = [...records, toRecord(c.add)];
            else if ('remove' in c && records.length > 0)
              records = records.filter((_, i) => i !== c.remove % records.length);
            else if ('replace' in c && records.length > 0)
              records = records.map((r, i) =>
                i === c.replace % records.length ? toRecord(c.by) : r,
              );
            expect(habitSummary(habit, records, today)).toEqual(
              habitSummary({ ...habit }, records, today),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

// Issue 60: the schedule, the target and the days agree. 2027-02-01 and 2027-03-01 are Mondays;
// 2026-12-05 is a Saturday, 2026-12-06 a Sunday.
describe('habits that agree with themselves', () => {
  const workdays = [1, 2, 3, 4, 5];
  const weekdayHabit = {
    ...daily,
    monthlyTarget: 30,
    schedule: [{ from: '2027-01-01', weekdays: workdays }],
  };

  it.each([
    ['Monday to Friday, February 2027', weekdayHabit, '2027-02', 20],
    ['Monday to Friday, March 2027', weekdayHabit, '2027-03', 23],
    [
      'Monday to Friday, November 2026 (before it was made: its first weekdays)',
      weekdayHabit,
      '2026-11',
      21,
    ],
    [
      'Mondays only, March 2027',
      { ...weekdayHabit, schedule: [{ from: '2027-01-01', weekdays: [1] }] },
      '2027-03',
      5,
    ],
    ['a target the user typed stays', { ...weekdayHabit, monthlyTarget: 12 }, '2027-02', 12],
    [
      'every day keeps the stored 30',
      { ...weekdayHabit, schedule: [{ from: '2027-01-01', weekdays: [0, 1, 2, 3, 4, 5, 6] }] },
      '2027-02',
      30,
    ],
    [
      'no schedule (the spec’s habit) keeps the stored 30',
      { ...daily, monthlyTarget: 30 },
      '2027-02',
      30,
    ],
    [
      'a weekly habit keeps its stored default',
      { id: 'w', type: 'weekly' as const, frequency: 3, monthlyTarget: 12 },
      '2027-02',
      12,
    ],
    [
      'a schedule change mid-month counts each day by the schedule it had',
      {
        ...weekdayHabit,
        schedule: [
          { from: '2027-01-01', weekdays: workdays },
          { from: '2027-03-15', weekdays: [1] },
        ],
      },
      '2027-03',
      // 1st–14th: 10 weekdays; then the Mondays 15th, 22nd and 29th.
      13,
    ],
    [
      'a measurable habit per day with weekdays',
      { ...water, monthlyTarget: 30, schedule: [{ from: '2027-01-01', weekdays: workdays }] },
      '2027-02',
      20,
    ],
    [
      'a measurable habit per week keeps the stored target',
      { ...run, monthlyTarget: 30, schedule: [{ from: '2027-01-01', weekdays: workdays }] },
      '2027-02',
      30,
    ],
  ])('每月目标: %s', (_, habit, month, target) => {
    expect(monthlyTargetFor(habit, month)).toBe(target);
  });

  // Water, Monday to Friday since 11-30, 8 cups a day.
  const weekdayWater = habitRules({
    ...water,
    schedule: [{ from: '2026-11-30', weekdays: workdays }],
  });

  it('an unscheduled day is a rest day, whatever it holds', () => {
    for (const value of [0, 1, 8, 12]) {
      const record = { date: '2026-12-05', value };
      expect(dayState(weekdayWater, record, '2026-12-05', '2026-12-06')).toBe('unscheduled');
      expect(dayState(weekdayWater, record, '2026-12-06', '2026-12-06')).toBe('unscheduled');
    }
    expect(DAY_STATE_LABELS.unscheduled).toBe('休息日');
  });

  it('a value on a rest day neither extends the streak nor breaks it', () => {
    const habit = { ...water, schedule: [{ from: '2026-11-30', weekdays: workdays }] };
    const week = days('2026-11-30', '2026-12-04', 8);
    const plain = habitSummary(habit, week, '2026-12-06');
    const withWeekend = habitSummary(
      habit,
      [...week, ...logged(['2026-12-05', 1], ['2026-12-06', 20])],
      '2026-12-06',
    );
    expect(plain.streaks.current).toBe(5);
    expect(withWeekend.streaks).toEqual(plain.streaks);
    expect(withWeekend.score).toBe(plain.score);
  });

  it('a streak runs across rest days: Friday to Monday is two days in a row', () => {
    const habit = { ...daily, schedule: [{ from: '2026-11-01', weekdays: workdays }] };
    // Thursday 12-03, Friday 12-04, Monday 12-07; the weekend between is rest.
    const summary = habitSummary(
      habit,
      days('2026-12-03', '2026-12-04').concat(days('2026-12-07', '2026-12-07')),
      '2026-12-07',
    );
    expect(summary.streaks).toEqual({ current: 3, best: 3 });
    // A missed Monday does break it: rest days are no excuse for a due day.
    expect(
      habitSummary(habit, days('2026-12-03', '2026-12-04'), '2026-12-08').streaks.current,
    ).toBe(0);
  });

  describe('days before the habit was made (its first schedule entry, 12-02)', () => {
    const habit = { ...daily, schedule: [{ from: '2026-12-02', weekdays: workdays }] };
    const rules = habitRules(habit);
    // Back-filled: Friday 11-27 and Monday 11-30; Tuesday 12-01 forgotten.
    const backFilled = [{ date: '2026-11-27' }, { date: '2026-11-30' }, { date: '2026-12-02' }];
    const today = '2026-12-02';
    const start = habitSummary(habit, backFilled, today).start;

    it.each([
      ['2026-11-27', 'done'],
      ['2026-11-28', 'unscheduled'],
      ['2026-11-29', 'unscheduled'],
      ['2026-11-30', 'done'],
      ['2026-12-01', 'open'],
      ['2026-12-02', 'done'],
    ] as const)('%s is %s', (date, state) => {
      const record = backFilled.find((r) => r.date === date);
      expect(dayState(rules, record, date, today, start)).toBe(state);
    });

    it('neither a missed day nor a break in the streak', () => {
      const summary = habitSummary(habit, backFilled, today);
      expect(summary.streaks).toEqual({ current: 3, best: 3 });
      expect(summary.units.map((u) => u.state)).not.toContain('missed');
    });

    it('a due day after it is missed as ever', () => {
      expect(dayState(rules, undefined, '2026-12-03', '2026-12-04', start)).toBe('missed');
      expect(habitSummary(habit, backFilled, '2026-12-04').streaks.current).toBe(0);
    });

    it('至多: a day before it is not done without a record', () => {
      const limit = habitRules({
        ...coffee,
        schedule: [{ from: '2026-12-02', weekdays: workdays }],
      });
      expect(dayState(limit, undefined, '2026-12-01', '2026-12-03', '2026-11-20')).toBe('open');
      expect(dayState(limit, undefined, '2026-12-02', '2026-12-03', '2026-11-20')).toBe('done');
    });
  });
});

describe('a measurable week with days off', () => {
  // 20 km a week; Saturday and Sunday away: the week asks for 5/7 of 20, not rounded up.
  const away = { ...run, vacations: [{ start: '2026-11-07', end: '2026-11-08' }] };
  const week = (records: DayRecord[]) =>
    habitSummary(away, records, '2026-11-10').units.find((u) => u.start === '2026-11-02')!;

  it('asks for the exact share, so 14.3 km meets 100/7 km', () => {
    const unit = week(logged(['2026-11-02', 14.3]));
    expect(unit.target).toBeCloseTo(100 / 7, 9);
    expect(unit.state).toBe('done');
    expect(unit.credit).toBe(1);
  });

  it('and 14.2 km does not', () => {
    const unit = week(logged(['2026-11-02', 14.2]));
    expect(unit.state).toBe('missed');
    expect(unit.credit).toBeCloseTo(14.2 / (100 / 7), 9);
  });
});

describe('a measurable habit’s values over time (issue 60)', () => {
  const records: DayRecord[] = [
    { date: '2026-11-30', value: 9 }, // Monday
    { date: '2026-12-01', value: 0.1 },
    { date: '2026-12-01', value: 0.2 }, // a second record of the day adds up
    { date: '2026-11-29', value: 5, skipped: true }, // Sunday, skipped: nothing
    { date: '2026-11-28' }, // a yes/no check-in counts 1
    { date: '2026-11-20', value: 4 }, // beyond 7 days, within 3 weeks
    { date: '2026-12-02', value: 100 }, // after today
  ];

  it('gives the last N days, oldest first, 0 for a day without a value', () => {
    expect(valueSeries(records, '2026-12-01', 'day', 4)).toEqual([
      { start: '2026-11-28', value: 1 },
      { start: '2026-11-29', value: 0 },
      { start: '2026-11-30', value: 9 },
      { start: '2026-12-01', value: 0.3 },
    ]);
  });

  it('sums Monday-to-Sunday weeks, the current one last', () => {
    expect(valueSeries(records, '2026-12-01', 'week', 3)).toEqual([
      { start: '2026-11-16', value: 4 },
      { start: '2026-11-23', value: 1 },
      { start: '2026-11-30', value: 9.3 },
    ]);
  });
});
