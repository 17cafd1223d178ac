import { Check } from 'lucide-react';
import type { WeekStripDay } from '../../domain/fitness';

/** 本周打卡: Monday to Sunday, a tick on each day with a workout, today outlined. */
export function WeekStrip({ days }: { days: WeekStripDay[] }) {
  return (
    <section className="card" aria-labelledby="fitness-week">
      <h2 id="fitness-week" className="mb-3 text-base font-semibold text-slate-900">
        本周打卡
      </h2>
      <ol className="grid grid-cols-7 gap-1.5 sm:gap-3">
        {days.map((day) => (
          <li
            key={day.date}
            aria-label={`${day.date}${day.isToday ? '（今天）' : ''}：${day.hasWorkout ? '已运动' : '未运动'}`}
            aria-current={day.isToday ? 'date' : undefined}
            className={`flex flex-col items-center gap-1 rounded-lg py-2 ${
              day.isToday ? 'bg-blue-50 ring-2 ring-blue-500' : ''
            }`}
          >
            <span
              className={`text-xs ${day.isToday ? 'font-semibold text-blue-700' : 'text-slate-500'}`}
            >
              {day.isToday ? '今天' : `周${day.weekday}`}
            </span>
            <span
              className={`flex h-8 w-8 items-center justify-center rounded-full text-sm tabular-nums sm:h-10 sm:w-10 ${
                day.hasWorkout
                  ? 'bg-emerald-500 text-white'
                  : day.isFuture
                    ? 'border border-dashed border-slate-200 text-slate-500'
                    : // On today's blue-50, slate-500 is 4.37:1 (Lighthouse, axe): below 4.5.
                      day.isToday
                      ? 'border border-slate-300 text-slate-700'
                      : 'border border-slate-200 text-slate-500'
              }`}
              aria-hidden="true"
            >
              {day.hasWorkout ? <Check size={16} strokeWidth={3} /> : Number(day.date.slice(8))}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
