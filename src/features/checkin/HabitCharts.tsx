import { useId, useMemo } from 'react';
import { BarChart } from '../../components/charts/lazy';
import { valueAxis } from '../../domain/axis';
import { dayNumber } from '../../domain/dates';
import {
  DAY_STATE_LABELS,
  type DayRecord,
  type DayState,
  dateOfDay,
  dayState,
  habitRules,
  habitStart,
  monthlyScores,
  recordsByDate,
  valueSeries,
  weekdayOfDay,
} from '../../domain/habits';
import type { CheckinTask } from '../../domain/schemas/checkin';

interface HabitChartsProps {
  task: CheckinTask;
  records: readonly DayRecord[];
  today: string;
}

const CELL = 11;
const GAP = 2;

/**
 * The score month by month over a year, and a year of days as a heat map. Plain SVG: the
 * twelve bars and 371 cells need no chart library. Shapes tell the states apart (filled, half,
 * outlined, hatched, dashed), and each cell's title names its state.
 */
export function HabitCharts({ task, records, today }: HabitChartsProps) {
  const id = useId();
  const scores = useMemo(() => monthlyScores(task, records, today), [task, records, today]);
  const days = useMemo(() => {
    const rules = habitRules(task);
    const byDate = recordsByDate(records);
    const start0 = habitStart(rules, records, today);
    const end = dayNumber(today);
    // 53 Monday-weeks ending with today's.
    const start = end - ((weekdayOfDay(end) + 6) % 7) - 52 * 7;
    const out: { date: string; state: DayState; col: number; row: number }[] = [];
    for (let n = start; n <= end; n++) {
      const date = dateOfDay(n);
      out.push({
        date,
        state: dayState(rules, byDate.get(date), date, today, start0),
        col: Math.floor((n - start) / 7),
        row: (weekdayOfDay(n) + 6) % 7,
      });
    }
    return out;
  }, [task, records, today]);
  // A measurable habit's own figures (issue 60): a day's value over the last 30 days for a
  // per-day target, a week's sum over the last 12 weeks for a weekly or monthly one.
  const values = useMemo(() => {
    const rules = habitRules(task);
    if (!rules.measurable) return null;
    const byDay = rules.period === 'day';
    const points = valueSeries(records, today, byDay ? 'day' : 'week', byDay ? 30 : 12);
    return {
      byDay,
      bars: points.map((p) => ({
        label: `${Number(p.start.slice(5, 7))}/${Number(p.start.slice(8))}`,
        value: p.value,
      })),
      axis: valueAxis(points.map((p) => p.value)),
    };
  }, [task, records, today]);
  const unit = task.unit ?? '';
  const hatch = `${id}-hatch`;
  const width = 53 * (CELL + GAP);
  const height = 7 * (CELL + GAP);

  return (
    <div className="space-y-4 text-slate-600">
      {values && (
        <figure className="min-w-0">
          <figcaption className="mb-1 text-sm font-medium text-slate-700 [overflow-wrap:anywhere]">
            {values.byDay ? '每日数值（近 30 天）' : '每周合计（近 12 周）'}
            {unit && <span className="font-normal text-slate-500">，单位：{unit}</span>}
          </figcaption>
          <BarChart
            data={values.bars}
            title={`${task.name} ${values.byDay ? '每日数值' : '每周合计'}`}
            axis={values.axis}
            formatValue={(v) => (Number.isInteger(v) ? String(v) : v.toFixed(1))}
            height={180}
          />
        </figure>
      )}
      <figure>
        <figcaption className="mb-1 text-sm font-medium text-slate-700">
          习惯强度（近 12 个月）
        </figcaption>
        <ul className="flex h-28 items-end gap-1" aria-label="每月月末的习惯强度">
          {scores.map((p) => (
            <li
              key={p.month}
              aria-label={`${Number(p.month.slice(5))}月 ${p.score}%`}
              className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-0.5"
            >
              <span className="text-[0.6rem] tabular-nums" aria-hidden="true">
                {p.score}
              </span>
              <div
                className="w-full rounded-t bg-emerald-600"
                style={{ height: `${Math.max(p.score, 1) * 0.8}%` }}
              />
              <span className="text-[0.6rem]" aria-hidden="true">
                {Number(p.month.slice(5))}月
              </span>
            </li>
          ))}
        </ul>
      </figure>
      <figure>
        <figcaption className="mb-1 text-sm font-medium text-slate-700">
          近一年打卡热力图
        </figcaption>
        <div>
          {/* Scaled to the card: a year fits a phone's width at ~6 px a day. */}
          <svg
            className="h-auto w-full"
            viewBox={`0 0 ${width} ${height}`}
            role="img"
            aria-label={`近一年：${summaryOf(days)}`}
          >
            <defs>
              <pattern
                id={hatch}
                width="4"
                height="4"
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(45)"
              >
                <rect width="2" height="4" className="fill-sky-500" />
              </pattern>
            </defs>
            {days.map((d) => (
              <rect
                key={d.date}
                x={d.col * (CELL + GAP) + 0.5}
                y={d.row * (CELL + GAP) + 0.5}
                width={CELL - 1}
                height={CELL - 1}
                rx={2}
                {...cellLook(d.state, hatch)}
              >
                <title>{`${d.date} ${DAY_STATE_LABELS[d.state]}`}</title>
              </rect>
            ))}
          </svg>
        </div>
        <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs">
          {(['done', 'partial', 'missed', 'skipped', 'vacation'] as const).map((state) => (
            <li key={state} className="inline-flex items-center gap-1">
              <svg width={CELL} height={CELL} aria-hidden="true">
                <rect
                  x={0.5}
                  y={0.5}
                  width={CELL - 1}
                  height={CELL - 1}
                  rx={2}
                  {...cellLook(state, hatch)}
                />
              </svg>
              {DAY_STATE_LABELS[state]}
            </li>
          ))}
        </ul>
      </figure>
    </div>
  );
}

function cellLook(state: DayState, hatch: string) {
  switch (state) {
    case 'done':
      return { className: 'fill-emerald-600' };
    case 'partial':
      return { className: 'fill-emerald-200 stroke-emerald-700' };
    case 'missed':
      return { className: 'fill-transparent stroke-red-500', strokeWidth: 1.5 };
    case 'skipped':
      return { className: 'fill-transparent stroke-slate-500', strokeDasharray: '2 2' };
    case 'vacation':
      return { fill: `url(#${hatch})`, className: 'stroke-sky-500' };
    default:
      return { className: 'fill-slate-100' };
  }
}

function summaryOf(days: readonly { state: DayState }[]) {
  const count = (state: DayState) => days.filter((d) => d.state === state).length;
  return `完成 ${count('done')} 天，未完成 ${count('missed')} 天，跳过 ${count('skipped')} 天，休假 ${count('vacation')} 天`;
}
