import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { changedFields, firstVersion, historyEntry, nextVersion } from '../domain/asset-versioning';
import { RESOURCES } from '../domain/resources';
import type { Asset, AssetData } from '../domain/schemas/asset';
import { apiRequest } from './http';
import { newId } from './ids';
import { listQuery, recordRequest, useInvalidate } from './resource';

const PATH = RESOURCES.assets.path;
const HISTORY_PATH = RESOURCES.assetHistory.path;

export const useAssets = () => useQuery(listQuery('assets'));
export const useAssetHistory = () => useQuery(listQuery('assetHistory'));

export interface SaveAssetVars {
  /** The version being edited, or null to create a new chain. */
  existing: Asset | null;
  data: AssetData;
}

interface Attempt {
  existingId: string | null;
  recordId: string;
  historyId: string;
}

async function postVersion(existing: Asset | null, record: Asset, historyId: string) {
  const saved = await apiRequest<Asset>('POST', PATH, record);
  const entry = historyEntry(existing ? 'update' : 'create', existing, saved, new Date());
  await apiRequest('POST', HISTORY_PATH, { ...entry, id: historyId });
  return saved;
}

/**
 * Saving never modifies a record (SPEC §4): a create posts version 1, an edit posts
 * version + 1 of the chain; each is followed by its history entry.
 *
 * A failed save may still have stored its record (the history entry failed, or the answer was
 * lost), so a retry of the same edit reuses that attempt's ids: the server then answers with the
 * stored copy instead of adding a second version with the same number (DESIGN §1). Use one
 * hook per form, so that attempts of different forms never share ids.
 */
export function useSaveAsset() {
  const onSettled = useInvalidate('assets', 'assetHistory');
  const failed = useRef<Attempt | null>(null);
  return useMutation({
    mutationFn: async ({ existing, data }: SaveAssetVars) => {
      const existingId = existing?.id ?? null;
      const attempt =
        failed.current?.existingId === existingId
          ? failed.current
          : { existingId, recordId: newId(), historyId: newId() };
      failed.current = attempt;
      const record = existing
        ? nextVersion(existing, data, attempt.recordId)
        : firstVersion(data, attempt.recordId);
      let saved = await postVersion(existing, record, attempt.historyId);
      // The retry met the copy its failed attempt stored with what was typed then: what is
      // typed now follows it as the next version.
      if (changedFields(saved, record).length > 0) {
        saved = await postVersion(saved, nextVersion(saved, data, newId()), newId());
      }
      failed.current = null;
      return saved;
    },
    onSettled,
    meta: { errorMessage: '保存资产失败：{message}，请重试' },
  });
}

/** Deleting removes the whole chain on the server and records one `delete` entry. */
export function useDeleteAsset() {
  const onSettled = useInvalidate('assets', 'assetHistory');
  return useMutation({
    mutationFn: async (latest: Asset) => {
      await recordRequest<void>('DELETE', 'assets', latest.id);
      const entry = historyEntry('delete', latest, null, new Date());
      await apiRequest('POST', HISTORY_PATH, { ...entry, id: newId() });
    },
    onSettled,
    meta: { errorMessage: '删除资产失败：{message}，请重试' },
  });
}
