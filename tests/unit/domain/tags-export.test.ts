import { describe, expect, it } from 'vitest';
import { buildExport, parseImport } from '../../../src/domain/sync';

// 标签 (issue 63) in export files: a file from before tags imports with none, a file with tags
// brings them back, and a bad tag is named before anything is imported.

const OLD_FILE = {
  accounts: [
    {
      id: 'a1',
      type: 'expense',
      amount: 12.5,
      category: 'dining',
      description: '午饭',
      date: '2026-11-02',
      createdAt: '2026-11-02T04:00:00.000Z',
    },
  ],
  tasks: [{ id: 't1', title: '订机票', completed: false, createdAt: '2026-11-01T00:00:00.000Z' }],
  workouts: [
    { id: 'w1', type: 'hiking', duration: 90, calories: 300, notes: '', date: '2026-11-03' },
  ],
  timeRecords: [
    { id: 'r1', task: '查攻略', category: 'study', duration: 1800, date: '2026-11-04' },
  ],
  assets: [],
};

type Tagged = { category: string; record: { tags?: string[] } };

describe('export files and tags', () => {
  it('imports a file from before tags: every record, with none', () => {
    const parsed = parseImport(JSON.stringify(OLD_FILE));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.items).toHaveLength(4);
    for (const item of parsed.items as Tagged[]) expect(item.record.tags).toEqual([]);
  });

  it('keeps tags through an export and an import', () => {
    const tagged = {
      ...OLD_FILE,
      accounts: [{ ...OLD_FILE.accounts[0], tags: ['旅行', '成都'] }],
      timeRecords: [{ ...OLD_FILE.timeRecords[0], tags: ['旅行'] }],
    };
    const first = parseImport(JSON.stringify(tagged));
    if (!first.ok) throw new Error(first.message);
    const records = Object.fromEntries(
      [
        'accounts',
        'assets',
        'workouts',
        'tasks',
        'timeRecords',
        'assetHistory',
        'checkinTasks',
        'checkinRecords',
        'recurring',
        'wallets',
        'transfers',
        'categories',
      ].map((k) => [
        k,
        (first.items as Tagged[]).filter((i) => i.category === k).map((i) => i.record),
      ]),
    );
    const empty = Object.fromEntries(Object.keys(records).map((k) => [k, []]));
    const again = parseImport(JSON.stringify(buildExport(records as never, empty as never)));
    if (!again.ok) throw new Error(again.message);
    const tagsOf = (category: string) =>
      (again.items as Tagged[]).filter((i) => i.category === category).map((i) => i.record.tags);
    expect(tagsOf('accounts')).toEqual([['旅行', '成都']]);
    expect(tagsOf('timeRecords')).toEqual([['旅行']]);
    expect(tagsOf('tasks')).toEqual([[]]);
  });

  it('names a bad tag and imports nothing', () => {
    const bad = { ...OLD_FILE, workouts: [{ ...OLD_FILE.workouts[0], tags: ['有 空格'] }] };
    expect(parseImport(JSON.stringify(bad))).toEqual({
      ok: false,
      message: '运动记录第 1 条记录无效（字段 tags.0：标签不能包含空格或 #），未导入任何数据',
    });
  });
});
