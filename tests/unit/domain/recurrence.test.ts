import { describe, expect, it } from 'vitest';
import {
  completeOccurrence,
  editOccurrence,
  skipOccurrence,
  startDate,
} from '../../../src/domain/occurrences';
import {
  firstOccurrence,
  isValidRepeat,
  nextOccurrence,
  occurrenceId,
  upcomingDates,
} from '../../../src/domain/recurrence';
import { choiceOf, defaultChoice, ruleOf } from '../../../src/domain/repeat-choices';
import { idSchema } from '../../../src/domain/schemas/common';
import { taskRecordInputSchema } from '../../../src/domain/schemas/task';
import { parseImport, prepareRecord } from '../../../src/domain/sync';
import {
  type FullTask,
  isOverdue,
  postponeDate,
  subtaskProgress,
  withDefaults,
} from '../../../src/domain/tasks';
import { noRepeat } from '../../fixtures/records';

// Expected dates were read off a calendar (python's `calendar.month`), not from the library.

describe('nextOccurrence: the date after a due date (repeatFrom due)', () => {
  it.each([
    ['every day', 'FREQ=DAILY', '2026-12-31', '2027-01-01'],
    ['every 3 days', 'FREQ=DAILY;INTERVAL=3', '2026-02-27', '2026-03-02'],
    ['weekdays, Friday → Monday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-12-04', '2026-12-07'],
    ['every Monday', 'FREQ=WEEKLY;BYDAY=MO', '2026-12-07', '2026-12-14'],
    ['every two weeks on Monday', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', '2026-12-07', '2026-12-21'],
    [
      'Mon and Wed, every 2 weeks, from Wed',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE',
      '2026-12-09',
      '2026-12-21',
    ],
    ['monthly on the 1st', 'FREQ=MONTHLY;BYMONTHDAY=1', '2026-12-01', '2027-01-01'],
    [
      'monthly on the 31st skips short months',
      'FREQ=MONTHLY;BYMONTHDAY=31',
      '2026-01-31',
      '2026-03-31',
    ],
    ['last day of month, Jan → Feb', 'FREQ=MONTHLY;BYMONTHDAY=-1', '2026-01-31', '2026-02-28'],
    ['last day of month in a leap year', 'FREQ=MONTHLY;BYMONTHDAY=-1', '2028-01-31', '2028-02-29'],
    ['last day of month, Feb → Mar', 'FREQ=MONTHLY;BYMONTHDAY=-1', '2028-02-29', '2028-03-31'],
    ['second Monday', 'FREQ=MONTHLY;BYDAY=2MO', '2026-01-12', '2026-02-09'],
    ['last Friday (-1FR)', 'FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30', '2026-02-27'],
    ['last Friday across a year end', 'FREQ=MONTHLY;BYDAY=-1FR', '2026-12-25', '2027-01-29'],
    ['yearly on Feb 29 waits for the next leap year', 'FREQ=YEARLY', '2028-02-29', '2032-02-29'],
    ['yearly', 'FREQ=YEARLY', '2026-03-15', '2027-03-15'],
    ['every 2 months', 'FREQ=MONTHLY;INTERVAL=2', '2026-11-15', '2027-01-15'],
  ])('%s', (_, repeat, dueDate, expected) => {
    expect(nextOccurrence({ repeat, repeatFrom: 'due', dueDate }, '2026-06-01')?.dueDate).toBe(
      expected,
    );
  });
});

describe('nextOccurrence: completion versus due', () => {
  it.each([
    // Done 5 days late: 'due' keeps to the rule, 'completion' counts from the day it was done.
    ['FREQ=DAILY;INTERVAL=3', 'due', '2026-12-01', '2026-12-06', '2026-12-04'],
    ['FREQ=DAILY;INTERVAL=3', 'completion', '2026-12-01', '2026-12-06', '2026-12-09'],
    ['FREQ=WEEKLY;BYDAY=MO', 'due', '2026-11-30', '2026-12-09', '2026-12-07'],
    ['FREQ=WEEKLY;BYDAY=MO', 'completion', '2026-11-30', '2026-12-09', '2026-12-14'],
    ['FREQ=MONTHLY', 'completion', '2026-01-31', '2026-02-10', '2026-03-10'],
    // Done early: completion counts from the day done.
    ['FREQ=WEEKLY', 'completion', '2026-12-10', '2026-12-08', '2026-12-15'],
  ] as const)(
    '%s from %s: due %s done %s → %s',
    (repeat, repeatFrom, dueDate, doneOn, expected) => {
      expect(nextOccurrence({ repeat, repeatFrom, dueDate }, doneOn)?.dueDate).toBe(expected);
    },
  );
});

describe('COUNT and UNTIL end the series', () => {
  it('COUNT is what is left: the next carries one less, and the last has no next', () => {
    const first = {
      repeat: 'FREQ=WEEKLY;COUNT=3',
      repeatFrom: 'due' as const,
      dueDate: '2026-12-07',
    };
    const second = nextOccurrence(first, '2026-12-07');
    expect(second).toEqual({ dueDate: '2026-12-14', repeat: 'FREQ=WEEKLY;COUNT=2' });
    const third = nextOccurrence({ ...first, ...second! }, '2026-12-14');
    expect(third).toEqual({ dueDate: '2026-12-21', repeat: 'FREQ=WEEKLY;COUNT=1' });
    expect(nextOccurrence({ ...first, ...third! }, '2026-12-21')).toBeNull();
  });

  it.each([
    ['the next date is UNTIL itself', 'FREQ=DAILY;UNTIL=20261208', '2026-12-07', '2026-12-08'],
    ['the next date is past UNTIL', 'FREQ=DAILY;UNTIL=20261207', '2026-12-07', null],
    ['monthly past UNTIL', 'FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20270130', '2026-12-31', null],
  ])('%s', (_, repeat, dueDate, expected) => {
    expect(nextOccurrence({ repeat, repeatFrom: 'due', dueDate }, dueDate)?.dueDate ?? null).toBe(
      expected,
    );
  });

  it('the preview stops at COUNT and at UNTIL', () => {
    expect(upcomingDates('FREQ=DAILY;COUNT=2', '2026-12-07', 3)).toEqual([
      '2026-12-07',
      '2026-12-08',
    ]);
    expect(upcomingDates('FREQ=WEEKLY;BYDAY=MO;UNTIL=20261214', '2026-12-01', 3)).toEqual([
      '2026-12-07',
      '2026-12-14',
    ]);
    expect(upcomingDates('FREQ=MONTHLY;BYDAY=-1FR', '2026-12-01', 3)).toEqual([
      '2026-12-25',
      '2027-01-29',
      '2027-02-26',
    ]);
  });
});

describe('a repeat without a date', () => {
  it.each([
    ['starts today when the rule falls on today', 'FREQ=DAILY', '2026-12-09', '2026-12-09'],
    ['starts at the next Monday', 'FREQ=WEEKLY;BYDAY=MO', '2026-12-09', '2026-12-14'],
    ['starts at this month’s last day', 'FREQ=MONTHLY;BYMONTHDAY=-1', '2026-02-10', '2026-02-28'],
    [
      'starts next month when the 1st has passed',
      'FREQ=MONTHLY;BYMONTHDAY=1',
      '2026-12-09',
      '2027-01-01',
    ],
  ])('%s', (_, repeat, today, expected) => {
    expect(firstOccurrence(repeat, today)).toBe(expected);
    expect(startDate({ repeat, dueDate: '' }, today)).toBe(expected);
  });

  it('a dated or one-off task keeps its date', () => {
    expect(startDate({ repeat: 'FREQ=DAILY', dueDate: '2026-12-20' }, '2026-12-09')).toBe(
      '2026-12-20',
    );
    expect(startDate({ repeat: '', dueDate: '' }, '2026-12-09')).toBe('');
  });
});

describe('the rule is validated', () => {
  it.each([
    'FREQ=DAILY',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR',
    'FREQ=MONTHLY;BYDAY=2MO',
    'FREQ=MONTHLY;BYDAY=-1FR',
    'FREQ=MONTHLY;BYMONTHDAY=-1',
    'FREQ=YEARLY;COUNT=5',
    'FREQ=DAILY;UNTIL=20271231',
  ])('accepts %s', (rule) => expect(isValidRepeat(rule)).toBe(true));

  it.each([
    '',
    'FREQ=HOURLY',
    'FREQ=FOO',
    'BYDAY=MO',
    'FREQ=DAILY;INTERVAL=x',
    'FREQ=DAILY;INTERVAL=0',
    'FREQ=WEEKLY;BYDAY=XX',
    'FREQ=MONTHLY;BYMONTHDAY=32',
    'FREQ=DAILY;COUNT=0',
    'FREQ=DAILY;COUNT=2;UNTIL=20271231',
    'FREQ=DAILY;UNTIL=20270230',
    'FREQ=DAILY;FREQ=WEEKLY',
    'FREQ=DAILY;constructor=1',
    'RRULE:FREQ=DAILY',
  ])('refuses %j', (rule) => expect(isValidRepeat(rule)).toBe(false));
});

const NOW = new Date('2026-12-07T09:00:00.000Z');

function task(over: Partial<FullTask> = {}): FullTask {
  return withDefaults({
    id: 'series-1',
    title: '倒垃圾',
    description: '',
    priority: 'medium',
    category: 'life',
    dueDate: '2026-12-07',
    completed: false,
    completedAt: null,
    createdAt: '2026-12-01T00:00:00.000Z',
    updatedAt: '2026-12-01T00:00:00.000Z',
    repeat: 'FREQ=WEEKLY;BYDAY=MO',
    repeatFrom: 'due',
    ...over,
  });
}

describe('occurrences as task rows', () => {
  it('completing creates the next, with an id from the series and its date', () => {
    const { task: done, next } = completeOccurrence(
      task({ subtasks: [{ id: 's1', title: '分类', done: true }] }),
      NOW,
      '2026-12-07',
    );
    expect(done).toMatchObject({ completed: true, completedAt: NOW.toISOString() });
    expect(next).toMatchObject({
      id: occurrenceId('series-1', '2026-12-14'),
      seriesId: 'series-1',
      dueDate: '2026-12-14',
      completed: false,
      completedAt: null,
      title: '倒垃圾',
      subtasks: [{ id: 's1', title: '分类', done: false }],
    });
  });

  it('two devices completing the same occurrence derive the same next record', () => {
    const a = completeOccurrence(task(), NOW, '2026-12-07').next!;
    const b = completeOccurrence(task(), new Date('2026-12-07T21:30:00.000Z'), '2026-12-08').next!;
    expect(a.id).toBe(b.id);
    expect(a.dueDate).toBe(b.dueDate);
  });

  it('occurrence ids satisfy the id schema and differ by series and by date', () => {
    const ids = [
      occurrenceId('series-1', '2026-12-14'),
      occurrenceId('series-1', '2026-12-21'),
      occurrenceId('series-2', '2026-12-14'),
      occurrenceId('1234', '2026-12-14'),
    ];
    for (const id of ids) expect(idSchema.safeParse(id).success).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(occurrenceId('series-1', '2026-12-14')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('the occurrence after a later one of the series keeps the first series id', () => {
    const second = completeOccurrence(task(), NOW, '2026-12-07').next!;
    const third = completeOccurrence(second, NOW, '2026-12-14').next!;
    expect(third).toMatchObject({ seriesId: 'series-1', dueDate: '2026-12-21' });
    expect(third.id).toBe(occurrenceId('series-1', '2026-12-21'));
  });

  it('un-completing creates nothing; a one-off creates nothing', () => {
    const done = task({ completed: true, completedAt: NOW.toISOString() });
    expect(completeOccurrence(done, NOW, '2026-12-07').next).toBeNull();
    expect(completeOccurrence(task({ repeat: '' }), NOW, '2026-12-07').next).toBeNull();
  });

  it('跳过这次 yields the next occurrence, and nothing once the series is spent', () => {
    expect(skipOccurrence(task(), NOW, '2026-12-07')).toMatchObject({
      id: occurrenceId('series-1', '2026-12-14'),
      dueDate: '2026-12-14',
    });
    expect(
      skipOccurrence(task({ repeat: 'FREQ=WEEKLY;BYDAY=MO;COUNT=1' }), NOW, '2026-12-07'),
    ).toBeNull();
  });

  it('仅此次: this one leaves the series with the edit, the series carries on unchanged', () => {
    const { update, next } = editOccurrence(
      task(),
      { title: '倒大件垃圾' },
      'this',
      NOW,
      '2026-12-07',
    );
    expect(update).toMatchObject({ title: '倒大件垃圾', repeat: '', seriesId: 'series-1' });
    expect(next).toMatchObject({
      title: '倒垃圾',
      dueDate: '2026-12-14',
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
    });
  });

  it('此次及以后: the edit stays in the series; a new rule starts a new series', () => {
    const same = editOccurrence(task(), { title: '倒垃圾和回收' }, 'later', NOW, '2026-12-07');
    expect(same).toEqual({ update: { title: '倒垃圾和回收', seriesId: 'series-1' }, next: null });
    const second = task({ id: 'occ-2', seriesId: 'series-1' });
    const moved = editOccurrence(
      second,
      { repeat: 'FREQ=WEEKLY;BYDAY=TU' },
      'later',
      NOW,
      '2026-12-07',
    );
    expect(moved.update.seriesId).toBe('occ-2');
  });
});

describe('time, postponing and sub-tasks', () => {
  it('overdue means past the date, or past the time on the day', () => {
    const t = { completed: false, dueDate: '2026-12-07', dueTime: '15:00' };
    expect(isOverdue(t, '2026-12-07', '14:59')).toBe(false);
    expect(isOverdue(t, '2026-12-07', '15:00')).toBe(true);
    expect(isOverdue({ ...t, dueTime: '' }, '2026-12-07', '23:59')).toBe(false);
    expect(isOverdue(t, '2026-12-08', '00:00')).toBe(true);
    expect(isOverdue({ ...t, completed: true }, '2026-12-08', '00:00')).toBe(false);
  });

  it.each([
    ['tomorrow', 'tomorrow', '2026-12-09', '2026-12-10'],
    ['next Monday from a Wednesday', 'nextMonday', '2026-12-09', '2026-12-14'],
    ['next Monday from a Monday', 'nextMonday', '2026-12-07', '2026-12-14'],
    ['next Monday from a Sunday', 'nextMonday', '2026-12-13', '2026-12-14'],
  ] as const)('推迟 to %s', (_, target, today, expected) => {
    expect(postponeDate(target, today)).toBe(expected);
  });

  it('counts sub-tasks done', () => {
    expect(subtaskProgress([])).toBeNull();
    expect(
      subtaskProgress([
        { id: 'a', title: 'a', done: true },
        { id: 'b', title: 'b', done: false },
      ]),
    ).toEqual({ done: 1, total: 2 });
  });
});

describe('the task schema: old payloads stay valid', () => {
  it('a POST without the new fields is a plain task', () => {
    const parsed = taskRecordInputSchema.parse({ title: '交房租' });
    expect(parsed).toMatchObject(noRepeat());
  });

  it('takes the new fields and refuses bad ones with Chinese messages', () => {
    const ok = taskRecordInputSchema.parse({
      title: '倒垃圾',
      dueDate: '2026-12-07',
      dueTime: '08:30',
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
      repeatFrom: 'completion',
      subtasks: [{ id: 's1', title: '分类' }],
      reminders: [60, 0, 60],
    });
    expect(ok).toMatchObject({
      subtasks: [{ id: 's1', title: '分类', done: false }],
      reminders: [0, 60],
    });
    const messages = (input: Record<string, unknown>) =>
      taskRecordInputSchema.safeParse({ title: 't', ...input }).error?.issues.map((i) => i.message);
    expect(messages({ repeat: 'FREQ=HOURLY' })).toEqual(['重复规则无效']);
    expect(messages({ dueDate: '2026-12-07', dueTime: '25:00' })).toEqual(['时间格式应为 HH:mm']);
    expect(messages({ dueTime: '08:00' })).toEqual(['请先选择截止日期']);
    expect(messages({ reminders: [-5] })).toEqual(['提醒时间无效']);
    expect(messages({ repeatFrom: 'later' })).toEqual(['重复方式无效']);
  });
});

describe('the dialog’s repeat choices', () => {
  it.each([
    ['daily', 'FREQ=DAILY'],
    ['weekdays', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ['monthlyLast', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    ['yearly', 'FREQ=YEARLY'],
  ] as const)('%s writes %s and reads back as itself', (kind, rule) => {
    const choice = { ...defaultChoice('2026-12-07'), kind };
    expect(ruleOf(choice)).toBe(rule);
    expect(choiceOf(rule, '2026-12-07').kind).toBe(kind);
  });

  it('reads weekly days, the Nth weekday, a month day, COUNT and UNTIL back', () => {
    expect(choiceOf('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE', '2026-12-07')).toMatchObject({
      kind: 'weekly',
      interval: 2,
      weekdays: ['MO', 'WE'],
    });
    expect(choiceOf('FREQ=MONTHLY;BYDAY=-1FR;COUNT=3', '2026-12-07')).toMatchObject({
      kind: 'monthlyNth',
      nth: -1,
      nthWeekday: 'FR',
      end: 'count',
      count: 3,
    });
    expect(choiceOf('FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20271231', '2026-12-07')).toMatchObject({
      kind: 'monthlyDay',
      monthDay: 15,
      end: 'until',
      until: '2027-12-31',
    });
    // Weekly without days: the due date's weekday (2026-12-07 is a Monday).
    expect(choiceOf('FREQ=WEEKLY', '2026-12-07')).toMatchObject({
      kind: 'weekly',
      weekdays: ['MO'],
    });
    expect(choiceOf('FREQ=DAILY;BYMONTH=3', '2026-12-07')).toMatchObject({
      kind: 'custom',
      custom: 'FREQ=DAILY;BYMONTH=3',
    });
  });
});

describe('export, import and upload carry the new fields', () => {
  const repeating = {
    id: 'series-1',
    title: '倒垃圾',
    dueDate: '2026-12-07',
    dueTime: '20:00',
    repeat: 'FREQ=WEEKLY;BYDAY=MO',
    repeatFrom: 'completion',
    seriesId: 'series-1',
    subtasks: [{ id: 's1', title: '分类', done: true }],
    reminders: [0, 30],
    completed: false,
    completedAt: null,
  };

  it('an export round-trips a repeating task with its sub-tasks and reminders', () => {
    const parsed = parseImport(JSON.stringify({ tasks: [repeating] }));
    expect(parsed.ok && parsed.items.map((i) => i.record)).toEqual([
      expect.objectContaining({
        repeat: 'FREQ=WEEKLY;BYDAY=MO',
        repeatFrom: 'completion',
        seriesId: 'series-1',
        dueTime: '20:00',
        subtasks: [{ id: 's1', title: '分类', done: true }],
        reminders: [0, 30],
      }),
    ]);
  });

  it('an export made before them, and the original app’s task, upload as plain tasks', () => {
    const old = prepareRecord('tasks', {
      id: '17',
      title: '写周报',
      priority: '高',
      category: '工作',
    });
    expect(old).toMatchObject({
      ok: true,
      record: {
        repeat: '',
        repeatFrom: 'due',
        seriesId: '',
        dueTime: '',
        subtasks: [],
        reminders: [],
      },
    });
  });

  it('a bad rule in a file is named, and nothing is imported', () => {
    const parsed = parseImport(
      JSON.stringify({ tasks: [{ ...repeating, repeat: 'FREQ=SECONDLY' }] }),
    );
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toContain('重复规则无效');
  });
});
