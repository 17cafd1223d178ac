import { ArrowLeftRight, CreditCard, Plus, Wallet as WalletIcon } from 'lucide-react';
import { memo, useId, useMemo, useState } from 'react';
import { useDeleteWallet, useTransfers, useWallets } from '../../api/wallets';
import { EmptyState } from '../../components/EmptyState';
import { ListStatus } from '../../components/ListStatus';
import { lazyDialog, usePreloadDialogs } from '../../components/lazy-with-retry';
import { PendingMark } from '../../components/PendingMark';
import { DeleteButton, EditButton } from '../../components/RowActions';
import { useDeleteAction } from '../../components/useDeleteAction';
import { formatShortDate } from '../../domain/dates';
import { formatCents, fromCents } from '../../domain/money';
import type { Account } from '../../domain/schemas/account';
import { labelOf, walletTypeLabels } from '../../domain/schemas/categories';
import type { Transfer } from '../../domain/schemas/transfer';
import type { Wallet } from '../../domain/schemas/wallet';
import { creditBill, walletBalances, walletTotals } from '../../domain/wallets';
import { WalletLedger } from './WalletLedger';

// The forms (react-hook-form, zod) load once the screen is quiet or pressed (usePreloadDialogs).
const WalletDialog = lazyDialog(() => import('./WalletDialog').then((m) => m.WalletDialog));
const TransferDialog = lazyDialog(() => import('./TransferDialog').then((m) => m.TransferDialog));
const AdjustDialog = lazyDialog(() => import('./TransferDialog').then((m) => m.AdjustDialog));

const NO_WALLETS: readonly Wallet[] = [];
const NO_TRANSFERS: readonly Transfer[] = [];

type Open =
  | { kind: 'wallet'; wallet: Wallet | null }
  | {
      kind: 'transfer';
      prefill?: { toWalletId: string; amount?: number; note: string };
      /** The transfer being edited, and the ledger to return to. */
      editing?: Transfer;
      back?: string;
    }
  | { kind: 'ledger'; id: string }
  | { kind: 'adjust'; id: string };

interface WalletsSectionProps {
  entries: readonly Account[];
  today: string;
}

/**
 * 账户 (issue 61): each account with its balance, then 资产 and 负债; a credit card with its
 * 本期账单, 还款日 and 可用额度. An account opens its ledger; 转账 moves money between two.
 */
export const WalletsSection = memo(function WalletsSection({
  entries,
  today,
}: WalletsSectionProps) {
  const wallets = useWallets();
  const transfersQuery = useTransfers();
  const all = wallets.data?.items ?? NO_WALLETS;
  const transfers = transfersQuery.data?.items ?? NO_TRANSFERS;
  const list = useMemo(
    () => [...all].sort((a, b) => Number(a.archived) - Number(b.archived) || a.order - b.order),
    [all],
  );
  const balances = useMemo(
    () => walletBalances(all, entries, transfers),
    [all, entries, transfers],
  );
  const totals = useMemo(() => walletTotals(balances), [balances]);
  // A card's bill walks its ledger: once per change of the lists, not on every render.
  const bills = useMemo(
    () => new Map(all.map((w) => [w.id, creditBill(w, entries, transfers, today)])),
    [all, entries, transfers, today],
  );
  const [open, setOpen] = useState<Open | null>(null);
  usePreloadDialogs(!wallets.isPending, WalletDialog, TransferDialog);
  const { remove, deletingId } = useDeleteAction(
    useDeleteWallet(),
    (w: Wallet) => `确定要删除账户「${w.name}」吗？它的记录会保留，但不再属于任何账户。`,
  );
  const titleId = useId();
  const close = () => setOpen(null);
  const opened = open && 'id' in open ? all.find((w) => w.id === open.id) : undefined;

  return (
    <section className="card" aria-labelledby={titleId} data-testid="wallets">
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <WalletIcon size={18} className="text-slate-400" aria-hidden="true" />
          账户
        </h2>
        <div className="flex gap-2">
          {all.length >= 2 && (
            <button
              type="button"
              className="btn-secondary"
              aria-haspopup="dialog"
              onClick={() => setOpen({ kind: 'transfer' })}
            >
              <ArrowLeftRight size={16} aria-hidden="true" />
              转账
            </button>
          )}
          <button
            type="button"
            className="btn-secondary"
            aria-haspopup="dialog"
            onClick={() => setOpen({ kind: 'wallet', wallet: null })}
          >
            <Plus size={16} aria-hidden="true" />
            添加账户
          </button>
        </div>
      </div>
      <ListStatus
        state={wallets.data?.complete ? undefined : wallets.data}
        failure="加载账户失败：{message}"
        onRetry={wallets.refetch}
      />
      {list.length === 0 ? (
        <EmptyState message="添加支付宝、微信、银行卡或信用卡，记账时选择账户，余额自动计算" />
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {list.map((w) => {
              const cents = balances.get(w.id) ?? 0;
              const bill = bills.get(w.id);
              return (
                <li key={w.id} className="py-3" data-testid={`wallet-${w.name}`}>
                  <div className="flex items-center gap-2">
                    <button
                      type="button"
                      className="flex min-w-0 flex-1 items-center gap-2 rounded text-left focus-visible:outline-2"
                      aria-label={`${w.name}，余额 ${formatCents(cents)}，查看流水`}
                      onClick={() => setOpen({ kind: 'ledger', id: w.id })}
                    >
                      {w.type === 'credit' ? (
                        <CreditCard
                          size={18}
                          className="shrink-0 text-slate-400"
                          aria-hidden="true"
                        />
                      ) : (
                        <WalletIcon
                          size={18}
                          className="shrink-0 text-slate-400"
                          aria-hidden="true"
                        />
                      )}
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-slate-900">{w.name}</span>
                        <span className="block text-xs text-slate-500">
                          {labelOf(walletTypeLabels, w.type)}
                          {w.archived ? ' · 已归档' : ''}
                        </span>
                      </span>
                      {wallets.data?.pending.has(w.id) && <PendingMark />}
                      <span
                        className={`ml-auto shrink-0 font-semibold tabular-nums ${cents < 0 ? 'text-red-600' : 'text-slate-900'}`}
                        data-testid="wallet-balance"
                      >
                        {formatCents(cents)}
                      </span>
                    </button>
                    <div className="flex shrink-0">
                      <EditButton
                        item={w.name}
                        onClick={() => setOpen({ kind: 'wallet', wallet: w })}
                      />
                      <DeleteButton
                        item={w.name}
                        onClick={() => remove(w)}
                        disabled={deletingId === w.id}
                      />
                    </div>
                  </div>
                  {bill && (
                    <div
                      className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600"
                      data-testid="credit-bill"
                    >
                      <span>
                        本期账单{' '}
                        <strong className="tabular-nums text-slate-900">
                          {formatCents(bill.billCents)}
                        </strong>
                      </span>
                      {bill.owedCents > bill.billCents && (
                        <span>
                          未出账{' '}
                          <span className="tabular-nums text-slate-900">
                            {formatCents(bill.owedCents - bill.billCents)}
                          </span>
                        </span>
                      )}
                      <span>
                        还款日 {formatShortDate(bill.dueDate, today)}
                        {bill.billCents > 0 &&
                          (bill.daysLeft >= 0 ? `（还有 ${bill.daysLeft} 天）` : '（已逾期）')}
                      </span>
                      <span>
                        可用额度{' '}
                        <span className="tabular-nums text-slate-900">
                          {formatCents(bill.availableCents)}
                        </span>
                      </span>
                      <button
                        type="button"
                        className="btn-secondary ml-auto py-1"
                        aria-haspopup="dialog"
                        aria-label={`还款 ${w.name}`}
                        onClick={() =>
                          setOpen({
                            kind: 'transfer',
                            prefill: {
                              toWalletId: w.id,
                              amount: bill.billCents > 0 ? fromCents(bill.billCents) : undefined,
                              note: '信用卡还款',
                            },
                          })
                        }
                      >
                        还款
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <dl className="mt-2 grid grid-cols-3 gap-2 border-t border-slate-100 pt-3 text-sm">
            <Total
              title="资产"
              cents={totals.assetsCents}
              tone="text-emerald-700"
              testId="wallet-assets"
            />
            <Total
              title="负债"
              cents={totals.liabilitiesCents}
              tone="text-red-600"
              testId="wallet-liabilities"
            />
            <Total title="净资产" cents={totals.netCents} tone="text-slate-900" />
          </dl>
        </>
      )}
      {open?.kind === 'wallet' && (
        <WalletDialog
          key={open.wallet?.id ?? 'new'}
          wallet={open.wallet}
          order={all.length}
          onClose={close}
        />
      )}
      {open?.kind === 'transfer' && (
        <TransferDialog
          key={open.editing?.id ?? 'new'}
          transfer={open.editing ?? null}
          wallets={all}
          prefill={open.prefill}
          today={today}
          onClose={() => (open.back ? setOpen({ kind: 'ledger', id: open.back }) : close())}
        />
      )}
      {open?.kind === 'ledger' && opened && (
        <WalletLedger
          wallet={opened}
          wallets={all}
          entries={entries}
          transfers={transfers}
          today={today}
          onClose={close}
          onAdjust={() => setOpen({ kind: 'adjust', id: opened.id })}
          onEditTransfer={(t) => setOpen({ kind: 'transfer', editing: t, back: opened.id })}
        />
      )}
      {open?.kind === 'adjust' && opened && (
        <AdjustDialog
          wallet={opened}
          balanceCents={balances.get(opened.id) ?? 0}
          today={today}
          onClose={() => setOpen({ kind: 'ledger', id: opened.id })}
        />
      )}
    </section>
  );
});

/** One of the accounts' totals under the list: 资产, 负债, 净资产. */
function Total(props: { title: string; cents: number; tone: string; testId?: string }) {
  return (
    <div>
      <dt className="text-slate-500">{props.title}</dt>
      <dd className={`font-semibold tabular-nums ${props.tone}`} data-testid={props.testId}>
        {formatCents(props.cents)}
      </dd>
    </div>
  );
}
