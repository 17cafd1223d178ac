import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { BUILT_IN_BOOK, CategoryBook } from '../domain/categories';
import type { InputOf } from '../domain/resources';
import type { Category } from '../domain/schemas/category';
import { engineFor } from './engine';
import { listQuery, useDeleteRecord } from './resource';

// 分类 of one's own (issue 61) sync like every kind. The built-ins are not records until the
// user changes one: saving a built-in's name, order or 隐藏 creates the record of its id the
// first time, and updates it after (useSaveCategory).

export const useCategories = () => useQuery(listQuery('categories'));
export const useDeleteCategory = () => useDeleteRecord('categories', '删除分类失败：{message}');

/**
 * The user's categories for the labels, pickers and roll-ups. The built-ins alone while the
 * list loads (or fails): every entry's built-in code still reads as its name, and a category
 * of one's own shows its id only until the list is there.
 */
export function useCategoryBook(): CategoryBook {
  const items = useCategories().data?.items;
  return useMemo(() => (items?.length ? new CategoryBook(items) : BUILT_IN_BOOK), [items]);
}

interface SaveCategory {
  /** The id of the category being changed, undefined for a new one. */
  id?: string;
  input: InputOf<'categories'>;
}

/**
 * Categories saved in turn, each a write of its own through the outbox: a new one created, a
 * stored one replaced, a built-in's first record created under its id. Settles when the last
 * has; answers the records written.
 */
async function saveCategories(
  engine: ReturnType<typeof engineFor>,
  changes: readonly SaveCategory[],
): Promise<Category[]> {
  const stored = new Set((await engine.list('categories')).items.map((c) => c.id));
  const records: Category[] = [];
  let last: number | undefined;
  for (const { id, input } of changes) {
    const { record, seq } =
      id && stored.has(id)
        ? await engine.update('categories', id, input)
        : await engine.create('categories', id ? { ...input, id } : input);
    records.push(record as Category);
    last = seq;
  }
  if (last !== undefined) await engine.settled(last);
  return records;
}

const SAVE_FAILED = { errorMessage: '保存分类失败：{message}' };

/** One category saved (添加分类, 编辑分类). */
export function useSaveCategory() {
  return useMutation({
    mutationFn: async (change: SaveCategory, { client }) =>
      (await saveCategories(engineFor(client), [change]))[0]!,
    networkMode: 'always',
    meta: SAVE_FAILED,
  });
}

/** Several saved in one go, as 上移/下移 does (the siblings' orders renumbered). */
export function useSaveCategories() {
  return useMutation({
    mutationFn: async (changes: readonly SaveCategory[], { client }) => {
      await saveCategories(engineFor(client), changes);
    },
    networkMode: 'always',
    meta: SAVE_FAILED,
  });
}
