import { type KeyboardEvent, memo, useRef, useState } from 'react';
import { monthCalendar } from '../../domain/dates';
import { DAY_STATE_LABELS, type DayState } from '../../domain/habits';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

interface MonthCalendarProps {
  month: string;
  today: string;
  /** The days of `month` that hold a check-in. */
  checked: ReadonlySet<string>;
  /** The habit's name, for the calendar's accessible name. */
  name: string;
  /** Checks a day in or out: any day up to today, never one to come. */
  onToggle: (date: string) => void;
  /**
   * Each day's state (issue 37: scheduled, done, skipped, vacation, missed). Each has its own
   * mark and text besides its colour, so it reads in dark mode and without colour vision.
   */
  states?: ReadonlyMap<string, DayState>;
  /** The day picked for editing its value (a measurable habit), outlined. */
  selected?: string;
}

/** Marks that tell the states apart without colour (in the cell and its accessible name). */
export const DAY_MARK: Record<DayState, string> = {
  done: '✓',
  partial: '◐',
  missed: '✕',
  skipped: '⤼',
  vacation: '休',
  unscheduled: '·',
  open: '',
  future: '',
};
const STATE_TONE: Record<DayState, string> = {
  done: 'bg-emerald-700 font-semibold text-white hover:bg-emerald-800',
  partial: 'bg-emerald-50 text-emerald-800 ring-1 ring-inset ring-emerald-600',
  missed: 'bg-red-50 text-red-700 ring-1 ring-inset ring-red-300',
  skipped: 'border border-dashed border-slate-400 bg-transparent text-slate-600',
  vacation:
    'bg-[repeating-linear-gradient(135deg,transparent_0_4px,rgb(14_165_233/0.3)_4px_6px)] text-sky-800 dark:text-sky-200',
  unscheduled: 'bg-transparent text-slate-400',
  open: 'bg-slate-50 text-slate-600 hover:bg-slate-100',
  future: 'text-slate-500',
};

const dayLabel = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8))}日`;

// Arrow keys move like on a calendar: a day sideways, a week up or down.
const MOVES: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A Monday-first month grid: checked days filled, today outlined, days to come faded and
 * inert. Every day up to today is a toggle button (a forgotten check-in can be made up); the
 * grid is one Tab stop, and the arrow keys, Home and End move between its days.
 */
// Memoised: a habit whose records did not change keeps its grid when another habit is toggled.
export const MonthCalendar = memo(function MonthCalendar({
  month,
  today,
  checked,
  name,
  onToggle,
  states,
  selected,
}: MonthCalendarProps) {
  const cells = monthCalendar(month);
  // The 1st starts in its weekday's column; the blanks around the month need no cells.
  const firstColumn = cells.findIndex((c) => c !== null) + 1;
  const days = cells.filter((c): c is string => c !== null);
  const open = days.filter((date) => date <= today);
  const [active, setActive] = useState<string | null>(null);
  // The day that takes Tab: the one last moved to, else today, else the month's last open day.
  const current = active && open.includes(active) ? active : (open.at(-1) ?? null);
  const grid = useRef<HTMLFieldSetElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    const index = open.indexOf(date);
    let next: string | undefined;
    if (event.key in MOVES) next = open[index + MOVES[event.key]!];
    else if (event.key === 'Home') next = open[0];
    else if (event.key === 'End') next = open.at(-1);
    else return;
    event.preventDefault();
    if (!next) return;
    setActive(next);
    // Looked up when a key moves: a ref per day, a new function each render, was detached and
    // attached again for all ~30 days at every check-in.
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${next}"]`)?.focus();
  }

  return (
    <fieldset ref={grid} className="grid min-w-0 grid-cols-7 gap-1 text-center text-xs">
      <legend className="sr-only">{`${name} · ${Number(month.slice(5))}月打卡日历`}</legend>
      {WEEKDAYS.map((day) => (
        <span key={day} className="pb-0.5 font-medium text-slate-500" aria-hidden="true">
          {day}
        </span>
      ))}
      {days.map((date, i) => {
        const isChecked = checked.has(date);
        const isToday = date === today;
        const future = date > today;
        const state = states?.get(date);
        const tone = state
          ? STATE_TONE[state]
          : isChecked
            ? 'bg-emerald-700 font-semibold text-white hover:bg-emerald-800'
            : future
              ? 'text-slate-500'
              : 'bg-slate-50 text-slate-600 hover:bg-slate-100';
        // Not positioned: a `relative` cell was a paint layer of its own, ~35 a card, and every
        // hit test of a pointer event walked them all (about halved without, at 4× CPU).
        const className = `flex aspect-square flex-col items-center justify-center rounded-md leading-none tabular-nums sm:aspect-auto sm:h-9 ${tone} ${
          isToday || date === selected ? 'ring-2 ring-blue-500 ring-offset-1 ring-offset-white' : ''
        }`;
        const mark = state && DAY_MARK[state];
        const said =
          state && state !== 'open' && state !== 'future' ? ` ${DAY_STATE_LABELS[state]}` : '';
        const content = (
          <>
            {Number(date.slice(8))}
            {mark && (
              <span aria-hidden="true" className="text-[0.6rem] leading-none">
                {mark}
              </span>
            )}
          </>
        );
        const style = i === 0 ? { gridColumnStart: firstColumn } : undefined;
        if (future) {
          return (
            <span
              key={date}
              data-date={date}
              data-state={state}
              style={style}
              className={className}
              title={said ? `${dayLabel(date)}${said}` : undefined}
            >
              {content}
            </span>
          );
        }
        return (
          <button
            key={date}
            type="button"
            data-date={date}
            data-checked={isChecked || undefined}
            aria-pressed={isChecked}
            data-state={state}
            aria-label={`${dayLabel(date)}${isToday ? '（今天）' : ''}${said}`}
            title={
              states
                ? `${dayLabel(date)}${said}`
                : `${dayLabel(date)}${isChecked ? ' 已打卡，点击取消' : ' 未打卡，点击补打卡'}`
            }
            tabIndex={date === current ? 0 : -1}
            style={style}
            className={`${className} cursor-pointer focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-500`}
            onFocus={() => setActive(date)}
            onKeyDown={(event) => onKeyDown(event, date)}
            onClick={() => onToggle(date)}
          >
            {content}
          </button>
        );
      })}
    </fieldset>
  );
});
