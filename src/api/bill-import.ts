import { useMutation } from '@tanstack/react-query';
import type { AccountInput } from '../domain/schemas/account';
import type { Settings } from '../domain/schemas/settings';
import type { ManyOutcome } from './engine';
import { engineFor } from './engine';
import { putSettings } from './settings';

export interface BillImport {
  records: (AccountInput & { id: string })[];
  /**
   * The settings with the rule table and counterparty memory the preview ended with; null
   * when the user's settings could not be loaded, so defaults never overwrite them.
   */
  settings: Settings | null;
}

/**
 * Saves a previewed bill through the outbox, as creates of 记账 records: shown at once, kept
 * across a reload, and sent when the server answers, offline too. The kind declares batched
 * creates (resources.ts `batchCreates`), so thousands of rows go in a few requests. Every
 * record carries an id derived from the bill, so a second import of the same file (or a retry
 * after a lost connection) adds nothing, and the server answers per record whether it was new:
 * the dialog reports what happened, or how many rows wait on the device for the server. The
 * rules the user adjusted are saved after the rows, in the same order.
 */
export function useImportBill() {
  return useMutation({
    mutationFn: async ({ records, settings }: BillImport, { client }): Promise<ManyOutcome> => {
      const engine = engineFor(client);
      const seqs = await engine.createMany('accounts', records);
      if (settings) await putSettings(client, settings);
      return engine.settledMany(seqs);
    },
    networkMode: 'always',
    meta: { errorMessage: '导入账单失败：{message}' },
  });
}
