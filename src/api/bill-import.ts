import { useMutation } from '@tanstack/react-query';
import type { AccountInput } from '../domain/schemas/account';
import type { Settings } from '../domain/schemas/settings';
import { engineFor } from './engine';
import { ApiError } from './http';
import { putSettings } from './settings';
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

const NEEDS_SERVER = '账单导入需要连接服务器，请联网后重试（预览已保留）';

/**
 * Saves a previewed bill through the sync dialog's batch upload, not the outbox: every record
 * carries an id derived from the bill, so a second import of the same file (or a retry after
 * a lost connection) adds nothing, and the server answers per record whether it was new —
 * the dialog reports what really happened instead of a guess made on the device. Thousands
 * of rows go in a few requests. It therefore needs the server; offline the import is refused
 * with a message that says so and the preview stays open. The bookkeeping list then catches
 * up by delta like any other change, and the rules the user adjusted are saved.
 */
export function useImportBill() {
  return useMutation({
    mutationFn: async (
      { records, settings, onProgress }: BillImport,
      { client },
    ): Promise<PostedCounts> => {
      let counts: PostedCounts;
      try {
        counts = await postRecords('accounts', records, onProgress);
      } catch (error) {
        if (error instanceof ApiError && error.status === 0) throw new ApiError(NEEDS_SERVER, 0);
        throw error;
      }
      await engineFor(client)
        .pull('accounts')
        .catch(() => undefined);
      if (settings) await putSettings(client, settings);
      return counts;
    },
    networkMode: 'always',
    meta: { errorMessage: '导入账单失败：{message}' },
  });
}
