import { CheckCircle2, ChevronDown, Circle, Flame, Loader2, Moon } from 'lucide-react';
import { memo, useId, useMemo } from 'react';
import { type HabitIndex, recordOn } from '../../domain/checkin';
import { asPressed, countsOn, habitRules, habitSummary, recordsByDate } from '../../domain/habits';
import type { CheckinRecord, CheckinTask } from '../../domain/schemas/checkin';
import { SkipButton } from './HabitExtras';
import { REST_TITLE, TOGGLE_LOOK, toggleLabel } from './toggle-style';
import { useDayActions, WeekStrip } from './WeekStrip';

interface HabitRowProps {
  task: CheckinTask;
  index: HabitIndex<CheckinRecord>;
  today: string;
  expanded: boolean;
  onExpand: (task: CheckinTask) => void;
}

/**
 * A habit on a phone (issue 40): its name, the last 7 days, the streak, 习惯强度, 跳过 and one
 * tap for today. The name opens the spec's card with its month calendar.
 */
export const HabitRow = memo(function HabitRow({
  task,
  index,
  today,
  expanded,
  onExpand,
}: HabitRowProps) {
  const nameId = useId();
  const actions = useDayActions(task.id);
  const { toggle, processing, pressed, setDay, saving } = actions;
  const rules = useMemo(() => habitRules(task), [task]);
  const byDate = useMemo(() => recordsByDate(index.records, index.keys), [index]);
  const summary = useMemo(
    () => habitSummary(task, index.records, today, byDate),
    [task, index, today, byDate],
  );
  const todayRaw = byDate.get(today);
  // A press shows today at once, over the records, which have it a frame later.
  const shownToday = asPressed(pressed, today, todayRaw);
  const doneToday = shownToday !== undefined && !shownToday.skipped;
  // Today is not one of the habit's days: the button says so, never 今日已打卡 (issue 60).
  const restToday = !countsOn(rules, today);
  const unitName = task.unit ?? '';

  const onToday = () => {
    if (rules.measurable) {
      const value = todayRaw && !todayRaw.skipped ? (todayRaw.value ?? 1) : 0;
      setDay({ date: today, existing: todayRaw ?? null, value: value + 1, skipped: false });
    } else if (todayRaw?.skipped) {
      setDay({ date: today, existing: todayRaw, value: 1, skipped: false });
    } else {
      toggle({ date: today, existing: recordOn(index, today) ?? null });
    }
  };
  const onSkip = () =>
    todayRaw?.skipped
      ? setDay({ date: today, existing: todayRaw, value: 0, skipped: false })
      : setDay({
          date: today,
          existing: todayRaw ?? null,
          value: todayRaw?.value ?? 0,
          skipped: true,
        });
  const streakUnit = rules.period === 'week' ? '周' : rules.period === 'month' ? '个月' : '天';
  const todayValue = todayRaw && !todayRaw.skipped ? (todayRaw.value ?? 1) : 0;

  return (
    <li aria-labelledby={nameId} className="card flex flex-col gap-2 p-3">
      <div className="flex items-center gap-2">
        <button
          type="button"
          id={nameId}
          className="flex min-w-0 flex-1 items-center gap-1 text-left font-semibold text-slate-900"
          aria-expanded={expanded}
          onClick={() => onExpand(task)}
        >
          <span className="truncate">{task.name}</span>
          <ChevronDown
            size={16}
            aria-hidden="true"
            className={`shrink-0 text-slate-500 transition-transform ${expanded ? 'rotate-180' : ''}`}
          />
        </button>
        <span className="inline-flex shrink-0 items-center gap-0.5 text-xs text-slate-600">
          <Flame size={14} className="text-orange-500" aria-hidden="true" />
          连续 {summary.streaks.current} {streakUnit}
        </span>
        <span
          className="shrink-0 text-xs text-slate-600"
          title="习惯强度综合最近的打卡，越近分量越重；跳过、休假不计入"
        >
          习惯强度 {summary.score}%
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <WeekStrip
          task={task}
          rules={rules}
          index={index}
          today={today}
          start={summary.start}
          actions={actions}
        />
        <SkipButton
          name={task.name}
          skipped={todayRaw?.skipped === true}
          disabled={saving}
          onClick={onSkip}
          compact
        />
        {rules.measurable ? (
          <button
            type="button"
            className="btn-primary shrink-0 px-3 py-1"
            disabled={saving}
            aria-label="+1"
            title={`今日 ${todayValue} ${unitName}，加 1`}
            onClick={onToday}
          >
            +1
          </button>
        ) : (
          <button
            type="button"
            className={`shrink-0 px-2 py-1 ${restToday ? TOGGLE_LOOK.rest : doneToday ? TOGGLE_LOOK.checked : TOGGLE_LOOK.unchecked}`}
            disabled={processing}
            aria-label={
              processing ? '处理中...' : `${toggleLabel(restToday, doneToday)} ${task.name}`
            }
            aria-pressed={doneToday}
            title={restToday ? REST_TITLE : undefined}
            onClick={onToday}
          >
            {processing ? (
              <Loader2 size={16} className="animate-spin" aria-hidden="true" />
            ) : doneToday ? (
              <CheckCircle2 size={16} aria-hidden="true" />
            ) : restToday ? (
              <Moon size={16} aria-hidden="true" />
            ) : (
              <Circle size={16} aria-hidden="true" />
            )}
          </button>
        )}
      </div>
      {rules.measurable && (
        <p className="text-xs text-slate-500">
          今日 {todayValue} {unitName}
        </p>
      )}
    </li>
  );
});
