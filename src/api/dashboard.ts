import { hashKey, queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { memoPerList } from '../domain/memo';
import {
  aggregatesFromParts,
  DASHBOARD_LISTS,
  type DashboardAggregates,
  type DashboardInput,
  type DashboardList,
  type DashboardParts,
  dashboardPart,
} from '../domain/stats';
import { engineFor } from './engine';
import { apiRequest } from './http';
import { resourceKeys } from './keys';
import { type ListResult, listQuery } from './resource';
import { useSyncStatus } from './sync-status';

// The home dashboard's figures (docs/spec.md §2). A device that holds the five lists computes them
// itself, offline too and with its waiting changes counted. One that does not yet — a first
// visit — asks the server for the sums instead of downloading ten years of records (docs/spec.md
// "Budgets": a first visit under 1 MB); if the server cannot answer, what the device holds is used.
//
// Each list's part of the figures (its sums: domain/stats.ts) is kept on the device with the
// change number of the list it came from. A later visit shows a part again while its list
// stands as it was and nothing of it waits to be sent, without reading the list back (at ten
// years ~70k records, half a second of a slow phone); only a list that changed — the tasks
// after a task was ticked — is read and counted again. Lists shown from what was kept are
// caught up in the background, and read only if that brought a change. Parts are kept by
// `useDashboardKeeper`, which the signed-in shell runs: whichever screen changes a list, its
// part is counted again there, from the list in memory.

const LISTS = DASHBOARD_LISTS;
/** Where one list's part is kept. */
const keptKey = (kind: DashboardList) => `figures:dashboard:${kind}`;
/** Parts kept by another shape of this code are not read back. */
const KEPT_VERSION = 3;

interface KeptPart {
  version: number;
  today: string;
  /** The change number of the list the part was counted from. */
  cursor: number;
  part: object;
}

type Parts = Partial<DashboardParts>;

export interface DashboardData {
  aggregates?: DashboardAggregates;
  isPending: boolean;
  /** The server could not be reached: the figures are the device's copy. */
  local?: { error?: string };
  error?: Error;
}

const isKept = (value: unknown): value is KeptPart =>
  typeof value === 'object' &&
  value !== null &&
  (value as KeptPart).version === KEPT_VERSION &&
  typeof (value as KeptPart).cursor === 'number' &&
  typeof (value as KeptPart).part === 'object' &&
  (value as KeptPart).part !== null;

/** Parts counted on this page, by the list they were counted from (a list is not re-counted). */
const partOf = memoPerList(
  <K extends DashboardList>(items: readonly unknown[], kind: K, today: string) =>
    dashboardPart(kind, items as DashboardInput[K], today),
);

/**
 * Whether the device holds the lists, and the parts kept that still stand (a list without one
 * must be read). One query each, shared by every hook that asks (useDashboard, useKeptPart).
 */
function useKeptParts(today: string, enabled = true) {
  const { waiting: entries } = useSyncStatus();
  // Lists with a change waiting: their parts must count it, so none is shown from keeping.
  const waiting = LISTS.filter((kind) => entries.some((entry) => entry.kind === kind)).join(',');
  const holds = useQuery({
    queryKey: ['dashboard', 'holds'],
    queryFn: ({ client }) => engineFor(client).holds(LISTS),
    networkMode: 'always',
    staleTime: 0,
    enabled,
  });
  // The parts kept that still stand; a list without one must be read.
  const kept = useQuery({
    queryKey: ['dashboard', 'kept', today, waiting],
    queryFn: async ({ client }): Promise<Parts> => {
      const engine = engineFor(client);
      const cursors = await engine.storedCursors(LISTS);
      const standing = await Promise.all(
        LISTS.map(async (kind, i) => {
          const cursor = cursors[i] ?? 0;
          if (waiting.split(',').includes(kind)) return [];
          const figures = await engine.readKept(keptKey(kind));
          return standsAt(figures, cursor, today) ? [[kind, figures.part] as const] : [];
        }),
      );
      return Object.fromEntries(standing.flat()) as Parts;
    },
    enabled: holds.data === true,
    networkMode: 'always',
    staleTime: 0,
    // Asked afresh on every visit: a cached answer could stand for lists changed since.
    gcTime: 0,
    // While a change starts or stops waiting, the answer for the last set stands in.
    placeholderData: (previous) => previous,
  });
  return { holds, kept };
}

/**
 * One list's kept part, if it stands: `part` undefined and `settled` true mean the list must
 * be read. 资产管理 takes the 账户 balances' share of 记账 from here (DashboardParts).
 */
export function useKeptPart<K extends DashboardList>(
  kind: K,
  today: string,
  enabled = true,
): { part?: DashboardParts[K]; settled: boolean } {
  const { holds, kept } = useKeptParts(today, enabled);
  if (!enabled || holds.isPending) return { settled: false };
  if (holds.data !== true) return { settled: true };
  if (kept.isPending) return { settled: false };
  return { part: kept.data?.[kind] as DashboardParts[K] | undefined, settled: true };
}

export function useDashboard(today: string): DashboardData {
  const client = useQueryClient();
  const { holds, kept } = useKeptParts(today);
  const summary = useQuery({
    ...queryOptions({
      queryKey: ['dashboard', 'summary', today],
      queryFn: () => apiRequest<DashboardAggregates>('GET', `/api/summary?today=${today}`),
    }),
    enabled: holds.data === false,
    retry: false,
  });
  const keptParts = holds.data === true ? kept.data : undefined;
  const reads = (kind: DashboardList) =>
    summary.isError || (keptParts !== undefined && keptParts[kind] === undefined);
  const lists = useQueries({
    queries: LISTS.map((kind) => ({ ...listQuery(kind), enabled: reads(kind) })),
  });

  // Parts shown from what was kept: catch their lists up behind them, and count again the
  // ones that changed.
  const shownKept = keptParts ? LISTS.filter((kind) => keptParts[kind]).join(',') : '';
  useEffect(() => {
    if (!shownKept) return;
    let live = true;
    void engineFor(client)
      .catchUp(shownKept.split(',') as DashboardList[])
      .then((changed) => {
        if (changed && live) void client.invalidateQueries({ queryKey: ['dashboard', 'kept'] });
      });
    return () => {
      live = false;
    };
  }, [shownKept, client]);

  const data = LISTS.map((kind, i) =>
    reads(kind) ? (lists[i]?.data as ListResult<unknown> | undefined) : undefined,
  );
  const [accounts, workouts, tasks, timeRecords, assets] = data;
  // Counted once per change of a list (or of the day), not per render: see `partOf`.
  const parts = useMemo((): Parts | undefined => {
    const read = { accounts, workouts, tasks, timeRecords, assets };
    const all: Parts = { ...keptParts };
    for (const kind of LISTS) {
      const list = read[kind];
      if (list) Object.assign(all, { [kind]: partOf(list.items, kind, today) });
      else if (all[kind] === undefined) return undefined;
    }
    return all;
  }, [keptParts, accounts, workouts, tasks, timeRecords, assets, today]);
  const aggregates = useMemo(
    () => (parts ? aggregatesFromParts(parts as DashboardParts) : undefined),
    [parts],
  );

  if (holds.isPending) return { isPending: true };
  if (holds.data === false && !summary.isError) {
    return { aggregates: summary.data, isPending: summary.isPending };
  }
  if (holds.data === true && kept.isPending) return { isPending: true };
  if (!aggregates) return { isPending: true };
  const failed =
    LISTS.map((kind, i) => (reads(kind) ? lists[i]?.error : null)).find(Boolean) ?? undefined;
  // Any of the five lists this device shows from its own copy, read here or not: a part kept
  // just before its list's sync failed is shown too, and the notice must say so.
  const localList = lists
    .map((q) => q.data as ListResult<unknown> | undefined)
    .find((d) => d?.local);
  const local =
    summary.isError || localList
      ? { error: localList?.error ?? summary.error?.message ?? undefined }
      : undefined;
  return { aggregates, isPending: false, local, error: failed };
}

/** How long after a list changes its part is counted and kept: after the change is painted. */
const KEEP_DELAY_MS = 150;

/**
 * Keeps each list's part of the figures whenever the list changes on this page, on whichever
 * screen: a task ticked on /tasks is counted into the tasks' part there, from the list in
 * memory, so the next visit to / shows every figure without reading a list back. Mounted once,
 * by the signed-in shell.
 */
export function useDashboardKeeper(today: string): void {
  const client = useQueryClient();
  useEffect(() => {
    const cache = client.getQueryCache();
    const engine = engineFor(client);
    const kinds = new Map(LISTS.map((kind) => [hashKey(resourceKeys(kind).list()), kind]));
    // The list each kind was first shown as on this page (the stored copy), and the one its
    // part was last kept from: neither is counted again.
    const first = new Map<DashboardList, readonly unknown[]>();
    const keptFrom = new Map<DashboardList, readonly unknown[]>();
    // Kinds whose first list had no part standing and could not be kept then (shown offline,
    // or with a change waiting): kept once the same list is known to be the server's.
    const owed = new Set<DashboardList>();
    const timers = new Map<DashboardList, ReturnType<typeof setTimeout>>();
    // Once for a burst of changes, with the list as it then is.
    const keepSoon = (kind: DashboardList) => {
      if (timers.has(kind)) return;
      const timer = setTimeout(() => {
        timers.delete(kind);
        const list = client.getQueryData<ListResult<unknown>>(resourceKeys(kind).list());
        if (list && keepable(list) && keptFrom.get(kind) !== list.items) {
          keptFrom.set(kind, list.items);
          void engine.keep(keptKey(kind), keptPart(kind, list, today)).catch(() => undefined);
        }
      }, KEEP_DELAY_MS);
      timers.set(kind, timer);
    };
    const follow = (kind: DashboardList, list: ListResult<unknown>) => {
      if (list.items === keptFrom.get(kind)) return;
      if (list.items === first.get(kind)) {
        // A refresh that found nothing new hands back the same list.
        if (owed.has(kind) && keepable(list)) keepSoon(kind);
        return;
      }
      if (!first.has(kind)) {
        // The stored copy as this page read it: on most visits its part is kept already, and
        // counting ten years again on every screen would cost a slow phone up to 80 ms.
        first.set(kind, list.items);
        void engine
          .readKept(keptKey(kind))
          .then((figures) => {
            if (keptFrom.has(kind) || timers.has(kind)) return; // a change came meanwhile
            if (standsFor(figures, list, today)) keptFrom.set(kind, list.items);
            else {
              owed.add(kind);
              keepSoon(kind);
            }
          })
          .catch(() => undefined);
        return;
      }
      // Changed on this page. The part kept goes at once, before the list is stored again: a
      // write the server took changes the list but not its change number (the next pull finds
      // it already held), so a part left behind by a tab closed in the meantime would still
      // match the list.
      void engine.keep(keptKey(kind), null).catch(() => undefined);
      keepSoon(kind);
    };
    for (const [hash, kind] of kinds) {
      const list = cache.get(hash)?.state.data as ListResult<unknown> | undefined;
      if (list) follow(kind, list);
    }
    const unsubscribe = cache.subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const kind = kinds.get(event.query.queryHash);
      const list = event.query.state.data as ListResult<unknown> | undefined;
      if (kind && list) follow(kind, list);
    });
    return () => {
      unsubscribe();
      for (const timer of timers.values()) clearTimeout(timer);
    };
    // A new day counts every list held again.
  }, [client, today]);
}

/**
 * A part is kept only when its list is the server's, whole and with nothing waiting: one that
 * counts a change not yet sent would stand for a list that does not exist anywhere.
 */
const keepable = (list: ListResult<unknown>) =>
  list.complete && !list.local && list.pending.size === 0 && list.cursor > 0;

const keptPart = (kind: DashboardList, list: ListResult<unknown>, today: string): KeptPart => ({
  version: KEPT_VERSION,
  today,
  cursor: list.cursor,
  part: partOf(list.items, kind, today),
});

/** Whether `figures` kept on the device are the part of a list at change number `cursor`. */
const standsAt = (figures: unknown, cursor: number, today: string): figures is KeptPart =>
  isKept(figures) && figures.today === today && cursor > 0 && figures.cursor === cursor;

/** Whether `figures` kept on the device are `list`'s part for `today`. */
const standsFor = (figures: unknown, list: ListResult<unknown>, today: string) =>
  standsAt(figures, list.cursor, today) && keepable(list);
