import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { InputOf } from '../domain/resources';
import type { Transfer } from '../domain/schemas/transfer';
import {
  balancesFromSums,
  feeEntryFor,
  feeEntryId,
  type WalletTotals,
  walletSums,
  walletTotals,
} from '../domain/wallets';
import { useKeptPart } from './dashboard';
import { engineFor } from './engine';
import { useAfterOpeningScreen } from './opening';
import { listQuery, useCreateRecord, useDeleteRecord, useUpdateRecord } from './resource';

// 账户 and 转账 (issue 61) sync like every kind. A transfer's 手续费 is an ordinary 记账 entry
// written beside it (src/domain/wallets.ts `feeEntryFor`), with an id made from the
// transfer's, so an edit replaces it and a delete takes it away: both go through the outbox
// like any write, offline too.

export const useWallets = () => useQuery(listQuery('wallets'));
export const useTransfers = () => useQuery(listQuery('transfers'));
export const useCreateWallet = () => useCreateRecord('wallets', '保存账户失败：{message}');
export const useUpdateWallet = () => useUpdateRecord('wallets', '保存账户失败：{message}');
export const useDeleteWallet = () => useDeleteRecord('wallets', '删除账户失败：{message}');

interface SaveTransfer {
  /** The transfer being edited, or undefined for a new one. */
  existing?: Transfer;
  input: InputOf<'transfers'>;
}

/** A 转账 (or 调整余额) saved, with its 手续费 entry written, replaced or removed to match. */
export function useSaveTransfer() {
  return useMutation({
    mutationFn: async ({ existing, input }: SaveTransfer, { client }) => {
      const engine = engineFor(client);
      const { record, seq } = existing
        ? await engine.update('transfers', existing.id, input)
        : await engine.create('transfers', input);
      const fee = feeEntryFor(record as Transfer);
      const entries = (await engine.list('accounts')).items;
      const old = entries.find((e) => e.id === feeEntryId(record.id));
      let last = seq;
      if (fee && old) last = (await engine.update('accounts', old.id, fee)).seq;
      else if (fee) last = (await engine.create('accounts', fee)).seq;
      else if (old) last = (await engine.remove('accounts', old)).seq;
      await engine.settled(last);
      return record as Transfer;
    },
    networkMode: 'always',
    meta: { errorMessage: '保存转账失败：{message}' },
  });
}

/** A 转账 deleted, and its 手续费 entry with it. */
export function useDeleteTransfer() {
  return useMutation({
    mutationFn: async (transfer: Transfer, { client }) => {
      const engine = engineFor(client);
      let { seq } = await engine.remove('transfers', transfer);
      const entries = (await engine.list('accounts')).items;
      const fee = entries.find((e) => e.id === feeEntryId(transfer.id));
      if (fee) seq = (await engine.remove('accounts', fee)).seq;
      await engine.settled(seq);
    },
    networkMode: 'always',
    meta: { errorMessage: '删除转账失败：{message}' },
  });
}

/**
 * 资产 and 负债 of the 账户, for 资产管理 and the dashboard's 净资产 (manual assets are added
 * to it there, each counted once). Undefined while loading, and for a user without accounts.
 * The entries' share of the balances comes from the dashboard's kept part of 记账 (`walletCents`,
 * kept whenever the list changes, src/api/dashboard.ts), so a visit reads the 记账 list only when
 * that part does not stand (a new day, a change waiting to be sent): reading its 39k entries on
 * ten years held 资产管理 about a second at 4× CPU after its data (bench:web). Even then it is
 * read once the screen's own lists are shown (useAfterOpeningScreen).
 */
export function useWalletTotals(today: string): (WalletTotals & { count: number }) | undefined {
  const wallets = useWallets().data?.items;
  const opened = useAfterOpeningScreen();
  const has = (wallets?.length ?? 0) > 0 && opened;
  const kept = useKeptPart('accounts', today, has);
  const readList = has && kept.settled && !kept.part;
  const entries = useQuery({ ...listQuery('accounts'), enabled: readList }).data?.items;
  const transfers = useQuery({ ...listQuery('transfers'), enabled: has }).data?.items;
  const sums = kept.part?.walletCents;
  return useMemo(() => {
    if (!wallets || !has || !transfers) return undefined;
    const from = sums ?? (entries ? walletSums(entries) : undefined);
    if (!from) return undefined;
    return { ...walletTotals(balancesFromSums(wallets, from, transfers)), count: wallets.length };
  }, [wallets, has, sums, entries, transfers]);
}
