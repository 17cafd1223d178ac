import { describe, expect, it } from 'vitest';
import type { Task } from '../../../src/domain/schemas/task';
import {
  matchesFilter,
  priorityDistribution,
  sortTasks,
  type TaskFilter,
  taskOverview,
  taskStats,
} from '../../../src/domain/tasks';
import { todo } from '../../fixtures/records';

const TODAY = '2026-11-21';

const task = todo;

describe('matchesFilter', () => {
  const late = task('late', { dueDate: '2026-11-20' });
  const dueToday = task('today', { dueDate: TODAY });
  const undated = task('undated');
  const doneLate = task('done', { dueDate: '2026-11-01', completed: true });

  it.each<[TaskFilter, string[]]>([
    ['all', ['late', 'today', 'undated', 'done']],
    ['pending', ['late', 'today', 'undated']],
    ['completed', ['done']],
    ['overdue', ['late']],
  ])('%s', (filter, ids) => {
    const tasks = [late, dueToday, undated, doneLate];
    expect(tasks.filter((t) => matchesFilter(t, filter, TODAY)).map((t) => t.id)).toEqual(ids);
  });
});

describe('sortTasks', () => {
  it.each([
    [
      'pending before completed',
      [task('done', { completed: true, completedAt: '2026-11-20T00:00:00.000Z' }), task('open')],
      ['open', 'done'],
    ],
    [
      'earlier due date first, undated last',
      [
        task('undated'),
        task('dec', { dueDate: '2026-12-01' }),
        task('late', { dueDate: '2026-11-02' }),
      ],
      ['late', 'dec', 'undated'],
    ],
    [
      'same due date: higher priority first',
      [
        task('low', { dueDate: TODAY, priority: 'low' }),
        task('high', { dueDate: TODAY, priority: 'high' }),
        task('medium', { dueDate: TODAY }),
      ],
      ['high', 'medium', 'low'],
    ],
    [
      'same due date and priority: newest first',
      [
        task('old', { createdAt: '2026-10-01T00:00:00.000Z' }),
        task('new', { createdAt: '2026-11-20T00:00:00.000Z' }),
      ],
      ['new', 'old'],
    ],
    [
      'completed: most recently finished first',
      [
        task('first', { completed: true, completedAt: '2026-11-01T08:00:00.000Z' }),
        task('last', { completed: true, completedAt: '2026-11-21T08:00:00.000Z' }),
        task('legacy', { completed: true, completedAt: null }),
      ],
      ['last', 'first', 'legacy'],
    ],
    [
      'completed: one without a finishing time last, wherever it was',
      [
        task('legacy', { completed: true, completedAt: null }),
        task('first', { completed: true, completedAt: '2026-11-01T08:00:00.000Z' }),
      ],
      ['first', 'legacy'],
    ],
    [
      'undated after dated, wherever it was',
      [task('dated', { dueDate: '2026-12-01' }), task('undated')],
      ['dated', 'undated'],
    ],
    [
      'undated after dated, listed first',
      [task('undated'), task('dated', { dueDate: '2026-12-01' })],
      ['dated', 'undated'],
    ],
    [
      'earlier due date first, listed second',
      [task('dec', { dueDate: '2026-12-01' }), task('nov', { dueDate: '2026-11-30' })],
      ['nov', 'dec'],
    ],
    ['made in the same millisecond: by id, listed b a', [task('b'), task('a')], ['a', 'b']],
    ['made in the same millisecond: by id, listed a b', [task('a'), task('b')], ['a', 'b']],
  ])('%s', (_, tasks, ids) => {
    expect(sortTasks(tasks).map((t) => t.id)).toEqual(ids);
  });

  it('leaves its input in place', () => {
    const tasks = [task('b', { dueDate: '2026-12-01' }), task('a', { dueDate: TODAY })];
    sortTasks(tasks);
    expect(tasks.map((t) => t.id)).toEqual(['b', 'a']);
  });
});

describe('taskOverview', () => {
  const FILTERS: TaskFilter[] = ['all', 'pending', 'completed', 'overdue'];
  it.each<
    [string, Task[], Record<TaskFilter, number>, { high: number; medium: number; low: number }]
  >([
    [
      'no tasks',
      [],
      { all: 0, pending: 0, completed: 0, overdue: 0 },
      { high: 0, medium: 0, low: 0 },
    ],
    [
      'a mix',
      [
        task('late-high', { dueDate: '2026-11-20', priority: 'high' }),
        task('today-low', { dueDate: TODAY, priority: 'low' }),
        task('undated'),
        task('done-late-high', { dueDate: '2026-11-01', priority: 'high', completed: true }),
      ],
      { all: 4, pending: 3, completed: 1, overdue: 1 },
      { high: 1, medium: 1, low: 1 },
    ],
    [
      'all done, late or not',
      [
        task('a', { completed: true, dueDate: '2026-01-01' }),
        task('b', { completed: true, priority: 'low' }),
      ],
      { all: 2, pending: 0, completed: 2, overdue: 0 },
      { high: 0, medium: 0, low: 0 },
    ],
  ])('%s', (_, tasks, counts, distribution) => {
    const overview = taskOverview(tasks, TODAY);
    expect(overview.counts).toEqual(counts);
    expect(overview.distribution).toEqual(distribution);
    // The same figures as the functions it replaces on the screen, in one pass.
    expect(overview.stats).toEqual(taskStats(tasks, TODAY));
    expect(overview.distribution).toEqual(priorityDistribution(tasks.filter((t) => !t.completed)));
    for (const filter of FILTERS) {
      expect(overview.counts[filter]).toBe(
        tasks.filter((t) => matchesFilter(t, filter, TODAY)).length,
      );
    }
  });
});
