import { ArrowLeft } from 'lucide-react';
import { memo, useId, useMemo, useState } from 'react';
import { ClampedText } from '../../components/ClampedText';
import { PieChart } from '../../components/charts/lazy';
// The pie's palette, so the legend's dots match the slices.
import { CHART_PALETTE } from '../../components/charts/theme';
import { assetDistribution } from '../../domain/asset-versioning';
import { formatCents, formatYuan, fromCents } from '../../domain/money';
import type { Asset } from '../../domain/schemas/asset';
import { assetCategoryLabels, labelOf } from '../../domain/schemas/categories';
import { percentShares } from '../../domain/shares';

/**
 * 资产分布 over the latest versions. A slice, or its row in the legend (the keyboard's way in),
 * opens that category's items and total, with 返回总览 to go back.
 */
export const AssetDistributionCard = memo(function AssetDistributionCard({
  latest,
}: {
  latest: Asset[];
}) {
  const titleId = useId();
  const shares = useMemo(() => assetDistribution(latest), [latest]);
  const [selected, setSelected] = useState<string | null>(null);
  // The legend's percentages add up to 100.0 % exactly.
  const percents = useMemo(
    () =>
      percentShares(
        shares.map((s) => s.totalCents),
        1,
      ),
    [shares],
  );
  const percentOf = (category: string) =>
    `${(percents[shares.findIndex((s) => s.category === category)] ?? 0).toFixed(1)}%`;
  // A category whose last asset was deleted or emptied goes back to the overview.
  const share = shares.find((s) => s.category === selected);

  return (
    <section className="card @container" aria-labelledby={titleId}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={titleId} className="font-semibold text-slate-900">
          {share ? `资产分布 · ${labelOf(assetCategoryLabels, share.category)}` : '资产分布'}
        </h2>
        {share && (
          <button type="button" className="btn-secondary py-1.5" onClick={() => setSelected(null)}>
            <ArrowLeft size={16} aria-hidden="true" />
            返回总览
          </button>
        )}
      </div>
      {shares.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">暂无资产</p>
      ) : share ? (
        <div>
          <p className="mb-3 text-sm text-slate-500">
            分类合计{' '}
            <span className="text-lg font-semibold text-slate-900 tabular-nums">
              {formatCents(share.totalCents)}
            </span>{' '}
            · 占总资产 {percentOf(share.category)}
          </p>
          <ul
            className="divide-y divide-slate-100"
            aria-label={`${labelOf(assetCategoryLabels, share.category)}明细`}
          >
            {share.items.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <ClampedText text={item.name} className="text-slate-800">
                  {item.name}
                </ClampedText>
                <span className="shrink-0 tabular-nums">{formatYuan(item.amount)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="grid grid-cols-1 items-center gap-4 @lg:grid-cols-2">
          <PieChart
            title="资产分布"
            data={shares.map((s) => ({
              id: s.category,
              label: labelOf(assetCategoryLabels, s.category),
              value: fromCents(s.totalCents),
            }))}
            formatValue={formatYuan}
            onSliceClick={(slice) => setSelected(slice.id)}
            height={240}
          />
          <ul className="space-y-1" aria-label="资产分布图例">
            {shares.map((s, i) => (
              <li key={s.category}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-slate-50"
                  onClick={() => setSelected(s.category)}
                >
                  <span
                    aria-hidden="true"
                    className="h-2.5 w-2.5 shrink-0 rounded-full"
                    style={{ backgroundColor: CHART_PALETTE[i % CHART_PALETTE.length] }}
                  />
                  <span className="flex-1 text-slate-700">
                    {labelOf(assetCategoryLabels, s.category)}
                  </span>
                  <span className="text-xs text-slate-500 tabular-nums">
                    {percentOf(s.category)}
                  </span>
                  <span className="tabular-nums">{formatCents(s.totalCents)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
});
