import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_BOOK,
  BUILT_IN_CATEGORIES,
  CategoryBook,
  categoryIdOf,
  categoryProblem,
  entryCodeOf,
} from '../../../src/domain/categories';
import { storedCategory } from '../../fixtures/records';

// 分类 of one's own (issue 61): the built-ins merged with the user's records of them.

const book = new CategoryBook([
  storedCategory('pet', { name: '宠物', order: 20 }),
  storedCategory('food', { name: '猫粮', parentId: 'pet', order: 1 }),
  storedCategory('toys', { name: '玩具', parentId: 'pet', order: 0, hidden: true }),
  // A built-in renamed and moved first; another hidden.
  storedCategory('dining', { name: '吃饭', order: -1, icon: '🍚' }),
  storedCategory('education', { name: '教育', order: 5, hidden: true }),
  // Income 其他, renamed: its record id is income-other, its entries say other.
  storedCategory('income-other', { name: '其他收入', type: 'income', order: 9 }),
  // A record that claims a built-in is an income: the built-in keeps its type.
  storedCategory('housing', { name: '住房', type: 'income', order: 6 }),
]);

describe('CategoryBook', () => {
  it('seeds the 16 built-ins with their codes, so every old entry resolves', () => {
    expect(BUILT_IN_CATEGORIES).toHaveLength(16);
    expect(BUILT_IN_BOOK.label('expense', 'dining')).toBe('餐饮');
    expect(BUILT_IN_BOOK.label('income', 'other')).toBe('其他');
    expect(BUILT_IN_BOOK.label('expense', 'other')).toBe('其他');
    expect(BUILT_IN_BOOK.label('expense', 'fee')).toBe('手续费');
    expect(BUILT_IN_BOOK.options('income').map((o) => o.id)).toEqual([
      'salary',
      'bonus',
      'investment',
      'part_time',
      'gift',
      'other',
    ]);
  });

  it.each([
    ['expense', 'dining', '吃饭'],
    ['expense', 'food', '宠物 / 猫粮'],
    ['expense', 'pet', '宠物'],
    ['income', 'other', '其他收入'],
    ['expense', 'other', '其他'],
    // A code the book does not know reads as the built-in label, or as itself.
    ['expense', 'gone-id', 'gone-id'],
    // An expense category asked for as an income: unknown.
    ['income', 'food', 'food'],
    ['expense', 'housing', '住房'],
  ] as const)('labels %s %s as %s', (type, code, label) => {
    expect(book.label(type, code)).toBe(label);
  });

  it('lists visible categories in order, each parent followed by its 子分类', () => {
    expect(book.options('expense').map((o) => o.label)).toEqual([
      '吃饭',
      '交通',
      '购物',
      '娱乐',
      '医疗',
      '住房',
      '报销',
      '手续费',
      '其他',
      '宠物',
      '宠物 / 猫粮',
    ]);
  });

  it('keeps a hidden category in the picker of an entry filed under it', () => {
    expect(book.options('expense').some((o) => o.id === 'education')).toBe(false);
    expect(book.options('expense', 'education').some((o) => o.id === 'education')).toBe(true);
    expect(book.options('expense', 'toys').map((o) => o.label)).toContain('宠物 / 玩具');
  });

  it('rolls a 子分类 up to its parent, and a parent covers its children', () => {
    expect(book.rollUp('expense', 'food')).toBe('pet');
    expect(book.rollUp('expense', 'pet')).toBe('pet');
    expect(book.rollUp('expense', 'dining')).toBe('dining');
    expect(book.withChildren('expense', 'pet')).toEqual(['pet', 'food', 'toys']);
    expect(book.withChildren('income', 'other')).toEqual(['other']);
  });

  it('leaves a 子分类 whose parent is gone, nested or of the other type at the top', () => {
    const odd = new CategoryBook([
      storedCategory('a', { name: 'A' }),
      storedCategory('b', { name: 'B', parentId: 'a' }),
      storedCategory('c', { name: 'C', parentId: 'b' }),
      storedCategory('d', { name: 'D', parentId: 'salary' }),
      storedCategory('e', { name: 'E', parentId: 'e' }),
    ]);
    expect(odd.rollUp('expense', 'b')).toBe('a');
    expect(odd.rollUp('expense', 'c')).toBe('c');
    expect(odd.rollUp('expense', 'd')).toBe('d');
    expect(odd.rollUp('expense', 'e')).toBe('e');
  });

  it('finds a category by the name a CSV file gives', () => {
    expect(book.findByName('expense', '猫粮')).toBe('food');
    expect(book.findByName('expense', '宠物 / 猫粮')).toBe('food');
    expect(book.findByName('income', '其他收入')).toBe('other');
    expect(book.findByName('expense', '吃饭')).toBe('dining');
    expect(book.findByName('income', '猫粮')).toBeUndefined();
    expect(book.findByName('expense', ' ')).toBeUndefined();
  });

  it('maps income 其他 between its record id and its entry code', () => {
    expect(categoryIdOf('income', 'other')).toBe('income-other');
    expect(categoryIdOf('expense', 'other')).toBe('other');
    expect(entryCodeOf('income-other')).toBe('other');
    expect(entryCodeOf('pet')).toBe('pet');
  });
});

describe('categoryProblem', () => {
  // Plain titles: Stryker's per-test coverage matches tests by name.
  it.each([
    ['a top-level name taken', { name: '宠物', type: 'expense', parentId: null }, '已有同名分类'],
    ['a sibling name taken', { name: '猫粮', type: 'expense', parentId: 'pet' }, '已有同名分类'],
    [
      'a parent that is a 子分类',
      { name: '鱼', type: 'expense', parentId: 'food' },
      '子分类下不能再添加子分类',
    ],
    ['a parent that is gone', { name: '鱼', type: 'expense', parentId: 'nope' }, '上级分类不存在'],
    [
      'a parent of the other type',
      { name: '鱼', type: 'income', parentId: 'pet' },
      '上级分类不存在',
    ],
    [
      'a parent with 子分类 made one',
      { id: 'pet', name: '宠物', type: 'expense', parentId: 'dining' },
      '该分类已有子分类，不能再作为子分类',
    ],
    [
      'its own parent',
      { id: 'pet', name: '宠物', type: 'expense', parentId: 'pet' },
      '不能选择自己作为上级分类',
    ],
  ] as const)('refuses %s', (_, draft, message) => {
    expect(categoryProblem(book, draft)).toEqual({
      field: message === '已有同名分类' ? 'name' : 'parentId',
      message,
    });
  });

  it.each([
    ['a new 子分类', { name: '鱼粮', type: 'expense', parentId: 'pet' }],
    ['itself unchanged', { id: 'pet', name: ' 宠物 ', type: 'expense', parentId: null }],
    ['a 子分类’s name at the top', { name: '猫粮', type: 'expense', parentId: null }],
    ['a name of the other type', { name: '宠物', type: 'income', parentId: null }],
    [
      'a 子分类 without 子分类 moved',
      { id: 'food', name: '猫粮', type: 'expense', parentId: 'pet' },
    ],
  ] as const)('accepts %s', (_, draft) => {
    expect(categoryProblem(book, draft)).toBeUndefined();
  });
});

describe('CategoryBook order', () => {
  it('sorts by order, a built-in before one of one’s own at the same order', () => {
    const moved = new CategoryBook([
      storedCategory('transport', { name: '交通', order: 0 }),
      storedCategory('dining', { name: '餐饮', order: 1 }),
      storedCategory('mine', { name: '早餐', order: 0 }),
      storedCategory('sub-b', { name: '乙', parentId: 'mine', order: 2 }),
      storedCategory('sub-a', { name: '甲', parentId: 'mine', order: 1 }),
    ]);
    expect(
      moved
        .topLevel('expense')
        .map((c) => c.name)
        .slice(0, 3),
    ).toEqual(['交通', '早餐', '餐饮']);
    expect(moved.children('mine').map((c) => c.name)).toEqual(['甲', '乙']);
    expect(moved.topLevel('expense').find((c) => c.id === 'mine')?.builtIn).toBe(false);
    expect(moved.byIdOf('dining')).toMatchObject({ builtIn: true, icon: '🐱', type: 'expense' });
    // Built-ins keep their emoji until a record changes it.
    expect(BUILT_IN_BOOK.byIdOf('salary')).toMatchObject({ icon: '💰', builtIn: true, order: 0 });
    expect(BUILT_IN_BOOK.name('expense', 'gone')).toBe('gone');
    expect(moved.name('expense', 'sub-a')).toBe('甲');
    expect(moved.labels('expense')['sub-a']).toBe('早餐 / 甲');
    expect(moved.accepts('expense', 'sub-a')).toBe(true);
    expect(moved.accepts('income', 'sub-a')).toBe(false);
  });
});
