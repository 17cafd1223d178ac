import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountInput } from '../domain/schemas/account';
import type { Settings } from '../domain/schemas/settings';
import { apiRequest } from './http';
import { resourceKeys } from './resource';
import { settingsKeys } from './settings';
import { type PostedCounts, type ProgressListener, postRecords } from './sync';

export interface BillImport {
  records: (AccountInput & { id: string })[];
  /**
   * The settings with the rule table and counterparty memory the preview ended with; null
   * when the user's settings could not be loaded, so defaults never overwrite them.
   */
  settings: Settings | null;
  onProgress?: ProgressListener;
}

/**
 * Saves a previewed bill: the records through the sync dialog's batch upload (every record
 * carries its id, so a second import of the same file adds nothing), then the rules the user
 * adjusted and the categories chosen per counterparty.
 */
export function useImportBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ records, settings, onProgress }: BillImport): Promise<PostedCounts> => {
      const counts = await postRecords('accounts', records, onProgress);
      if (settings) {
        queryClient.setQueryData(
          settingsKeys.all,
          await apiRequest<Settings>('PUT', '/api/settings', settings),
        );
      }
      return counts;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKeys('accounts').all }),
    meta: { errorMessage: '导入账单失败：{message}' },
  });
}
