import type { ResourceName } from '../domain/resources';

/**
 * Query keys of one kind, from general to specific (TkDodo, "Effective React Query Keys"):
 * invalidating `all` refreshes everything cached about the kind.
 */
export function resourceKeys<K extends ResourceName>(name: K) {
  const all = [name] as const;
  return { all, list: () => [...all, 'list'] as const };
}
