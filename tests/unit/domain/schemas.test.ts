import { describe, expect, it } from 'vitest';
import { accountInputSchema, accountSchema } from '../../../src/domain/schemas/account';
import { assetHistoryInputSchema, assetInputSchema } from '../../../src/domain/schemas/asset';
import { loginSchema } from '../../../src/domain/schemas/auth';
import {
  accountCategoryLabels,
  assetCategories,
  assetCategoryLabelsFor,
  expenseCategories,
  incomeCategories,
  labelOf,
  liabilityCategories,
} from '../../../src/domain/schemas/categories';
import {
  checkinRecordInputSchema,
  checkinTaskInputSchema,
} from '../../../src/domain/schemas/checkin';
import {
  hasAtMostTwoDecimals,
  isValidDate,
  MAX_AMOUNT,
  optionalDateSchema,
} from '../../../src/domain/schemas/common';
import {
  taskInputSchema,
  taskRecordInputSchema,
  taskSchema,
} from '../../../src/domain/schemas/task';
import { timeRecordInputSchema } from '../../../src/domain/schemas/time-record';
import { workoutInputSchema } from '../../../src/domain/schemas/workout';
import { OPEN_TODO, VALID_INPUT } from '../../fixtures/records';

type Parser = {
  safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } };
};

/** The dotted paths of the issues a parse reports ([] when it succeeds). */
function issuePaths(schema: Parser, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : (result.error?.issues ?? []).map((i) => i.path.join('.'));
}

const { account, asset, workout, timeRecord } = VALID_INPUT;
const task = { title: '交房租' };
const checkin = { name: '早起' };

describe('isValidDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-04-31', false],
    ['2026-12-31', true],
    ['2026-1-1', false],
    ['2026-01-01T00:00:00Z', false],
    ['', false],
    ['0050-03-01', true],
    ['2000-02-29', true],
    ['1900-02-29', false],
  ])('%s → %s', (value, ok) => {
    expect(isValidDate(value)).toBe(ok);
  });
});

describe('hasAtMostTwoDecimals', () => {
  it.each([
    [0.1 + 0.2, true],
    [0.30000000000000004, true],
    [1.005, false],
    [12.34, true],
    [12.345, false],
    [123456789012.34, true],
    [999999999999.99, true],
    [999999999999.995, false],
    [566032791434.31, true],
    [678147605887.92, true],
    [0.01, true],
    [0.07, true],
    [1e-9, false],
    [-1e-9, false],
    [0.001, false],
  ])('%d → %s', (value, ok) => {
    expect(hasAtMostTwoDecimals(value)).toBe(ok);
  });

  it('accepts every two-decimal amount up to MAX_AMOUNT (sampled)', () => {
    // A linear congruential sequence keeps the sample the same on every run.
    let seed = 12345;
    const rejected: number[] = [];
    for (let i = 0; i < 20000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const cents = Math.floor((seed / 2 ** 31) * MAX_AMOUNT * 100);
      if (!hasAtMostTwoDecimals(cents / 100)) rejected.push(cents / 100);
    }
    expect(rejected).toEqual([]);
  });
});

describe('account', () => {
  it.each([
    ['a valid expense', {}, []],
    ['0.1 + 0.2', { amount: 0.1 + 0.2 }, []],
    ['the largest amount', { amount: MAX_AMOUNT }, []],
    ['a missing note', { description: undefined }, []],
    ['a null note', { description: null }, []],
    ['an amount of 0', { amount: 0 }, ['amount']],
    ['an amount of 0.01', { amount: 0.01 }, []],
    ['an amount of 1e-9', { amount: 1e-9 }, ['amount']],
    ['an amount of 0.004', { amount: 0.004 }, ['amount']],
    ['a negative amount', { amount: -1 }, ['amount']],
    ['a date in 0000', { date: '0000-01-01' }, ['date']],
    ['a date in 9999', { date: '9999-12-31' }, ['date']],
    ['three decimals', { amount: 1.005 }, ['amount']],
    ['an amount over the limit', { amount: MAX_AMOUNT + 1 }, ['amount']],
    ['an amount as text', { amount: '12' }, ['amount']],
    ['NaN', { amount: Number.NaN }, ['amount']],
    ['a missing amount', { amount: undefined }, ['amount']],
    ['a missing category', { category: undefined }, ['category']],
    ['a blank category', { category: '  ' }, ['category']],
    ['a missing date', { date: undefined }, ['date']],
    ['a date that does not exist', { date: '2023-02-29' }, ['date']],
    ['an unknown type', { type: 'transfer' }, ['type']],
    ['an income category on an expense', { category: 'salary' }, ['category']],
    ['an expense category on an income', { type: 'income', category: 'dining' }, ['category']],
    // 分类 of one's own (issue 61): any id may name one; text that is no id may not.
    ['a category of one’s own', { category: 'travel' }, []],
    ['a category that is no id', { category: '旅 行' }, ['category']],
    ['a long note', { description: 'x'.repeat(501) }, ['description']],
  ])('%s', (_, patch, paths) => {
    expect(issuePaths(accountInputSchema, { ...account, ...patch })).toEqual(paths);
  });

  it.each([
    ...expenseCategories.map((c) => ['expense', c]),
    ...incomeCategories.map((c) => ['income', c]),
  ])('%s accepts its own category %s', (type, category) => {
    expect(issuePaths(accountInputSchema, { ...account, type, category })).toEqual([]);
  });

  it('requires an id on a stored record and accepts a client id on input', () => {
    expect(issuePaths(accountSchema, account)).toEqual(['id']);
    expect(issuePaths(accountSchema, { ...account, id: 'a-1' })).toEqual([]);
    expect(issuePaths(accountInputSchema, { ...account, id: 'bad id/..' })).toEqual(['id']);
  });

  it('fills a missing note with an empty string', () => {
    expect(accountInputSchema.parse({ ...account, description: undefined }).description).toBe('');
  });
});

describe('asset', () => {
  it.each([
    ['a valid asset', {}, []],
    ['an amount of 0', { amount: 0 }, []],
    ['two decimals', { amount: 0.01 }, []],
    ['a negative amount', { amount: -0.01 }, ['amount']],
    ['three decimals', { amount: 1.005 }, ['amount']],
    ['a missing name', { name: undefined }, ['name']],
    ['a blank name', { name: '   ' }, ['name']],
    ['a missing category', { category: undefined }, ['category']],
    ['a missing amount', { amount: undefined }, ['amount']],
    ['a missing date', { date: undefined }, ['date']],
    ['an effective date', { effectiveDate: '2026-10-15' }, []],
    ['an empty effective date', { effectiveDate: '' }, []],
    ['an impossible effective date', { effectiveDate: '2026-02-30' }, ['effectiveDate']],
    ['a liability category on an asset', { category: 'mortgage' }, ['category']],
    ['an asset category on a liability', { type: 'liability', category: 'cash' }, ['category']],
    ['a liability', { type: 'liability', category: 'mortgage' }, []],
    ['version 0', { version: 0 }, ['version']],
    ['a fractional version', { version: 1.5 }, ['version']],
    ['a later version in a chain', { version: 2, originalId: 'a1', previousVersionId: 'a1' }, []],
    ['version 1 naming a chain', { originalId: 'a1' }, ['originalId']],
    ['version 1 naming a previous version', { previousVersionId: 'a1' }, ['previousVersionId']],
    ['a version linked to itself', { id: 'a2', version: 2, originalId: 'a2' }, ['originalId']],
    ['an amount of 1e-9', { amount: 1e-9 }, ['amount']],
    ['a date in 0000', { date: '0000-01-01' }, ['date']],
    ['an effective date in 9999', { effectiveDate: '9999-12-31' }, ['effectiveDate']],
  ])('%s', (_, patch, paths) => {
    expect(issuePaths(assetInputSchema, { ...asset, ...patch })).toEqual(paths);
  });

  it('names the rule a first version with chain ids breaks', () => {
    const result = assetInputSchema.safeParse({ ...asset, originalId: 'a1' });
    expect(result.error?.issues[0]?.message).toBe('第 1 版不能指向其他版本');
  });

  it.each([
    ...assetCategories.map((c) => ['asset', c]),
    ...liabilityCategories.map((c) => ['liability', c]),
  ])('%s accepts its own category %s', (type, category) => {
    expect(issuePaths(assetInputSchema, { ...asset, type, category })).toEqual([]);
  });

  it('defaults version 1, no chain links and no effective date', () => {
    expect(assetInputSchema.parse(asset)).toMatchObject({
      version: 1,
      originalId: null,
      previousVersionId: null,
      effectiveDate: '',
      description: '',
    });
  });

  const snapshot = (name: string) => ({ ...asset, id: 'a1', name });
  it.each([
    ['create', null, snapshot('x'), []],
    ['delete', snapshot('x'), null, []],
    ['update', snapshot('x'), snapshot('y'), []],
    ['rename', null, null, ['action']],
    [
      'update',
      { name: 'x' },
      snapshot('y'),
      ['oldData.id', 'oldData.type', 'oldData.category', 'oldData.amount', 'oldData.date'],
    ],
    ['update', snapshot('x'), 'snapshot', ['newData']],
    ['create', null, { ...snapshot('x'), amount: -1 }, ['newData.amount']],
    ['create', null, { ...snapshot('x'), originalId: 'other' }, ['newData.originalId']],
  ])('history entry %s', (action, oldData, newData, paths) => {
    const entry = {
      assetId: 'a1',
      assetName: 'x',
      action,
      oldData,
      newData,
      timestamp: '2026-11-21T08:00:00.000Z',
    };
    expect(issuePaths(assetHistoryInputSchema, entry).sort()).toEqual([...paths].sort());
  });

  it('rejects a history entry without an ISO timestamp', () => {
    const entry = { assetId: 'a1', assetName: 'x', action: 'create', timestamp: '2026-11-21' };
    expect(issuePaths(assetHistoryInputSchema, entry)).toEqual(['timestamp']);
  });
});

describe('workout', () => {
  it.each([
    ['a valid workout', {}, []],
    ['a whole day', { duration: 1440 }, []],
    ['more than a day', { duration: 1441 }, ['duration']],
    ['a zero duration', { duration: 0 }, ['duration']],
    ['a negative duration', { duration: -5 }, ['duration']],
    ['a fractional duration', { duration: 30.5 }, ['duration']],
    ['a missing duration', { duration: undefined }, ['duration']],
    ['a missing type', { type: undefined }, ['type']],
    ['an unknown type', { type: 'chess' }, ['type']],
    ['calories', { calories: 300 }, []],
    ['zero calories', { calories: 0 }, []],
    ['null calories (upload)', { calories: null }, []],
    ['negative calories', { calories: -1 }, ['calories']],
    ['fractional calories', { calories: 10.5 }, ['calories']],
  ])('%s', (_, patch, paths) => {
    expect(issuePaths(workoutInputSchema, { ...workout, ...patch })).toEqual(paths);
  });

  it.each([
    [undefined, 0],
    [null, null],
    [250, 250],
  ])('calories %s are stored as %s', (calories, stored) => {
    expect(workoutInputSchema.parse({ ...workout, calories }).calories).toBe(stored);
  });
});

describe('time record', () => {
  it.each([
    ['a valid record', {}, []],
    ['one second', { duration: 1 }, []],
    ['a whole day', { duration: 86_400 }, []],
    ['zero seconds', { duration: 0 }, ['duration']],
    ['more than a day', { duration: 86_401 }, ['duration']],
    ['fractional seconds', { duration: 1.5 }, ['duration']],
    ['a blank task', { task: '  ' }, ['task']],
    ['a missing category', { category: undefined }, ['category']],
    ['an unknown category', { category: 'gaming' }, ['category']],
    ['a missing date', { date: undefined }, ['date']],
  ])('%s', (_, patch, paths) => {
    expect(issuePaths(timeRecordInputSchema, { ...timeRecord, ...patch })).toEqual(paths);
  });
});

describe('a task record (the API and uploads)', () => {
  const at = '2026-11-21T08:00:00.000Z';
  it.each([
    ['open', { completed: false, completedAt: null }, []],
    ['completed, with the time', { completed: true, completedAt: at }, []],
    ['completed without a time', { completed: true }, ['completedAt']],
    ['open with a completion time', { completed: false, completedAt: at }, ['completedAt']],
    ['a due date in 1899', { dueDate: '1899-12-31' }, ['dueDate']],
    ['a due date in 1900', { dueDate: '1900-01-01' }, []],
    ['a due date in 2100', { dueDate: '2100-12-31' }, []],
    ['a due date in 2101', { dueDate: '2101-01-01' }, ['dueDate']],
  ])('%s', (_, patch, paths) => {
    expect(issuePaths(taskRecordInputSchema, { ...task, ...patch })).toEqual(paths);
  });

  it('says which way completed and completedAt disagree', () => {
    const messages = [{ completed: true }, { completed: false, completedAt: at }].map(
      (patch) => taskRecordInputSchema.safeParse({ ...task, ...patch }).error?.issues[0]?.message,
    );
    expect(messages).toEqual(['已完成的任务需要完成时间', '未完成的任务不能有完成时间']);
    expect(
      taskRecordInputSchema.safeParse({ ...task, dueDate: '9999-12-31' }).error?.issues[0]?.message,
    ).toBe('日期应在 1900 年至 2100 年之间');
  });
});

describe('task', () => {
  it.each([
    ['a title', {}, []],
    ['a blank title', { title: '   ' }, ['title']],
    ['a missing title', { title: undefined }, ['title']],
    ['an unknown priority', { priority: 'urgent' }, ['priority']],
    ['an unknown category', { category: 'travel' }, ['category']],
    ['a due date', { dueDate: '2026-12-01' }, []],
    ['an empty due date', { dueDate: '' }, []],
    ['a null due date', { dueDate: null }, []],
    ['an impossible due date', { dueDate: '2026-11-31' }, ['dueDate']],
    ['a completedAt timestamp', { completed: true, completedAt: '2026-11-21T08:00:00.000Z' }, []],
    ['a completedAt date only', { completedAt: '2026-11-21' }, ['completedAt']],
  ])('%s', (_, patch, paths) => {
    expect(issuePaths(taskInputSchema, { ...task, ...patch })).toEqual(paths);
  });

  it('trims the title and fills the defaults', () => {
    expect(taskInputSchema.parse({ title: '  交房租  ' })).toMatchObject({
      title: '交房租',
      ...OPEN_TODO,
    });
  });

  it('requires the timestamps on a stored task', () => {
    expect(issuePaths(taskSchema, { ...task, id: 't1' }).sort()).toEqual([
      'createdAt',
      'updatedAt',
    ]);
  });
});

describe('check-in task', () => {
  it.each([
    ['daily ignores a frequency', { type: 'daily', frequency: 5 }, [], 1],
    ['weekly 1', { type: 'weekly', frequency: 1 }, [], 1],
    ['weekly 7', { type: 'weekly', frequency: 7 }, [], 7],
    ['weekly 8', { type: 'weekly', frequency: 8 }, ['frequency'], null],
    ['weekly 0', { type: 'weekly', frequency: 0 }, ['frequency'], null],
    ['monthly 31', { type: 'monthly', frequency: 31 }, [], 31],
    ['monthly 32', { type: 'monthly', frequency: 32 }, ['frequency'], null],
    ['a fractional frequency', { type: 'weekly', frequency: 2.5 }, ['frequency'], null],
  ])('%s', (_, patch, paths, frequency) => {
    const value = { ...checkin, ...patch };
    expect(issuePaths(checkinTaskInputSchema, value)).toEqual(paths);
    if (frequency !== null) expect(checkinTaskInputSchema.parse(value).frequency).toBe(frequency);
  });

  it.each([
    ['target 1', { monthlyTarget: 1 }, []],
    ['target 31', { monthlyTarget: 31 }, []],
    ['target 0', { monthlyTarget: 0 }, ['monthlyTarget']],
    ['target 32', { monthlyTarget: 32 }, ['monthlyTarget']],
    ['a missing name', { name: undefined }, ['name']],
    ['a blank name', { name: ' ' }, ['name']],
    ['an unknown category', { category: 'sleep' }, ['category']],
    ['an unknown type', { type: 'yearly' }, ['type']],
  ])('%s', (_, patch, paths) => {
    expect(issuePaths(checkinTaskInputSchema, { ...checkin, ...patch })).toEqual(paths);
  });

  it('defaults to a daily health habit, once a day, 30 days a month', () => {
    expect(checkinTaskInputSchema.parse(checkin)).toEqual({
      name: '早起',
      description: '',
      type: 'daily',
      frequency: 1,
      monthlyTarget: 30,
      category: 'health',
      // A habit from before measurable habits: yes/no, due every day, listed.
      kind: 'boolean',
      unit: '',
      target: 1,
      targetType: 'atLeast',
      targetPeriod: 'day',
      schedule: [],
      archived: false,
      sortOrder: 0,
      vacations: [],
      reminderTime: '',
    });
  });

  it('reads a check-in without a value as a value of 1, not skipped', () => {
    expect(checkinRecordInputSchema.parse({ taskId: 'c1', date: '2026-11-21' })).toEqual({
      taskId: 'c1',
      date: '2026-11-21',
      value: 1,
      skipped: false,
    });
  });

  it.each([
    [{ reminderTime: '7:00' }, 'reminderTime'],
    [{ reminderTime: '24:00' }, 'reminderTime'],
    [{ target: 0 }, 'target'],
    [{ schedule: [{ from: '2026-11-01', weekdays: [] }] }, 'schedule.0.weekdays'],
    [{ vacations: [{ start: '2026-11-05', end: '2026-11-01' }] }, 'vacations.0.end'],
  ])('refuses a habit with %o', (extra, path) => {
    const result = checkinTaskInputSchema.safeParse({ ...checkin, ...extra });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  it.each([
    [{ taskId: 'c1', date: '2026-11-21' }, []],
    [{ taskId: 'c1', date: '2026-11-31' }, ['date']],
    [{ date: '2026-11-21' }, ['taskId']],
  ])('record %j', (record, paths) => {
    expect(issuePaths(checkinRecordInputSchema, record)).toEqual(paths);
  });
});

describe('login', () => {
  it.each([
    [{ username: 'alice', password: 'pw' }, []],
    [{ username: '  ', password: 'pw' }, ['username']],
    [{ username: 'alice', password: '' }, ['password']],
    [{}, ['username', 'password']],
  ])('%j', (value, paths) => {
    expect(issuePaths(loginSchema, value)).toEqual(paths);
  });
});

describe('optional dates and labels', () => {
  it.each([
    [undefined, ''],
    [null, ''],
    ['', ''],
    ['2024-02-29', '2024-02-29'],
  ])('optional date %s is stored as %j', (value, stored) => {
    expect(optionalDateSchema.parse(value)).toBe(stored);
  });

  it.each([
    [accountCategoryLabels('expense'), 'dining', '餐饮'],
    [accountCategoryLabels('income'), 'part_time', '兼职'],
    [assetCategoryLabelsFor('asset'), 'receivables', '应收款'],
    [assetCategoryLabelsFor('liability'), 'credit_card', '信用卡'],
    [accountCategoryLabels('income'), 'dining', 'dining'],
  ])('label lookup %#', (labels, key, label) => {
    expect(labelOf(labels, key)).toBe(label);
  });
});
