import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CharPinyin,
  findAll,
  lazyHaystack,
  matchesTerms,
  pinyinText,
  queryTerms,
  searchIndex,
  textsWithoutPinyin,
  viewFilter,
} from '../../../src/domain/task-search';

// The task search's pure parts (issue 36 item 3): what a query is looked for in, which texts
// still need their pinyin from the worker, and the smart views. pinyin-pro itself runs in
// src/features/tasks/pinyin-table.ts; a small table stands in for it here.

const READINGS: Record<string, string> = { 交: 'jiao', 房: 'fang', 租: 'zu', 写: 'xie' };
const charPinyin: CharPinyin = (char) => {
  const full = READINGS[char];
  return full ? [full[0]!, full] : null;
};
const task = (title: string, description = '', subtasks: string[] = []) => ({
  title,
  description,
  subtasks: subtasks.map((s, i) => ({ id: `s${i}`, title: s, done: false })),
});

describe('pinyinText', () => {
  it.each([
    ['交房租', 'jfz\njiaofangzu'],
    ['写ppt', 'xppt\nxieppt'],
    ['abc', 'abc\nabc'],
  ])('%s → initials, then whole syllables', (text, expected) => {
    expect(pinyinText(text, charPinyin)).toBe(expected);
  });
});

describe('searchIndex', () => {
  it('finds by title, description and sub-task in any case, without pinyin', () => {
    const textOf = searchIndex();
    const t = task('Pay RENT', '每月一次', ['转账']);
    for (const query of ['rent', 'pay rent', '每月', '转账']) {
      expect(matchesTerms(textOf(t), queryTerms(query)), query).toBe(true);
    }
    expect(matchesTerms(textOf(t), queryTerms('rent 水费')), 'every term').toBe(false);
  });

  it('adds the pinyin the worker sent for the task’s plain text, and only then', () => {
    const t = task('交房租');
    expect(matchesTerms(searchIndex()(t), ['jfz'])).toBe(false);
    // Keyed by the plain text: title, description and sub-tasks, one a line.
    const spoken = new Map([['交房租\n', pinyinText('交房租\n', charPinyin)]]);
    const textOf = searchIndex(spoken);
    expect(matchesTerms(textOf(t), ['jfz'])).toBe(true);
    expect(matchesTerms(textOf(t), ['jiaofangzu'])).toBe(true);
  });
});

describe('textsWithoutPinyin', () => {
  const rent = task('交房租');
  const plain = task('call mum');
  const twin = task('交房租');
  const write = task('写周报', '', ['交材料']);

  it.each([
    ['asks once per text with Han characters', undefined, [], ['交房租\n', '写周报\n\n交材料']],
    ['skips what is known', new Map([['交房租\n', 'jfz\njiaofangzu']]), [], ['写周报\n\n交材料']],
    ['skips what was asked already', undefined, ['写周报\n\n交材料'], ['交房租\n']],
  ] as const)('%s', (_, known, asked, expected) => {
    expect(textsWithoutPinyin([rent, plain, twin, write], known, new Set(asked))).toEqual(expected);
  });
});

describe('viewFilter', () => {
  const today = '2026-11-27';
  it.each([
    ['today', '2026-11-27', true],
    ['today', '2026-11-28', false],
    ['tomorrow', '2026-11-28', true],
    ['week', '2026-12-03', true],
    ['week', '2026-12-04', false],
    ['week', '2026-11-26', false],
    ['week', '', false],
    ['undated', '', true],
    ['undated', '2026-11-27', false],
  ] as const)('%s holds %s: %s', (view, dueDate, expected) => {
    expect(viewFilter(view, today)({ dueDate })).toBe(expected);
  });
});

describe('findAll over a haystack', () => {
  const texts = ['交房租\njfz', 'pay rent', '', 'rent due\nrent', 'ab', 'b a'];
  const haystack = lazyHaystack(texts, (t) => t).get();

  it.each([
    [['rent'], ['pay rent', 'rent due\nrent']],
    [['jfz'], ['交房租\njfz']],
    [
      ['a', 'b'],
      ['ab', 'b a'],
    ],
    // A term never spans two texts: 'ab' + NUL + 'b a' holds no 'bb', and a query's NUL
    // splits it (queryTerms).
    [queryTerms('b\0b'), ['ab', 'b a']],
    [['bb'], []],
    [['nope'], []],
    [[], texts],
  ])('%j → %j, in the list order, each once', (terms, expected) => {
    expect(findAll(haystack, terms)).toEqual(expected);
  });

  it('finds what a search of each text finds, for any texts and terms', () => {
    const char = fc.constantFrom('a', 'b', ' ', '\n', '交');
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: char, maxLength: 8 }), { maxLength: 12 }),
        fc.array(fc.string({ unit: char, minLength: 1, maxLength: 3 }), { maxLength: 3 }),
        (items, rawTerms) => {
          const terms = rawTerms.map((t) => t.trim()).filter(Boolean);
          const expected = items.filter((t) => matchesTerms(t, terms));
          expect(findAll(lazyHaystack(items, (t) => t).get(), terms)).toEqual(expected);
        },
      ),
    );
  });

  it('is made once, from what was added a piece at a time and the rest', () => {
    const calls: string[] = [];
    const items = ['a', 'b', 'c'];
    const building = lazyHaystack(items, (t) => {
      calls.push(t);
      return t;
    });
    building.add('a');
    // Out of order: not taken (the next one in the list is 'b').
    building.add('c');
    expect(calls).toEqual(['a']);
    const made = building.get();
    expect(made).toBe(building.get());
    expect(calls).toEqual(['a', 'b', 'c']);
    expect(findAll(made, ['c'])).toEqual(['c']);
    expect(made.text).toBe('a\0b\0c\0');
  });
});
