import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  descending,
  formatChineseDate,
  formatClock,
  formatShortDate,
  isInMonth,
  isInWeek,
  lastNDays,
  lastNMonths,
  mondayOf,
  monthCalendar,
  monthOf,
  todayString,
  weekDays,
} from '../../../src/domain/dates';

describe('todayString and formatClock use local time', () => {
  it.each([
    [new Date(2026, 10, 21, 0, 0, 0), '2026-11-21', '00:00:00'],
    [new Date(2026, 10, 21, 23, 59, 59), '2026-11-21', '23:59:59'],
    [new Date(2024, 1, 29, 9, 5, 7).getTime(), '2024-02-29', '09:05:07'],
    [new Date(2026, 11, 31, 23, 59, 59, 999), '2026-12-31', '23:59:59'],
  ])('%s', (now, date, clock) => {
    expect(todayString(now)).toBe(date);
    expect(formatClock(now)).toBe(clock);
  });
});

describe('monthOf / addDays / addMonths', () => {
  it.each([
    ['2026-11-21', '2026-11'],
    ['2024-02-29', '2024-02'],
  ])('monthOf %s', (date, month) => {
    expect(monthOf(date)).toBe(month);
  });

  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2026-03-31', -31, '2026-02-28'],
    ['2026-11-21', 0, '2026-11-21'],
  ])('addDays(%s, %d)', (date, n, expected) => {
    expect(addDays(date, n)).toBe(expected);
  });

  it('moves a plain date as dayjs moves it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        fc.integer({ min: -3000, max: 3000 }),
        (instant, days) => {
          const date = instant.toISOString().slice(0, 10);
          expect(addDays(date, days)).toBe(dayjs(date).add(days, 'day').format('YYYY-MM-DD'));
        },
      ),
    );
  });

  it('leaves what is not a plain date to dayjs', () => {
    expect(addDays('2026-11-29T10:00', 1)).toBe('2026-11-30');
    expect(addDays('', 1)).toBe('Invalid Date');
  });

  it.each([
    ['2026-12', 1, '2027-01'],
    ['2027-01', -1, '2026-12'],
    ['2026-11', -11, '2025-12'],
    ['2026-01', -12, '2025-01'],
  ])('addMonths(%s, %d)', (month, n, expected) => {
    expect(addMonths(month, n)).toBe(expected);
  });
});

describe('weeks start on Monday', () => {
  it.each([
    ['Saturday', '2026-11-21', '2026-11-16'],
    ['Sunday belongs to the week before', '2026-11-22', '2026-11-16'],
    ['Monday starts a new week', '2026-11-23', '2026-11-23'],
    ['across a year boundary', '2027-01-03', '2026-12-28'],
    ['across a month boundary', '2026-03-01', '2026-02-23'],
    ['leap day', '2024-02-29', '2024-02-26'],
  ])('mondayOf: %s', (_, date, monday) => {
    expect(mondayOf(date)).toBe(monday);
  });

  it.each([
    ['a Sunday', '2026-11-22', '2026-11-16', '2026-11-22'],
    ['a Monday', '2026-11-23', '2026-11-23', '2026-11-29'],
    ['a week across New Year', '2026-12-31', '2026-12-28', '2027-01-03'],
    ['a leap week', '2024-03-01', '2024-02-26', '2024-03-03'],
  ])('weekDays on %s', (_, today, first, last) => {
    const days = weekDays(today);
    expect(days).toHaveLength(7);
    expect(days[0]).toBe(first);
    expect(days[6]).toBe(last);
    expect(days).toContain(today);
  });

  it('lists the leap week day by day', () => {
    expect(weekDays('2024-02-29')).toEqual([
      '2024-02-26',
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
      '2024-03-03',
    ]);
  });

  it.each([
    ['2026-11-16', '2026-11-22', true],
    ['2026-11-22', '2026-11-16', true],
    ['2026-11-23', '2026-11-22', false],
    ['2026-11-15', '2026-11-16', false],
    ['2027-01-03', '2026-12-28', true],
  ])('isInWeek(%s, today %s) → %s', (date, today, inWeek) => {
    expect(isInWeek(date, today)).toBe(inWeek);
  });
});

describe('lastNDays and lastNMonths', () => {
  it('ends with today, oldest first, 7 days by default', () => {
    expect(lastNDays('2027-01-02')).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it.each([
    ['2024-03-01', 2, ['2024-02-29', '2024-03-01']],
    ['2023-03-01', 2, ['2023-02-28', '2023-03-01']],
    ['2026-11-21', 1, ['2026-11-21']],
  ])('lastNDays(%s, %d)', (today, n, days) => {
    expect(lastNDays(today, n)).toEqual(days);
  });

  it('covers 12 months ending this month by default', () => {
    expect(lastNMonths('2026-03-31')).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
  });

  it.each([
    // Month arithmetic from the 31st must not skip short months.
    ['2026-05-31', 4, ['2026-02', '2026-03', '2026-04', '2026-05']],
    ['2027-01-15', 2, ['2026-12', '2027-01']],
  ])('lastNMonths(%s, %d)', (today, n, months) => {
    expect(lastNMonths(today, n)).toEqual(months);
  });
});

describe('formatShortDate', () => {
  it.each([
    ['2026-11-20', '2026-11-21', '11月20日'],
    ['2026-01-05', '2026-12-31', '1月5日'],
    ['2025-12-31', '2026-01-01', '2025年12月31日'],
    ['2099-01-01', '2026-11-21', '2099年1月1日'],
  ])('%s seen on %s → %s', (date, today, text) => {
    expect(formatShortDate(date, today)).toBe(text);
  });
});

describe('formatChineseDate', () => {
  it.each([
    ['2026-11-21', '2026年11月21日 星期六'],
    ['2026-11-22', '2026年11月22日 星期日'],
    ['2026-11-23', '2026年11月23日 星期一'],
    ['2024-02-29', '2024年2月29日 星期四'],
    ['2027-01-01', '2027年1月1日 星期五'],
  ])('%s → %s', (date, text) => {
    expect(formatChineseDate(date)).toBe(text);
  });
});

describe('daysBetween', () => {
  it.each([
    ['2026-11-21', '2026-11-21', 0],
    ['2026-11-21', '2026-11-22', 1],
    ['2026-11-22', '2026-11-21', -1],
    ['2026-12-31', '2027-01-01', 1],
    ['2024-02-28', '2024-03-01', 2],
    ['2023-02-28', '2023-03-01', 1],
    ['2026-01-01', '2027-01-01', 365],
    ['2024-01-01', '2025-01-01', 366],
    // Daylight-saving changes in zones that have them (run with TZ=Europe/Berlin to see).
    ['2026-03-28', '2026-03-30', 2],
    ['2026-10-24', '2026-10-26', 2],
  ])('%s → %s is %d', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });
});

describe('monthCalendar', () => {
  it.each([
    // month, leading blanks (Monday first), days, cell count
    ['2026-11', 6, 30, 42], // 1 Nov 2026 is a Sunday
    ['2026-06', 0, 30, 35], // 1 Jun 2026 is a Monday
    ['2024-02', 3, 29, 35], // leap February, starts on a Thursday
    ['2023-02', 2, 28, 35], // starts on a Wednesday
    ['2021-02', 0, 28, 28], // Monday the 1st, four full weeks
    ['2027-01', 4, 31, 35], // starts on a Friday
  ])('%s', (month, leading, days, cells) => {
    const grid = monthCalendar(month);
    expect(grid).toHaveLength(cells);
    expect(grid.slice(0, leading).every((c) => c === null)).toBe(true);
    expect(grid[leading]).toBe(`${month}-01`);
    const dates = grid.filter((c) => c !== null);
    expect(dates).toHaveLength(days);
    expect(dates.at(-1)).toBe(`${month}-${String(days).padStart(2, '0')}`);
    expect(grid.slice(leading + days).every((c) => c === null)).toBe(true);
  });

  it('lists each date in order', () => {
    const dates = monthCalendar('2024-02').filter((c) => c !== null);
    expect(dates.slice(26)).toEqual(['2024-02-27', '2024-02-28', '2024-02-29']);
  });
});

describe('isInMonth', () => {
  it.each([
    ['2026-11-30', '2026-11', true],
    ['2026-12-01', '2026-11', false],
    ['2025-11-15', '2026-11', false],
    // A prefix that is no month is no match (ledgerMonths starts from '').
    ['2026-11-30', '', false],
    ['2026-11-30', '2026-1', false],
  ])('%s in %s → %s', (date, month, inMonth) => {
    expect(isInMonth(date, month)).toBe(inMonth);
  });
});

describe('descending', () => {
  it.each([
    ['2026-11-21', '2026-11-20', -1],
    ['2026-11-20', '2026-11-21', 1],
    ['2026-11-21', '2026-11-21', 0],
    ['2026-11-21T09:00:00.000Z', '2026-11-21T10:00:00.000Z', 1],
    ['', '2026-01-01T00:00:00.000Z', 1],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(Math.sign(descending(a, b))).toBe(expected);
  });

  it('orders newest first', () => {
    expect(['2025-01-02', '2026-03-01', '2025-12-31'].sort(descending)).toEqual([
      '2026-03-01',
      '2025-12-31',
      '2025-01-02',
    ]);
  });
});
