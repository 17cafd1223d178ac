import { BarChart, WeekChart } from '../../components/charts/lazy';
import { EmptyState } from '../../components/EmptyState';
import { dailyTotals, workoutTypeCounts } from '../../domain/fitness';
import { workoutTypeLabels } from '../../domain/schemas/categories';
import type { Workout } from '../../domain/schemas/workout';

// Counts are whole: the axis leaves fractional ticks unlabelled.
const wholeCount = (value: number) => (Number.isInteger(value) ? String(value) : '');

interface FitnessChartsProps {
  workouts: readonly Workout[];
  today: string;
}

/** 最近7天运动时长 (minutes per day) and 运动类型统计 (the 6 most frequent types). */
export function FitnessCharts({ workouts, today }: FitnessChartsProps) {
  const days = dailyTotals(workouts, today, (w) => w.duration).map(({ date, total }) => ({
    label: date.slice(5),
    value: total,
  }));
  // The most frequent first, on top.
  const types = workoutTypeCounts(workouts).map(({ type, count }) => ({
    label: workoutTypeLabels[type],
    value: count,
    barLabel: `${count}次`,
  }));

  return (
    <div className="grid gap-4 wide:grid-cols-2">
      <section className="card" aria-labelledby="fitness-week-chart">
        <h2 id="fitness-week-chart" className="text-base font-semibold text-slate-900">
          最近7天运动时长
        </h2>
        <p className="mb-2 text-xs text-slate-500">单位：分钟</p>
        <WeekChart kind="line" data={days} title="最近7天每日运动分钟数" />
      </section>
      <section className="card" aria-labelledby="fitness-type-chart">
        <h2 id="fitness-type-chart" className="text-base font-semibold text-slate-900">
          运动类型统计
        </h2>
        <p className="mb-2 text-xs text-slate-500">次数最多的 6 种</p>
        {types.length === 0 ? (
          <EmptyState message="暂无运动记录" />
        ) : (
          <BarChart
            data={types}
            title="各运动类型次数"
            layout="horizontal"
            height={240}
            formatValue={wholeCount}
          />
        )}
      </section>
    </div>
  );
}
