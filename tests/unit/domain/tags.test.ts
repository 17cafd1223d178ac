import { describe, expect, it } from 'vitest';
import { parseQuickAdd } from '../../../src/domain/quick-add';
import { accountInputSchema } from '../../../src/domain/schemas/account';
import { taskInputSchema } from '../../../src/domain/schemas/task';
import {
  cleanTag,
  removeTag,
  renameTag,
  type TagPeriod,
  type TagRecords,
  tagCounts,
  tagProblem,
  tagsInText,
  tagTotals,
  withTagsFrom,
} from '../../../src/domain/tags';

// 标签 (issue 63). Relative periods count from a fixed day, never the clock.
const TODAY = '2026-12-06';
const NOW = new Date(2026, 11, 6, 10, 0);

describe('a tag as typed', () => {
  it.each([
    ['旅行', undefined],
    ['', '标签不能为空'],
    ['有 空格', '标签不能包含空格或 #'],
    ['a#b', '标签不能包含空格或 #'],
    ['一二三四五六七八九十一二三四五六七八九十', undefined],
    ['一二三四五六七八九十一二三四五六七八九十一', '标签最多 20 个字'],
  ])('%j: %s', (tag, problem) => {
    expect(tagProblem(tag)).toBe(problem);
  });

  it('is trimmed and loses a leading #', () => {
    expect(cleanTag('  #旅行 ')).toBe('旅行');
  });

  it.each([
    ['机票 #旅行', ['旅行']],
    ['#旅行，订酒店 #成都 #旅行', ['旅行', '成都']],
    ['＃出差 报销', ['出差']],
    ['no tags here', []],
    ['a#b is not a tag, #ok is', ['ok']],
    ['#一二三四五六七八九十一二三四五六七八九十一 too long', []],
  ])('in a note: %j names %j', (text, tags) => {
    expect(tagsInText(text)).toEqual(tags);
  });

  it('a note adds its tags to the field’s, at most 10', () => {
    expect(withTagsFrom(['成都'], '晚饭 #旅行 #成都')).toEqual(['成都', '旅行']);
    const many = Array.from({ length: 9 }, (_, i) => `t${i}`);
    expect(withTagsFrom(many, '#a #b')).toHaveLength(10);
  });

  it('the schemas trim, keep each once, refuse the rest in Chinese, and take none', () => {
    const entry = { type: 'expense', amount: 1, category: 'dining', date: TODAY };
    expect(accountInputSchema.parse({ ...entry, tags: [' 旅行', '旅行', '#成都'] }).tags).toEqual([
      '旅行',
      '成都',
    ]);
    expect(accountInputSchema.parse(entry).tags).toEqual([]);
    expect(accountInputSchema.parse({ ...entry, tags: null }).tags).toEqual([]);
    const tooMany = taskInputSchema.safeParse({
      title: 't',
      tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
    });
    expect(tooMany.error?.issues[0]?.message).toBe('标签最多 10 个');
  });
});

describe('quick add', () => {
  it('reads #旅行 as a tag and leaves it in the title', () => {
    const read = parseQuickAdd('明天 订机票 #旅行', NOW);
    expect(read).toMatchObject({ title: '订机票 #旅行', dueDate: '2026-12-07', tags: ['旅行'] });
    expect(read.category).toBeUndefined();
    expect(read.chips.map((c) => c.kind)).toEqual(['date', 'tag']);
  });

  it('keeps a # word that names a category the category, and not a tag', () => {
    const read = parseQuickAdd('交房租 #生活 #旅行', NOW);
    expect(read).toMatchObject({ title: '交房租 #旅行', category: 'life', tags: ['旅行'] });
    expect(parseQuickAdd('提交报告 #工作', NOW).tags).toBeUndefined();
  });

  it('a removed tag chip leaves no tags', () => {
    expect(parseQuickAdd('订机票 #旅行', NOW, new Set(['tag'])).tags).toBeUndefined();
  });
});

describe('the user’s tags', () => {
  const records = [
    { tags: ['旅行', '成都'], date: '2026-10-01' },
    { tags: ['论文'], date: '2026-12-01' },
    { tags: ['旅行'], date: '2026-11-05' },
    { date: '2026-12-05' },
  ];

  it('are counted and ordered by their latest use', () => {
    expect(tagCounts(records, (r) => r.date)).toEqual([
      { tag: '论文', count: 1, last: '2026-12-01' },
      { tag: '旅行', count: 2, last: '2026-11-05' },
      { tag: '成都', count: 1, last: '2026-10-01' },
    ]);
  });

  it('rename keeps a record’s tag once; delete removes it', () => {
    expect(renameTag(['旅行', '出差'], '旅行', '出差')).toEqual(['出差']);
    expect(renameTag(['旅行', '成都'], '旅行', '出游')).toEqual(['出游', '成都']);
    expect(removeTag(['旅行', '成都'], '旅行')).toEqual(['成都']);
  });
});

const T = ['旅行'];
const RECORDS: TagRecords = {
  accounts: [
    { type: 'expense', amount: 1200.1, date: '2026-12-02', tags: T },
    { type: 'expense', amount: 0.2, date: '2026-12-03', tags: T },
    { type: 'expense', amount: 500, date: '2026-03-01', tags: T },
    { type: 'expense', amount: 800, date: '2025-07-01', tags: T },
    { type: 'income', amount: 300, date: '2026-12-04', tags: T },
    // Another tag, no tag, and a record from before tags count for nothing.
    { type: 'expense', amount: 99, date: '2026-12-02', tags: ['论文'] },
    { type: 'expense', amount: 99, date: '2026-12-02', tags: [] },
    { type: 'expense', amount: 99, date: '2026-12-02' },
  ],
  timeRecords: [
    { duration: 1500, date: '2026-12-01', tags: T },
    { duration: 1530, date: '2026-11-30', tags: T },
    { duration: 3600, date: '2025-12-01', tags: T },
    { duration: 600, date: '2026-12-01', tags: ['论文'] },
  ],
  workouts: [
    { duration: 90, date: '2026-12-05', tags: T },
    { duration: 45, date: '2026-01-10', tags: T },
  ],
  tasks: [
    {
      completed: true,
      completedAt: '2026-12-01T02:00:00.000Z',
      dueDate: '2026-12-01',
      createdAt: '2026-11-20T00:00:00.000Z',
      tags: T,
    },
    {
      completed: false,
      completedAt: null,
      dueDate: '2026-12-20',
      createdAt: '2026-11-20T00:00:00.000Z',
      tags: T,
    },
    {
      completed: false,
      completedAt: null,
      dueDate: '',
      createdAt: '2026-06-01T00:00:00.000Z',
      tags: T,
    },
    {
      completed: true,
      completedAt: '2024-05-01T00:00:00.000Z',
      dueDate: '',
      createdAt: '2024-04-01T00:00:00.000Z',
      tags: T,
    },
  ],
};

describe('tagTotals', () => {
  it.each<[TagPeriod, ReturnType<typeof tagTotals>]>([
    [
      'month',
      {
        expenseCents: 120030,
        incomeCents: 30000,
        focusMinutes: 25,
        workoutMinutes: 90,
        tasksDone: 1,
        tasksTotal: 2,
      },
    ],
    [
      'year',
      // 1500 + 1530 s is 50.5 minutes: whole minutes, rounded down.
      {
        expenseCents: 170030,
        incomeCents: 30000,
        focusMinutes: 50,
        workoutMinutes: 135,
        tasksDone: 1,
        tasksTotal: 3,
      },
    ],
    [
      'all',
      {
        expenseCents: 250030,
        incomeCents: 30000,
        focusMinutes: 110,
        workoutMinutes: 135,
        tasksDone: 2,
        tasksTotal: 4,
      },
    ],
  ])('%s', (period, totals) => {
    expect(tagTotals(RECORDS, '旅行', period, TODAY)).toEqual(totals);
  });

  it('is zero for a tag nothing carries', () => {
    expect(tagTotals(RECORDS, '没有', 'all', TODAY)).toEqual({
      expenseCents: 0,
      incomeCents: 0,
      focusMinutes: 0,
      workoutMinutes: 0,
      tasksDone: 0,
      tasksTotal: 0,
    });
  });
});
