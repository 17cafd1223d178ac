import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, errorMessage } from './http';
import { type MirrorKey, readMirror, writeMirror } from './local-mirror';
import { readSession } from './session';

/** A list as a screen sees it: `local` means the server failed and this is the mirror. */
export interface ListResult<T> {
  items: T[];
  local: boolean;
  /** Why the server's copy could not be had, when `local`. */
  error?: string;
}

/**
 * The one place where a list is fetched: a success refreshes the user's mirror, a failure
 * serves the mirror instead (DESIGN.md §1), so every resource behaves the same offline.
 */
export async function fetchList<T>(path: string, mirrorKey: MirrorKey): Promise<ListResult<T>> {
  const username = readSession()?.user.username;
  try {
    const data = await apiRequest<unknown>('GET', path);
    // SPEC §7: anything but an array is treated as an empty list.
    const items = Array.isArray(data) ? (data as T[]) : [];
    if (username) writeMirror(mirrorKey, username, items);
    return { items, local: false };
  } catch (error) {
    const mirror = username ? readMirror<T>(mirrorKey, username) : null;
    if (!mirror || (error instanceof ApiError && error.status === 401)) throw error;
    console.warn(`[${path}] 加载失败，使用本地数据:`, errorMessage(error));
    return { items: mirror, local: true, error: errorMessage(error) };
  }
}

export function listQueryOptions<T>(queryKey: QueryKey, path: string, mirrorKey: MirrorKey) {
  return queryOptions({
    queryKey,
    queryFn: () => fetchList<T>(path, mirrorKey),
  });
}

/**
 * Create / update / delete for a plain resource. Each mutation invalidates the resource's
 * key when it settles, so the list (and its mirror) is refreshed from the server.
 */
export function useInvalidate(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey });
}

export function resourceMutations<T extends { id: string }, Input>(
  baseKey: QueryKey,
  path: string,
) {
  return {
    useCreate() {
      const onSettled = useInvalidate(baseKey);
      return useMutation({
        mutationFn: (input: Input) => apiRequest<T>('POST', path, input),
        onSettled,
      });
    },
    useUpdate() {
      const onSettled = useInvalidate(baseKey);
      return useMutation({
        mutationFn: ({ id, input }: { id: string; input: Input }) =>
          apiRequest<T>('PUT', `${path}/${encodeURIComponent(id)}`, input),
        onSettled,
      });
    },
    useDelete() {
      const onSettled = useInvalidate(baseKey);
      return useMutation({
        mutationFn: (id: string) => apiRequest<void>('DELETE', `${path}/${encodeURIComponent(id)}`),
        onSettled,
      });
    },
  };
}
