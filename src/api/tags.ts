import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { InputOf, RecordOf } from '../domain/resources';
import { removeTag, renameTag, TAGGED_KINDS, type TaggedKind, tagCounts } from '../domain/tags';
import { engineFor } from './engine';
import { resourceKeys } from './keys';
import { type ListResult, listQuery } from './resource';

// 标签 (issue 63): the tags of 记账, 任务, 运动 and 时间记录 read from the device's lists, and a
// rename or delete across all of them made of ordinary edits, one per record, through the
// outbox: offline they wait and replay like any other edit (docs/architecture.md, "A change
// from a screen to the server").

type Lists = { [K in TaggedKind]: readonly RecordOf<K>[] };

/**
 * The four lists that carry tags, from this device's copy; `loading` until all have answered.
 * With `load` false, only lists already read are used: a form's tag field does not read ten
 * years of 记账 from the device before its suggestions are wanted.
 */
export function useTaggedLists(load = true): { lists: Lists; loading: boolean; error: boolean } {
  const accounts = useQuery({ ...listQuery('accounts'), enabled: load });
  const tasks = useQuery({ ...listQuery('tasks'), enabled: load });
  const timeRecords = useQuery({ ...listQuery('timeRecords'), enabled: load });
  const workouts = useQuery({ ...listQuery('workouts'), enabled: load });
  const lists = useMemo(
    () => ({
      accounts: accounts.data?.items ?? [],
      tasks: tasks.data?.items ?? [],
      timeRecords: timeRecords.data?.items ?? [],
      workouts: workouts.data?.items ?? [],
    }),
    [accounts.data, tasks.data, timeRecords.data, workouts.data],
  );
  const all = [accounts, tasks, timeRecords, workouts];
  return {
    lists,
    loading: all.some((q) => q.isPending),
    error: all.some((q) => q.isError),
  };
}

type Dated = { tags?: readonly string[] | null; updatedAt?: string; date?: string };

/** When a record last had its tags written: its last edit, else its day. */
const lastUse = (record: Dated) => record.updatedAt ?? record.date ?? '';

// The last lists counted and their counts: every form's tag field and /tags share one count
// of the same lists (~100k records on ten years) instead of one each.
let counted: { of: readonly (readonly Dated[])[]; counts: ReturnType<typeof tagCounts> } | null =
  null;

function countsOf(lists: Lists) {
  const of = TAGGED_KINDS.map((kind): readonly Dated[] => lists[kind]);
  if (counted?.of.every((list, i) => list === of[i])) return counted.counts;
  counted = { of, counts: tagCounts<Dated>(of.flat(), lastUse) };
  return counted.counts;
}

/** Every tag with how many records carry it, the most recently used first. */
export function useTagCounts(load = true) {
  const { lists, loading, error } = useTaggedLists(load);
  const counts = useMemo(() => countsOf(lists), [lists]);
  return { counts, loading, error };
}

/**
 * The user's tags for a form's suggestions, the most recently used first; from the lists
 * already read until `load` (the field is used).
 */
export function useTagSuggestions(load: boolean): string[] {
  const { counts } = useTagCounts(load);
  return useMemo(() => counts.map((c) => c.tag), [counts]);
}

/**
 * The tags of the task `taskId` as this device shows it, [] when it is not at hand: a focus
 * session on a task (专注 on its row) counts for the task's tags too.
 */
export function taskTags(client: QueryClient, taskId: string | undefined): readonly string[] {
  if (!taskId) return [];
  const list = client.getQueryData<ListResult<RecordOf<'tasks'>>>(resourceKeys('tasks').list());
  return list?.items.find((t) => t.id === taskId)?.tags ?? [];
}

type Engine = ReturnType<typeof engineFor>;

/** A stored record as the body of its replacement: what the server stamps left out. */
function asInput<K extends TaggedKind>(record: RecordOf<K>, tags: string[]): InputOf<K> {
  const { updatedAt: _u, editedAt: _e, stamp: _s, id: _id, ...fields } = record;
  return { ...fields, tags } as unknown as InputOf<K>;
}

/**
 * Writes `change(tags)` to every record of every tagged kind that carries `tag`, each as an
 * edit in the outbox. Returns how many records changed.
 */
async function retag(engine: Engine, tag: string, change: (tags: readonly string[]) => string[]) {
  const seqs: (number | undefined)[] = [];
  for (const kind of TAGGED_KINDS) {
    const { items } = await engine.list(kind);
    for (const record of items as readonly RecordOf<TaggedKind>[]) {
      const tags = record.tags ?? [];
      if (!tags.includes(tag)) continue;
      const { seq } = await engine.update(kind, record.id, asInput(record, change(tags)) as never);
      seqs.push(seq);
    }
  }
  for (const seq of seqs) await engine.settled(seq);
  return seqs.length;
}

/** `from` becomes `to` on every record (kept once where a record has both); how many changed. */
export const renameTagEverywhere = (engine: Engine, from: string, to: string) =>
  retag(engine, from, (tags) => renameTag(tags, from, to));

/** `tag` leaves every record; the records stay. How many changed. */
export const deleteTagEverywhere = (engine: Engine, tag: string) =>
  retag(engine, tag, (tags) => removeTag(tags, tag));

/** 重命名 on a tag's page. */
export function useRenameTag() {
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }, { client }) =>
      renameTagEverywhere(engineFor(client), from, to),
    networkMode: 'always',
    meta: { errorMessage: '重命名标签失败：{message}' },
  });
}

/** 删除 on a tag's page. */
export function useDeleteTag() {
  return useMutation({
    mutationFn: (tag: string, { client }) => deleteTagEverywhere(engineFor(client), tag),
    networkMode: 'always',
    meta: { errorMessage: '删除标签失败：{message}' },
  });
}
