import { describe, expect, it } from 'vitest';
import type { Task } from '../../../src/domain/schemas/task';
import {
  dueInDays,
  dueLabel,
  isCountdown,
  isDueSoon,
  isOverdue,
  priorityDistribution,
  taskStats,
  toggleCompletion,
} from '../../../src/domain/tasks';

const TODAY = '2026-11-21';
const pending = (dueDate: string) => ({ completed: false, dueDate });
const done = (dueDate: string) => ({ completed: true, dueDate });

describe('due dates', () => {
  it.each([
    // task, overdue, due soon, label
    ['no due date', pending(''), false, false, null],
    ['due yesterday', pending('2026-11-20'), true, false, '已逾期1天'],
    ['due last year', pending('2025-11-21'), true, false, '已逾期365天'],
    ['due today', pending('2026-11-21'), false, true, '今天'],
    ['due tomorrow', pending('2026-11-22'), false, true, '明天'],
    ['due in 2 days', pending('2026-11-23'), false, true, '2天后到期'],
    ['due in 3 days', pending('2026-11-24'), false, true, '3天后到期'],
    ['due in 4 days', pending('2026-11-25'), false, false, '4天后到期'],
    ['due in 30 days', pending('2026-12-21'), false, false, '30天后到期'],
    // Further out a count stops meaning much: the date, with its year when it is another.
    ['due in 31 days', pending('2026-12-22'), false, false, '12月22日到期'],
    ['due across the year', pending('2027-01-01'), false, false, '2027年1月1日到期'],
    ['due in 73 years', pending('2099-12-31'), false, false, '2099年12月31日到期'],
    ['completed and past due', done('2026-11-01'), false, false, null],
    ['completed and due today', done('2026-11-21'), false, false, null],
  ])('%s', (_, task, overdue, soon, label) => {
    expect(isOverdue(task, TODAY)).toBe(overdue);
    expect(isDueSoon(task, TODAY)).toBe(soon);
    expect(dueLabel(task, TODAY)).toBe(label);
  });

  it.each([
    ['2026-11-21', 0],
    ['2026-11-22', 1],
    ['2026-11-01', -20],
    ['2026-12-01', 10],
  ])('dueInDays(%s) → %d', (dueDate, days) => {
    expect(dueInDays(dueDate, TODAY)).toBe(days);
  });

  it.each([
    ['2026-12-21', true],
    ['2026-12-22', false],
    ['2020-01-01', true],
    ['', false],
  ])('isCountdown(%s) → %s', (dueDate, countdown) => {
    expect(isCountdown(pending(dueDate), TODAY)).toBe(countdown);
    expect(isCountdown(done(dueDate), TODAY)).toBe(false);
  });

  it('crosses a leap day', () => {
    expect(dueLabel(pending('2024-03-01'), '2024-02-28')).toBe('2天后到期');
    expect(dueLabel(pending('2024-02-28'), '2024-03-01')).toBe('已逾期2天');
  });
});

describe('taskStats', () => {
  it.each([
    ['no tasks', [], { total: 0, completed: 0, pending: 0, overdue: 0, completionPercent: 0 }],
    [
      'a mix',
      [done(''), done('2026-01-01'), pending('2026-11-20'), pending('2026-11-21'), pending('')],
      { total: 5, completed: 2, pending: 3, overdue: 1, completionPercent: 40 },
    ],
    [
      'rounding up',
      [done(''), done(''), pending('')],
      { total: 3, completed: 2, pending: 1, overdue: 0, completionPercent: 67 },
    ],
    [
      'rounding down',
      [done(''), pending(''), pending('')],
      { total: 3, completed: 1, pending: 2, overdue: 0, completionPercent: 33 },
    ],
    [
      'all done',
      [done('2026-11-01')],
      { total: 1, completed: 1, pending: 0, overdue: 0, completionPercent: 100 },
    ],
  ])('%s', (_, tasks, stats) => {
    expect(taskStats(tasks, TODAY)).toEqual(stats);
  });
});

it('counts pending tasks per priority', () => {
  const tasks = [{ priority: 'high' }, { priority: 'low' }, { priority: 'high' }] as const;
  expect(priorityDistribution(tasks)).toEqual({ high: 2, medium: 0, low: 1 });
  expect(priorityDistribution([])).toEqual({ high: 0, medium: 0, low: 0 });
});

describe('toggleCompletion', () => {
  const task: Task = {
    id: 't1',
    title: '交房租',
    description: '',
    priority: 'medium',
    category: 'life',
    dueDate: '',
    completed: false,
    completedAt: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
  const now = Date.UTC(2026, 10, 21, 9, 0);

  it('stamps completedAt and updatedAt when completing', () => {
    expect(toggleCompletion(task, now)).toEqual({
      ...task,
      completed: true,
      completedAt: '2026-11-21T09:00:00.000Z',
      updatedAt: '2026-11-21T09:00:00.000Z',
    });
  });

  it('clears completedAt when un-completing', () => {
    const completed = toggleCompletion(task, now);
    expect(toggleCompletion(completed, new Date(now + 60_000))).toEqual({
      ...task,
      completed: false,
      completedAt: null,
      updatedAt: '2026-11-21T09:01:00.000Z',
    });
  });

  it('leaves the original untouched', () => {
    toggleCompletion(task, now);
    expect(task.completed).toBe(false);
  });
});
