import { useMutation, useQuery } from '@tanstack/react-query';
import { firstVersion, historyEntry, nextVersion } from '../domain/asset-versioning';
import type { Asset, AssetData } from '../domain/schemas/asset';
import { engineFor } from './engine';
import { newId } from './ids';
import { listQuery } from './resource';

export const useAssets = () => useQuery(listQuery('assets'));
export const useAssetHistory = () => useQuery(listQuery('assetHistory'));

export interface SaveAssetVars {
  /** The version being edited, or null to create a new chain. */
  existing: Asset | null;
  data: AssetData;
}

/**
 * Saving never modifies a record (docs/spec.md §4): a create adds version 1, an edit version + 1 of
 * the chain, each followed by its history entry — two changes, sent in that order.
 */
export function useSaveAsset() {
  return useMutation({
    mutationFn: async ({ existing, data }: SaveAssetVars, { client }) => {
      const engine = engineFor(client);
      const group = newId();
      const version = existing ? nextVersion(existing, data, newId()) : firstVersion(data, newId());
      const saved = await engine.create('assets', version, { group });
      const entry = historyEntry(
        existing ? 'update' : 'create',
        existing,
        saved.record,
        new Date(),
      );
      const history = await engine.create('assetHistory', { ...entry, id: newId() }, { group });
      await Promise.all([engine.settled(saved.seq), engine.settled(history.seq)]);
      return saved.record;
    },
    networkMode: 'always',
    meta: { errorMessage: '保存资产失败：{message}，请重试' },
  });
}

/** Deleting removes the whole chain on the server and records one `delete` entry. */
export function useDeleteAsset() {
  return useMutation({
    mutationFn: async (latest: Asset, { client }) => {
      const engine = engineFor(client);
      const group = newId();
      const removed = await engine.remove('assets', latest, { group });
      const entry = historyEntry('delete', latest, null, new Date());
      const history = await engine.create('assetHistory', { ...entry, id: newId() }, { group });
      await Promise.all([engine.settled(removed.seq), engine.settled(history.seq)]);
    },
    networkMode: 'always',
    meta: { errorMessage: '删除资产失败：{message}，请重试' },
  });
}
