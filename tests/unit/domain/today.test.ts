import { describe, expect, it } from 'vitest';
import { todayString } from '../../../src/domain/dates';
import { completeOccurrence } from '../../../src/domain/occurrences';
import type { Account } from '../../../src/domain/schemas/account';
import type { CheckinRecord, CheckinTask } from '../../../src/domain/schemas/checkin';
import type { Task } from '../../../src/domain/schemas/task';
import { withDefaults } from '../../../src/domain/tasks';
import {
  dayMoney,
  dayTitle,
  ledgerDayTitle,
  monthSpentCents,
  todayHabits,
  todayTasks,
  upcomingReminders,
} from '../../../src/domain/today';

// 今天 (issue 59). The browser's day is Shanghai's here: the day boundary is 16:00 UTC.
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

const entry = (id: string, type: Account['type'], amount: number, date: string): Account =>
  ({
    id,
    type,
    amount,
    category: type === 'expense' ? 'dining' : 'salary',
    description: '',
    date,
    templateId: null,
    reimbursed: false,
    reimbursedBy: null,
    createdAt: AT,
    updatedAt: AT,
  }) as Account;

describe('dayTitle', () => {
  it('names the day and its weekday', () => {
    expect(dayTitle('2026-12-06')).toBe('12月6日 周日');
    expect(dayTitle('2026-12-07')).toBe('12月7日 周一');
  });

  it.each([
    ['2026-12-06', '2026-12-06', '今天'],
    ['2026-12-05', '2026-12-06', '昨天'],
    ['2026-12-04', '2026-12-06', '12月4日 周五'],
    ['2026-12-31', '2027-01-01', '昨天'],
    ['2026-12-30', '2027-01-01', '2026年12月30日 周三'],
    ['2027-02-28', '2027-03-01', '昨天'],
    ['2028-02-29', '2028-03-02', '2月29日 周二'],
  ])('heads the ledger’s day %s, seen on %s, as %s', (date, today, title) => {
    expect(ledgerDayTitle(date, today)).toBe(title);
  });
});

describe('今日收支', () => {
  const entries = [
    entry('late-yesterday', 'expense', 30, '2026-12-05'),
    entry('breakfast', 'expense', 12.5, '2026-12-06'),
    entry('salary', 'income', 100, '2026-12-06'),
    entry('lunch', 'expense', 0.1, '2026-12-06'),
    entry('tomorrow', 'income', 999, '2026-12-07'),
  ];

  it('counts only the entries of the day, on either side of midnight in Shanghai', () => {
    // 23:59 on the 5th in Shanghai is 15:59 UTC; a minute past midnight is 16:01 UTC.
    const before = todayString(new Date('2026-12-05T15:59:00Z'));
    const after = todayString(new Date('2026-12-05T16:01:00Z'));
    expect(before).toBe('2026-12-05');
    expect(after).toBe('2026-12-06');
    expect(dayMoney(entries, before)).toEqual({
      incomeCents: 0,
      expenseCents: 3000,
      netCents: -3000,
    });
    expect(dayMoney(entries, after)).toEqual({
      incomeCents: 10000,
      expenseCents: 1260,
      netCents: 8740,
    });
  });

  it("counts this month's spending up to today", () => {
    expect(
      monthSpentCents([...entries, entry('nov', 'expense', 5, '2026-11-30')], '2026-12-06'),
    ).toBe(4260);
  });

  it('counts from 每月起始日 when the budget month starts on pay day', () => {
    const more = [
      ...entries,
      entry('nov-24', 'expense', 7, '2026-11-24'),
      entry('nov-25', 'expense', 5, '2026-11-25'),
    ];
    // Pay day the 25th: on 12-06 the month began on 11-25.
    expect(monthSpentCents(more, '2026-12-06', 25)).toBe(4260 + 500);
    expect(monthSpentCents(more, '2026-12-06', 1)).toBe(4260);
  });
});

describe('今日任务', () => {
  const today = '2026-12-06';
  it('orders overdue, then timed by time, then untimed; leaves out later and undated tasks', () => {
    const tasks = [
      task('untimed-low', { dueDate: today, priority: 'low' }),
      task('at-1500', { dueDate: today, dueTime: '15:00' }),
      task('untimed-high', { dueDate: today, priority: 'high' }),
      task('overdue-2', { dueDate: '2026-12-05' }),
      task('at-0900', { dueDate: today, dueTime: '09:00' }),
      task('overdue-1', { dueDate: '2026-11-20', dueTime: '10:00' }),
      task('tomorrow', { dueDate: '2026-12-07' }),
      task('undated'),
      task('done-last-week', {
        dueDate: '2026-11-30',
        completed: true,
        completedAt: '2026-11-30T02:00:00.000Z',
      }),
    ];
    const listed = todayTasks(tasks, today);
    expect(listed.map((t) => t.task.id)).toEqual([
      'overdue-1',
      'overdue-2',
      'at-0900',
      'at-1500',
      'untimed-high',
      'untimed-low',
    ]);
    expect(listed.map((t) => t.group)).toEqual([
      'overdue',
      'overdue',
      'timed',
      'timed',
      'untimed',
      'untimed',
    ]);
  });

  it('keeps a task ticked today in its place, done', () => {
    const ticked = task('overdue', {
      dueDate: '2026-12-01',
      completed: true,
      // 08:00 on the 6th in Shanghai.
      completedAt: '2026-12-06T00:00:00.000Z',
    });
    const listed = todayTasks([task('today', { dueDate: today }), ticked], today);
    expect(listed.map((t) => [t.task.id, t.group])).toEqual([
      ['overdue', 'overdue'],
      ['today', 'untimed'],
    ]);
  });

  it('rolls a repeating task ticked on 今天 on to its next date', () => {
    const daily = task('standup', { dueDate: today, dueTime: '09:30', repeat: 'FREQ=DAILY' });
    const [listed] = todayTasks([daily], today);
    const { task: done, next } = completeOccurrence(
      withDefaults(listed!.task),
      new Date('2026-12-06T02:00:00Z'),
      today,
    );
    expect(done.completed).toBe(true);
    expect(next?.dueDate).toBe('2026-12-07');
    expect(next?.completed).toBe(false);
    // Today's list keeps the done one, and tomorrow's occurrence is not today's.
    expect(todayTasks([done, next!], today).map((t) => [t.task.id, t.task.completed])).toEqual([
      ['standup', true],
    ]);
  });
});

describe('今日打卡', () => {
  const today = '2026-12-06'; // a Sunday
  const habit = (id: string, fields: Partial<CheckinTask> = {}): CheckinTask => ({
    id,
    name: id,
    description: '',
    type: 'daily',
    frequency: 1,
    monthlyTarget: 30,
    category: 'health',
    ...fields,
  });
  const record = (taskId: string, date: string, value = 1): CheckinRecord => ({
    id: `${taskId}-${date}`,
    taskId,
    date,
    value,
    skipped: false,
  });

  it('lists the habits due today, done ones marked, and leaves out the others', () => {
    const habits = [
      habit('every-day'),
      habit('weekdays', { schedule: [{ from: '2026-01-01', weekdays: [1, 2, 3, 4, 5] }] }),
      habit('water', { kind: 'measurable', target: 8, unit: '杯', sortOrder: -1 }),
      habit('archived', { archived: true }),
      habit('away', { vacations: [{ start: '2026-12-01', end: '2026-12-10' }] }),
    ];
    const listed = todayHabits(
      habits,
      [record('every-day', today), record('water', today, 3)],
      today,
    );
    expect(listed.map((h) => [h.habit.id, h.done, h.reached, h.value])).toEqual([
      ['water', true, false, 3],
      ['every-day', true, true, 1],
    ]);
  });

  it('does not list a habit whose schedule rests today', () => {
    const weekdays = habit('weekdays', {
      schedule: [{ from: '2026-01-01', weekdays: [1, 2, 3, 4, 5] }],
    });
    expect(todayHabits([weekdays], [], today)).toEqual([]);
    expect(todayHabits([weekdays], [], '2026-12-07').map((h) => h.habit.id)).toEqual(['weekdays']);
  });
});

describe('接下来', () => {
  it('lists the next three reminders still to ring today, in time order', () => {
    const today = '2026-12-06';
    const tasks = [
      task('a', { dueDate: today, dueTime: '18:00', reminders: [0, 30] }),
      task('b', { dueDate: today, reminders: [0] }), // 09:00, already rung at 12:00
      task('c', { dueDate: '2026-12-07', dueTime: '08:00', reminders: [600] }), // 22:00 today
      task('d', { dueDate: today, dueTime: '13:00', reminders: [5] }),
      task('done', {
        dueDate: today,
        dueTime: '14:00',
        reminders: [0],
        completed: true,
        completedAt: AT,
      }),
    ];
    expect(upcomingReminders(tasks, today, '12:00')).toEqual([
      { taskId: 'd', title: 'd', at: '12:55' },
      { taskId: 'a', title: 'a', at: '17:30' },
      { taskId: 'a', title: 'a', at: '18:00' },
    ]);
    expect(upcomingReminders(tasks, today, '20:00')).toEqual([
      { taskId: 'c', title: 'c', at: '22:00' },
    ]);
  });
});
