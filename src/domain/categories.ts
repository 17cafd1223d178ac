import {
  type AccountType,
  accountCategoryLabels,
  accountTypes,
  labelOf,
} from './schemas/categories';
import type { Category } from './schemas/category';

// 分类 of one's own (issue 61): the built-in categories merged with the user's records of
// them. The built-ins are seeded in code, not written at sign-up, so two devices never race
// to create them and an account with no category records reads exactly as before. A stored
// record with a built-in's id renames, reorders or hides it; any other id is a category of the
// user's own. An entry's `category` holds the id, so a rename never touches an entry.
//
// 其他 is a built-in of both types: its expense id is `other` and its income id `income-other`
// (ids are unique per user), and an income entry's `other` resolves to the latter.

/** A category as the screens use it: a built-in one filled in, or a stored one. */
export interface CategoryItem {
  id: string;
  name: string;
  type: AccountType;
  parentId: string | null;
  icon: string;
  order: number;
  hidden: boolean;
  /** Seeded in code (it can be renamed and hidden, not deleted). */
  builtIn: boolean;
}

const OTHER_INCOME_ID = 'income-other';

/** The id of the category an entry of `type` files under `code` (its `category` field). */
export function categoryIdOf(type: AccountType, code: string): string {
  return type === 'income' && code === 'other' ? OTHER_INCOME_ID : code;
}

/** The code an entry stores for the category `id`: the inverse of categoryIdOf. */
export function entryCodeOf(id: string): string {
  return id === OTHER_INCOME_ID ? 'other' : id;
}

const BUILT_IN_ICONS: Record<string, string> = {
  dining: '🍜',
  transport: '🚌',
  shopping: '🛍️',
  entertainment: '🎮',
  medical: '💊',
  education: '📚',
  housing: '🏠',
  reimbursement: '🧾',
  fee: '💳',
  other: '📦',
  salary: '💰',
  bonus: '🎁',
  investment: '📈',
  part_time: '🧑‍💻',
  gift: '🧧',
};

/** The built-in categories of both types, in the order the forms have always listed them. */
export const BUILT_IN_CATEGORIES: readonly CategoryItem[] = accountTypes.flatMap((type) =>
  Object.entries(accountCategoryLabels(type)).map(([code, name], order) => ({
    id: categoryIdOf(type, code),
    name,
    type,
    parentId: null,
    icon: BUILT_IN_ICONS[code] ?? '',
    order,
    hidden: false,
    builtIn: true,
  })),
);

const BUILT_IN_IDS = new Set(BUILT_IN_CATEGORIES.map((c) => c.id));

/** Names offered to a new user who adds a category (docs/spec.md, 分类管理). */
export const CATEGORY_SUGGESTIONS: Readonly<Record<AccountType, readonly string[]>> = {
  expense: ['日用', '通讯', '水电', '服饰', '人情', '宠物', '零食', '旅行', '运动', '美容'],
  income: ['理财', '红包', '报销款', '退款', '租金'],
};

/** Icons the 分类 form offers. */
export const CATEGORY_ICONS = [
  '🍜',
  '🚌',
  '🛍️',
  '🎮',
  '💊',
  '📚',
  '🏠',
  '🧾',
  '💳',
  '📦',
  '🧴',
  '📱',
  '💡',
  '👕',
  '🧧',
  '🐱',
  '🍬',
  '✈️',
  '⚽',
  '💄',
  '🚗',
  '☕',
  '🎁',
  '💰',
  '📈',
  '🧑‍💻',
  '🏦',
  '🎓',
];

export interface PickerOption {
  id: string;
  /** The text a picker shows: `宠物 / 猫粮` for a sub-category. */
  label: string;
  icon: string;
  /** Set for a sub-category: the parent's id. */
  parentId: string | null;
}

/**
 * The user's categories: lookups by id, the pickers' lists and the roll-up of sub-categories to
 * their parents. Built from the stored records once per change of them (useCategoryBook).
 */
export class CategoryBook {
  private readonly byId = new Map<string, CategoryItem>();

  constructor(stored: readonly Category[] = []) {
    for (const c of BUILT_IN_CATEGORIES) this.byId.set(c.id, c);
    for (const record of stored) {
      const builtIn = BUILT_IN_IDS.has(record.id);
      const base = this.byId.get(record.id);
      this.byId.set(record.id, {
        id: record.id,
        name: record.name,
        // A built-in keeps its type, whatever a stored record says.
        type: builtIn && base ? base.type : record.type,
        parentId: record.parentId ?? null,
        icon: record.icon,
        order: record.order,
        hidden: record.hidden,
        builtIn,
      });
    }
    // One level only, of the same type: a parent that is gone, is a sub-category itself, or
    // is of the other type leaves the category at the top level rather than lost.
    for (const item of this.byId.values()) {
      if (item.parentId === null) continue;
      const parent = this.byId.get(item.parentId);
      if (!parent || parent.parentId !== null || parent.type !== item.type || parent === item) {
        this.byId.set(item.id, { ...item, parentId: null });
      }
    }
  }

  /** The category an entry of `type` files under `code`, if it exists. */
  get(type: AccountType, code: string): CategoryItem | undefined {
    const item = this.byId.get(categoryIdOf(type, code));
    return item && item.type === type ? item : undefined;
  }

  /** Any category by its id. */
  byIdOf(id: string): CategoryItem | undefined {
    return this.byId.get(id);
  }

  /** The name an entry's category shows, `宠物 / 猫粮` for a sub-category; the code if unknown. */
  label(type: AccountType, code: string): string {
    const item = this.get(type, code);
    if (!item) return labelOf(accountCategoryLabels(type), code);
    const parent = item.parentId ? this.byId.get(item.parentId) : undefined;
    return parent ? `${parent.name} / ${item.name}` : item.name;
  }

  /** The category's own name without its parent's. */
  name(type: AccountType, code: string): string {
    return this.get(type, code)?.name ?? labelOf(accountCategoryLabels(type), code);
  }

  /** The code of the top-level category `code` rolls up to (itself for a top-level one). */
  rollUp(type: AccountType, code: string): string {
    const item = this.get(type, code);
    return item?.parentId ? entryCodeOf(item.parentId) : code;
  }

  /** The codes of `code` and of its sub-categories: what a budget or a report of it covers. */
  withChildren(type: AccountType, code: string): string[] {
    const id = categoryIdOf(type, code);
    const codes = [code];
    for (const item of this.byId.values()) {
      if (item.parentId === id && item.type === type) codes.push(entryCodeOf(item.id));
    }
    return codes;
  }

  /** Top-level categories of `type`, in order, hidden ones included. */
  topLevel(type: AccountType): CategoryItem[] {
    return this.sorted([...this.byId.values()].filter((c) => c.type === type && !c.parentId));
  }

  /** The sub-categories of `id`, in order, hidden ones included. */
  children(id: string): CategoryItem[] {
    return this.sorted([...this.byId.values()].filter((c) => c.parentId === id));
  }

  /**
   * What a picker lists for `type`: each visible top-level category followed by its visible
   * sub-categories. `current` (the entry's own) is kept even when hidden, so that editing an
   * old entry never loses its category.
   */
  options(type: AccountType, current = ''): PickerOption[] {
    const keep = current ? categoryIdOf(type, current) : '';
    const shown = (c: CategoryItem) => !c.hidden || c.id === keep;
    const out: PickerOption[] = [];
    for (const top of this.topLevel(type)) {
      const subs = this.children(top.id).filter(shown);
      if (!shown(top) && subs.length === 0) continue;
      out.push({ id: entryCodeOf(top.id), label: top.name, icon: top.icon, parentId: null });
      for (const sub of subs) {
        out.push({
          id: entryCodeOf(sub.id),
          label: `${top.name} / ${sub.name}`,
          icon: sub.icon,
          parentId: entryCodeOf(top.id),
        });
      }
    }
    return out;
  }

  /** `options` as the label map the ChoiceGrid and <select>s take (id → label). */
  labels(type: AccountType, current = ''): Record<string, string> {
    return Object.fromEntries(this.options(type, current).map((o) => [o.id, o.label]));
  }

  /** Whether an entry of `type` may file under `code`: a known category of that type. */
  accepts(type: AccountType, code: string): boolean {
    return this.get(type, code) !== undefined;
  }

  /** The category of `type` named `name` (a 分类 column of a CSV file), if any. */
  findByName(type: AccountType, name: string): string | undefined {
    const wanted = name.trim();
    if (!wanted) return undefined;
    for (const item of this.byId.values()) {
      if (item.type !== type) continue;
      const parent = item.parentId ? this.byId.get(item.parentId) : undefined;
      if (item.name === wanted || (parent && `${parent.name} / ${item.name}` === wanted)) {
        return entryCodeOf(item.id);
      }
    }
    return undefined;
  }

  private sorted(items: CategoryItem[]): CategoryItem[] {
    return items.sort((a, b) => a.order - b.order || Number(b.builtIn) - Number(a.builtIn));
  }
}

/** The book of the built-ins alone: what every screen shows for a user with no records. */
export const BUILT_IN_BOOK = new CategoryBook();

/**
 * Why a category cannot be saved as it is, or undefined: the rules the schema cannot check
 * because they need the other records (a parent of the same type at the top level, a unique
 * name among its siblings, a parent that keeps no sub-categories of its own).
 */
export function categoryProblem(
  book: CategoryBook,
  draft: { id?: string; name: string; type: AccountType; parentId: string | null },
): { field: 'name' | 'parentId'; message: string } | undefined {
  if (draft.parentId) {
    const parent = book.byIdOf(draft.parentId);
    if (!parent || parent.type !== draft.type) {
      return { field: 'parentId', message: '上级分类不存在' };
    }
    if (parent.parentId) return { field: 'parentId', message: '子分类下不能再添加子分类' };
    if (draft.id && draft.id === draft.parentId) {
      return { field: 'parentId', message: '不能选择自己作为上级分类' };
    }
    if (draft.id && book.children(draft.id).length > 0) {
      return { field: 'parentId', message: '该分类已有子分类，不能再作为子分类' };
    }
  }
  const name = draft.name.trim();
  const siblings = draft.parentId ? book.children(draft.parentId) : book.topLevel(draft.type);
  if (siblings.some((c) => c.id !== draft.id && c.name === name)) {
    return { field: 'name', message: '已有同名分类' };
  }
  return undefined;
}
