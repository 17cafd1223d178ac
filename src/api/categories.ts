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

/** A category saved: a new one, a stored one replaced, or a built-in's first record created. */
export function useSaveCategory() {
  return useMutation({
    mutationFn: async ({ id, input }: SaveCategory, { client }) => {
      const engine = engineFor(client);
      const stored = id
        ? (await engine.list('categories')).items.find((c) => c.id === id)
        : undefined;
      const { record, seq } = stored
        ? await engine.update('categories', stored.id, input)
        : await engine.create('categories', id ? { ...input, id } : input);
      await engine.settled(seq);
      return record as Category;
    },
    networkMode: 'always',
    meta: { errorMessage: '保存分类失败：{message}' },
  });
}

/**
 * Several categories saved in one go, as 上移/下移 does (two orders swap). Each is a write of
 * its own through the outbox; the mutation settles when the last has.
 */
export function useSaveCategories() {
  return useMutation({
    mutationFn: async (changes: readonly SaveCategory[], { client }) => {
      const engine = engineFor(client);
      const stored = new Set((await engine.list('categories')).items.map((c) => c.id));
      let last: number | undefined;
      for (const { id, input } of changes) {
        const { seq } =
          id && stored.has(id)
            ? await engine.update('categories', id, input)
            : await engine.create('categories', id ? { ...input, id } : input);
        last = seq;
      }
      if (last !== undefined) await engine.settled(last);
    },
    networkMode: 'always',
    meta: { errorMessage: '保存分类失败：{message}' },
  });
}
