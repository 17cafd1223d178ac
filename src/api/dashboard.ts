import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { type DashboardAggregates, dashboardAggregates } from '../domain/stats';
import { engineFor } from './engine';
import { apiRequest } from './http';
import { type ListResult, listQuery } from './resource';

// The home dashboard's figures (SPEC §2). A device that holds the five lists computes them
// itself, offline too and with its waiting changes counted. One that does not yet — a first
// visit — asks the server for the sums instead of downloading ten years of records (DESIGN.md
// §6: a first visit under 1 MB); if the server cannot answer, what the device holds is used.

const LISTS = ['accounts', 'workouts', 'tasks', 'timeRecords', 'assets'] as const;

export interface DashboardData {
  aggregates?: DashboardAggregates;
  isPending: boolean;
  /** The server could not be reached: the figures are the device's copy. */
  local?: { error?: string };
  error?: Error;
}

export function useDashboard(today: string): DashboardData {
  const holds = useQuery({
    queryKey: ['dashboard', 'holds'],
    queryFn: ({ client }) => engineFor(client).holds(LISTS),
    networkMode: 'always',
    staleTime: 0,
  });
  const summary = useQuery({
    ...queryOptions({
      queryKey: ['dashboard', 'summary', today],
      queryFn: () => apiRequest<DashboardAggregates>('GET', `/api/summary?today=${today}`),
    }),
    enabled: holds.data === false,
    retry: false,
  });
  const fromLists = holds.data === true || summary.isError;
  const lists = useQueries({
    queries: LISTS.map((kind) => ({ ...listQuery(kind), enabled: fromLists })),
  });

  if (holds.isPending) return { isPending: true };
  if (!fromLists) {
    return { aggregates: summary.data, isPending: summary.isPending };
  }
  if (lists.some((q) => q.isPending)) return { isPending: true };
  const failed = lists.find((q) => q.isError)?.error ?? undefined;
  const data = lists.map((q) => q.data as ListResult<unknown> | undefined);
  const items = <T>(i: number) => (data[i]?.items ?? []) as T[];
  const localList = data.find((d) => d?.local);
  const local =
    summary.isError || localList
      ? { error: localList?.error ?? summary.error?.message ?? undefined }
      : undefined;
  return {
    aggregates: dashboardAggregates(
      {
        accounts: items(0),
        workouts: items(1),
        tasks: items(2),
        timeRecords: items(3),
        assets: items(4),
      },
      today,
    ),
    isPending: false,
    local,
    error: failed,
  };
}
