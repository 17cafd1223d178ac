import { Activity, Timer } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useWorkouts } from '../../api/workouts';
import { labelOf, workoutTypeLabels } from '../../domain/schemas/categories';

/** 专注 and 运动: today's focus minutes against the daily goal, and today's workouts. */
export function FocusAndWorkouts({
  today,
  focusMinutes,
  goalMinutes,
  allFocusMinutes,
}: {
  today: string;
  /** Today's minutes in the categories the goal counts. */
  focusMinutes: number | undefined;
  goalMinutes: number;
  /** Today's minutes in every category. */
  allFocusMinutes: number | undefined;
}) {
  const focusId = useId();
  const workoutId = useId();
  const { data } = useWorkouts();
  const items = data?.items;
  const workouts = useMemo(() => items?.filter((w) => w.date === today), [items, today]);
  const percent =
    focusMinutes === undefined ? 0 : Math.min(100, Math.round((focusMinutes / goalMinutes) * 100));
  return (
    <div className="grid grid-cols-2 gap-3">
      <section className="card max-tablet:p-3" aria-labelledby={focusId}>
        <div className="flex items-center justify-between gap-2">
          <h2 id={focusId} className="text-sm font-medium text-slate-500">
            专注
          </h2>
          <Timer size={18} className="text-slate-400" aria-hidden="true" />
        </div>
        <p className="text-xl font-semibold text-slate-900 tabular-nums">
          {focusMinutes ?? '…'}
          <span className="text-sm font-normal text-slate-500"> / {goalMinutes} 分钟</span>
        </p>
        <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div
            className={`h-full rounded-full ${percent >= 100 ? 'bg-emerald-500' : 'bg-violet-500'}`}
            style={{ width: `${percent}%` }}
          />
        </div>
        {allFocusMinutes !== undefined && allFocusMinutes !== focusMinutes && (
          <p className="mt-1 text-xs text-slate-500">今日共专注 {allFocusMinutes} 分钟</p>
        )}
      </section>
      <section className="card max-tablet:p-3" aria-labelledby={workoutId}>
        <div className="flex items-center justify-between gap-2">
          <h2 id={workoutId} className="text-sm font-medium text-slate-500">
            运动
          </h2>
          <Activity size={18} className="text-slate-400" aria-hidden="true" />
        </div>
        <p className="text-xl font-semibold text-slate-900 tabular-nums">
          {workouts ? `${workouts.length} 次` : '…'}
        </p>
        {workouts && workouts.length > 0 ? (
          <ul className="mt-1 space-y-0.5 text-xs text-slate-500">
            {workouts.slice(0, 3).map((w) => (
              <li key={w.id}>
                {labelOf(workoutTypeLabels, w.type)} {w.duration} 分钟
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-xs text-slate-500">今天还没有运动</p>
        )}
      </section>
    </div>
  );
}
