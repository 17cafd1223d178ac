import { memo, useId } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { PendingMark } from '../../components/PendingMark';
import { DeleteButton, EditButton, HistoryButton } from '../../components/RowActions';
import { chainId, effectiveDateOf } from '../../domain/asset-versioning';
import { formatCents, formatYuan } from '../../domain/money';
import type { Asset } from '../../domain/schemas/asset';
import { assetCategoryLabelsFor, labelOf } from '../../domain/schemas/categories';

interface AssetListProps {
  title: string;
  /** Latest versions of one side (资产 or 负债), in display order. */
  items: Asset[];
  totalCents: number;
  emptyMessage: string;
  onHistory: (asset: Asset) => void;
  onEdit: (asset: Asset) => void;
  onDelete: (asset: Asset) => void;
  /** Versions with changes not yet on the server. */
  pending: ReadonlySet<string>;
}

/** One side of the balance sheet: a row per asset chain, showing its latest version. */
export const AssetList = memo(function AssetList({
  title,
  items,
  totalCents,
  emptyMessage,
  onHistory,
  onEdit,
  onDelete,
  pending,
}: AssetListProps) {
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h2 id={titleId} className="font-semibold text-slate-900">
          {title}
          <span className="ml-1.5 text-sm font-normal text-slate-500">{items.length} 项</span>
        </h2>
        <span className="text-sm text-slate-500 tabular-nums">合计 {formatCents(totalCents)}</span>
      </div>
      {items.length === 0 ? (
        <EmptyState message={emptyMessage} />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={title}>
          {items.map((asset) => {
            const effective = effectiveDateOf(asset);
            return (
              <li
                key={asset.id}
                // An edit adds a version with a new id, so the row is a new element: focus finds
                // its way back to the same button through the chain (components/focus-return).
                data-focus-key={chainId(asset)}
                aria-label={asset.name}
                className="flex flex-wrap items-start gap-x-3 gap-y-1 py-3"
              >
                <div className="min-w-0 flex-1 basis-48">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-all text-slate-900">{asset.name}</span>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs ${
                        asset.type === 'asset'
                          ? 'bg-blue-50 text-blue-700'
                          : 'bg-orange-50 text-orange-700'
                      }`}
                    >
                      {labelOf(assetCategoryLabelsFor(asset.type), asset.category)}
                    </span>
                    {asset.version > 1 && (
                      <span className="text-xs text-slate-500">v{asset.version}</span>
                    )}
                    {pending.has(asset.id) && <PendingMark />}
                  </div>
                  <p className="mt-0.5 text-xs text-slate-500 tabular-nums">
                    创建 {asset.date}
                    <span className="mx-1.5 text-slate-300">·</span>
                    生效 {effective}
                  </p>
                  {asset.description && (
                    <p className="mt-0.5 text-sm break-words text-slate-600">{asset.description}</p>
                  )}
                </div>
                <div className="ml-auto flex items-center gap-1">
                  <span
                    className={`mr-1 font-semibold tabular-nums ${
                      asset.type === 'asset' || asset.amount === 0
                        ? 'text-slate-900'
                        : 'text-red-600'
                    }`}
                  >
                    {formatYuan(asset.amount)}
                  </span>
                  <HistoryButton item={asset.name} onClick={() => onHistory(asset)} />
                  <EditButton item={asset.name} onClick={() => onEdit(asset)} />
                  <DeleteButton item={asset.name} onClick={() => onDelete(asset)} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
});
