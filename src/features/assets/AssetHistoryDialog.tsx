import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useAssetHistory } from '../../api/assets';
import { EmptyState } from '../../components/EmptyState';
import { Modal } from '../../components/Modal';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Spinner } from '../../components/Spinner';
import {
  chainHistory,
  chainId,
  changedFields,
  type TrackedField,
} from '../../domain/asset-versioning';
import { formatYuan } from '../../domain/money';
import type { Asset, AssetHistoryAction } from '../../domain/schemas/asset';
import { assetCategoryLabelsFor, assetTypeLabels, labelOf } from '../../domain/schemas/categories';

const FIELD_LABELS: Record<TrackedField, string> = {
  name: '名称',
  category: '分类',
  amount: '金额',
  description: '备注',
  date: '日期',
  effectiveDate: '生效日期',
  type: '类型',
};

const ACTIONS: Record<AssetHistoryAction, { label: string; className: string }> = {
  create: { label: '创建', className: 'bg-emerald-50 text-emerald-700' },
  update: { label: '修改', className: 'bg-blue-50 text-blue-700' },
  delete: { label: '删除', className: 'bg-red-50 text-red-700' },
};

/** A snapshot's value as the lists show it; `snapshot` gives the type a category belongs to. */
function shown(field: TrackedField, value: unknown, snapshot: Partial<Asset> | null): string {
  if (value === undefined || value === null || value === '') return '无';
  if (field === 'amount' && typeof value === 'number') return formatYuan(value);
  if (field === 'type') return labelOf(assetTypeLabels, String(value));
  if (field === 'category') {
    return labelOf(
      assetCategoryLabelsFor(snapshot?.type === 'liability' ? 'liability' : 'asset'),
      String(value),
    );
  }
  return String(value);
}

/** 修改历史: every entry of the asset's chain, newest first, with what each one changed. */
export function AssetHistoryDialog({ asset, onClose }: { asset: Asset; onClose: () => void }) {
  const { data, isPending, error } = useAssetHistory();
  const entries = useMemo(
    () => (data ? chainHistory(data.items, chainId(asset)) : []),
    [data, asset],
  );

  return (
    <Modal title={`修改历史：${asset.name}`} onClose={onClose} size="lg">
      {data?.local && data.complete && <OfflineNotice error={data.error} />}
      {isPending ? (
        <Spinner />
      ) : error ? (
        <p role="alert" className="text-sm text-red-600">
          获取修改历史失败：{error.message}
        </p>
      ) : entries.length === 0 ? (
        <EmptyState message="暂无修改历史" />
      ) : (
        <ol className="space-y-3" aria-label="修改历史">
          {entries.map((entry) => {
            const action = ACTIONS[entry.action];
            // A create lists what it set, a delete what it removed, an update what it changed.
            const changes =
              entry.action === 'delete'
                ? changedFields(null, entry.oldData)
                : changedFields(entry.oldData, entry.newData);
            const snapshot = entry.newData ?? entry.oldData;
            return (
              <li key={entry.id} className="rounded-lg border border-slate-200 p-3">
                <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${action.className}`}
                  >
                    {action.label}
                  </span>
                  {snapshot?.version !== undefined && (
                    <span className="text-slate-500">版本 {snapshot.version}</span>
                  )}
                  <time
                    className="ml-auto text-xs text-slate-500 tabular-nums"
                    dateTime={entry.timestamp}
                  >
                    {dayjs(entry.timestamp).format('YYYY-MM-DD HH:mm')}
                  </time>
                </div>
                {changes.length === 0 ? (
                  <p className="text-sm text-slate-500">没有字段变化</p>
                ) : (
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    {changes.map((change) => (
                      <div key={change.field} className="contents">
                        <dt className="text-slate-500">{FIELD_LABELS[change.field]}</dt>
                        <dd className="min-w-0 break-words text-slate-800">
                          {entry.action === 'update' ? (
                            <>
                              <span className="text-slate-500 line-through">
                                {shown(change.field, change.old, entry.oldData)}
                              </span>
                              <span aria-hidden="true" className="mx-1.5 text-slate-400">
                                →
                              </span>
                              <span className="sr-only">改为</span>
                              <span className="font-medium">
                                {shown(change.field, change.new, entry.newData)}
                              </span>
                            </>
                          ) : (
                            shown(change.field, change.new, snapshot)
                          )}
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Modal>
  );
}
