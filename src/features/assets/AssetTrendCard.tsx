import { useId, useMemo, useState } from 'react';
import { BarChart } from '../../components/charts/lazy';
import {
  formatMonthlyChange,
  monthlyBarLabel,
  monthlyCategoryValues,
} from '../../domain/asset-versioning';
import { formatCents, fromCents, toCents } from '../../domain/money';
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

const yuan = (value: number) => formatCents(toCents(value));

/**
 * The last 12 months of asset value, for all categories or one (SPEC §2, §9). Each bar carries
 * its amount and change; the table repeats the figures, since on a phone the bars are too
 * narrow to read them and a screen reader cannot read them at all.
 */
export function AssetTrendCard({ assets, today }: { assets: Asset[]; today: string }) {
  const titleId = useId();
  const [category, setCategory] = useState<AssetCategory | 'all'>('all');
  const values = useMemo(
    () => monthlyCategoryValues(assets, today, category),
    [assets, today, category],
  );
  const bars = useMemo(
    () =>
      values.map((v) => ({
        label: `${Number(v.month.slice(5))}月`,
        value: fromCents(v.totalCents),
        barLabel: monthlyBarLabel(v),
      })),
    [values],
  );

  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="font-semibold text-slate-900">
          {TITLE}
        </h2>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          资产分类
          <select
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
        </label>
      </div>
      {values.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">近 12 个月没有该分类的资产</p>
      ) : (
        <div className="grid gap-4 wide:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <BarChart
            data={bars}
            title={`${TITLE}（${category === 'all' ? '全部' : assetCategoryLabels[category]}）`}
            formatValue={yuan}
            layout="horizontal"
            height={Math.max(160, bars.length * 34 + 40)}
          />
          <table className="w-full self-start text-sm" aria-label={`${TITLE}明细`}>
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
                    <td className="py-1.5 whitespace-nowrap text-slate-600">
                      {monthLabel(v.month)}
                    </td>
                    <td className="py-1.5 text-right tabular-nums">{formatCents(v.totalCents)}</td>
                    <td
                      className={`py-1.5 pl-2 text-right text-xs tabular-nums ${
                        (v.changeCents ?? 0) > 0
                          ? 'text-emerald-600'
                          : (v.changeCents ?? 0) < 0
                            ? 'text-red-600'
                            : 'text-slate-400'
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
}
