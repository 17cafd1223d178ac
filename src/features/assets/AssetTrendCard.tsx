import { memo, useCallback, useId, useMemo, useState } from 'react';
import { BarChart } from '../../components/charts/lazy';
import {
  formatChangePercent,
  formatMonthlyChange,
  monthlyBarLabel,
  monthlyCategoryValues,
} from '../../domain/asset-versioning';
import { valueAxis } from '../../domain/axis';
import { formatAxisYuan, formatCents, fromCents } from '../../domain/money';
import type { Asset } from '../../domain/schemas/asset';
import {
  type AssetCategory,
  assetCategories,
  assetCategoryLabels,
} from '../../domain/schemas/categories';

const TITLE = '月度资产趋势';

/** '2026-03' → '2026年3月'. */
function monthLabel(month: string): string {
  return `${month.slice(0, 4)}年${Number(month.slice(5))}月`;
}

// A bar's full label (amount and change) needs about this many pixels of its own; its change
// alone ('-0.4%') the smaller figure. Below that, and for the first bar's amount, the table speaks.
const FULL_LABEL_PX = 210;
const CHANGE_LABEL_PX = 44;
/** The bar chart's left and right margins. */
const AXIS_PX = 64;

/** The width of an element, following resizes (the chart's labels depend on it). */
function useWidth() {
  const [width, setWidth] = useState(0);
  // A callback ref, so the chart's box is measured whenever it mounts, not only on first render.
  const ref = useCallback((node: HTMLElement | null) => {
    if (!node) return;
    // The observer reports the first size itself, after layout (no forced reflow on mount).
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The last 12 months of asset value, for all categories or one (docs/spec.md §2, §9). Each bar is
 * labelled with its amount and change when there is room; the table under the chart always
 * gives both, since 12 bars on a phone are too narrow to carry them.
 */
export const AssetTrendCard = memo(function AssetTrendCard({
  assets,
  today,
}: {
  assets: readonly Asset[];
  today: string;
}) {
  const titleId = useId();
  const selectId = useId();
  const [chartRef, width] = useWidth();
  const [category, setCategory] = useState<AssetCategory | 'all'>('all');
  const values = useMemo(
    () => monthlyCategoryValues(assets, today, category),
    [assets, today, category],
  );
  // A few round ticks, and a baseline just under the smallest month when the months sit close
  // together: ten million that moves by ¥1,300 must not draw twelve equal bars.
  const axis = useMemo(() => valueAxis(values.map((v) => fromCents(v.totalCents))), [values]);
  const formatTick = useCallback((value: number) => formatAxisYuan(value, axis.step), [axis]);
  const bars = useMemo(() => {
    const slot = (width - AXIS_PX) / Math.max(values.length, 1);
    return values.map((v) => ({
      label: `${Number(v.month.slice(5))}月`,
      value: fromCents(v.totalCents),
      barLabel:
        slot >= FULL_LABEL_PX
          ? monthlyBarLabel(v)
          : slot >= CHANGE_LABEL_PX && v.changePercent !== null && v.changeCents !== null
            ? formatChangePercent(v.changePercent, v.changeCents)
            : undefined,
    }));
  }, [values, width]);

  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="font-semibold text-slate-900">
          {TITLE}
        </h2>
        <div className="flex items-center gap-2 text-sm text-slate-600">
          <label htmlFor={selectId}>资产分类</label>
          <select
            id={selectId}
            className="input w-auto py-1.5"
            value={category}
            onChange={(event) => setCategory(event.target.value as AssetCategory | 'all')}
          >
            <option value="all">全部</option>
            {assetCategories.map((key) => (
              <option key={key} value={key}>
                {assetCategoryLabels[key]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {values.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">近 12 个月没有该分类的资产</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 wide:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div ref={chartRef}>
            <BarChart
              data={bars}
              title={`${TITLE}（${category === 'all' ? '全部' : assetCategoryLabels[category]}）`}
              formatValue={formatTick}
              axis={axis}
              height={260}
            />
          </div>
          {/* A size down on phones, where an eight-digit amount and its change share 311 px. */}
          <table className="w-full self-start text-xs sm:text-sm" aria-label={`${TITLE}明细`}>
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
                <th className="py-1.5 font-medium">月份</th>
                <th className="py-1.5 text-right font-medium">金额</th>
                <th className="py-1.5 text-right font-medium">环比</th>
              </tr>
            </thead>
            <tbody>
              {values.map((v) => {
                const change = formatMonthlyChange(v);
                return (
                  <tr key={v.month} className="border-b border-slate-100 last:border-0">
                    <td className="py-1.5 pr-3 whitespace-nowrap text-slate-600">
                      {monthLabel(v.month)}
                    </td>
                    <td className="py-1.5 text-right whitespace-nowrap tabular-nums">
                      {formatCents(v.totalCents)}
                    </td>
                    <td
                      className={`py-1.5 pl-2 text-right text-xs tabular-nums ${
                        (v.changeCents ?? 0) > 0
                          ? 'text-emerald-700'
                          : (v.changeCents ?? 0) < 0
                            ? 'text-red-600'
                            : 'text-slate-500'
                      }`}
                    >
                      {change ?? '—'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
});
