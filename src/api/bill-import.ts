import { useMutation } from '@tanstack/react-query';
import type { AccountInput } from '../domain/schemas/account';
import type { Settings } from '../domain/schemas/settings';
import type { TransferInput } from '../domain/schemas/transfer';
import type { WalletInput } from '../domain/schemas/wallet';
import type { ManyOutcome } from './engine';
import { engineFor } from './engine';
import { putSettings } from './settings';

export interface BillImport {
  /** 账户 the bill names that the user has none of yet: written first, the rest name them. */
  wallets?: (WalletInput & { id: string })[];
  records: (AccountInput & { id: string })[];
  /** 不计收支 / 中性交易 rows that move money between the user's own accounts. */
  transfers?: (TransferInput & { id: string })[];
  /**
   * The settings with the rule table and counterparty memory the preview ended with; null
   * when the user's settings could not be loaded, so defaults never overwrite them.
   */
  settings: Settings | null;
}

/** What became of the rows (entries and transfers), and of the new 账户 beside them. */
export interface BillImportOutcome extends ManyOutcome {
  wallets: ManyOutcome;
}

/** One record of the import, as engine `importMany` takes it. */
type Imported = Parameters<ReturnType<typeof engineFor>['importMany']>[0][number];

const none = (): ManyOutcome => ({ created: 0, existing: 0, invalid: 0, waiting: 0 });

/**
 * Saves a previewed bill through the outbox, as creates in one import (engine `importMany`):
 * the new 账户 first, then the 记账 entries and the 转账 that name them, in that order. Shown
 * at once, kept across a reload, and sent in batches when the server answers, offline too.
 * Every record carries an id derived from the bill (a new account's from the text naming
 * it), so a second import of the same file (or a retry after a lost connection) adds nothing,
 * and the server answers per record whether it was new: the dialog reports what happened, or
 * how many rows wait on the device for the server. The rules the user adjusted are saved
 * after the rows, in the same order.
 */
export function useImportBill() {
  return useMutation({
    mutationFn: async (
      { wallets = [], records, transfers = [], settings }: BillImport,
      { client },
    ): Promise<BillImportOutcome> => {
      const engine = engineFor(client);
      const items: Imported[] = [
        ...wallets.map((input) => ({ kind: 'wallets' as const, input })),
        ...records.map((input) => ({ kind: 'accounts' as const, input })),
        ...transfers.map((input) => ({ kind: 'transfers' as const, input })),
      ];
      const seqs = await engine.importMany(items);
      if (settings) await putSettings(client, settings);
      const rows = none();
      const made = none();
      const isWallet = (index: number) => index < wallets.length;
      // A record the device could not take at all (it failed its check) is never queued.
      const queued: number[] = [];
      const at: number[] = [];
      for (const [index, seq] of seqs.entries()) {
        if (seq === undefined) {
          const counts = isWallet(index) ? made : rows;
          counts.invalid += 1;
          counts.firstError ??= `「${labelOf(items[index]!)}」的内容无效，未能导入`;
        } else {
          queued.push(seq);
          at.push(index);
        }
      }
      const { firstError } = await engine.settledMany(queued, (i, fate) => {
        const counts = isWallet(at[i]!) ? made : rows;
        counts[fate] += 1;
      });
      // The server's first refusal, said beside whichever counts it is among.
      if (firstError) (rows.invalid > 0 ? rows : made).firstError ??= firstError;
      return { ...rows, wallets: made };
    },
    networkMode: 'always',
    meta: { errorMessage: '导入账单失败：{message}' },
  });
}

function labelOf({ kind, input }: Imported): string {
  const record = input as { name?: string; description?: string; note?: string; date?: string };
  if (kind === 'wallets') return `账户 ${record.name ?? ''}`;
  return `${record.date ?? ''} ${record.description ?? record.note ?? ''}`.trim();
}
