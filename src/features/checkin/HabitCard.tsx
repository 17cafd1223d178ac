import {
  Bell,
  CheckCircle2,
  Circle,
  Flame,
  GripVertical,
  Loader2,
  Moon,
  Trophy,
} from 'lucide-react';
import { lazy, memo, Suspense, useId, useMemo, useState } from 'react';
import { useSetCheckinDay, useToggleCheckin } from '../../api/checkin-records';
import { ClampedText } from '../../components/ClampedText';
import { DeleteButton, EditButton } from '../../components/RowActions';
import { useStableCallback } from '../../components/useStableCallback';
import {
  checkinRate,
  type HabitIndex,
  progressWidth,
  type RateColour,
  rateColour,
  recordOn,
  recordsOfMonth,
} from '../../domain/checkin';
import { monthCalendar } from '../../domain/dates';
import {
  asPressed,
  countsOn,
  type DayState,
  dayState,
  habitRules,
  habitSummary,
  monthlyTargetFor,
  recordsByDate,
} from '../../domain/habits';
import {
  checkinCategoryLabels,
  checkinTypeLabels,
  labelOf,
  targetPeriodLabels,
  targetTypeLabels,
} from '../../domain/schemas/categories';
import type { CheckinRecord, CheckinTask } from '../../domain/schemas/checkin';
import { CareActions, formatValue, HabitScore, MeasureControls, SkipButton } from './HabitExtras';
import { MonthCalendar } from './MonthCalendar';
import { ShortLabel } from './ShortLabel';
import { REST_TITLE, TOGGLE_LOOK, toggleLabel } from './toggle-style';

// The score chart and the year's heat map load when asked for (they are the card's heaviest part).
const HabitCharts = lazy(() => import('./HabitCharts').then((m) => ({ default: m.HabitCharts })));

// Icons made once: a card or row drawn again (a check-in, a toggle) keeps them as they are.
const BELL = <Bell size={12} aria-label="提醒" />;
const GRIP = <GripVertical size={16} />;
const FLAME = <Flame size={16} className="text-orange-500" aria-hidden="true" />;
const TROPHY = <Trophy size={16} className="text-amber-500" aria-hidden="true" />;
const SPINNER = <Loader2 size={16} className="animate-spin" aria-hidden="true" />;
const CHECKED = <CheckCircle2 size={16} aria-hidden="true" />;
const UNCHECKED = <Circle size={16} aria-hidden="true" />;
const REST = <Moon size={16} aria-hidden="true" />;

const BAR: Record<RateColour, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-400',
  red: 'bg-red-500',
  none: 'bg-slate-300',
};
const RATE_TEXT: Record<RateColour, string> = {
  green: 'text-emerald-700',
  yellow: 'text-amber-700',
  red: 'text-red-600',
  none: 'text-slate-500',
};

/** Streaks count the habit's own periods. */
const STREAK_UNIT: Record<CheckinTask['type'], string> = {
  daily: '天',
  weekly: '周',
  monthly: '个月',
};
const PERIOD_UNIT = { day: '天', week: '周', month: '个月' } as const;

const dayLabel = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8))}日`;

interface HabitCardProps {
  task: CheckinTask;
  /** This habit's check-ins, indexed once per change of the records (habitIndex). */
  index: HabitIndex<CheckinRecord>;
  month: string;
  today: string;
  onEdit: (task: CheckinTask) => void;
  onDelete: (task: CheckinTask) => void;
  onArchive: (task: CheckinTask) => void;
  /** Moves the habit up or down the list (absent for archived habits). */
  onMove?: (task: CheckinTask, delta: -1 | 1) => void;
  first?: boolean;
  last?: boolean;
}

/**
 * One habit. Memoised: a month switch or another habit's check-in leaves its props alone. The
 * streaks come from the index and do not depend on the month; the month's figures are a lookup.
 */
export const HabitCard = memo(function HabitCard({
  task,
  index,
  month,
  today,
  onEdit,
  onDelete,
  onArchive,
  onMove,
  first = false,
  last = false,
}: HabitCardProps) {
  const nameId = useId();
  const { toggle, processing, pressed } = useToggleCheckin(task.id);
  const { set: setDay, saving } = useSetCheckinDay(task.id);
  const rules = useMemo(() => habitRules(task), [task]);
  const measurable = rules.measurable;
  // The day a measurable habit's value is edited for: today, or a day picked in the calendar.
  const [picked, setPicked] = useState<string | null>(null);
  const [charts, setCharts] = useState(false);
  const byDate = useMemo(() => recordsByDate(index.records, index.keys), [index]);
  const summary = useMemo(
    () => habitSummary(task, index.records, today, byDate),
    [task, index, today, byDate],
  );
  // The habit's first day from its summary: a month switch does not pass over its records.
  const { start } = summary;
  const states = useMemo(() => {
    const map = new Map<string, DayState>();
    for (const date of monthCalendar(month)) {
      if (date) map.set(date, dayState(rules, byDate.get(date), date, today, start));
    }
    return map;
  }, [rules, byDate, start, month, today]);

  // Rest days count for nothing, and a habit with chosen weekdays is held to the month's
  // number of them (issue 60).
  const figures = useMemo(() => {
    const inMonth = recordsOfMonth(index, month).filter(
      (r) => !r.skipped && countsOn(rules, r.date),
    );
    const target = monthlyTargetFor(task, month);
    const rate = checkinRate(inMonth.length, target);
    return {
      count: inMonth.length,
      target,
      rate,
      colour: rateColour(rate),
      checked: new Set(inMonth.map((r) => r.date)),
    };
  }, [index, month, task, rules]);
  // A press shows its day at once, over the records, which have it a frame later.
  const shownStates = useMemo(() => {
    if (!pressed || !states.has(pressed.date)) return states;
    const { date } = pressed;
    const record = asPressed(pressed, date, byDate.get(date));
    return new Map(states).set(date, dayState(rules, record, date, today, start));
  }, [pressed, states, byDate, rules, today, start]);
  const shownChecked = useMemo(() => {
    if (!pressed || !states.has(pressed.date)) return figures.checked;
    const checked = new Set(figures.checked);
    if (pressed.checked) checked.add(pressed.date);
    else checked.delete(pressed.date);
    return checked;
  }, [pressed, states, figures.checked]);
  const todayRaw = asPressed(pressed, today, byDate.get(today));
  const todayRecord = todayRaw?.skipped ? undefined : todayRaw;
  // Today is not one of the habit's days: its button says so, never 今日已打卡.
  const restToday = !countsOn(rules, today);
  const unit = measurable ? PERIOD_UNIT[rules.period] : STREAK_UNIT[task.type];
  // Schedules, skips and vacations count for yes/no habits too (the spec's own streak, which
  // knows none of them, is the same for a habit that uses none).
  const streak = summary.streaks;

  // A skipped day is checked in by taking the skip back (one record per habit per day).
  const checkIn = (date: string) => {
    const record = byDate.get(date);
    if (record?.skipped) setDay({ date, existing: record, value: 1, skipped: false });
    else toggle({ date, existing: recordOn(index, date) ?? null });
  };
  const onToggle = () => checkIn(today);
  // Any past day the same way as today: a forgotten check-in is made up, a wrong one undone.
  // A measurable habit's day is picked instead, and its value typed below.
  // Stable, so that the memoised calendar skips the render of the toggle's 处理中... alone.
  const onToggleDay = useStableCallback((date: string) =>
    measurable ? setPicked(date) : checkIn(date),
  );
  const editDate = measurable && picked && picked <= today ? picked : today;
  const editRecord = byDate.get(editDate);
  const editUnit =
    editDate === today
      ? summary.current
      : summary.units.find((u) => u.start <= editDate && editDate <= u.end);
  const onSkip = () => {
    const record = byDate.get(editDate);
    if (record?.skipped) setDay({ date: editDate, existing: record, value: 0, skipped: false });
    else
      setDay({
        date: editDate,
        existing: record ?? null,
        value: record?.value ?? 0,
        skipped: true,
      });
  };
  const onDragStart = (event: React.DragEvent) => {
    event.dataTransfer.setData('text/habit-id', task.id);
    event.dataTransfer.effectAllowed = 'move';
  };

  return (
    <article
      aria-labelledby={nameId}
      data-habit-id={task.id}
      className="card below-fold flex flex-col gap-4 [--below-fold-height:30rem]"
    >
      <header className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="break-words font-semibold text-slate-900">
            {task.name}
          </h3>
          <div className="mt-1 flex flex-wrap gap-1.5 text-xs">
            <span className="rounded-full bg-blue-50 px-2 py-0.5 text-blue-700 ring-1 ring-blue-100">
              {labelOf(checkinCategoryLabels, task.category)}
            </span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-600">
              {measurable
                ? `${targetPeriodLabels[rules.period]}${targetTypeLabels[rules.targetType]} ${formatValue(rules.target)} ${task.unit ?? ''}`
                : labelOf(checkinTypeLabels, task.type)}
              {!measurable && task.type !== 'daily' && ` ${task.frequency} 次`}
            </span>
            {task.reminderTime && !task.archived && (
              <span className="inline-flex items-center gap-1 text-slate-500" title="提醒时间">
                {BELL}
                {task.reminderTime}
              </span>
            )}
          </div>
          {task.description && (
            <ClampedText
              text={task.description}
              lines={2}
              className="mt-1.5 break-words text-sm text-slate-500"
            >
              {task.description}
            </ClampedText>
          )}
        </div>
        <div className="flex shrink-0 gap-0.5">
          {onMove && (
            <span
              draggable
              onDragStart={onDragStart}
              className="btn-icon cursor-grab"
              title="拖动排序（键盘可用上移、下移）"
              aria-hidden="true"
            >
              {GRIP}
            </span>
          )}
          <EditButton item={task.name} onClick={() => onEdit(task)} />
          <DeleteButton item={task.name} onClick={() => onDelete(task)} />
        </div>
      </header>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        <span className="inline-flex items-center gap-1">
          {FLAME}
          连续 <strong className="tabular-nums text-slate-900">{streak.current}</strong> {unit}
        </span>
        <span className="inline-flex items-center gap-1">
          {TROPHY}
          最佳 <strong className="tabular-nums text-slate-900">{streak.best}</strong> {unit}
        </span>
        <HabitScore score={summary.score} />
      </div>

      {measurable ? (
        <MeasureControls
          task={task}
          rules={rules}
          date={editDate}
          dayLabel={editDate === today ? '今日' : dayLabel(editDate)}
          record={editRecord}
          unit={editUnit}
          saving={saving}
          onSet={(value, skipped) =>
            setDay({ date: editDate, existing: editRecord ?? null, value, skipped })
          }
        />
      ) : (
        <div>
          <div className="mb-1 flex items-baseline justify-between text-sm">
            <span className="text-slate-600">
              本月 <span className="tabular-nums">{figures.count}</span> / {figures.target} 次
            </span>
            <span className={`font-semibold tabular-nums ${RATE_TEXT[figures.colour]}`}>
              {figures.rate}%
            </span>
          </div>
          <div
            role="progressbar"
            aria-label="本月进度"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progressWidth(figures.rate)}
            aria-valuetext={`${figures.rate}%`}
            className="h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className={`h-full rounded-full transition-[width] ${BAR[figures.colour]}`}
              style={{ width: `${progressWidth(figures.rate)}%` }}
            />
          </div>
        </div>
      )}

      <MonthCalendar
        month={month}
        today={today}
        checked={shownChecked}
        name={task.name}
        onToggle={onToggleDay}
        states={shownStates}
        selected={measurable ? editDate : undefined}
      />

      <div className="flex flex-wrap items-center justify-between gap-2">
        <SkipButton
          name={editDate === today ? task.name : `${task.name} ${dayLabel(editDate)}`}
          skipped={editRecord?.skipped === true}
          disabled={saving}
          onClick={onSkip}
        />
        <button
          type="button"
          className="btn-ghost text-sm"
          aria-expanded={charts}
          onClick={() => setCharts((v) => !v)}
        >
          {charts ? '收起统计' : '强度走势与年度热力图'}
        </button>
        <CareActions task={task} first={first} last={last} onMove={onMove} onArchive={onArchive} />
      </div>
      {charts && (
        <Suspense fallback={<p className="text-sm text-slate-500">加载中…</p>}>
          <HabitCharts task={task} records={index.records} today={today} />
        </Suspense>
      )}

      {!measurable && (
        <button
          type="button"
          className={`mt-auto w-full ${restToday ? TOGGLE_LOOK.rest : todayRecord ? TOGGLE_LOOK.checked : TOGGLE_LOOK.unchecked}`}
          disabled={processing}
          aria-label={processing ? '处理中...' : toggleLabel(restToday, !!todayRecord)}
          aria-pressed={!!todayRecord}
          title={
            restToday ? REST_TITLE : todayRecord && !processing ? '再点一次取消今日打卡' : undefined
          }
          onClick={onToggle}
        >
          {processing ? (
            <>
              {SPINNER}
              处理中...
            </>
          ) : restToday ? (
            <>
              {todayRecord ? CHECKED : REST}
              <ShortLabel short="休息" long={toggleLabel(true, !!todayRecord)} />
            </>
          ) : todayRecord ? (
            <>
              {CHECKED}
              <ShortLabel short="已打卡" long="今日已打卡" />
            </>
          ) : (
            <>
              {UNCHECKED}
              <ShortLabel short="打卡" long="今日打卡" />
            </>
          )}
        </button>
      )}
    </article>
  );
});
