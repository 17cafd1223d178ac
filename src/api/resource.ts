import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type InputOf,
  RESOURCE_NAMES,
  RESOURCES,
  type RecordOf,
  type ResourceName,
  type UpdatableName,
} from '../domain/resources';
import { type ErrorMessage, errorMessage } from './errors';
import { ApiError, apiRequest } from './http';
import { readMirror, writeMirror } from './local-mirror';
import { readSession } from './session';

/** A list as a screen sees it: `local` means the server failed and this is the mirror. */
export interface ListResult<T> {
  items: T[];
  local: boolean;
  /** Why the server's copy could not be had, when `local`. */
  error?: string;
}

/**
 * Query keys of one kind, from general to specific (TkDodo, "Effective React Query Keys"):
 * invalidating `all` refreshes everything cached about the kind.
 */
export function resourceKeys<K extends ResourceName>(name: K) {
  const all = [name] as const;
  return { all, list: () => [...all, 'list'] as const };
}

/**
 * The one place where a list is fetched: a success refreshes the user's mirror, a failure
 * serves the mirror instead (DESIGN.md §1), so every kind behaves the same offline.
 */
async function fetchList<K extends ResourceName>(name: K): Promise<ListResult<RecordOf<K>>> {
  const { path, mirrorKey } = RESOURCES[name];
  const username = readSession()?.user.username;
  try {
    const data = await apiRequest<unknown>('GET', path);
    // SPEC §7: anything but an array is treated as an empty list.
    const items = Array.isArray(data) ? (data as RecordOf<K>[]) : [];
    if (username) writeMirror(mirrorKey, username, items);
    return { items, local: false };
  } catch (error) {
    const mirror = username ? readMirror<RecordOf<K>>(mirrorKey, username) : null;
    if (!mirror || (error instanceof ApiError && error.status === 401)) throw error;
    console.warn(`[${path}] 加载失败，使用本地数据:`, errorMessage(error));
    return { items: mirror, local: true, error: errorMessage(error) };
  }
}

export function listQuery<K extends ResourceName>(name: K) {
  return queryOptions({
    queryKey: resourceKeys(name).list(),
    queryFn: () => fetchList(name),
  });
}

/** The kinds whose records point at `name`'s (the registry's `after`): they change with it. */
function dependents(name: ResourceName): ResourceName[] {
  return RESOURCE_NAMES.filter((other) => {
    const after: readonly string[] | undefined = (RESOURCES[other] as { after?: readonly string[] })
      .after;
    return after?.includes(name);
  });
}

/**
 * Refreshes what a write to `names` may have changed, when the write settles (DESIGN.md §2
 * rule 2): the kinds themselves and the kinds that point at them (a deleted habit takes its
 * check-ins with it on the server).
 */
export function useInvalidate(...names: ResourceName[]) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [...new Set(names.flatMap((name) => [name, ...dependents(name)]))].map((name) =>
        queryClient.invalidateQueries({ queryKey: resourceKeys(name).all }),
      ),
    );
}

const itemPath = (name: ResourceName, id: string) =>
  `${RESOURCES[name].path}/${encodeURIComponent(id)}`;

/** POST a new record of `name`; `errorMessage` is SPEC §8's wording for a failure. */
export function useCreateRecord<K extends ResourceName>(name: K, message: ErrorMessage) {
  const onSettled = useInvalidate(name);
  return useMutation({
    mutationFn: (input: InputOf<K>) => apiRequest<RecordOf<K>>('POST', RESOURCES[name].path, input),
    onSettled,
    meta: { errorMessage: message },
  });
}

export interface UpdateVars<K extends ResourceName> {
  id: string;
  input: InputOf<K>;
}

/** PUT a record of `name` in place. */
export function useUpdateRecord<K extends UpdatableName>(name: K, message: ErrorMessage) {
  const onSettled = useInvalidate(name);
  return useMutation({
    mutationFn: ({ id, input }: UpdateVars<K>) =>
      apiRequest<RecordOf<K>>('PUT', itemPath(name, id), input),
    onSettled,
    meta: { errorMessage: message },
  });
}

/** DELETE a record of `name`, given the record (so a confirmation can name it). */
export function useDeleteRecord<K extends ResourceName>(name: K, message: ErrorMessage) {
  const onSettled = useInvalidate(name);
  return useMutation({
    mutationFn: (record: RecordOf<K>) => apiRequest<void>('DELETE', itemPath(name, record.id)),
    onSettled,
    meta: { errorMessage: message },
  });
}

/** `apiRequest` for a record of `name` by id, for the few hooks that compose their own calls. */
export function recordRequest<T>(
  method: 'PUT' | 'DELETE',
  name: ResourceName,
  id: string,
  body?: unknown,
) {
  return apiRequest<T>(method, itemPath(name, id), body);
}
