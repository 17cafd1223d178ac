import { type FormEvent, memo, useId, useMemo, useState } from 'react';
import { useSetCheckinDay, useToggleCheckin } from '../../api/checkin-records';
import { type HabitIndex, recordOn } from '../../domain/checkin';
import { dayNumber } from '../../domain/dates';
import {
  asPressed,
  DAY_STATE_LABELS,
  type DayRecord,
  type DayState,
  dateOfDay,
  dayState,
  type HabitRules,
  recordsByDate,
  weekdayOfDay,
} from '../../domain/habits';
import type { CheckinRecord, CheckinTask } from '../../domain/schemas/checkin';
import { formatValue } from './HabitExtras';
import { DAY_MARK } from './MonthCalendar';

const TONE: Record<DayState, string> = {
  done: 'bg-emerald-700 text-white',
  partial: 'bg-emerald-50 text-emerald-800 ring-1 ring-inset ring-emerald-600',
  missed: 'bg-red-50 text-red-700 ring-1 ring-inset ring-red-300',
  skipped: 'border border-dashed border-slate-400 text-slate-600',
  vacation:
    'bg-[repeating-linear-gradient(135deg,transparent_0_3px,rgb(14_165_233/0.3)_3px_5px)] text-sky-800 dark:text-sky-200',
  unscheduled: 'text-slate-400',
  open: 'bg-slate-100 text-slate-600',
  future: 'text-slate-400',
};
const WEEKDAY = ['日', '一', '二', '三', '四', '五', '六'];

const dayLabel = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8))}日`;

/** The last 7 days up to `today`, oldest first. */
function lastWeek(today: string): string[] {
  const end = dayNumber(today);
  return Array.from({ length: 7 }, (_, i) => dateOfDay(end - 6 + i));
}

/** What a cell says under its date: ✓, the day's value, or its state's mark. */
function cellValue(state: DayState, record: DayRecord | undefined, measurable: boolean): string {
  if (state === 'skipped' || state === 'vacation') return DAY_MARK[state];
  const value = record && !record.skipped ? (record.value ?? 1) : 0;
  // A rest day's value is shown (it was entered), but never as a ✓.
  if (measurable && value > 0) return formatValue(value);
  if (state === 'unscheduled') return value > 0 ? '✓' : DAY_MARK.unscheduled;
  return DAY_MARK[state];
}

/** A cell's accessible name: 12月2日 阅读 已打卡, 12月2日 喝水 9 杯 完成, 12月6日 阅读 休息日. */
function cellName(
  date: string,
  name: string,
  state: DayState,
  record: DayRecord | undefined,
  task: Pick<CheckinTask, 'unit'>,
  measurable: boolean,
): string {
  const value = record && !record.skipped ? (record.value ?? 1) : 0;
  let said: string;
  if (state === 'skipped' || state === 'vacation' || state === 'unscheduled') {
    said = DAY_STATE_LABELS[state];
    if (state === 'unscheduled' && value > 0) {
      said += measurable ? ` ${formatValue(value)} ${task.unit ?? ''}`.trimEnd() : ' 已打卡';
    }
  } else if (measurable) {
    said = `${formatValue(value)} ${task.unit ?? ''}`.trimEnd();
    if (state !== 'open') said += ` ${DAY_STATE_LABELS[state]}`;
  } else {
    said = value > 0 ? '已打卡' : '未打卡';
  }
  return `${dayLabel(date)} ${name} ${said}`;
}

/** A habit's two writes of a day, shared by its strip and its other controls (one press state). */
export function useDayActions(taskId: string) {
  const { toggle, processing, pressed } = useToggleCheckin(taskId);
  const { set: setDay, saving } = useSetCheckinDay(taskId);
  return { toggle, processing, pressed, setDay, saving };
}
type DayActions = ReturnType<typeof useDayActions>;

interface WeekStripProps {
  task: CheckinTask;
  rules: HabitRules;
  index: HabitIndex<CheckinRecord>;
  today: string;
  /** The habit's first day (habitSummary's start). */
  start: string;
  actions: DayActions;
  /** Draws the weekday above each date (the phone's row, without a header of its own). */
  weekdays?: boolean;
}

/**
 * The last 7 days of a habit, each a button with its date and its value (Loop's grid, issue
 * 60): a tap checks a yes/no habit in or out of that day, or opens a small value input for a
 * measurable one. Both go through the same optimistic hooks as the card's own controls.
 */
export const WeekStrip = memo(function WeekStrip({
  task,
  rules,
  index,
  today,
  start,
  actions,
  weekdays = true,
}: WeekStripProps) {
  const { toggle, processing, pressed, setDay, saving } = actions;
  const byDate = useMemo(() => recordsByDate(index.records, index.keys), [index]);
  const [editing, setEditing] = useState<string | null>(null);
  const days = useMemo(
    () =>
      lastWeek(today).map((date) => {
        const record = asPressed(pressed, date, byDate.get(date));
        return { date, record, state: dayState(rules, record, date, today, start) };
      }),
    [today, pressed, byDate, rules, start],
  );
  const measurable = rules.measurable;

  const onCell = (date: string) => {
    if (measurable) {
      setEditing((d) => (d === date ? null : date));
      return;
    }
    const record = byDate.get(date);
    // A skipped day is checked in by taking the skip back (one record per habit per day).
    if (record?.skipped) setDay({ date, existing: record, value: 1, skipped: false });
    else toggle({ date, existing: recordOn(index, date) ?? null });
  };

  return (
    // Its parts lay out in the parent's row: the value input wraps below it, full width, so the
    // row's other buttons stay beside the days.
    <div className="contents">
      <ol className="flex min-w-0 flex-1 gap-1" aria-label={`${task.name} 最近 7 天`}>
        {days.map(({ date, record, state }) => (
          <li key={date} className="min-w-6 flex-1">
            <button
              type="button"
              data-date={date}
              data-state={state}
              aria-label={cellName(date, task.name, state, record, task, measurable)}
              aria-pressed={measurable ? undefined : record !== undefined && !record.skipped}
              aria-expanded={measurable ? editing === date : undefined}
              disabled={!measurable && processing}
              className={`flex h-10 w-full min-w-6 flex-col items-center justify-center rounded text-[0.65rem] leading-tight tabular-nums ${TONE[state]} ${date === today ? 'ring-2 ring-blue-500' : ''} ${editing === date ? 'outline-2 outline-offset-1 outline-blue-600' : ''}`}
              onClick={() => onCell(date)}
            >
              {weekdays && (
                <span aria-hidden="true" className="opacity-80">
                  {WEEKDAY[weekdayOfDay(dayNumber(date))]}
                </span>
              )}
              <span aria-hidden="true" className="font-semibold">
                {Number(date.slice(8))}
              </span>
              <span aria-hidden="true" className="max-w-full truncate">
                {cellValue(state, record, measurable) || '\u00a0'}
              </span>
            </button>
          </li>
        ))}
      </ol>
      {measurable && editing && (
        <DayValue
          key={editing}
          task={task}
          date={editing}
          record={byDate.get(editing)}
          saving={saving}
          onSet={(value) => {
            setDay({ date: editing, existing: byDate.get(editing) ?? null, value, skipped: false });
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
});

/** A measurable habit's value of one day, typed in under the strip. */
function DayValue({
  task,
  date,
  record,
  saving,
  onSet,
  onCancel,
}: {
  task: CheckinTask;
  date: string;
  record: CheckinRecord | undefined;
  saving: boolean;
  onSet: (value: number) => void;
  onCancel: () => void;
}) {
  const inputId = useId();
  const [typed, setTyped] = useState(
    record && !record.skipped ? formatValue(record.value ?? 1) : '',
  );
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    const next = Number(text);
    if (text === '' || !Number.isFinite(next) || next < 0 || next > 1_000_000) {
      setError('请输入 0–1000000 的数字');
      return;
    }
    onSet(Math.round(next * 100) / 100);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="order-last flex basis-full flex-wrap items-center gap-2 text-sm"
    >
      <label htmlFor={inputId} className="text-slate-600">
        {dayLabel(date)} {task.name}
        {task.unit && `（${task.unit}）`}
      </label>
      <input
        id={inputId}
        className="input w-20 py-1"
        inputMode="decimal"
        // The tap on the day asked for this box.
        autoFocus
        value={typed}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
        }}
      />
      <button type="submit" className="btn-primary px-3 py-1" disabled={saving}>
        记录
      </button>
      <button type="button" className="btn-ghost px-2 py-1" onClick={onCancel}>
        取消
      </button>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="w-full text-xs text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
