import { useMemo, useState } from 'react';
import { useCategoryBook } from '../../api/categories';
import { useDeleteTransfer } from '../../api/wallets';
import { EmptyState } from '../../components/EmptyState';
import { Modal } from '../../components/Modal';
import { DeleteButton, EditButton } from '../../components/RowActions';
import { useDeleteAction } from '../../components/useDeleteAction';
import type { CategoryBook } from '../../domain/categories';
import { formatShortDate } from '../../domain/dates';
import { formatCents } from '../../domain/money';
import type { Account } from '../../domain/schemas/account';
import { labelOf, walletTypeLabels } from '../../domain/schemas/categories';
import type { Transfer } from '../../domain/schemas/transfer';
import type { Wallet } from '../../domain/schemas/wallet';
import { type WalletLedgerRow, walletLedger } from '../../domain/wallets';

const PAGE = 100;

/** What a row is, in words: its category, or where a transfer came from or went. */
function rowLabel(
  row: WalletLedgerRow,
  names: ReadonlyMap<string, string>,
  book: CategoryBook,
): string {
  const other = names.get(row.otherWalletId) ?? '已删除的账户';
  switch (row.kind) {
    case 'income':
    case 'expense':
      return book.label(row.kind, row.category);
    case 'transferIn':
      return `转入 · 来自${other}`;
    case 'transferOut':
      return `转出 · 到${other}`;
    case 'adjustment':
      return '余额调整';
  }
}

interface WalletLedgerProps {
  wallet: Wallet;
  wallets: readonly Wallet[];
  entries: readonly Account[];
  transfers: readonly Transfer[];
  today: string;
  onClose: () => void;
  /** 调整余额 for this account. */
  onAdjust: () => void;
  /** 编辑转账 for one of its transfers. */
  onEditTransfer: (transfer: Transfer) => void;
}

/**
 * One 账户's ledger (issue 61): its entries, transfers and adjustments, newest first, each with
 * the balance after it. Adjustments are named 余额调整 and count as neither income nor expense.
 */
export function WalletLedger({
  wallet,
  wallets,
  entries,
  transfers,
  today,
  onClose,
  onAdjust,
  onEditTransfer,
}: WalletLedgerProps) {
  const rows = useMemo(
    () => walletLedger(wallet, entries, transfers),
    [wallet, entries, transfers],
  );
  const names = useMemo(() => new Map(wallets.map((w) => [w.id, w.name])), [wallets]);
  const book = useCategoryBook();
  const [shown, setShown] = useState(PAGE);
  const byId = useMemo(() => new Map(transfers.map((t) => [t.id, t])), [transfers]);
  const { remove, deletingId } = useDeleteAction(
    useDeleteTransfer(),
    (t: Transfer) => `确定要删除这笔${t.fromWalletId && t.toWalletId ? '转账' : '余额调整'}吗？`,
  );
  const balance = rows[0]?.balanceCents ?? Math.round(wallet.openingBalance * 100);

  return (
    <Modal title={`${wallet.name}的流水`} onClose={onClose} size="lg">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {labelOf(walletTypeLabels, wallet.type)} · 当前余额{' '}
          <strong className="tabular-nums text-slate-900" data-testid="wallet-ledger-balance">
            {formatCents(balance)}
          </strong>
        </p>
        <button type="button" className="btn-secondary" onClick={onAdjust}>
          调整余额
        </button>
      </div>
      {rows.length === 0 ? (
        <EmptyState message="这个账户还没有流水" />
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-500">
              {/* A phone shows the date under the item, leaving the item its width. */}
              <th scope="col" className="hidden py-2 font-medium tablet:table-cell">
                日期
              </th>
              <th scope="col" className="py-2 font-medium">
                项目
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                金额
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                余额
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">操作</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.slice(0, shown).map((row) => (
              <tr key={`${row.source}-${row.id}`}>
                <td className="hidden whitespace-nowrap py-2 pr-2 text-slate-500 tablet:table-cell">
                  {formatShortDate(row.date, today)}
                </td>
                <td className="py-2 pr-2">
                  <span className="block text-xs text-slate-500 tablet:hidden">
                    {formatShortDate(row.date, today)}
                  </span>
                  <span className="text-slate-900">{rowLabel(row, names, book)}</span>
                  {row.note && (
                    <span className="block max-w-[40vw] truncate text-xs text-slate-500 tablet:max-w-xs">
                      {row.note}
                    </span>
                  )}
                </td>
                <td
                  className={`whitespace-nowrap py-2 pr-2 text-right tabular-nums ${
                    row.kind === 'adjustment'
                      ? 'text-slate-500'
                      : row.amountCents < 0
                        ? 'text-red-600'
                        : 'text-emerald-700'
                  }`}
                >
                  {row.amountCents > 0 ? '+' : ''}
                  {formatCents(row.amountCents)}
                </td>
                <td className="whitespace-nowrap py-2 text-right tabular-nums text-slate-900">
                  {formatCents(row.balanceCents)}
                </td>
                <td className="py-1 text-right whitespace-nowrap">
                  {row.source === 'transfer' && byId.has(row.id) && (
                    <span className="inline-flex">
                      {row.kind !== 'adjustment' && (
                        <EditButton
                          item={rowLabel(row, names, book)}
                          onClick={() => onEditTransfer(byId.get(row.id)!)}
                        />
                      )}
                      <DeleteButton
                        item={rowLabel(row, names, book)}
                        onClick={() => remove(byId.get(row.id)!)}
                        disabled={deletingId === row.id}
                      />
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > shown && (
        <button
          type="button"
          className="btn-secondary mt-3"
          onClick={() => setShown((n) => n + PAGE)}
        >
          显示更多（还有 {rows.length - shown} 条）
        </button>
      )}
    </Modal>
  );
}
