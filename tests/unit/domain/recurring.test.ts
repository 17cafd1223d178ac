import { describe, expect, it } from 'vitest';
import {
  dueOccurrences,
  formatSchedule,
  nextOccurrence,
  occurrenceId,
  occurrenceRecord,
} from '../../../src/domain/recurring';
import { type RecurringUnit, recurringSchema } from '../../../src/domain/schemas/recurring';
import { rent } from '../../fixtures/records';

const schedule = (unit: RecurringUnit, startDate: string, every = 1, endDate = '') => ({
  unit,
  every,
  startDate,
  endDate,
});

describe('dueOccurrences', () => {
  it.each([
    [
      'monthly from the 31st clamps to short months, counted from the start',
      schedule('month', '2024-01-31'),
      '',
      '2024-05-31',
      ['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31'],
    ],
    [
      'every 2 weeks',
      schedule('week', '2026-11-02', 2),
      '',
      '2026-12-14',
      ['2026-11-02', '2026-11-16', '2026-11-30', '2026-12-14'],
    ],
    [
      'daily after the last one done',
      schedule('day', '2026-01-01'),
      '2026-11-19',
      '2026-11-21',
      ['2026-11-20', '2026-11-21'],
    ],
    [
      'yearly from 29 February',
      schedule('year', '2024-02-29'),
      '',
      '2028-03-01',
      ['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29'],
    ],
    ['nothing before the start date', schedule('month', '2026-12-01'), '', '2026-11-21', []],
    [
      'nothing after the end date',
      schedule('month', '2026-01-15', 1, '2026-03-20'),
      '',
      '2026-11-21',
      ['2026-01-15', '2026-02-15', '2026-03-15'],
    ],
    [
      'an end date on an occurrence includes it',
      schedule('day', '2026-11-19', 1, '2026-11-20'),
      '',
      '2026-11-21',
      ['2026-11-19', '2026-11-20'],
    ],
    [
      'nothing again once done through today',
      schedule('day', '2026-11-01'),
      '2026-11-21',
      '2026-11-21',
      [],
    ],
  ])('%s', (_, s, lastDone, today, expected) => {
    expect(dueOccurrences(s, lastDone, today)).toEqual(expected);
  });

  it('three months of downtime: every missed occurrence exactly once, then none', () => {
    const rent = schedule('month', '2026-01-01');
    const weekly = schedule('week', '2026-07-06');
    // The last catch-up ran on 2026-08-15; the server comes back on 2026-11-21.
    const rentDue = dueOccurrences(rent, '2026-08-01', '2026-11-21');
    expect(rentDue).toEqual(['2026-09-01', '2026-10-01', '2026-11-01']);
    const weeklyDue = dueOccurrences(weekly, '2026-08-10', '2026-11-21');
    expect(weeklyDue).toHaveLength(14);
    expect(new Set(weeklyDue).size).toBe(14);
    expect(weeklyDue[0]).toBe('2026-08-17');
    expect(weeklyDue.at(-1)).toBe('2026-11-16');
    // The next run starts from the last one written.
    expect(dueOccurrences(rent, rentDue.at(-1)!, '2026-11-21')).toEqual([]);
    expect(dueOccurrences(weekly, weeklyDue.at(-1)!, '2026-11-21')).toEqual([]);
  });

  it('finds where a long daily schedule stopped without missing a day', () => {
    const daily = schedule('day', '2016-01-01');
    expect(dueOccurrences(daily, '2026-11-18', '2026-11-21')).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    const monthly = schedule('month', '2016-01-31', 3);
    expect(dueOccurrences(monthly, '2026-07-31', '2027-01-31')).toEqual([
      '2026-10-31',
      '2027-01-31',
    ]);
  });

  it('writes at most `limit` at once; the next run continues', () => {
    const daily = schedule('day', '2026-01-01');
    const first = dueOccurrences(daily, '', '2026-11-21', 100);
    expect(first).toHaveLength(100);
    expect(dueOccurrences(daily, first.at(-1)!, '2026-11-21', 100)[0]).toBe('2026-04-11');
  });
});

describe('nextOccurrence', () => {
  it('is the first after today and the last done, or null once the schedule ended', () => {
    expect(nextOccurrence(schedule('month', '2024-01-31'), '2026-10-31', '2026-11-21')).toBe(
      '2026-11-30',
    );
    expect(nextOccurrence(schedule('month', '2026-01-31', 1, '2026-11-29'), '', '2026-11-21')).toBe(
      null,
    );
    expect(nextOccurrence(schedule('day', '2026-12-25'), '', '2026-11-21')).toBe('2026-12-25');
  });

  it('is strictly after today: an occurrence falling today is due, not next', () => {
    expect(nextOccurrence(schedule('week', '2026-11-07'), '', '2026-11-21')).toBe('2026-11-28');
  });

  it('still comes when it falls on the end date, and not after it', () => {
    const ends = schedule('week', '2026-11-07', 1, '2026-11-28');
    expect(nextOccurrence(ends, '', '2026-11-21')).toBe('2026-11-28');
    expect(nextOccurrence(ends, '2026-11-28', '2026-11-28')).toBe(null);
  });

  it('follows a last done date that is ahead of today (a device with a later clock)', () => {
    expect(nextOccurrence(schedule('day', '2026-11-01'), '2026-11-25', '2026-11-21')).toBe(
      '2026-11-26',
    );
  });
});

describe('dueOccurrences at the edges', () => {
  it('stops at today when the end date is still to come', () => {
    expect(
      dueOccurrences(schedule('day', '2026-11-19', 1, '2026-12-31'), '', '2026-11-21'),
    ).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
  });

  it('includes an occurrence on the end date, then stops', () => {
    expect(
      dueOccurrences(schedule('day', '2026-11-19', 1, '2026-11-20'), '', '2026-11-25'),
    ).toEqual(['2026-11-19', '2026-11-20']);
  });

  it.each(['day', 'week', 'month', 'year'] as const)(
    'resumes a %s schedule right after the last done, years in',
    (unit) => {
      const s = schedule(unit, '2016-02-29', 1);
      const all = dueOccurrences(s, '', '2026-11-21', 100_000);
      const middle = all[Math.floor(all.length / 2)]!;
      expect(dueOccurrences(s, middle, '2026-11-21', 100_000)).toEqual(
        all.slice(all.indexOf(middle) + 1),
      );
    },
  );
});

describe('occurrenceRecord', () => {
  it('writes the template’s entry of a date, not reimbursed, with its deterministic id', () => {
    const template = recurringSchema.parse({
      id: 'rent',
      ...rent({ startDate: '2026-01-05' }),
      lastDate: '',
      updatedAt: '2026-01-05T00:00:00.000Z',
    });
    expect(occurrenceRecord(template, '2026-11-05')).toEqual({
      id: 'rent-2026-11-05',
      type: 'expense',
      amount: 3000,
      category: 'housing',
      description: '房租',
      date: '2026-11-05',
      templateId: 'rent',
      reimbursed: false,
      reimbursedBy: null,
      tags: [],
      // 账户 (issue 61): a template from before names none.
      walletId: null,
    });
    // One that names an 账户 gives it to every entry it writes.
    expect(occurrenceRecord({ ...template, walletId: 'bank' }, '2026-11-05')).toMatchObject({
      walletId: 'bank',
    });
    // A #标签 in its 备注 tags the entry (issue 63), and the note keeps its words.
    const tagged = { ...template, description: '房租 #家' };
    expect(occurrenceRecord(tagged, '2026-11-05')).toMatchObject({
      description: '房租 #家',
      tags: ['家'],
    });
  });
});

describe('occurrenceId and formatSchedule', () => {
  it('derives one id per template and date', () => {
    expect(occurrenceId('rent', '2026-11-01')).toBe('rent-2026-11-01');
  });
  it('reads the rhythm', () => {
    expect(formatSchedule({ every: 1, unit: 'month' })).toBe('每月');
    expect(formatSchedule({ every: 2, unit: 'week' })).toBe('每 2 周');
    expect(formatSchedule({ every: 3, unit: 'month' })).toBe('每 3 个月');
    expect(formatSchedule({ every: 1, unit: 'day' })).toBe('每天');
    expect(formatSchedule({ every: 1, unit: 'week' })).toBe('每周');
    expect(formatSchedule({ every: 1, unit: 'year' })).toBe('每年');
    expect(formatSchedule({ every: 5, unit: 'day' })).toBe('每 5 天');
    expect(formatSchedule({ every: 2, unit: 'year' })).toBe('每 2 年');
  });
});
