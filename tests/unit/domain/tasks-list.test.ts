import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Task } from '../../../src/domain/schemas/task';
import {
  matchesFilter,
  priorityDistribution,
  sortTasks,
  sortTasksFrom,
  type TaskFilter,
  taskOverview,
  taskStats,
  unshownPresses,
  withDefaults,
  withPresses,
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

describe('withDefaults', () => {
  it('fills in the fields a task synced before issue 36 lacks, once per task object', () => {
    const legacy = task('old');
    const full = withDefaults(legacy);
    expect(full).not.toBe(legacy);
    expect(full).toMatchObject({ repeat: '', repeatFrom: 'due', subtasks: [], reminders: [] });
    // The same object again: a list's next version keeps its unchanged tasks as they were.
    expect(withDefaults(legacy)).toBe(full);
    expect(withDefaults(full)).toBe(full);
  });
});

describe('sortTasksFrom', () => {
  // Few values, so that ties on every field but the id are common.
  const arbitraryTask = fc
    .record({
      id: fc.string({ minLength: 1, maxLength: 3 }),
      completed: fc.boolean(),
      dueDate: fc.constantFrom('', '2026-11-20', '2026-11-21', '2026-12-01'),
      priority: fc.constantFrom<Task['priority']>('high', 'medium', 'low'),
      createdAt: fc.constantFrom('2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z'),
      completedAt: fc.constantFrom('2026-11-20T00:00:00.000Z', '2026-11-21T00:00:00.000Z'),
    })
    .map(({ id, ...fields }) => task(id, fields));
  // An edit as the outbox makes one: other tasks stay the same objects in the same places.
  const arbitraryEdit = fc.oneof(
    fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), task: arbitraryTask }),
    fc.record({ kind: fc.constant('add' as const), task: arbitraryTask }),
    fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  );

  it('orders each version of a list as a whole sort does, a few edits or many at a time', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryTask, { maxLength: 40, selector: (t) => t.id }),
        fc.array(fc.array(arbitraryEdit, { maxLength: 20 }), { maxLength: 6 }),
        (first, versions) => {
          // Ids are unique in a list, as the server's are: an edit keeps its task's id, an
          // added task has a new one.
          let made = 0;
          let tasks: readonly Task[] = first;
          let sorted = sortTasksFrom(tasks, undefined);
          expect(sorted).toEqual(sortTasks(tasks));
          for (const edits of versions) {
            const next = [...tasks];
            for (const edit of edits) {
              if (edit.kind === 'add') {
                made += 1;
                next.push({ ...edit.task, id: `new${made}` });
              } else if (next.length === 0) continue;
              else if (edit.kind === 'replace') {
                const at = edit.at % next.length;
                next[at] = { ...edit.task, id: next[at]!.id };
              } else next.splice(edit.at % next.length, 1);
            }
            const before = { tasks, sorted };
            sorted = sortTasksFrom(next, before);
            expect(sorted).toEqual(sortTasks(next));
            tasks = next;
          }
        },
      ),
    );
  });

  it('reuses the order before: ticking one task off sorts nothing else', () => {
    const tasks = Array.from({ length: 100 }, (_, i) => task(`t${String(i).padStart(3, '0')}`));
    const sorted = sortTasks(tasks);
    const ticked = [...tasks];
    ticked[50] = { ...tasks[50]!, completed: true, completedAt: '2026-11-21T08:00:00.000Z' };
    let compared = 0;
    const counting = ticked.map(
      (t) =>
        new Proxy(t, {
          get(target, key, receiver) {
            if (key === 'completed') compared += 1;
            return Reflect.get(target, key, receiver);
          },
        }),
    );
    const next = counting.map((t, i) => (i === 50 ? t : tasks[i]!));
    const order = sortTasksFrom(next, { tasks, sorted });
    expect(order.at(-1)?.id).toBe('t050');
    expect(order).toEqual(sortTasks(next));
    // Halving 99 places takes ~7 comparisons; a whole sort of 100 takes hundreds.
    expect(compared).toBeLessThan(30);
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

describe('withPresses', () => {
  const late = task('late-high', { dueDate: '2026-11-20', priority: 'high' });
  const done = task('done-low', { dueDate: '2026-11-01', priority: 'low', completed: true });
  const plain = task('plain');
  const tasks = [late, done, plain];
  const applied = (list: Task[], sending: Map<string, boolean>) =>
    list.map((t) => (sending.has(t.id) ? { ...t, completed: sending.get(t.id)! } : t));

  it.each<[string, Map<string, boolean>, Record<TaskFilter, number>]>([
    ['no press', new Map(), { all: 3, pending: 2, completed: 1, overdue: 1 }],
    [
      'ticking a late task',
      new Map([['late-high', true]]),
      { all: 3, pending: 1, completed: 2, overdue: 0 },
    ],
    [
      'unticking a late one',
      new Map([['done-low', false]]),
      { all: 3, pending: 3, completed: 0, overdue: 2 },
    ],
    // The list already shows it (the press's change came): not counted twice.
    [
      'a press the list shows',
      new Map([['done-low', true]]),
      { all: 3, pending: 2, completed: 1, overdue: 1 },
    ],
    [
      'a press of a task gone',
      new Map([['gone', true]]),
      { all: 3, pending: 2, completed: 1, overdue: 1 },
    ],
  ])('%s', (_, sending, counts) => {
    const overview = withPresses(taskOverview(tasks, TODAY), unshownPresses(tasks, sending), TODAY);
    expect(overview.counts).toEqual(counts);
  });

  it('gives the overview of the list with its presses applied', () => {
    const arbitraryTask = fc.record({
      completed: fc.boolean(),
      priority: fc.constantFrom('high', 'medium', 'low') as fc.Arbitrary<Task['priority']>,
      dueDate: fc.constantFrom('', '2026-11-01', TODAY, '2026-12-01'),
      dueTime: fc.constantFrom('', '08:00', '23:00'),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryTask, { maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(11), fc.boolean()), { maxLength: 6 }),
        (fields, presses) => {
          const list = fields.map((f, i) => withDefaults(task(`t${i}`, f)));
          const sending = new Map(presses.map(([i, c]) => [`t${i}`, c]));
          const pressed = unshownPresses(list, sending);
          expect(withPresses(taskOverview(list, TODAY, '12:00'), pressed, TODAY, '12:00')).toEqual(
            taskOverview(applied(list, sending), TODAY, '12:00'),
          );
        },
      ),
    );
  });
});
