import { describe, expect, it } from 'vitest';
import { legacyId } from '../../../src/domain/legacy';
import { RESOURCE_NAMES, type ResourceName, utf8Length } from '../../../src/domain/resources';
import {
  buildExport,
  exportFileName,
  parseImport,
  prepareRecord,
  requestChunks,
  type SyncData,
  tallyResults,
  type UploadItem,
  uploadBatches,
} from '../../../src/domain/sync';

const emptyData = (): SyncData =>
  Object.fromEntries(RESOURCE_NAMES.map((c) => [c, []])) as unknown as SyncData;

describe('prepareRecord: upload defaults (docs/spec.md §7)', () => {
  it.each([
    [
      'an account without a description gets ""',
      'accounts',
      { id: 'a1', type: 'expense', amount: 12, category: 'dining', date: '2024-01-05' },
      { description: '' },
    ],
    [
      'an asset without a description gets "" and version 1',
      'assets',
      { id: 's1', type: 'asset', name: '现金', category: 'cash', amount: 0, date: '2024-01-05' },
      { description: '', version: 1, originalId: null, previousVersionId: null },
    ],
    [
      'a workout without notes or calories gets "" and null',
      'workouts',
      { id: 'w1', type: 'running', duration: 30, date: '2024-01-05' },
      { notes: '', calories: null },
    ],
    [
      'a workout with blank calories gets null, not 0',
      'workouts',
      { id: 'w1', type: 'running', duration: 30, date: '2024-01-05', calories: '' },
      { calories: null },
    ],
    [
      'a task without description, due date or completed gets "", "" and false',
      'tasks',
      { id: 't1', title: '写周报', priority: 'low', category: 'work' },
      { description: '', dueDate: '', completed: false },
    ],
    [
      'a task that says it is completed stays completed',
      'tasks',
      { id: 't1', title: '写周报', completed: true, completedAt: '2024-01-05T08:00:00.000Z' },
      { completed: true, completedAt: '2024-01-05T08:00:00.000Z' },
    ],
    [
      'a task whose completed is null gets false',
      'tasks',
      { id: 't1', title: '写周报', completed: null },
      { completed: false },
    ],
    [
      'a habit without a description gets ""',
      'checkinTasks',
      { id: 'h1', name: '早起' },
      { description: '' },
    ],
  ] as const)('%s', (_name, category, raw, expected) => {
    const prepared = prepareRecord(category, raw);
    expect(prepared.ok).toBe(true);
    if (prepared.ok) expect(prepared.record).toMatchObject({ id: raw.id, ...expected });
  });

  it('makes a legacy record valid: id, string amount, Chinese labels', () => {
    const prepared = prepareRecord('accounts', {
      id: '1700000000000.42',
      type: '收入',
      amount: '8,000.00',
      category: '工资',
      date: '2024/1/31',
    });
    expect(prepared).toEqual({
      ok: true,
      record: {
        id: legacyId('1700000000000.42'),
        type: 'income',
        amount: 8000,
        category: 'salary',
        description: '',
        date: '2024-01-31',
        // The fields this version added, at the values the schema gives a legacy record.
        templateId: null,
        reimbursed: false,
        reimbursedBy: null,
        tags: [],
        walletId: null,
      },
    });
  });

  it('drops fields the server does not know', () => {
    const prepared = prepareRecord('timeRecords', {
      id: 'r1',
      task: '专注时间',
      category: '其他',
      duration: 60,
      date: '2024-01-05',
      isRunning: true,
    });
    expect(prepared.ok && Object.keys(prepared.record).sort()).toEqual(
      ['category', 'date', 'duration', 'id', 'task', 'taskId', 'tags'].sort(),
    );
  });

  it.each([
    [
      'a negative amount',
      'accounts',
      { type: '支出', amount: '-5', category: '餐饮', date: '2024-01-05' },
      'amount',
    ],
    [
      'an unknown category',
      'accounts',
      { type: '支出', amount: 5, category: '零食', date: '2024-01-05' },
      'category',
    ],
    [
      'an amount that is not a number',
      'assets',
      { type: '资产', name: 'x', category: '现金', amount: '很多', date: '2024-01-05' },
      'amount',
    ],
    ['an impossible date', 'workouts', { type: '跑步', duration: 30, date: '2024-02-30' }, 'date'],
    ['a blank title', 'tasks', { title: '  ' }, 'title'],
    ['a check-in record without a task', 'checkinRecords', { date: '2024-01-05' }, 'taskId'],
  ] as const)('refuses %s and names the field', (_name, category, raw, field) => {
    const prepared = prepareRecord(category, raw);
    expect(prepared.ok).toBe(false);
    if (!prepared.ok) {
      expect(prepared.field).toBe(field);
      expect(prepared.message).not.toBe('');
    }
  });

  it('refuses something that is not a record', () => {
    expect(prepareRecord('tasks', 'hello')).toEqual({
      ok: false,
      field: '',
      message: '不是一条记录',
    });
  });
});

const item = (category: ResourceName, id: string, version?: number): UploadItem => ({
  category,
  record: version === undefined ? { id } : { id, version },
});

describe('uploadBatches', () => {
  it.each([
    ['nothing', [], []],
    [
      'independent records go together',
      [item('accounts', 'a'), item('tasks', 't'), item('checkinTasks', 'h')],
      [['a', 't', 'h']],
    ],
    [
      'asset versions go in version order, whatever order they came in',
      [
        item('assets', 'v3', 3),
        item('accounts', 'a'),
        item('assets', 'v1', 1),
        item('assets', 'v2', 2),
      ],
      [['a', 'v1'], ['v2'], ['v3']],
    ],
    [
      'check-in records wait for their habits',
      [item('checkinRecords', 'r'), item('checkinTasks', 'h')],
      [['h'], ['r']],
    ],
    [
      'a gap in versions keeps the order',
      [item('assets', 'v5', 5), item('assets', 'v1', 1)],
      [['v1'], ['v5']],
    ],
  ])('%s', (_name, items, expected) => {
    expect(uploadBatches(items).map((batch) => batch.map((i) => i.record.id))).toEqual(expected);
  });
});

describe('requestChunks', () => {
  const note = (category: ResourceName, id: string, text = '') =>
    ({ category, record: { id, text } }) as unknown as UploadItem;
  const ids = (chunks: UploadItem[][]) => chunks.map((c) => c.map((i) => i.record.id));

  it.each([
    ['nothing', [], 3, 10_000, []],
    [
      'one category per request, in the dialog order',
      [note('tasks', 't1'), note('accounts', 'a1'), note('tasks', 't2')],
      3,
      10_000,
      [['a1'], ['t1', 't2']],
    ],
    [
      'at most maxRecords per request',
      ['1', '2', '3', '4', '5'].map((id) => note('accounts', id)),
      2,
      10_000,
      [['1', '2'], ['3', '4'], ['5']],
    ],
    [
      // {"id":"x","text":"…"} is 20 bytes plus 3 per Chinese character, plus a separator.
      'bytes counted as UTF-8, so Chinese text splits sooner than its length suggests',
      [note('accounts', 'x', '备注备注备注'), note('accounts', 'y', '备注备注备注')],
      10,
      60,
      [['x'], ['y']],
    ],
    [
      'a record larger than the limit still goes, alone',
      [note('accounts', 'big', 'x'.repeat(200)), note('accounts', 'small')],
      10,
      100,
      [['big'], ['small']],
    ],
    // {"id":"x","text":""} is 20 bytes; with its separator each record counts 21.
    [
      'records that fill maxBytes exactly share a request',
      [note('accounts', 'x'), note('accounts', 'y')],
      10,
      42,
      [['x', 'y']],
    ],
    [
      'one byte less splits them',
      [note('accounts', 'x'), note('accounts', 'y')],
      10,
      41,
      [['x'], ['y']],
    ],
  ])('%s', (_name, items, maxRecords, maxBytes, expected) => {
    expect(ids(requestChunks(items as UploadItem[], maxRecords, maxBytes))).toEqual(expected);
  });
});

describe('tallyResults', () => {
  it.each([
    ['no results', [], []],
    [
      'counts per category in the dialog order',
      [
        { category: 'tasks', ok: true },
        { category: 'accounts', ok: true },
        { category: 'accounts', ok: false },
        { category: 'accounts', ok: true },
      ],
      [
        { category: 'accounts', ok: 2, failed: 1 },
        { category: 'tasks', ok: 1, failed: 0 },
      ],
    ],
    [
      'a category with only failures is listed',
      [{ category: 'checkinRecords', ok: false }],
      [{ category: 'checkinRecords', ok: 0, failed: 1 }],
    ],
  ] as const)('%s', (_name, results, expected) => {
    expect(tallyResults(results)).toEqual(expected);
  });
});

describe('export file', () => {
  it('is named after the day it is made', () => {
    expect(exportFileName('2026-11-21')).toBe('personal-management-data-2026-11-21.json');
  });

  it('holds the records, then legacy records not among them, in uploadable form or as they were', () => {
    const records = emptyData();
    records.accounts = [
      {
        id: 'srv',
        type: 'expense',
        amount: 1,
        category: 'dining',
        description: '',
        date: '2024-01-01',
      },
    ];
    const legacy = emptyData();
    const invalid = { id: 'bad', type: '支出', amount: '-1', category: '餐饮', date: '2024-01-02' };
    legacy.accounts = [
      { id: 'srv', type: '支出', amount: '1', category: '餐饮', date: '2024-01-01' },
      { id: 'old', type: '支出', amount: '2.5', category: '交通', date: '2024/1/3' },
      invalid,
    ];
    const file = buildExport(records, legacy);
    expect(Object.keys(file)).toEqual([...RESOURCE_NAMES]);
    expect(file.accounts).toEqual([
      records.accounts[0],
      {
        id: 'old',
        type: 'expense',
        amount: 2.5,
        category: 'transport',
        description: '',
        date: '2024-01-03',
        templateId: null,
        reimbursed: false,
        reimbursedBy: null,
        tags: [],
        // 账户 (issue 61): none for a record from before accounts.
        walletId: null,
      },
      invalid,
    ]);
  });

  it('keeps a legacy entry that is not a record at all, as it was', () => {
    const legacy = emptyData();
    legacy.tasks = [null, 'text', 7];
    expect(buildExport(emptyData(), legacy).tasks).toEqual([null, 'text', 7]);
  });
});

describe('parseImport', () => {
  const account = { id: 'a1', type: 'expense', amount: 12, category: 'dining', date: '2024-01-05' };

  it.each([
    ['not JSON', '{accounts:', '不是有效的 JSON'],
    ['a list instead of an object', '[]', '不是导出的数据'],
    ['null', 'null', '文件内容不是导出的数据，请选择“导出本地数据”生成的文件'],
    ['a number', '5', '文件内容不是导出的数据'],
    ['a string', '"accounts"', '文件内容不是导出的数据'],
    [
      'an entry that is not a record, without a field to name',
      '{"accounts": [5]}',
      '记账记录第 1 条记录无效（不是一条记录），未导入任何数据',
    ],
    ['an object with none of the keys', '{"foo": []}', '没有可导入的数据'],
    ['a key that is not a list', '{"accounts": {}}', '记账记录（accounts）应是一个列表'],
    [
      'a bad record, named by category, position and field',
      JSON.stringify({ accounts: [account, { ...account, id: 'a2', amount: -3 }] }),
      '记账记录第 2 条记录无效（字段 amount：金额必须大于 0），未导入任何数据',
    ],
    [
      'the first bad record in file order',
      JSON.stringify({ tasks: [{ title: '' }], accounts: [{ ...account, date: 'x' }] }),
      '记账记录第 1 条记录无效（字段 date',
    ],
  ])('refuses %s', (_name, text, message) => {
    const parsed = parseImport(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });

  it('accepts an export, including the original app’s five-key file with its labels', () => {
    const parsed = parseImport(
      JSON.stringify({
        accounts: [
          account,
          { id: '17.5', type: '收入', amount: '100', category: '奖金', date: '2024-01-06' },
        ],
        workouts: [{ id: 'w', type: '游泳', duration: '45', date: '2024-01-06' }],
        tasks: [],
        timeRecords: [],
        assets: [],
      }),
    );
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.items.map((i) => [i.category, i.record.id])).toEqual([
        ['accounts', 'a1'],
        ['accounts', legacyId('17.5')],
        ['workouts', 'w'],
      ]);
      expect(parsed.items[1]!.record).toMatchObject({
        type: 'income',
        category: 'bonus',
        amount: 100,
      });
    }
  });
});

describe('utf8Length', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['午餐', 6],
    ['😀', 4],
    ['a午😀é', 1 + 3 + 4 + 2],
  ])('%j is %i bytes, as TextEncoder counts', (text, bytes) => {
    expect(utf8Length(text)).toBe(bytes);
    expect(new TextEncoder().encode(text).length).toBe(bytes);
  });
});
