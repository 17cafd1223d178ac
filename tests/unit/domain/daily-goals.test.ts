import { describe, expect, it } from 'vitest';
import { dailyGoals, focusGoalTitle, goalFocusMinutes } from '../../../src/domain/daily-goals';
import { DEFAULT_SETTINGS } from '../../../src/domain/schemas/default-settings';
import { dashboardAggregates } from '../../../src/domain/stats';

const idle = { todayExpenseCents: 0, todayWorkouts: 0 };
const TODAY = '2026-11-21';

describe('dailyGoals with the default settings (the spec’s ¥200 and 2 hours)', () => {
  it.each([
    ['nothing spent is within budget', 0, false, 0],
    ['a quarter of the budget', 50_00, false, 25],
    ['exactly the budget is still within it', 200_00, false, 100],
    ['one cent over is not', 200_01, true, 100],
    ['far over caps the bar at 100', 600_00, true, 100],
  ])('budget: %s', (_, spent, overspent, percent) => {
    expect(
      dailyGoals({ ...idle, todayExpenseCents: spent }, 0, DEFAULT_SETTINGS, TODAY).budget,
    ).toEqual({ overspent, current: spent, target: 200_00, percent });
  });

  it.each([
    [0, false, 0],
    [1, true, 100],
    [3, true, 100],
  ])('workout: %d today → done %s', (count, done, percent) => {
    expect(
      dailyGoals({ ...idle, todayWorkouts: count }, 0, DEFAULT_SETTINGS, TODAY).workout,
    ).toEqual({ done, current: count, target: 1, percent });
  });

  it.each([
    [0, false, 0],
    [45, false, 38],
    [119, false, 99],
    [120, true, 100],
    [300, true, 100],
  ])('focus: %d minutes → done %s, %d%%', (minutes, done, percent) => {
    expect(dailyGoals(idle, minutes, DEFAULT_SETTINGS, TODAY).focus).toEqual({
      done,
      current: minutes,
      target: 120,
      percent,
    });
  });
});

describe('dailyGoals with the user’s settings', () => {
  it('uses a budget set directly, in cents', () => {
    const settings = { ...DEFAULT_SETTINGS, dailyBudget: 88.88 };
    const { budget } = dailyGoals({ ...idle, todayExpenseCents: 88_89 }, 0, settings, TODAY);
    expect(budget).toEqual({ overspent: true, current: 88_89, target: 88_88, percent: 100 });
  });

  it('spreads the monthly budget over the days of today’s month', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      monthlyBudget: 3000.01,
      dailyBudgetMode: 'monthly' as const,
    };
    // November has 30 days: 300001 / 30 = 10000.03 → 10000 cents.
    expect(dailyGoals(idle, 0, settings, '2026-11-21').budget.target).toBe(100_00);
    // February 2028 has 29: 300001 / 29 = 10344.86 → 10344.
    expect(dailyGoals(idle, 0, settings, '2028-02-10').budget.target).toBe(103_44);
  });

  it('uses the focus goal’s minutes', () => {
    const settings = { ...DEFAULT_SETTINGS, focusGoalMinutes: 90 };
    expect(dailyGoals(idle, 90, settings, TODAY).focus).toEqual({
      done: true,
      current: 90,
      target: 90,
      percent: 100,
    });
  });
});

describe('goalFocusMinutes', () => {
  // Today's seconds per category, as dashboardAggregates and GET /api/summary give them.
  const today = dashboardAggregates(
    {
      accounts: [],
      workouts: [],
      tasks: [],
      assets: [],
      timeRecords: [
        { date: TODAY, category: 'work', duration: 1800 },
        { date: TODAY, category: 'programming', duration: 1830 },
        { date: TODAY, category: 'reading', duration: 3600 },
        { date: '2026-11-20', category: 'work', duration: 3600 },
      ],
    },
    TODAY,
  ).focusSecondsToday;

  it('counts today’s records in the chosen categories only, rounding at the end', () => {
    expect(goalFocusMinutes(today, DEFAULT_SETTINGS.focusCategories)).toBe(61);
    expect(goalFocusMinutes(today, ['reading'])).toBe(60);
    expect(goalFocusMinutes(today, ['thinking'])).toBe(0);
    // A category named twice counts once.
    expect(goalFocusMinutes(today, ['reading', 'reading'])).toBe(60);
  });
});

describe('focusGoalTitle', () => {
  it('keeps the glossary’s wording for whole hours', () => {
    expect(focusGoalTitle(120)).toBe('专注工作2小时');
    expect(focusGoalTitle(90)).toBe('专注工作90分钟');
  });
});
