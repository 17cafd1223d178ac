import { CheckCircle2, Circle, Flame, Loader2, Trophy } from 'lucide-react';
import { memo, useId, useMemo } from 'react';
import { useToggleCheckin } from '../../api/checkin-records';
import { DeleteButton, EditButton } from '../../components/RowActions';
import {
  checkinRate,
  type HabitIndex,
  progressWidth,
  type RateColour,
  rateColour,
  recordOn,
  recordsOfMonth,
  streakUpTo,
} from '../../domain/checkin';
import { checkinCategoryLabels, checkinTypeLabels, labelOf } from '../../domain/schemas/categories';
import type { CheckinRecord, CheckinTask } from '../../domain/schemas/checkin';
import { MonthCalendar } from './MonthCalendar';
import { ShortLabel } from './ShortLabel';

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

interface HabitCardProps {
  task: CheckinTask;
  /** This habit's check-ins, indexed once per change of the records (habitIndex). */
  index: HabitIndex<CheckinRecord>;
  month: string;
  today: string;
  onEdit: (task: CheckinTask) => void;
  onDelete: (task: CheckinTask) => void;
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
}: HabitCardProps) {
  const nameId = useId();
  const { toggle, processing } = useToggleCheckin(task.id);

  const streaks = useMemo(
    () => ({ current: streakUpTo(task.type, index.kept, today), best: index.best }),
    [task.type, index, today],
  );
  const figures = useMemo(() => {
    const inMonth = recordsOfMonth(index, month);
    const rate = checkinRate(inMonth.length, task.monthlyTarget);
    return {
      count: inMonth.length,
      rate,
      colour: rateColour(rate),
      checked: new Set(inMonth.map((r) => r.date)),
      ...streaks,
    };
  }, [index, month, task.monthlyTarget, streaks]);
  const todayRecord = recordOn(index, today);
  const unit = STREAK_UNIT[task.type];

  const onToggle = () => toggle({ date: today, existing: todayRecord ?? null });
  // Any past day the same way as today: a forgotten check-in is made up, a wrong one undone.
  const onToggleDay = (date: string) => toggle({ date, existing: recordOn(index, date) ?? null });

  return (
    <article
      aria-labelledby={nameId}
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
              {labelOf(checkinTypeLabels, task.type)}
              {task.type !== 'daily' && ` ${task.frequency} 次`}
            </span>
          </div>
          {task.description && (
            <p className="mt-1.5 line-clamp-2 break-words text-sm text-slate-500">
              {task.description}
            </p>
          )}
        </div>
        <div className="flex shrink-0 gap-0.5">
          <EditButton onClick={() => onEdit(task)} />
          <DeleteButton onClick={() => onDelete(task)} />
        </div>
      </header>

      <div className="flex gap-4 text-sm text-slate-600">
        <span className="inline-flex items-center gap-1">
          <Flame size={16} className="text-orange-500" aria-hidden="true" />
          连续 <strong className="tabular-nums text-slate-900">{figures.current}</strong> {unit}
        </span>
        <span className="inline-flex items-center gap-1">
          <Trophy size={16} className="text-amber-500" aria-hidden="true" />
          最佳 <strong className="tabular-nums text-slate-900">{figures.best}</strong> {unit}
        </span>
      </div>

      <div>
        <div className="mb-1 flex items-baseline justify-between text-sm">
          <span className="text-slate-600">
            本月 <span className="tabular-nums">{figures.count}</span> / {task.monthlyTarget} 次
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

      <MonthCalendar
        month={month}
        today={today}
        checked={figures.checked}
        name={task.name}
        onToggle={onToggleDay}
      />

      <button
        type="button"
        className={`mt-auto w-full ${
          todayRecord
            ? 'btn border border-emerald-200 bg-emerald-50 text-emerald-700 hover:bg-emerald-100'
            : 'btn-primary'
        }`}
        disabled={processing}
        aria-label={processing ? '处理中...' : todayRecord ? '今日已打卡' : '今日打卡'}
        title={todayRecord && !processing ? '再点一次取消今日打卡' : undefined}
        onClick={onToggle}
      >
        {processing ? (
          <>
            <Loader2 size={16} className="animate-spin" aria-hidden="true" />
            处理中...
          </>
        ) : todayRecord ? (
          <>
            <CheckCircle2 size={16} aria-hidden="true" />
            <ShortLabel short="已打卡" long="今日已打卡" />
          </>
        ) : (
          <>
            <Circle size={16} aria-hidden="true" />
            <ShortLabel short="打卡" long="今日打卡" />
          </>
        )}
      </button>
    </article>
  );
});
