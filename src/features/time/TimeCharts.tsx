import { PieChart, WeekChart } from '../../components/charts/lazy';
import { CHART_PALETTE } from '../../components/charts/theme';
import { EmptyState } from '../../components/EmptyState';
import { categorySeconds, dailyFocusMinutes, formatSeconds } from '../../domain/focus';
import { timeCategoryLabels } from '../../domain/schemas/categories';
import type { TimeRecord } from '../../domain/schemas/time-record';

interface TimeChartsProps {
  records: readonly TimeRecord[];
  today: string;
}

/** 最近7天专注 (minutes per day) and 分类时间分布 (time per category, all records). */
export function TimeCharts({ records, today }: TimeChartsProps) {
  const days = dailyFocusMinutes(records, today).map(({ date, minutes }) => ({
    label: date.slice(5),
    value: minutes,
    barLabel: minutes > 0 ? String(minutes) : '',
  }));
  const slices = categorySeconds(records).map(({ category, seconds }) => ({
    id: category,
    label: timeCategoryLabels[category],
    value: seconds,
  }));

  return (
    <div className="grid gap-4 wide:grid-cols-2">
      <section className="card" aria-labelledby="time-week-chart">
        <h2 id="time-week-chart" className="text-base font-semibold text-slate-900">
          最近7天专注
        </h2>
        <p className="mb-2 text-xs text-slate-500">单位：分钟</p>
        <WeekChart kind="bar" data={days} title="最近7天每日专注分钟数" />
      </section>
      <section className="card" aria-labelledby="time-category-chart">
        <h2 id="time-category-chart" className="mb-2 text-base font-semibold text-slate-900">
          分类时间分布
        </h2>
        {slices.length === 0 ? (
          <EmptyState message="暂无专注记录" />
        ) : (
          <div className="grid items-center gap-3 sm:grid-cols-[1fr_auto]">
            <PieChart data={slices} title="各分类专注时间" formatValue={formatSeconds} />
            <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-1">
              {slices.map((slice, i) => (
                <li key={slice.id} className="flex items-center gap-2">
                  <span
                    className="h-2.5 w-2.5 shrink-0 rounded-full"
                    style={{ background: CHART_PALETTE[i % CHART_PALETTE.length] }}
                    aria-hidden="true"
                  />
                  <span className="flex-1 text-slate-600">{slice.label}</span>
                  <span className="tabular-nums text-slate-800">{formatSeconds(slice.value)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </div>
  );
}
