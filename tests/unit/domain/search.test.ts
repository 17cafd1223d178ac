import { describe, expect, it } from 'vitest';
import {
  DOC_OF,
  highlight,
  pinyinTerms,
  plainTerms,
  queryCents,
  queryPlan,
  type SearchDoc,
  searchHref,
} from '../../../src/domain/search';
import { charPinyin } from '../../../src/features/search/char-pinyin';
import { createSearchEngine } from '../../../src/features/search/engine';

// 搜索全部 (issue 63 item 4): the terms a text is indexed under, a query's plan, the highlights,
// and the MiniSearch index over them with pinyin-pro's readings (run in a worker in the app,
// src/features/search/search.worker.ts).

const task = (id: string, title: string, more: Record<string, unknown> = {}) =>
  DOC_OF.tasks({
    id,
    title,
    description: '',
    category: 'life',
    completed: false,
    dueDate: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...more,
  } as never)!;
const entry = (id: string, amount: number, description: string, more = {}) =>
  DOC_OF.accounts({
    id,
    type: 'expense',
    amount,
    category: 'dining',
    description,
    date: '2026-03-01',
    ...more,
  } as never)!;
const focus = (id: string, name: string, more = {}) =>
  DOC_OF.timeRecords({
    id,
    task: name,
    category: 'study',
    duration: 1500,
    date: '2026-03-02',
    ...more,
  } as never)!;
const workout = (id: string, notes: string, more = {}) =>
  DOC_OF.workouts({
    id,
    type: 'running',
    duration: 30,
    calories: 0,
    notes,
    date: '2026-03-03',
    ...more,
  } as never)!;

function engineWith(...docs: SearchDoc[]) {
  const engine = createSearchEngine(charPinyin);
  engine.apply({ put: docs, remove: [] });
  return engine;
}

const ids = (engine: ReturnType<typeof engineWith>, query: string) =>
  engine.search(query, 50).flatMap((g) => g.hits.map((h) => h.id));

const shown = (pieces: { text: string; hit: boolean }[]) =>
  pieces.map((p) => (p.hit ? `[${p.text}]` : p.text)).join('');

describe('plainTerms and pinyinTerms', () => {
  it.each([
    ['去成都旅行', ['去成', '成都', '都旅', '旅行', '行']],
    ['买PPT 模板', ['ppt', '买', '模板', '板']],
    ['¥12.50 午饭', ['12.50', '午饭', '饭']],
  ])('%s', (text, terms) => {
    expect(plainTerms(text).sort()).toEqual([...terms].sort());
  });

  it('indexes syllables and initials from every character', () => {
    const terms = pinyinTerms('旅行计划', charPinyin);
    expect(terms).toEqual(
      expect.arrayContaining(['lvxingjihua', 'lxjh', 'xingjihua', 'xjh', 'jihua', 'jh', 'hua']),
    );
  });
});

describe('queryCents', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    ['¥12.5', 1250],
    ['1,200', 120000],
    ['0.1', 10],
    ['12', 1200],
    ['12.505', null],
    ['lx', null],
    ['1,20', null],
  ])('%s → %s', (word, cents) => {
    expect(queryCents(word)).toBe(cents);
  });
});

describe('queryPlan', () => {
  it.each([
    ['旅行', [{ plain: ['旅行'], prefix: [] }]],
    ['成都旅行', [{ plain: ['成都', '都旅', '旅行'], prefix: [] }]],
    ['旅', [{ plain: ['旅'], prefix: [] }]],
    ['lx', [{ plain: [], prefix: ['lx'], amount: undefined }]],
    ['12.5', [{ plain: [], prefix: ['12.5'], amount: '¥1250' }]],
    ['旅x', [{ plain: ['旅'], prefix: ['lvx', 'lx'] }]],
    ['#旅行', [{ plain: ['旅行'], prefix: [] }]],
    ['  ', []],
  ])('%j', (query, plan) => {
    expect(queryPlan(query, charPinyin)).toEqual(plan);
  });
});

describe('highlight', () => {
  it.each([
    ['去成都旅行', '旅行', '去成都[旅行]'],
    ['去成都旅行', 'lvxing', '去成都[旅行]'],
    ['去成都旅行', 'lvxi', '去成都[旅行]'],
    ['去成都旅行', 'lx', '去成都[旅行]'],
    ['去成都旅行', '旅x', '去成都[旅行]'],
    ['去成都旅行', 'cd lx', '去[成都旅行]'],
    ['成都的旅行', 'cd lx', '[成都]的[旅行]'],
    ['买PPT模板', 'ppt', '买[PPT]模板'],
    ['支出 ¥12.50 · 2026-03-01', '12.5', '支出 ¥[12.5]0 · 2026-03-01'],
    ['旅行', 'zz', '旅行'],
    ['支出 ¥3,240.00', '3240', '支出 ¥[3,240].00'],
    ['支出 ¥3,240.00', '3,240', '支出 ¥[3,240].00'],
  ])('%s with %s', (text, query, expected) => {
    expect(shown(highlight(text, query, charPinyin))).toBe(expected);
  });
});

describe('search', () => {
  const docs = [
    task('t1', '订去成都的机票', { description: '旅行前一周' }),
    task('t2', '旅行计划'),
    task('t3', '理想的工作', { category: 'work' }),
    entry('a1', 12.5, '成都旅行午饭'),
    entry('a2', 12, '早饭'),
    entry('a3', 125, '绿植'),
    focus('f1', '旅行攻略'),
    workout('w1', '晨跑'),
  ];
  const engine = engineWith(...docs);

  it.each([
    // Han words match as written, in any module; a title beats a description.
    ['旅行', ['tasks:t2', 'tasks:t1', 'accounts:a1', 'time:f1']],
    // Full pinyin, initials and mixed find the same records.
    ['lvxing', ['tasks:t2', 'tasks:t1', 'accounts:a1', 'time:f1']],
    // 理想 is lixiang too.
    ['lx', ['tasks:t2', 'tasks:t1', 'tasks:t3', 'accounts:a1', 'time:f1']],
    ['lz', ['accounts:a3']],
    ['旅x', ['tasks:t2', 'tasks:t1', 'accounts:a1', 'time:f1']],
    // Every word must match.
    ['成都 旅行', ['tasks:t1', 'accounts:a1']],
    // Amounts, in yuan as typed, against cents.
    ['12.5', ['accounts:a1']],
    ['12.50', ['accounts:a1']],
    ['125', ['accounts:a3']],
    // Categories and types by their Chinese names, and their pinyin.
    ['餐饮', ['accounts:a1', 'accounts:a2', 'accounts:a3']],
    ['跑步', ['workouts:w1']],
    ['gongzuo', ['tasks:t3']],
    ['学习', ['time:f1']],
    // One character: where it starts a pair, or ends a text.
    ['旅', ['tasks:t2', 'tasks:t1', 'accounts:a1', 'time:f1']],
    ['划', ['tasks:t2']],
    ['饭', ['accounts:a1', 'accounts:a2']],
    ['没有的词', []],
  ])('%s', (query, expected) => {
    expect(ids(engine, query).sort()).toEqual([...expected].sort());
  });

  it('lists a title match before a description match, and the groups by their best', () => {
    const groups = engine.search('旅行');
    expect(groups[0]!.key).toBe('tasks');
    expect(groups[0]!.hits.map((h) => h.id)).toEqual(['tasks:t2', 'tasks:t1']);
    // Only the description matched: the dialog shows the words around it.
    expect(shown(groups[0]!.hits[1]!.note!)).toBe('[旅行]前一周');
  });

  it('ranks an exact initials match above a longer one', () => {
    const e = engineWith(task('x1', '理想生活计划'), task('x2', '旅行'));
    expect(ids(e, 'lx')).toEqual(['tasks:x2', 'tasks:x1']);
  });

  it('shows equally good results newest first, and counts them all', () => {
    const e = engineWith(
      ...['2026-01-05', '2026-03-05', '2026-02-05', '2026-04-05'].map((date, i) =>
        entry(`m${i}`, 30, '午饭', { date }),
      ),
    );
    const [group] = e.search('午饭', 2);
    expect(group!.total).toBe(4);
    expect(group!.hits.map((h) => h.id)).toEqual(['accounts:m3', 'accounts:m1']);
  });

  it('finds tags, and lists each tag once with how many records carry it', () => {
    const e = engineWith(
      task('g1', '订酒店', { tags: ['旅行'] }),
      entry('g2', 88, '门票', { tags: ['旅行', '成都'] }),
      workout('g3', '爬山'),
    );
    const groups = e.search('lx');
    expect(groups.map((g) => g.key).sort()).toEqual(['accounts', 'tags', 'tasks']);
    const tags = groups.find((g) => g.key === 'tags')!;
    expect(tags.hits).toHaveLength(1);
    expect(shown(tags.hits[0]!.title)).toBe('#[旅行]');
    expect(shown(tags.hits[0]!.detail)).toBe('2 条记录');
    expect(tags.hits[0]!.href).toBe('/tags/%E6%97%85%E8%A1%8C');

    // A tag taken off its last record leaves the results.
    e.apply({ put: [task('g1', '订酒店')], remove: ['accounts:g2'] });
    expect(e.search('lx').map((g) => g.key)).toEqual([]);
  });

  it('follows changes: an edit replaces, a removal drops', () => {
    const e = engineWith(task('c1', '旅行'), task('c2', '旅行二'));
    e.apply({ put: [task('c1', '看书')], remove: ['tasks:c2'] });
    expect(ids(e, '旅行')).toEqual([]);
    expect(ids(e, 'ks')).toEqual(['tasks:c1']);
    expect(e.size).toBe(1);
  });
});

describe('searchHref', () => {
  it.each([
    ['tasks', 'id1', '/tasks?open=id1'],
    ['accounts', 'id1', '/accounting?open=id1'],
    ['assets', 'id1', '/assets?history=id1'],
    ['workouts', 'id1', '/fitness?open=id1'],
    ['time', 'id1', '/time?open=id1'],
    ['checkin', 'id1', '/checkin?open=id1'],
    ['tags', '旅行', '/tags/%E6%97%85%E8%A1%8C'],
  ] as const)('%s', (group, ref, href) => {
    expect(searchHref({ group, ref })).toBe(href);
  });
});
