import { notifyManager, type QueryClient, queryOptions, useMutation } from '@tanstack/react-query';
import type { InputOf, RecordOf, ResourceName, UpdatableName } from '../domain/resources';
import { engineFor, type ListResult } from './engine';
import type { ErrorMessage } from './errors';
import { resourceKeys } from './keys';

export type { ListResult };

/**
 * One kind's list, from this device's store (engine.ts): it needs no network to answer, so it
 * runs offline too ('always'); the engine keeps the cached list current as changes arrive.
 */
export function listQuery<K extends ResourceName>(name: K) {
  return queryOptions({
    queryKey: resourceKeys(name).list(),
    queryFn: ({ client }): Promise<ListResult<RecordOf<K>>> => engineFor(client).list(name),
    networkMode: 'always',
    structuralSharing: keepUnchanged,
  });
}

/**
 * The structural sharing of a list: TanStack's default compares every field of every record
 * (replaceEqualDeep), ~75 ms at 4× CPU over ten years of check-ins on each toggle, and again
 * when the engine shows the stored change. The engine already keeps a record it did not
 * change the same object (`overlay`, `merge`), so comparing the records by reference finds
 * the same: an unchanged list keeps its array, and what is memoised on it keeps its value.
 */
export function keepUnchanged(previous: unknown, next: unknown): unknown {
  const old = previous as ListResult<unknown> | undefined;
  const now = next as ListResult<unknown>;
  if (!old?.items || !now?.items) return next;
  const items = sameMembers(old.items, now.items) ? old.items : now.items;
  const pending = sameSet(old.pending, now.pending) ? old.pending : now.pending;
  const same =
    items === old.items &&
    pending === old.pending &&
    old.complete === now.complete &&
    old.local === now.local &&
    old.error === now.error &&
    old.cursor === now.cursor;
  return same ? old : { ...now, items, pending };
}

function sameMembers(a: readonly unknown[], b: readonly unknown[]) {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>) {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

// Every write is made on the device at once and sent when the server answers (engine.ts):
// none needs the network to succeed ('always'). It fails only when the server refuses it
// while the caller waits (a dialog stays open with what was typed), or when it is invalid.

/** What `showAtOnce` replaced, to take it back. */
export interface ShownAtOnce {
  previous: unknown;
  shown: unknown;
}

/**
 * A toggle's effect in the cached list before the engine has stored it: the engine validates
 * a write first, and the first write of a visit waits for the schemas to load (engine.ts
 * `loadSchemas`, ~100–200 ms on a slow phone). The engine's own view replaces this one once
 * the write is stored.
 */
export function showAtOnce<K extends ResourceName>(
  client: QueryClient,
  name: K,
  edit: (items: readonly RecordOf<K>[]) => readonly RecordOf<K>[],
): ShownAtOnce | undefined {
  const key = resourceKeys(name).list();
  const previous = client.getQueryData<ListResult<RecordOf<K>>>(key);
  if (!previous) return undefined;
  // What the cache holds (structural sharing may keep another object than the one given).
  const shown = client.setQueryData(key, { ...previous, items: edit(previous.items) });
  return { previous, shown };
}

/** How TanStack Query tells the screen of a change by default (notifyManager's scheduler). */
const inNextTask = (notify: () => void) => {
  setTimeout(notify, 0);
};

/**
 * Runs a press's change to the cache and the start of its mutation, and tells the screen of
 * both in the press itself: React draws them before the frame that answers the press. Told in
 * a timer after it (TanStack's default), a first frame showed the press alone and the change
 * came a frame later (a check-in at 4× CPU, by trace: ~30–50 ms more).
 */
export function toldAtOnce<T>(change: () => T): T {
  notifyManager.setScheduler((notify) => notify());
  try {
    return notifyManager.batch(change);
  } finally {
    notifyManager.setScheduler(inNextTask);
  }
}

/**
 * The list as it was before `showAtOnce`, when the write failed before the engine stored it
 * (invalid). Once the engine has shown anything since, its view stands: it has taken back a
 * change the server refused by itself.
 */
export function takeBack(client: QueryClient, name: ResourceName, context?: ShownAtOnce) {
  const key = resourceKeys(name).list();
  if (context && client.getQueryData(key) === context.shown) {
    client.setQueryData(key, context.previous);
  }
}

/** A new record of `name`; `message` is docs/spec.md §8's wording for a failure. */
export function useCreateRecord<K extends ResourceName>(name: K, message: ErrorMessage) {
  return useMutation({
    mutationFn: async (input: InputOf<K>, { client }) => {
      const engine = engineFor(client);
      const { record, seq } = await engine.create(name, input);
      await engine.settled(seq);
      return record;
    },
    networkMode: 'always',
    meta: { errorMessage: message },
  });
}

export interface UpdateVars<K extends ResourceName> {
  id: string;
  input: InputOf<K>;
}

/** A record of `name` replaced. */
export function useUpdateRecord<K extends UpdatableName>(name: K, message: ErrorMessage) {
  return useMutation({
    mutationFn: async ({ id, input }: UpdateVars<K>, { client }) => {
      const engine = engineFor(client);
      const { record, seq } = await engine.update(name, id, input);
      await engine.settled(seq);
      return record;
    },
    networkMode: 'always',
    meta: { errorMessage: message },
  });
}

/** A record of `name` deleted, given the record (so a confirmation can name it). */
export function useDeleteRecord<K extends ResourceName>(name: K, message: ErrorMessage) {
  return useMutation({
    mutationFn: async (record: RecordOf<K>, { client }) => {
      const engine = engineFor(client);
      const { seq } = await engine.remove(name, record);
      await engine.settled(seq);
    },
    networkMode: 'always',
    meta: { errorMessage: message },
  });
}
