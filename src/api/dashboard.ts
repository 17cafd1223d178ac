import { queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { type DashboardAggregates, dashboardAggregates } from '../domain/stats';
import { engineFor } from './engine';
import { apiRequest } from './http';
import { type ListResult, listQuery } from './resource';
import { useSyncStatus } from './sync-status';

// The home dashboard's figures (SPEC §2). A device that holds the five lists computes them
// itself, offline too and with its waiting changes counted. One that does not yet — a first
// visit — asks the server for the sums instead of downloading ten years of records (DESIGN.md
// §6: a first visit under 1 MB); if the server cannot answer, what the device holds is used.
//
// Computed figures are kept on the device with the change numbers of the lists they came from.
// A later visit shows them again while those lists stand as they were and nothing of theirs
// waits to be sent, without reading the lists back (at ten years ~70k records, half a second
// of a slow phone); the lists are then caught up in the background, and read only if that
// brought a change.

const LISTS = ['accounts', 'workouts', 'tasks', 'timeRecords', 'assets'] as const;
const KEPT = 'figures:dashboard';
/** Figures kept by another shape of this code are not read back. */
const KEPT_VERSION = 1;

interface KeptFigures {
  version: number;
  today: string;
  /** The lists' cursors, in the order of LISTS. */
  cursors: number[];
  aggregates: DashboardAggregates;
}

export interface DashboardData {
  aggregates?: DashboardAggregates;
  isPending: boolean;
  /** The server could not be reached: the figures are the device's copy. */
  local?: { error?: string };
  error?: Error;
}

const isKept = (value: unknown): value is KeptFigures =>
  typeof value === 'object' &&
  value !== null &&
  (value as KeptFigures).version === KEPT_VERSION &&
  Array.isArray((value as KeptFigures).cursors) &&
  typeof (value as KeptFigures).aggregates === 'object';

export function useDashboard(today: string): DashboardData {
  const client = useQueryClient();
  const waiting = useSyncStatus().waiting.filter((entry) =>
    (LISTS as readonly string[]).includes(entry.kind),
  ).length;
  const holds = useQuery({
    queryKey: ['dashboard', 'holds'],
    queryFn: ({ client }) => engineFor(client).holds(LISTS),
    networkMode: 'always',
    staleTime: 0,
  });
  // null: nothing kept that still stands, the lists must be read.
  const kept = useQuery({
    queryKey: ['dashboard', 'kept', today, waiting],
    queryFn: async ({ client }): Promise<DashboardAggregates | null> => {
      if (waiting > 0) return null;
      const engine = engineFor(client);
      const figures = await engine.readKept(KEPT);
      if (!isKept(figures) || figures.today !== today) return null;
      const cursors = await engine.storedCursors(LISTS);
      return cursors.every((cursor, i) => cursor > 0 && cursor === figures.cursors[i])
        ? figures.aggregates
        : null;
    },
    enabled: holds.data === true,
    networkMode: 'always',
    staleTime: 0,
    // Asked afresh on every visit: a cached answer could stand for lists changed since.
    gcTime: 0,
    // While a change starts or stops waiting, the answer for the last count stands in.
    placeholderData: (previous) => previous,
  });
  const summary = useQuery({
    ...queryOptions({
      queryKey: ['dashboard', 'summary', today],
      queryFn: () => apiRequest<DashboardAggregates>('GET', `/api/summary?today=${today}`),
    }),
    enabled: holds.data === false,
    retry: false,
  });
  const fromLists = (holds.data === true && kept.data === null) || summary.isError;
  const lists = useQueries({
    queries: LISTS.map((kind) => ({ ...listQuery(kind), enabled: fromLists })),
  });

  // Shown from what was kept: catch the lists up behind it, and compute afresh if that
  // changed any of them.
  const showingKept = holds.data === true && kept.data != null;
  useEffect(() => {
    if (!showingKept) return;
    let live = true;
    void engineFor(client)
      .catchUp(LISTS)
      .then((changed) => {
        if (changed && live) void client.invalidateQueries({ queryKey: ['dashboard', 'kept'] });
      });
    return () => {
      live = false;
    };
  }, [showingKept, client]);

  const listsPending = lists.some((q) => q.isPending);
  const [accounts, workouts, tasks, timeRecords, assets] = lists.map(
    (q) => q.data as ListResult<unknown> | undefined,
  );
  // Once per change of a list (or of the day), not per render: ten years are ~70k records.
  const computed = useMemo(
    () =>
      fromLists && !listsPending
        ? dashboardAggregates(
            {
              accounts: items(accounts),
              workouts: items(workouts),
              tasks: items(tasks),
              timeRecords: items(timeRecords),
              assets: items(assets),
            },
            today,
          )
        : undefined,
    [fromLists, listsPending, accounts, workouts, tasks, timeRecords, assets, today],
  );
  const data = [accounts, workouts, tasks, timeRecords, assets];
  // Kept only when every list is the server's, whole and with nothing waiting: figures that
  // count a change not yet sent would stand for lists that do not exist anywhere.
  const keepable =
    holds.data === true && data.every((d) => d?.complete && !d.local && d.pending.size === 0);
  const cursors = keepable ? data.map((d) => d?.cursor ?? 0).join(',') : null;
  useEffect(() => {
    if (!computed || cursors === null) return;
    const figures: KeptFigures = {
      version: KEPT_VERSION,
      today,
      cursors: cursors.split(',').map(Number),
      aggregates: computed,
    };
    void engineFor(client)
      .keep(KEPT, figures)
      .catch(() => undefined);
  }, [computed, cursors, today, client]);

  if (holds.isPending) return { isPending: true };
  if (showingKept) return { aggregates: kept.data ?? undefined, isPending: false };
  if (holds.data === true && kept.isPending) return { isPending: true };
  if (!fromLists) {
    return { aggregates: summary.data, isPending: summary.isPending };
  }
  if (!computed) return { isPending: true };
  const failed = lists.find((q) => q.isError)?.error ?? undefined;
  const localList = data.find((d) => d?.local);
  const local =
    summary.isError || localList
      ? { error: localList?.error ?? summary.error?.message ?? undefined }
      : undefined;
  return { aggregates: computed, isPending: false, local, error: failed };
}

const items = <T>(list: ListResult<unknown> | undefined) => (list?.items ?? []) as T[];
