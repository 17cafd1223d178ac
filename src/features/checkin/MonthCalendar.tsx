import { memo, useMemo } from 'react';
import { monthCalendar } from '../../domain/dates';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

interface MonthCalendarProps {
  month: string;
  today: string;
  /** The days of `month` that hold a check-in. */
  checked: ReadonlySet<string>;
}

/** A Monday-first month grid: checked days filled, today outlined, days to come faded. */
export const MonthCalendar = memo(function MonthCalendar({
  month,
  today,
  checked,
}: MonthCalendarProps) {
  const { firstColumn, days } = useMemo(() => {
    const cells = monthCalendar(month);
    // The 1st starts in its weekday's column; the blanks around the month need no cells.
    return {
      firstColumn: cells.findIndex((c) => c !== null) + 1,
      days: cells.filter((c): c is string => c !== null),
    };
  }, [month]);
  return (
    <div className="grid grid-cols-7 gap-1 text-center text-xs">
      {WEEKDAYS.map((day) => (
        <span key={day} className="pb-0.5 font-medium text-slate-500" aria-hidden="true">
          {day}
        </span>
      ))}
      {days.map((date, i) => {
        const isChecked = checked.has(date);
        const isToday = date === today;
        const tone = isChecked
          ? 'bg-emerald-700 font-semibold text-white'
          : date > today
            ? 'text-slate-500'
            : 'bg-slate-50 text-slate-600';
        return (
          // Keyed by the day of the month, not the date: switching months updates the cells
          // in place instead of replacing ~30 elements in each habit's card.
          <span
            key={date.slice(8)}
            data-date={date}
            data-checked={isChecked || undefined}
            title={isChecked ? `${date} 已打卡` : date}
            style={i === 0 ? { gridColumnStart: firstColumn } : undefined}
            className={`flex aspect-square items-center justify-center rounded-md tabular-nums sm:aspect-auto sm:h-9 ${tone} ${
              isToday ? 'ring-2 ring-blue-500 ring-offset-1' : ''
            }`}
          >
            {Number(date.slice(8))}
            {isChecked && <span className="sr-only">已打卡</span>}
          </span>
        );
      })}
    </div>
  );
});
