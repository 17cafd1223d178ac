import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  habitIndex,
  habitIndexes,
  habitsChanged,
  periodNumber,
  recordOn,
  recordsOfMonth,
  streakUpTo,
} from '../../../src/domain/checkin';
import { dayNumber, monthNumber } from '../../../src/domain/dates';
import type { CheckinTask } from '../../../src/domain/schemas/checkin';

const records = (dates: string[], taskId = 'h') =>
  dates.map((date, i) => ({ id: `${taskId}-${i}`, taskId, date }));
const habit = (type: CheckinTask['type'], frequency = 1) => ({ id: 'h', type, frequency });

describe('dayNumber', () => {
  it.each([
    ['1970-01-01', 0],
    ['1970-01-02', 1],
    ['1969-12-31', -1],
    ['2000-03-01', 11017],
    ['2024-02-29', 19782],
    ['2024-03-01', 19783],
    ['2026-11-21', 20778],
  ])('%s is day %i', (date, n) => {
    expect(dayNumber(date)).toBe(n);
  });

  it('steps by one across every day of ten years, as dayjs counts them', () => {
    let date = '2016-01-01';
    for (let i = 0; i < 3700; i++) {
      const next = dayjs(date).add(1, 'day').format('YYYY-MM-DD');
      expect(dayNumber(next) - dayNumber(date)).toBe(1);
      date = next;
    }
  });
});

describe('monthNumber', () => {
  it.each([
    ['2026-11', '2026-10', 1],
    ['2027-01', '2026-12', 1],
    ['2026-11-30', '2026-11', 0],
    ['2026-11', '2016-11', 120],
  ])('%s minus %s: %i months', (later, earlier, n) => {
    expect(monthNumber(later) - monthNumber(earlier)).toBe(n);
  });
});

describe('periodNumber', () => {
  it.each<[CheckinTask['type'], string, string]>([
    // A daily period is the day itself.
    ['daily', '2026-11-21', '2026-11-20'],
    // Monday weeks: Monday 23 November starts the week after Sunday 22 November's.
    ['weekly', '2026-11-23', '2026-11-22'],
    ['weekly', '2026-11-23', '2026-11-16'],
    ['weekly', '2027-01-04', '2027-01-03'],
    ['weekly', '2027-01-04', '2026-12-28'],
    ['monthly', '2026-12-01', '2026-11-30'],
    ['monthly', '2027-01-01', '2026-12-31'],
  ])('%s: %s is one period after %s', (type, later, earlier) => {
    expect(periodNumber(type, later) - periodNumber(type, earlier)).toBe(1);
  });

  it.each<[CheckinTask['type'], string, string]>([
    ['weekly', '2026-11-16', '2026-11-22'],
    ['weekly', '2026-12-28', '2027-01-03'],
    ['monthly', '2026-11-01', '2026-11-30'],
    ['monthly', '2024-02-01', '2024-02-29'],
  ])('%s: %s and %s share a period', (type, a, b) => {
    expect(periodNumber(type, a)).toBe(periodNumber(type, b));
  });
});

describe('habitIndex', () => {
  it.each<[string, ReturnType<typeof habit>, string[], number[], number]>([
    ['nothing', habit('daily'), [], [], 0],
    [
      'a run and a single day',
      habit('daily'),
      ['2026-11-01', '2026-11-02', '2026-11-05'],
      [0, 1, 4],
      2,
    ],
    ['a day counted once', habit('daily'), ['2026-11-01', '2026-11-01'], [0], 1],
    // Weeks of 2 and 9 November kept (two days each), 16 November not (one day).
    [
      'weekly, twice a week',
      habit('weekly', 2),
      ['2026-11-02', '2026-11-03', '2026-11-09', '2026-11-15', '2026-11-16'],
      [0, 1],
      2,
    ],
    [
      'monthly, once a month, across New Year',
      habit('monthly', 1),
      ['2026-11-30', '2026-12-01', '2027-01-31', '2027-03-01'],
      [0, 1, 2, 4],
      3,
    ],
  ])('%s', (_, task, dates, keptOffsets, best) => {
    const index = habitIndex(task, records(dates));
    const first = dates.length ? periodNumber(task.type, dates[0]!) : 0;
    expect([...index.kept].map((p) => p - first).sort((a, b) => a - b)).toEqual(keptOffsets);
    expect(index.best).toBe(best);
  });

  it('agrees with counting distinct days per period in a Map, on any dates in any order', () => {
    // The plain way: one period number per check-in (dayjs-free periodNumber), distinct days
    // counted per period, kept periods walked for their longest run.
    const reference = (task: ReturnType<typeof habit>, dates: string[]) => {
      const days = new Map<number, Set<string>>();
      for (const date of dates) {
        const period = periodNumber(task.type, date);
        days.set(period, (days.get(period) ?? new Set()).add(date));
      }
      const needed = task.type === 'daily' ? 1 : task.frequency;
      const kept = [...days].filter(([, d]) => d.size >= needed).map(([p]) => p);
      const set = new Set(kept);
      let best = 0;
      for (const p of kept) {
        let run = 1;
        while (set.has(p - run)) run += 1;
        best = Math.max(best, run);
      }
      return { kept: kept.sort((x, y) => x - y), best };
    };
    const date = fc
      .integer({ min: 0, max: 900 })
      .map((n) => dayjs('2024-12-01').add(n, 'day').format('YYYY-MM-DD'));
    fc.assert(
      fc.property(
        fc.constantFrom<CheckinTask['type']>('daily', 'weekly', 'monthly'),
        fc.integer({ min: 1, max: 5 }),
        fc.array(date, { maxLength: 120 }),
        (type, frequency, dates) => {
          const task = habit(type, type === 'daily' ? 1 : frequency);
          const index = habitIndex(task, records(dates));
          const expected = reference(task, dates);
          expect([...index.kept].sort((x, y) => x - y)).toEqual(expected.kept);
          expect(index.best).toBe(expected.best);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('files records by month and finds a day, leaving other habits out', () => {
    const mine = records(['2026-10-31', '2026-11-01', '2026-11-01', '2026-11-02']);
    const index = habitIndex(habit('daily'), [...mine, ...records(['2026-11-03'], 'other')]);
    expect(index.records).toEqual(mine);
    expect(recordsOfMonth(index, '2026-11')).toEqual(mine.slice(1));
    expect(recordsOfMonth(index, '2026-10')).toEqual(mine.slice(0, 1));
    expect(recordsOfMonth(index, '2026-09')).toEqual([]);
    expect(recordOn(index, '2026-11-01')).toBe(mine[1]);
    expect(recordOn(index, '2026-11-03')).toBeUndefined();
  });
});

describe('habitIndexes', () => {
  const a = { ...habit('daily'), id: 'a' };
  const b = { ...habit('weekly', 2), id: 'b' };
  const all = [...records(['2026-11-01'], 'a'), ...records(['2026-11-02'], 'gone')];

  it('indexes every habit, one without records too, when first asked for', () => {
    const indexes = habitIndexes([a, b], all);
    expect(indexes.built('a')).toBeUndefined();
    expect(indexes.get('a')?.records).toEqual(all.slice(0, 1));
    expect(indexes.built('a')).toBe(indexes.get('a'));
    expect(indexes.get('b')?.records).toEqual([]);
    expect(indexes.get('gone')).toBeUndefined();
  });

  const c = { ...habit('daily'), id: 'c' };
  const many = ['a', 'b', 'c', 'd', 'e', 'f'].flatMap((id) => records(['2026-11-04'], id));

  it.each<[string, (typeof a)[], typeof all, boolean, boolean]>([
    ['nothing changed', [a, b], all, true, true],
    ['a check-in of b', [a, b], [...all, ...records(['2026-11-03'], 'b')], true, false],
    ['a check-in of a', [a, b], [...all, ...records(['2026-11-03'], 'a')], false, true],
    ['a check-in of a removed', [a, b], all.slice(1), false, true],
    ['a record of a replaced', [a, b], [{ ...all[0]! }, all[1]!], false, true],
    ['a record moved from a to b', [a, b], [{ ...all[0]!, taskId: 'b' }, all[1]!], false, false],
    ['b now weekly three times', [a, { ...b, frequency: 3 }], all, true, false],
    ['a now monthly', [{ ...a, type: 'monthly' as const }, b], all, false, true],
    ['a new habit c', [a, b, c], all, true, true],
    ['check-ins of six habits at once', [a, b], [...all, ...many], false, false],
  ])('reuse after %s', (_, tasks, next, keepA, keepB) => {
    const indexes = habitIndexes([a, b], all);
    // The cards have asked for both.
    const [beforeA, beforeB] = [indexes.get('a'), indexes.get('b')];
    const after = habitIndexes(tasks, next, { records: all, indexes });
    expect(after.get('a') === beforeA).toBe(keepA);
    expect(after.get('b') === beforeB).toBe(keepB);
    // Reused or rebuilt, the index is what a fresh one would be.
    const fresh = habitIndexes(tasks, next);
    for (const { id } of tasks) expect(after.get(id)).toEqual(fresh.get(id));
  });

  it('builds afresh what the previous lookup never built', () => {
    const indexes = habitIndexes([a, b], all);
    const next = [...all, ...records(['2026-11-03'], 'b')];
    const after = habitIndexes([a, b], next, { records: all, indexes });
    expect(after.get('a')).toEqual(habitIndex(a, next));
    expect(after.get('b')).toEqual(habitIndex(b, next));
  });
});

describe('habitIndexes after any change', () => {
  // A changed habit's records are patched from its records before when the change is one the
  // engine makes, and scanned for otherwise: either way each index is what a fresh one is.
  const tasks = [
    { ...habit('daily'), id: 'a' },
    { ...habit('weekly', 2), id: 'b' },
    { ...habit('monthly', 3), id: 'c' },
  ];
  let made = 0;
  const record = fc
    .record({ taskId: fc.constantFrom('a', 'b', 'c'), day: fc.integer({ min: 1, max: 28 }) })
    .map(({ taskId, day }) => ({
      id: `r${made++}`,
      taskId,
      date: `2026-11-${String(day).padStart(2, '0')}`,
    }));
  type List = ReturnType<typeof records>;
  type Change = (list: List) => List;
  const change: fc.Arbitrary<Change> = fc.oneof(
    // The engine's changes: added at the end, one removed, one replaced in its place.
    fc.array(record, { minLength: 1, maxLength: 3 }).map(
      (added): Change =>
        (list) => [...list, ...added],
    ),
    fc.nat().map(
      (at): Change =>
        (list) =>
          list.filter((_, i) => i !== at % list.length),
    ),
    fc.tuple(fc.nat(), record).map(
      ([at, by]): Change =>
        (list) =>
          list.map((r, i) => (i === at % list.length ? by : r)),
    ),
    // And others: a record edited in place (perhaps moved to another habit), one inserted.
    fc.tuple(fc.nat(), record).map(
      ([at, by]): Change =>
        (list) =>
          list.map((r, i) => (i === at % list.length ? { ...by, id: r.id } : r)),
    ),
    fc.tuple(fc.nat(), record).map(
      ([at, added]): Change =>
        (list) => {
          const i = at % (list.length + 1);
          return [...list.slice(0, i), added, ...list.slice(i)];
        },
    ),
  );

  it('equals a fresh index', () => {
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 30 }),
        fc.array(change, { maxLength: 6 }),
        (first, changes) => {
          let list: List = first;
          let indexes = habitIndexes(tasks, list);
          for (const { id } of tasks) indexes.get(id);
          for (const make of changes) {
            const next = make(list);
            const after = habitIndexes(tasks, next, { records: list, indexes });
            const fresh = habitIndexes(tasks, next);
            for (const { id } of tasks) expect(after.get(id)).toEqual(fresh.get(id));
            [list, indexes] = [next, after];
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('habitsChanged', () => {
  const all = records(['2026-11-01', '2026-11-02', '2026-11-03'], 'a');
  const [x, , z] = all as [(typeof all)[0], (typeof all)[0], (typeof all)[0]];
  const of = (taskId: string) => ({ ...x, id: `new-${taskId}`, taskId });
  it.each<[string, typeof all, string[] | null]>([
    ['the same list', all, []],
    ['one added at the end', [...all, of('b')], ['b']],
    ['one removed in the middle', [x, z], ['a']],
    ['one replaced in place', [x, of('c'), z], ['a', 'c']],
    ['one added at the start', [of('b'), ...all], ['b']],
    ['five habits', [...all, ...['b', 'c', 'd', 'e', 'f'].map(of)], null],
    ['a list made afresh', all.map((r) => ({ ...r })), ['a']],
  ])('%s', (_, after, changed) => {
    const found = habitsChanged(all, after);
    expect(found && [...found].sort()).toEqual(changed);
  });
});

describe('streakUpTo', () => {
  const TODAY = '2026-11-21'; // a Saturday
  it.each<[string, ReturnType<typeof habit>, string[], string, number]>([
    ['daily, up to today', habit('daily'), ['2026-11-19', '2026-11-20', TODAY], TODAY, 3],
    ['daily, today still open', habit('daily'), ['2026-11-19', '2026-11-20'], TODAY, 2],
    ['daily, yesterday missed', habit('daily'), ['2026-11-18', '2026-11-19'], TODAY, 0],
    ['daily, a later day does not count', habit('daily'), ['2026-11-22'], TODAY, 0],
    [
      'daily, the same records a week on',
      habit('daily'),
      ['2026-11-19', '2026-11-20'],
      '2026-11-28',
      0,
    ],
    ['weekly, this week still open', habit('weekly', 1), ['2026-11-09', '2026-11-15'], TODAY, 1],
    ['weekly, this week met', habit('weekly', 1), ['2026-11-09', '2026-11-16'], TODAY, 2],
    [
      'monthly, across New Year',
      habit('monthly', 1),
      ['2026-11-03', '2026-12-03'],
      '2027-01-10',
      2,
    ],
  ])('%s', (_, task, dates, today, streak) => {
    expect(streakUpTo(task.type, habitIndex(task, records(dates)).kept, today)).toBe(streak);
  });
});
