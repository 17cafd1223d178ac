import { describe, expect, it } from 'vitest';
import {
  DAILY_EXPENSE_BUDGET_CENTS,
  DAILY_FOCUS_GOAL_MINUTES,
  dailyGoals,
} from '../../../src/domain/daily-goals';

const idle = { todayExpenseCents: 0, todayWorkouts: 0, focusMinutes: 0 };

describe('dailyGoals', () => {
  it.each([
    ['nothing spent is within budget', 0, true, 0],
    ['a quarter of the budget', DAILY_EXPENSE_BUDGET_CENTS / 4, true, 25],
    ['exactly the budget is still within it', DAILY_EXPENSE_BUDGET_CENTS, true, 100],
    ['one cent over is not', DAILY_EXPENSE_BUDGET_CENTS + 1, false, 100],
    ['far over caps the bar at 100', DAILY_EXPENSE_BUDGET_CENTS * 3, false, 100],
  ])('budget: %s', (_, spent, done, percent) => {
    expect(dailyGoals({ ...idle, todayExpenseCents: spent }).budget).toEqual({
      done,
      current: spent,
      target: DAILY_EXPENSE_BUDGET_CENTS,
      percent,
    });
  });

  it.each([
    [0, false, 0],
    [1, true, 100],
    [3, true, 100],
  ])('workout: %d today → done %s', (count, done, percent) => {
    expect(dailyGoals({ ...idle, todayWorkouts: count }).workout).toEqual({
      done,
      current: count,
      target: 1,
      percent,
    });
  });

  it.each([
    [0, false, 0],
    [45, false, 38],
    [119, false, 99],
    [120, true, 100],
    [300, true, 100],
  ])('focus: %d minutes → done %s, %d%%', (minutes, done, percent) => {
    expect(dailyGoals({ ...idle, focusMinutes: minutes }).focus).toEqual({
      done,
      current: minutes,
      target: DAILY_FOCUS_GOAL_MINUTES,
      percent,
    });
  });
});
