import { describe, expect, it } from 'vitest';
import {
  bestStreak,
  checkinRate,
  currentStreak,
  findTodayRecord,
  progressWidth,
  rateColour,
  recordsInMonth,
} from '../../../src/domain/checkin';

const TODAY = '2026-11-21'; // a Saturday; its week began on Monday 16 November

const records = (dates: string[], taskId = 'c1') =>
  dates.map((date, i) => ({ id: `${taskId}-${i}`, taskId, date }));
const daily = { id: 'c1', type: 'daily', frequency: 1 } as const;
const weekly = (frequency: number) => ({ id: 'c1', type: 'weekly' as const, frequency });
const monthly = (frequency: number) => ({ id: 'c1', type: 'monthly' as const, frequency });

describe('rate and progress', () => {
  it.each([
    [0, 30, 0],
    [15, 30, 50],
    [24, 30, 80],
    [1, 3, 33],
    [2, 3, 67],
    [31, 30, 103],
    [5, 0, 0],
  ])('%d of %d → %d%%', (count, target, rate) => {
    expect(checkinRate(count, target)).toBe(rate);
  });

  it.each([
    [0, 0],
    [50, 50],
    [100, 100],
    [103, 100],
  ])('progress width of %d%% → %d%%', (rate, width) => {
    expect(progressWidth(rate)).toBe(width);
  });

  it.each([
    [103, 'green'],
    [80, 'green'],
    [79, 'yellow'],
    [60, 'yellow'],
    [59, 'red'],
    [0, 'red'],
  ])('%d%% is %s', (rate, colour) => {
    expect(rateColour(rate)).toBe(colour);
  });
});

describe('records', () => {
  const all = records(['2026-10-31', '2026-11-01', '2026-11-30', '2026-12-01', '2025-11-15']);

  it('picks a month by the prefix of the date', () => {
    expect(recordsInMonth(all, '2026-11').map((r) => r.date)).toEqual(['2026-11-01', '2026-11-30']);
    expect(recordsInMonth(all, '2026-09')).toEqual([]);
  });

  it.each([
    ['c1', '2026-11-30', 'c1-2'],
    ['c1', '2026-11-29', undefined],
    ['c2', '2026-11-30', undefined],
  ])('today record of %s on %s', (taskId, today, id) => {
    expect(findTodayRecord(all, taskId, today)?.id).toBe(id);
  });
});

describe('daily streaks', () => {
  it.each([
    ['nothing', [], TODAY, 0],
    ['today only', [TODAY], TODAY, 1],
    ['up to yesterday: today is still open', ['2026-11-18', '2026-11-19', '2026-11-20'], TODAY, 3],
    ['up to today', ['2026-11-18', '2026-11-19', '2026-11-20', TODAY], TODAY, 4],
    ['a gap breaks it', ['2026-11-17', '2026-11-19', '2026-11-20', TODAY], TODAY, 3],
    ['missed yesterday', ['2026-11-18', '2026-11-19'], TODAY, 0],
    ['across New Year', ['2026-12-30', '2026-12-31', '2027-01-01'], '2027-01-01', 3],
    ['across a leap day', ['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-01', 3],
    ['across 28 February', ['2023-02-27', '2023-02-28', '2023-03-01'], '2023-03-01', 3],
    ['a future record does not count', ['2026-11-22'], TODAY, 0],
  ])('%s', (_, dates, today, streak) => {
    expect(currentStreak(daily, records(dates), today)).toBe(streak);
  });

  it('counts every checked day of a daily habit whatever frequency a legacy record carries', () => {
    const legacyDaily = { ...daily, frequency: 3 };
    const dates = ['2026-11-19', '2026-11-20', TODAY];
    expect(currentStreak(legacyDaily, records(dates), TODAY)).toBe(3);
    expect(bestStreak(legacyDaily, records(dates))).toBe(3);
  });

  it('counts a day once and ignores other tasks', () => {
    const mixed = [
      ...records(['2026-11-20', '2026-11-20', TODAY]),
      ...records(['2026-11-19', '2026-11-18'], 'c2'),
    ];
    expect(currentStreak(daily, mixed, TODAY)).toBe(2);
  });

  it.each([
    ['nothing', [], 0],
    ['one day', ['2026-11-01'], 1],
    [
      'the longest run wins',
      [
        '2026-11-01',
        '2026-11-02',
        '2026-11-03',
        '2026-11-04',
        '2026-11-05',
        '2026-11-18',
        '2026-11-19',
      ],
      5,
    ],
    ['runs across a month end', ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-03'], 3],
  ])('best: %s', (_, dates, best) => {
    expect(bestStreak(daily, records(dates))).toBe(best);
  });
});

describe('weekly streaks (Monday weeks)', () => {
  // Weeks: 26 Oct–1 Nov, 2–8 Nov, 9–15 Nov, and the current 16–22 Nov.
  const history = [
    '2026-11-01', // Sunday: the week of 26 October, one check-in
    '2026-11-02',
    '2026-11-04',
    '2026-11-08', // three in the week of 2 November
    '2026-11-09',
    '2026-11-15', // Monday and Sunday of the week of 9 November
  ];

  it.each([
    ['the current week still open', 2, history, 2],
    ['the current week met', 2, [...history, '2026-11-16', '2026-11-21'], 3],
    ['a higher frequency', 3, history, 0],
    ['once a week', 1, history, 3],
    ['a Sunday and the next Monday are different weeks', 2, ['2026-11-15', '2026-11-16'], 0],
  ])('%s', (_, frequency, dates, streak) => {
    expect(currentStreak(weekly(frequency), records(dates), TODAY)).toBe(streak);
  });

  it('counts on a Sunday within the week that began six days before', () => {
    expect(currentStreak(weekly(2), records(['2026-11-16', '2026-11-22']), '2026-11-22')).toBe(1);
  });

  it('runs across a year boundary', () => {
    const dates = ['2026-12-21', '2026-12-28', '2027-01-03', '2027-01-04'];
    // Weeks of 21 Dec, 28 Dec (which holds 3 January), and 4 January.
    expect(currentStreak(weekly(1), records(dates), '2027-01-06')).toBe(3);
    expect(bestStreak(weekly(1), records(dates))).toBe(3);
  });

  it.each([
    [2, 2],
    [1, 3],
    [3, 1],
    [4, 0],
  ])('best with frequency %d → %d', (frequency, best) => {
    expect(bestStreak(weekly(frequency), records(history))).toBe(best);
  });
});

describe('monthly streaks', () => {
  const history = [
    '2026-08-01',
    '2026-08-31',
    '2026-09-01',
    '2026-09-15',
    '2026-09-30',
    '2026-10-01',
    '2026-10-02',
    '2026-10-31',
    '2026-11-01',
  ];

  it.each([
    ['the current month still open', 3, history, 2],
    ['the current month met', 3, [...history, '2026-11-02', '2026-11-03'], 3],
    ['twice a month', 2, history, 3],
    ['once a month', 1, history, 4],
  ])('%s', (_, frequency, dates, streak) => {
    expect(currentStreak(monthly(frequency), records(dates), TODAY)).toBe(streak);
  });

  it('runs across a year boundary', () => {
    const dates = ['2026-11-05', '2026-12-05', '2027-01-05'];
    expect(currentStreak(monthly(1), records(dates), '2027-01-10')).toBe(3);
    expect(currentStreak(monthly(1), records(dates.slice(0, 2)), '2027-01-10')).toBe(2);
    expect(currentStreak(monthly(1), records(dates.slice(0, 1)), '2027-01-10')).toBe(0);
  });

  it.each([
    [3, 2],
    [2, 3],
    [1, 4],
    [4, 0],
  ])('best with frequency %d → %d', (frequency, best) => {
    expect(bestStreak(monthly(frequency), records(history))).toBe(best);
  });
});
