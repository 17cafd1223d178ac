import { Archive, ArchiveRestore, ArrowDown, ArrowUp, SkipForward } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import type { HabitRules, Unit } from '../../domain/habits';
import { targetTypeLabels } from '../../domain/schemas/categories';
import type { CheckinRecord, CheckinTask } from '../../domain/schemas/checkin';

// Icons made once: a card or row drawn again (a check-in, a toggle) keeps them as they are.
const SKIP = <SkipForward size={14} aria-hidden="true" />;
const UP = <ArrowUp size={16} aria-hidden="true" />;
const DOWN = <ArrowDown size={16} aria-hidden="true" />;
const RESTORE = <ArchiveRestore size={16} aria-hidden="true" />;
const ARCHIVE = <Archive size={16} aria-hidden="true" />;

/** What a period is called beside its sum: 今日 3 / 8 杯, 本周 12 / 20 公里. */
const PERIOD_NOW = { day: '今日', week: '本周', month: '本月' } as const;

/**
 * The period the controls show, named by the day picked (issue 60: after picking 12月2日 the
 * header still said 今日): 12月2日 9 / 至少 8 杯, 11月30日起一周, 11月; 今日/本周/本月 for today.
 */
function periodName(period: keyof typeof PERIOD_NOW, date: string, dayLabel: string, unit?: Unit) {
  if (period === 'day') return dayLabel;
  if (dayLabel === PERIOD_NOW.day) return PERIOD_NOW[period];
  if (period === 'month') return `${Number(date.slice(5, 7))}月`;
  const from = unit?.start ?? date;
  return `${Number(from.slice(5, 7))}月${Number(from.slice(8))}日起一周`;
}

/** A number as typed back: no trailing zeros, at most two decimals. */
export const formatValue = (value: number) => String(Math.round(value * 100) / 100);

/**
 * 习惯强度 N%, with a short explanation a tap away (Loop's users asked what the score means).
 */
export function HabitScore({ score }: { score: number }) {
  return (
    <details className="group relative text-sm text-slate-600">
      <summary className="cursor-pointer list-none rounded px-1 underline decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-blue-500">
        习惯强度 <strong className="tabular-nums text-slate-900">{score}%</strong>
      </summary>
      <p className="absolute left-0 z-10 mt-1 w-64 max-w-[80vw] rounded-md border border-slate-200 bg-white p-2 text-xs leading-relaxed text-slate-600 shadow-lg">
        习惯强度综合最近的打卡：越近的日子分量越重，约 13
        天前的只算一半。偶尔漏一天只会小幅下降，长期坚持会逐渐接近
        100%。跳过、休假和不需要打卡的日子不计入。
      </p>
    </details>
  );
}

interface DayControlsProps {
  task: CheckinTask;
  rules: HabitRules;
  /** The day being edited ('YYYY-MM-DD') and its label (今日, 11月3日). */
  date: string;
  dayLabel: string;
  record: CheckinRecord | undefined;
  /** The unit holding the day, for 本周 12 / 20 公里. */
  unit: Unit | undefined;
  saving: boolean;
  onSet: (value: number, skipped: boolean) => void;
}

/** A measurable habit's day: +1, a typed value, and the period's sum against its target. */
export function MeasureControls({
  task,
  rules,
  date,
  dayLabel,
  record,
  unit,
  saving,
  onSet,
}: DayControlsProps) {
  const value = record && !record.skipped ? (record.value ?? 1) : 0;
  const [typed, setTyped] = useState(formatValue(value));
  const [error, setError] = useState('');
  // A new day, or the value changed elsewhere (+1, another device): the box follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: date is what resets it
  useEffect(() => {
    setTyped(formatValue(value));
    setError('');
  }, [value, date]);
  const unitName = task.unit || '';
  const inputId = `value-${task.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    const next = Number(text);
    if (text === '' || !Number.isFinite(next) || next < 0) {
      setError('请输入不小于 0 的数字');
      return;
    }
    if (next > 1_000_000) {
      setError('数值不能超过 1000000');
      return;
    }
    setError('');
    onSet(Math.round(next * 100) / 100, false);
  };

  const period = rules.period;
  const shown = periodName(period, date, dayLabel, unit);
  const sum = unit?.sum ?? value;
  const target = unit?.target ?? rules.target;
  const reached = rules.targetType === 'atMost' ? sum <= target : sum >= target;
  const width = Math.min(100, target > 0 ? (sum / target) * 100 : 0);
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between text-sm">
        <span className="text-slate-600">
          {shown} <span className="tabular-nums">{formatValue(sum)}</span> /{' '}
          {targetTypeLabels[rules.targetType]} {formatValue(target)} {unitName}
        </span>
        <span className={`text-xs ${reached ? 'text-emerald-700' : 'text-slate-500'}`}>
          {reached
            ? rules.targetType === 'atMost'
              ? '未超出'
              : '已达标'
            : rules.targetType === 'atMost'
              ? '已超出'
              : '未达标'}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${shown}进度`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width)}
        aria-valuetext={`${formatValue(sum)} / ${formatValue(target)} ${unitName}`}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={`h-full rounded-full ${reached ? 'bg-emerald-600' : rules.targetType === 'atMost' ? 'bg-red-500' : 'bg-blue-500'}`}
          style={{ width: `${width}%` }}
        />
      </div>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
        <button
          type="button"
          className="btn-primary min-w-12"
          disabled={saving}
          aria-label="+1"
          title={`${dayLabel}加 1 ${unitName}`}
          onClick={() => onSet(Math.round((value + 1) * 100) / 100, false)}
        >
          +1
        </button>
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="block text-xs text-slate-600">
            {dayLabel}数值{unitName && `（${unitName}）`}
          </label>
          <input
            id={inputId}
            className="input w-full"
            inputMode="decimal"
            value={typed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-secondary" disabled={saving}>
          记录
        </button>
        {error && (
          <p id={`${inputId}-error`} role="alert" className="w-full text-xs text-red-600">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}

/** 跳过 (or 取消跳过) for a day: neither done nor missed. */
export function SkipButton({
  name,
  skipped,
  disabled,
  onClick,
  compact = false,
}: {
  name: string;
  skipped: boolean;
  disabled?: boolean;
  onClick: () => void;
  compact?: boolean;
}) {
  const label = skipped ? '取消跳过' : '跳过';
  return (
    <button
      type="button"
      className={`btn-secondary ${compact ? 'px-2 py-1 text-xs' : ''}`}
      disabled={disabled}
      aria-pressed={skipped}
      title={`${label}今天的「${name}」：不算完成，也不算漏打`}
      onClick={onClick}
    >
      {SKIP}
      {label}
    </button>
  );
}

/** Reorder (the keyboard's way; the mouse can drag) and archive, named with the habit. */
export function CareActions({
  task,
  first,
  last,
  onMove,
  onArchive,
}: {
  task: CheckinTask;
  first: boolean;
  last: boolean;
  onMove?: (task: CheckinTask, delta: -1 | 1) => void;
  onArchive: (task: CheckinTask) => void;
}) {
  const archived = task.archived === true;
  return (
    <div className="flex items-center gap-0.5">
      {onMove && !archived && (
        <>
          <button
            type="button"
            className="btn-icon"
            aria-label={`上移 ${task.name}`}
            title="上移"
            disabled={first}
            onClick={() => onMove(task, -1)}
          >
            {UP}
          </button>
          <button
            type="button"
            className="btn-icon"
            aria-label={`下移 ${task.name}`}
            title="下移"
            disabled={last}
            onClick={() => onMove(task, 1)}
          >
            {DOWN}
          </button>
        </>
      )}
      <button
        type="button"
        className="btn-icon"
        aria-label={`${archived ? '取消归档' : '归档'} ${task.name}`}
        title={archived ? '取消归档：回到每日列表' : '归档：离开每日列表，保留全部记录'}
        onClick={() => onArchive(task)}
      >
        {archived ? RESTORE : ARCHIVE}
      </button>
    </div>
  );
}
