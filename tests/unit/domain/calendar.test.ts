import { describe, expect, it } from 'vitest';
import { agendas, marksOf, monthDays, weekOf } from '../../../src/domain/calendar';
import { projectedDates } from '../../../src/domain/calendar-repeats';
import { upcomingDates } from '../../../src/domain/recurrence';
import type { Account } from '../../../src/domain/schemas/account';
import type { CheckinRecord, CheckinTask } from '../../../src/domain/schemas/checkin';
import type { Task } from '../../../src/domain/schemas/task';
import type { TimeRecord } from '../../../src/domain/schemas/time-record';
import type { Workout } from '../../../src/domain/schemas/workout';

// 日历 (issue 59).
process.env.TZ = 'Asia/Shanghai';

const AT = '2026-12-01T00:00:00.000Z';
const task = (id: string, fields: Partial<Task> = {}): Task => ({
  id,
  title: id,
  description: '',
  priority: 'medium',
  category: 'work',
  dueDate: '',
  completed: false,
  completedAt: null,
  createdAt: AT,
  updatedAt: AT,
  ...fields,
});

const empty = {
  tasks: [] as Task[],
  accounts: [] as Account[],
  workouts: [] as Workout[],
  timeRecords: [] as TimeRecord[],
  habits: [] as CheckinTask[],
  checkinRecords: [] as CheckinRecord[],
};

describe('month and week views', () => {
  it('start weeks on Monday and cover the whole month', () => {
    const days = monthDays('2026-12');
    // 2026-12-01 is a Tuesday: the grid starts on Monday 30 November.
    expect(days[0]).toBe('2026-11-30');
    expect(days.at(-1)).toBe('2027-01-03');
    expect(days.length % 7).toBe(0);
    expect(days).toContain('2026-12-31');
    expect(weekOf('2026-12-06')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });
});

describe('repeating tasks', () => {
  it('expands a weekly task into future weeks without creating records', () => {
    const weekly = task('review', { dueDate: '2026-12-07', repeat: 'FREQ=WEEKLY;BYDAY=MO' });
    const tasks = [weekly];
    const frozen = Object.freeze([...tasks]);
    const days = agendas(
      { ...empty, tasks: frozen },
      '2026-11-30',
      '2027-01-10',
      '2026-12-06',
      projectedDates,
    );
    const mondays = [...days.values()]
      .filter((d) => d.tasks.some((t) => t.task.title === 'review'))
      .map((d) => [d.date, d.tasks[0]!.projected]);
    expect(mondays).toEqual([
      ['2026-12-07', false],
      ['2026-12-14', true],
      ['2026-12-21', true],
      ['2026-12-28', true],
      ['2027-01-04', true],
    ]);
    // The list given is the list there is: one record, unchanged.
    expect(frozen).toEqual([weekly]);
    expect(tasks).toHaveLength(1);
  });

  it('stops where the rule ends, and projects nothing from a done occurrence', () => {
    expect(
      projectedDates(
        task('x', { dueDate: '2026-12-07', repeat: 'FREQ=WEEKLY;COUNT=3' }),
        '2026-12-01',
        '2027-02-01',
        '2026-12-06',
      ),
    ).toEqual(['2026-12-14', '2026-12-21']);
    expect(
      projectedDates(
        task('x', {
          dueDate: '2026-12-07',
          repeat: 'FREQ=WEEKLY',
          completed: true,
          completedAt: AT,
        }),
        '2026-12-01',
        '2027-02-01',
        '2026-12-06',
      ),
    ).toEqual([]);
  });

  it('finds the same dates for a series left overdue for years', () => {
    // Every other week on Monday and Thursday, from a Thursday in 2019.
    const rule = 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH';
    const dates = projectedDates(
      task('x', { dueDate: '2019-01-03', repeat: rule }),
      '2026-11-30',
      '2027-01-10',
      '2026-12-06',
    );
    expect(dates.length).toBeGreaterThan(0);
    // Checked against the rule run from its own start, day by day (recurrence.ts).
    const all = upcomingDates(rule, '2019-01-03', 2000).filter(
      (d) => d >= '2026-12-06' && d <= '2027-01-10',
    );
    expect(dates).toEqual(all);
  });

  it('projects an overdue series from today on, not into the past', () => {
    expect(
      projectedDates(
        task('x', { dueDate: '2026-12-01', repeat: 'FREQ=DAILY' }),
        '2026-11-30',
        '2026-12-08',
        '2026-12-06',
      ),
    ).toEqual(['2026-12-06', '2026-12-07', '2026-12-08']);
  });
});

describe('a day’s agenda', () => {
  it('holds the tasks due and done, habits, entries with the total, workouts and focus', () => {
    const habit: CheckinTask = {
      id: 'h',
      name: '跑步',
      description: '',
      type: 'daily',
      frequency: 1,
      monthlyTarget: 30,
      category: 'health',
      schedule: [{ from: '2026-11-01', weekdays: [0, 1, 2, 3, 4, 5, 6] }],
    };
    const days = agendas(
      {
        tasks: [
          task('due', { dueDate: '2026-12-03' }),
          task('afternoon', { dueDate: '2026-12-03', dueTime: '15:00' }),
          task('morning', { dueDate: '2026-12-03', dueTime: '09:30' }),
          // Due the 1st, done at 10:00 on the 3rd in Shanghai: shown on both days.
          task('late', {
            dueDate: '2026-12-01',
            completed: true,
            completedAt: '2026-12-03T02:00:00.000Z',
          }),
        ],
        accounts: [
          {
            id: 'a',
            type: 'expense',
            amount: 12.3,
            category: 'dining',
            description: '午饭',
            date: '2026-12-03',
          } as Account,
          {
            id: 'b',
            type: 'income',
            amount: 100,
            category: 'salary',
            description: '',
            date: '2026-12-03',
          } as Account,
        ],
        workouts: [{ id: 'w', type: 'running', duration: 30, date: '2026-12-03' } as Workout],
        timeRecords: [
          {
            id: 't',
            task: '写报告',
            category: 'work',
            duration: 1500,
            date: '2026-12-03',
          } as TimeRecord,
        ],
        habits: [habit],
        checkinRecords: [
          { id: 'r', taskId: 'h', date: '2026-12-03', value: 1, skipped: false },
          { id: 's', taskId: 'h', date: '2026-12-04', value: 1, skipped: true },
        ],
      },
      '2026-12-01',
      '2026-12-07',
      '2026-12-06',
    );
    const day = days.get('2026-12-03')!;
    expect(day.tasks.map((t) => [t.task.id, t.completedHere])).toEqual([
      ['morning', false],
      ['afternoon', false],
      ['due', false],
      ['late', true],
    ]);
    expect(days.get('2026-12-01')!.tasks.map((t) => t.task.id)).toEqual(['late']);
    expect([day.incomeCents, day.expenseCents]).toEqual([10000, 1230]);
    expect(day.workouts.map((w) => w.id)).toEqual(['w']);
    expect(day.focusMinutes).toBe(25);
    expect(day.habits.map((h) => h.state)).toEqual(['done']);
    expect(days.get('2026-12-04')!.habits.map((h) => h.state)).toEqual(['skipped']);
    expect(days.get('2026-12-05')!.habits.map((h) => h.state)).toEqual(['missed']);
    expect(days.get('2026-12-06')!.habits.map((h) => h.state)).toEqual(['open']);
    expect(days.get('2026-12-07')!.habits).toEqual([]);
    expect(marksOf(day)).toEqual({
      tasks: 4,
      habitsDone: 1,
      entries: 2,
      expenseCents: 1230,
      workouts: 1,
      focusMinutes: 25,
    });
  });
});
