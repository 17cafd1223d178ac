import { describe, expect, it } from 'vitest';
import {
  categorySeconds,
  dailyFocusMinutes,
  focusStats,
  formatSeconds,
  taskFocus,
} from '../../../src/domain/focus';
import type { TimeCategory } from '../../../src/domain/schemas/categories';

const TODAY = '2026-11-21';
const r = (date: string, duration: number, category: TimeCategory = 'work') => ({
  date,
  duration,
  category,
});

describe('focusStats', () => {
  it.each([
    ['no records', [], { totalSeconds: 0, todayMinutes: 0, count: 0, averageMinutes: 0 }],
    [
      'minutes are rounded after summing, not per record',
      [r(TODAY, 89), r(TODAY, 89), r('2026-11-20', 3600)],
      // today 178 s → 3 min (rounding each would give 1 + 1); average 3778 / 3 s → 21 min
      { totalSeconds: 3778, todayMinutes: 3, count: 3, averageMinutes: 21 },
    ],
    [
      'nothing today',
      [r('2026-11-20', 1500)],
      { totalSeconds: 1500, todayMinutes: 0, count: 1, averageMinutes: 25 },
    ],
  ])('%s', (_, records, expected) => {
    expect(focusStats(records, TODAY)).toEqual(expected);
  });
});

describe('dailyFocusMinutes', () => {
  it('gives 7 days of minutes ending today', () => {
    const days = dailyFocusMinutes(
      [r(TODAY, 1500), r(TODAY, 30), r('2026-11-15', 600), r('2026-11-14', 6000)],
      TODAY,
    );
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      TODAY,
    ]);
    expect(days.map((d) => d.minutes)).toEqual([10, 0, 0, 0, 0, 0, 26]);
  });
});

describe('categorySeconds', () => {
  it('sums per category in the list order and leaves out empty ones', () => {
    expect(
      categorySeconds([r(TODAY, 60, 'other'), r(TODAY, 120, 'work'), r(TODAY, 30, 'other')]),
    ).toEqual([
      { category: 'work', seconds: 120 },
      { category: 'other', seconds: 90 },
    ]);
    expect(categorySeconds([])).toEqual([]);
  });
});

describe('formatSeconds', () => {
  it.each([
    [0, '0秒'],
    [45, '45秒'],
    [60, '1分钟'],
    [95, '1分35秒'],
    [1500, '25分钟'],
    [3600, '1小时0分钟'],
    [3900 + 59, '1小时5分钟'],
    [86_400, '24小时0分钟'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatSeconds(seconds)).toBe(text);
  });
});

describe('taskFocus', () => {
  const records = [
    { duration: 1500, taskId: 'rent' },
    { duration: 1500, taskId: 'rent' },
    { duration: 600, taskId: 'report' },
    { duration: 900, taskId: '' },
    { duration: 300 },
  ];
  it.each([
    ['rent', { seconds: 3000, sessions: 2 }],
    ['report', { seconds: 600, sessions: 1 }],
    // A record saved without a task (the count-up timer, 手动添加) belongs to none.
    ['other', { seconds: 0, sessions: 0 }],
  ])('sums the sessions started from %s', (taskId, expected) => {
    expect(taskFocus(records, taskId)).toEqual(expected);
  });
});
