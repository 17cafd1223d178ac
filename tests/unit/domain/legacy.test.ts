import { describe, expect, it } from 'vitest';
import {
  keyForLabel,
  legacyDate,
  legacyId,
  legacyNumber,
  legacyTimestamp,
  normaliseLegacy,
} from '../../../src/domain/legacy';
import { expenseCategoryLabels } from '../../../src/domain/schemas/categories';
import { prepareRecord } from '../../../src/domain/sync';
import { todo } from '../../fixtures/records';

describe('legacyId', () => {
  it.each([
    ['a valid id is kept', '1700000000000', '1700000000000'],
    [
      'a uuid is kept',
      '3f1c2a9e-0000-4000-8000-000000000001',
      '3f1c2a9e-0000-4000-8000-000000000001',
    ],
    ['a number becomes its digits', 1700000000000, '1700000000000'],
    ['surrounding spaces are dropped', ' abc ', 'abc'],
  ])('%s', (_name, input, expected) => {
    expect(legacyId(input)).toBe(expected);
  });

  it.each([
    ['a fractional Date.now() id', '1700000000000.123'],
    ['a number with a fraction', 1700000000000.5],
    ['an id with Chinese characters', '记录1'],
    ['an id longer than 64 characters', 'x'.repeat(70)],
    ['an id with a space', 'a b'],
  ])('%s maps to the same valid id every time', (_name, input) => {
    const id = legacyId(input);
    expect(id).toMatch(/^legacy-[0-9a-f]{16}$/);
    expect(legacyId(input)).toBe(id);
  });

  it('maps distinct invalid ids to distinct ids', () => {
    const ids = new Set(Array.from({ length: 500 }, (_, i) => legacyId(`1700000000000.${i}`)));
    expect(ids.size).toBe(500);
  });

  it.each([[undefined], [null], [''], ['  '], [{}], [Number.NaN]])('%s has none', (input) => {
    expect(legacyId(input)).toBeUndefined();
  });
});

describe('field helpers', () => {
  it.each([
    ['餐饮', 'dining'],
    ['dining', 'dining'],
    [' 报销 ', 'reimbursement'],
    [' dining ', 'dining'],
    ['零食', '零食'],
    [3, 3],
  ])('keyForLabel(%s) → %s', (input, expected) => {
    expect(keyForLabel(expenseCategoryLabels, input)).toBe(expected);
  });

  it.each([
    ['12.50', 12.5],
    ['1,234.56', 1234.56],
    ['¥ 8', 8],
    [42, 42],
    ['', ''],
    ['abc', 'abc'],
    [null, null],
  ])('legacyNumber(%s) → %s', (input, expected) => {
    expect(legacyNumber(input)).toBe(expected);
  });

  it.each([
    ['2024-03-05', '2024-03-05'],
    ['2024/3/5', '2024-03-05'],
    ['2024-3-5', '2024-03-05'],
    ['2024-03-05T16:30:00.000Z', '2024-03-05'],
    ['2024-03-05 08:00', '2024-03-05'],
    ['March 5', 'March 5'],
    [' 2024/3/5 ', '2024-03-05'],
    ['x2024/3/5', 'x2024/3/5'],
    ['', ''],
  ])('legacyDate(%s) → %s', (input, expected) => {
    expect(legacyDate(input)).toBe(expected);
  });

  it.each([
    [Date.UTC(2024, 2, 5, 8), '2024-03-05T08:00:00.000Z'],
    ['2024-03-05T08:00:00.000Z', '2024-03-05T08:00:00.000Z'],
    ['2024-03-05T16:00:00+08:00', '2024-03-05T08:00:00.000Z'],
    ['not a time', 'not a time'],
    [true, true],
    [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
    [1e20, 1e20],
  ])('legacyTimestamp(%s) → %s', (input, expected) => {
    expect(legacyTimestamp(input)).toBe(expected);
  });

  it('leaves a date-like value that is not a string or a number alone', () => {
    const value = ['2024-03-05'];
    expect(legacyTimestamp(value)).toBe(value);
  });
});

describe('normaliseLegacy', () => {
  it.each([
    [
      'an account with a string amount and Chinese labels',
      'accounts',
      { id: '1700000000000', type: '支出', amount: '35.50', category: '餐饮', date: '2024/1/5' },
      {
        id: '1700000000000',
        type: 'expense',
        amount: 35.5,
        category: 'dining',
        date: '2024-01-05',
      },
    ],
    [
      'an income label is looked up among income categories',
      'accounts',
      { id: 'a', type: 'income', amount: 100, category: '其他' },
      { id: 'a', type: 'income', amount: 100, category: 'other' },
    ],
    [
      'an asset’s created and effective dates',
      'assets',
      { id: 's', date: '2024/1/5', effectiveDate: '2024/2/1' },
      { id: 's', date: '2024-01-05', effectiveDate: '2024-02-01' },
    ],
    [
      'a workout’s date and creation time',
      'workouts',
      { id: 'w', type: '跑步', date: '2024/3/5', createdAt: Date.UTC(2024, 2, 5, 8) },
      { id: 'w', type: 'running', date: '2024-03-05', createdAt: '2024-03-05T08:00:00.000Z' },
    ],
    [
      'a time record’s date and creation time',
      'timeRecords',
      { id: 'r', category: '阅读', date: '2024/3/5', createdAt: Date.UTC(2024, 2, 5, 8) },
      { id: 'r', category: 'reading', date: '2024-03-05', createdAt: '2024-03-05T08:00:00.000Z' },
    ],
    [
      'a task’s creation and update times',
      'tasks',
      { id: 't', createdAt: Date.UTC(2024, 2, 5, 8), updatedAt: '2024-03-05T16:00:00+08:00' },
      { id: 't', createdAt: '2024-03-05T08:00:00.000Z', updatedAt: '2024-03-05T08:00:00.000Z' },
    ],
    [
      'an asset version keeps pointing at its chain',
      'assets',
      {
        id: '1700000000002.5',
        type: '负债',
        category: '房贷',
        amount: '500000',
        version: '2',
        originalId: '1700000000001.5',
        previousVersionId: '1700000000001.5',
      },
      {
        id: legacyId('1700000000002.5'),
        type: 'liability',
        category: 'mortgage',
        amount: 500000,
        version: 2,
        originalId: legacyId('1700000000001.5'),
        previousVersionId: legacyId('1700000000001.5'),
      },
    ],
    [
      'a first asset version has no chain ids',
      'assets',
      { id: 'x', type: '资产', category: '股票', originalId: '', previousVersionId: undefined },
      { id: 'x', type: 'asset', category: 'stocks', originalId: null, previousVersionId: null },
    ],
    [
      'a workout with Chinese type and string numbers',
      'workouts',
      { id: 'w', type: '跑步', duration: '30', calories: '250', createdAt: 1709625600000 },
      {
        id: 'w',
        type: 'running',
        duration: 30,
        calories: 250,
        createdAt: '2024-03-05T08:00:00.000Z',
      },
    ],
    [
      'a time record with a Chinese category',
      'timeRecords',
      { id: 't', category: '编程', duration: '1500', createdAt: null },
      { id: 't', category: 'programming', duration: 1500, createdAt: undefined },
    ],
    [
      'a task with Chinese priority and category',
      'tasks',
      { id: 'k', priority: '高', category: '生活', dueDate: '2024/12/1', completedAt: '' },
      { id: 'k', priority: 'high', category: 'life', dueDate: '2024-12-01', completedAt: null },
    ],
    [
      'a habit with Chinese type and category',
      'checkinTasks',
      { id: 'h', type: '每周', category: '习惯', frequency: '3', monthlyTarget: '12' },
      { id: 'h', type: 'weekly', category: 'habit', frequency: 3, monthlyTarget: 12 },
    ],
    [
      'a check-in record follows its habit to the new id',
      'checkinRecords',
      { id: 1.5, taskId: 1700000000000.5, date: '2024-3-5' },
      { id: legacyId(1.5), taskId: legacyId(1700000000000.5), date: '2024-03-05' },
    ],
  ] as const)('%s', (_name, category, raw, expected) => {
    expect(normaliseLegacy(category, raw)).toEqual(expected);
  });

  // A type it does not know gives no category list to look the label up in.
  it.each([
    ['an account whose type is unknown keeps its category as written', 'accounts', '转账', '餐饮'],
    [
      'an account whose type is unknown keeps even a label of the other type',
      'accounts',
      '转账',
      '工资',
    ],
    ['an asset whose type is unknown keeps its category as written', 'assets', '负资产', '房贷'],
  ] as const)('%s', (_name, kind, type, category) => {
    const raw = { id: 'x', type, category };
    expect(normaliseLegacy(kind, raw)).toEqual({ id: 'x', type, category });
  });

  it('normalises the snapshots of an asset history entry like assets', () => {
    const entry = normaliseLegacy('assetHistory', {
      id: 'h1',
      assetId: '17.5',
      action: 'update',
      oldData: { id: '17.5', type: '资产', category: '现金', amount: '10' },
      newData: null,
      timestamp: 1709625600000,
    });
    expect(entry).toEqual({
      id: 'h1',
      assetId: legacyId('17.5'),
      action: 'update',
      oldData: { id: legacyId('17.5'), type: 'asset', category: 'cash', amount: 10 },
      newData: null,
      timestamp: '2024-03-05T08:00:00.000Z',
    });
  });

  it('normalises the new snapshot of a history entry too', () => {
    const entry = normaliseLegacy('assetHistory', {
      id: 'h2',
      assetId: 'a',
      action: 'create',
      oldData: null,
      newData: { id: 'a', type: '负债', category: '车贷', amount: '1,000' },
      timestamp: '2024-03-05T08:00:00.000Z',
    });
    expect(entry).toMatchObject({
      newData: { id: 'a', type: 'liability', category: 'car_loan', amount: 1000 },
    });
  });

  it('names a record without an id by its content, the same way each time', () => {
    const raw = { type: '支出', amount: '3', category: '交通', date: '2024-01-01' };
    const first = normaliseLegacy('accounts', raw) as { id: string };
    expect(first.id).toMatch(/^legacy-[0-9a-f]{16}$/);
    expect((normaliseLegacy('accounts', { ...raw }) as { id: string }).id).toBe(first.id);
    expect((normaliseLegacy('accounts', { ...raw, amount: '4' }) as { id: string }).id).not.toBe(
      first.id,
    );
  });

  it('leaves a record already in the current shape as it is', () => {
    const at = '2024-03-05T08:00:00.000Z';
    const record = todo('3f1c2a9e-0000-4000-8000-000000000001', {
      title: '写周报',
      category: 'work',
      createdAt: at,
      updatedAt: at,
    });
    expect(normaliseLegacy('tasks', record)).toEqual(record);
  });

  it.each([[null], ['text'], [[1, 2]], [7]])(
    'passes %s through for the schema to refuse',
    (raw) => {
      expect(normaliseLegacy('accounts', raw)).toEqual(raw);
    },
  );
});

describe('a legacy task done without a completion time', () => {
  const NOW = '2026-11-27T12:00:00.000Z';
  const done = (more: Record<string, unknown>) => ({
    id: 'k',
    title: '旧任务',
    completed: true,
    ...more,
  });

  it.each([
    [
      'its updatedAt',
      { updatedAt: '2024-03-02T08:00:00.000Z', createdAt: '2024-03-01T08:00:00.000Z' },
      '2024-03-02T08:00:00.000Z',
    ],
    ['else its createdAt', { createdAt: '2024-03-01T08:00:00.000Z' }, '2024-03-01T08:00:00.000Z'],
    ['else the upload’s time', { completedAt: '' }, NOW],
  ])('gets %s, and the server’s schema accepts it', (_, more, completedAt) => {
    const prepared = prepareRecord('tasks', done(more), NOW);
    expect(prepared).toMatchObject({ ok: true, record: { completed: true, completedAt } });
  });

  it('keeps a completion time it has, and gives none to an open task', () => {
    expect(
      normaliseLegacy('tasks', done({ completedAt: '2024-05-05T00:00:00.000Z' }), NOW),
    ).toMatchObject({ completedAt: '2024-05-05T00:00:00.000Z' });
    expect(
      normaliseLegacy('tasks', { id: 'k', title: 'x', completed: false, createdAt: NOW }, NOW),
    ).not.toHaveProperty('completedAt');
  });
});
