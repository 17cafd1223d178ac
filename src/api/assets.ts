import { useMutation, useQuery } from '@tanstack/react-query';
import { firstVersion, historyEntry, nextVersion } from '../domain/asset-versioning';
import type { Asset, AssetData, AssetHistoryEntry } from '../domain/schemas/asset';
import { apiRequest } from './http';
import { newId } from './ids';
import { listQueryOptions, useInvalidate } from './resource';

const PATH = '/api/assets';
const HISTORY_PATH = '/api/assets/history';

export const assetQueries = {
  all: () => listQueryOptions<Asset>(['assets', 'list'], PATH, 'assets'),
  history: () =>
    listQueryOptions<AssetHistoryEntry>(['assets', 'history'], HISTORY_PATH, 'assetHistory'),
};

export const useAssets = () => useQuery(assetQueries.all());
export const useAssetHistory = () => useQuery(assetQueries.history());

export interface SaveAssetVars {
  /** The version being edited, or null to create a new chain. */
  existing: Asset | null;
  data: AssetData;
}

/**
 * Saving never modifies a record (SPEC §4): a create posts version 1, an edit posts
 * version + 1 of the chain; each is followed by its history entry.
 */
export function useSaveAsset() {
  const onSettled = useInvalidate(['assets']);
  return useMutation({
    mutationFn: async ({ existing, data }: SaveAssetVars) => {
      const record = existing ? nextVersion(existing, data, newId()) : firstVersion(data, newId());
      const saved = await apiRequest<Asset>('POST', PATH, record);
      const entry = historyEntry(existing ? 'update' : 'create', existing, saved, new Date());
      await apiRequest('POST', HISTORY_PATH, { ...entry, id: newId() });
      return saved;
    },
    onSettled,
  });
}

/** Deleting removes the whole chain on the server and records one `delete` entry. */
export function useDeleteAsset() {
  const onSettled = useInvalidate(['assets']);
  return useMutation({
    mutationFn: async (latest: Asset) => {
      await apiRequest<void>('DELETE', `${PATH}/${encodeURIComponent(latest.id)}`);
      const entry = historyEntry('delete', latest, null, new Date());
      await apiRequest('POST', HISTORY_PATH, { ...entry, id: newId() });
    },
    onSettled,
  });
}
