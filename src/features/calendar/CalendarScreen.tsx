import { ChevronLeft, ChevronRight, ListPlus, ReceiptText } from 'lucide-react';
import { Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useAccounts } from '../../api/accounts';
import { useCategoryBook } from '../../api/categories';
import { useCheckinRecords } from '../../api/checkin-records';
import { useCheckinTasks } from '../../api/checkin-tasks';
import { useTasks } from '../../api/tasks';
import { useTimeRecords } from '../../api/time-records';
import { useWorkouts } from '../../api/workouts';
import { lazyWithRetry } from '../../components/lazy-with-retry';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useToday } from '../../components/useToday';
import {
  agendas,
  type CalendarLists,
  type DayAgenda,
  marksOf,
  monthDays,
  type ProjectDates,
  weekOf,
} from '../../domain/calendar';
import { addDays, addMonths } from '../../domain/dates';
import { DAY_STATE_LABELS } from '../../domain/habits';
import { formatCents } from '../../domain/money';
import { labelOf, timeCategoryLabels, workoutTypeLabels } from '../../domain/schemas/categories';
import { dayTitle } from '../../domain/today';

// 日历 (issue 59): every module by day, in a month (月) or a week (周) from Monday; a day's cell
// opens its agenda. Read from the device's copy of each list, so it works offline.

// The add dialogs bring the schemas (zod) with them: loaded at the first tap, not with the screen.
const AddTaskDialog = lazyWithRetry(() => import('./DayAddDialogs').then((m) => m.AddTaskDialog));
const AddEntryDialog = lazyWithRetry(() => import('./DayAddDialogs').then((m) => m.AddEntryDialog));

const WEEKDAY_HEADS = ['一', '二', '三', '四', '五', '六', '日'];

type View = 'month' | 'week';

/** The device's lists, once all are there (each is the engine's copy: offline too). */
function useLists(): { lists?: CalendarLists; local?: string } {
  const tasks = useTasks().data;
  const accounts = useAccounts().data;
  const workouts = useWorkouts().data;
  const timeRecords = useTimeRecords().data;
  const habits = useCheckinTasks().data;
  const records = useCheckinRecords().data;
  const lists = useMemo(
    () =>
      tasks && accounts && workouts && timeRecords && habits && records
        ? {
            tasks: tasks.items,
            accounts: accounts.items,
            workouts: workouts.items,
            timeRecords: timeRecords.items,
            habits: habits.items,
            checkinRecords: records.items,
          }
        : undefined,
    [tasks, accounts, workouts, timeRecords, habits, records],
  );
  const local = [tasks, accounts, workouts, timeRecords, habits, records].find((l) => l?.local);
  return { lists, local: local ? (local.error ?? '') : undefined };
}

/** The accessible name of a day cell: its date first (12月6日), then what it holds. */
function cellName(day: DayAgenda, today: string): string {
  const m = marksOf(day);
  const parts = [dayTitle(day.date).split(' ')[0]!];
  if (day.date === today) parts.push('今天');
  if (m.tasks) parts.push(`${m.tasks} 个任务`);
  if (m.habitsDone) parts.push(`${m.habitsDone} 个打卡`);
  if (m.entries) parts.push(`${m.entries} 笔收支`);
  if (m.expenseCents) parts.push(`支出 ${formatCents(m.expenseCents)}`);
  if (m.workouts) parts.push(`${m.workouts} 次运动`);
  if (m.focusMinutes) parts.push(`专注 ${m.focusMinutes} 分钟`);
  return parts.join('，');
}

const DOTS: readonly [keyof ReturnType<typeof marksOf>, string][] = [
  ['tasks', 'bg-blue-500'],
  ['habitsDone', 'bg-emerald-500'],
  ['workouts', 'bg-orange-500'],
  ['focusMinutes', 'bg-violet-500'],
];

function DayCell({
  day,
  today,
  selected,
  outside,
  tall,
  onPick,
}: {
  day: DayAgenda;
  today: string;
  selected: boolean;
  outside: boolean;
  tall: boolean;
  onPick: () => void;
}) {
  const m = marksOf(day);
  const isToday = day.date === today;
  return (
    <button
      type="button"
      aria-label={cellName(day, today)}
      aria-pressed={selected}
      onClick={onPick}
      className={`flex w-full flex-col items-stretch gap-0.5 rounded-lg border p-1 text-left transition-colors focus-visible:outline-2 focus-visible:outline-blue-500 ${
        tall ? 'min-h-24' : 'min-h-14 sm:min-h-20'
      } ${
        selected
          ? 'border-blue-500 bg-blue-50'
          : 'border-slate-200 hover:border-blue-300 hover:bg-slate-50'
      } ${outside ? 'opacity-50' : ''}`}
    >
      <span
        className={`flex h-6 w-6 items-center justify-center self-start rounded-full text-xs font-semibold tabular-nums ${
          isToday ? 'bg-blue-600 text-white' : 'text-slate-700'
        }`}
      >
        {Number(day.date.slice(8, 10))}
      </span>
      <span className="flex flex-wrap gap-0.5" aria-hidden="true">
        {DOTS.filter(([key]) => m[key] > 0).map(([key, colour]) => (
          <span key={key} className={`h-1.5 w-1.5 rounded-full ${colour}`} />
        ))}
      </span>
      {tall && day.tasks.length > 0 && (
        // The week's cells have room for what is due: the first few titles.
        <span className="flex flex-col gap-0.5" aria-hidden="true">
          {day.tasks.slice(0, 3).map(({ task, projected }) => (
            <span
              key={`${task.id}-${projected}`}
              className={`truncate rounded bg-blue-50 px-1 text-[11px] leading-4 text-blue-800 ${
                task.completed && !projected ? 'line-through opacity-60' : ''
              }`}
            >
              {task.title}
            </span>
          ))}
          {day.tasks.length > 3 && (
            <span className="text-[11px] text-slate-500">+{day.tasks.length - 3}</span>
          )}
        </span>
      )}
      {m.expenseCents > 0 && (
        <span
          className="truncate text-[10px] leading-tight text-red-600 tabular-nums sm:text-xs"
          aria-hidden="true"
        >
          -{formatCents(m.expenseCents).replace('¥', '')}
        </span>
      )}
    </button>
  );
}

function Agenda({ day, today }: { day: DayAgenda; today: string }) {
  const book = useCategoryBook();
  const titleId = useId();
  const [adding, setAdding] = useState<'task' | 'entry' | null>(null);
  const empty =
    !day.tasks.length &&
    !day.habits.length &&
    !day.entries.length &&
    !day.workouts.length &&
    !day.focus.length;
  return (
    <section className="card space-y-3" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {dayTitle(day.date)}
          {day.date === today && (
            <span className="ml-2 text-sm font-normal text-blue-700">今天</span>
          )}
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn-secondary px-3 py-1.5 text-sm"
            onClick={() => setAdding('task')}
          >
            <ListPlus size={16} aria-hidden="true" />
            添加任务
          </button>
          <button
            type="button"
            className="btn-secondary px-3 py-1.5 text-sm"
            onClick={() => setAdding('entry')}
          >
            <ReceiptText size={16} aria-hidden="true" />
            记一笔
          </button>
        </div>
      </div>
      {empty && <p className="text-sm text-slate-500">这一天还没有记录</p>}
      {day.tasks.length > 0 && (
        <AgendaPart title="任务">
          {day.tasks.map(({ task, projected, completedHere }) => (
            <li
              key={`${task.id}-${task.dueDate}-${completedHere}`}
              className="flex items-center gap-2"
            >
              <span
                className={`h-2 w-2 shrink-0 rounded-full ${task.completed && !projected ? 'bg-emerald-500' : 'bg-blue-500'}`}
                aria-hidden="true"
              />
              <span
                className={`min-w-0 flex-1 ${task.completed && !projected ? 'text-slate-500 line-through' : ''}`}
              >
                {task.title}
              </span>
              <span className="shrink-0 text-xs text-slate-500">
                {projected
                  ? '重复 · 预计'
                  : completedHere
                    ? '当天完成'
                    : task.completed
                      ? '已完成'
                      : task.dueTime || '待完成'}
              </span>
            </li>
          ))}
        </AgendaPart>
      )}
      {day.habits.length > 0 && (
        <AgendaPart title="打卡">
          {day.habits.map(({ habit, state, value }) => (
            <li key={habit.id} className="flex items-center justify-between gap-2">
              <span className="min-w-0 flex-1">{habit.name}</span>
              <span className="shrink-0 text-xs text-slate-500">
                {habit.kind === 'measurable' && value > 0 ? `${value}${habit.unit ?? ''} · ` : ''}
                {DAY_STATE_LABELS[state]}
              </span>
            </li>
          ))}
        </AgendaPart>
      )}
      {day.entries.length > 0 && (
        <AgendaPart
          title="收支"
          extra={`收入 ${formatCents(day.incomeCents)} · 支出 ${formatCents(day.expenseCents)}`}
        >
          {day.entries.map((e) => (
            <li key={e.id} className="flex items-center justify-between gap-2">
              <span className="min-w-0 flex-1 truncate">
                {book.label(e.type, e.category)}
                {e.description && <span className="text-slate-500"> · {e.description}</span>}
              </span>
              <span
                className={`shrink-0 tabular-nums ${e.type === 'expense' ? 'text-red-600' : 'text-emerald-600'}`}
              >
                {e.type === 'expense' ? '-' : '+'}
                {formatCents(Math.round(e.amount * 100))}
              </span>
            </li>
          ))}
        </AgendaPart>
      )}
      {day.workouts.length > 0 && (
        <AgendaPart title="运动">
          {day.workouts.map((w) => (
            <li key={w.id} className="flex justify-between gap-2">
              <span>{labelOf(workoutTypeLabels, w.type)}</span>
              <span className="text-xs text-slate-500 tabular-nums">{w.duration} 分钟</span>
            </li>
          ))}
        </AgendaPart>
      )}
      {day.focus.length > 0 && (
        <AgendaPart title="专注" extra={`共 ${day.focusMinutes} 分钟`}>
          {day.focus.map((r) => (
            <li key={r.id} className="flex justify-between gap-2">
              <span className="min-w-0 flex-1 truncate">
                {r.task}
                <span className="text-slate-500"> · {labelOf(timeCategoryLabels, r.category)}</span>
              </span>
              <span className="shrink-0 text-xs text-slate-500 tabular-nums">
                {Math.round(r.duration / 60)} 分钟
              </span>
            </li>
          ))}
        </AgendaPart>
      )}
      <Suspense fallback={null}>
        {adding === 'task' && <AddTaskDialog date={day.date} onClose={() => setAdding(null)} />}
        {adding === 'entry' && <AddEntryDialog date={day.date} onClose={() => setAdding(null)} />}
      </Suspense>
    </section>
  );
}

function AgendaPart({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <h3 id={id} className="flex justify-between gap-2 text-sm font-medium text-slate-500">
        {title}
        {extra && <span className="font-normal tabular-nums">{extra}</span>}
      </h3>
      <ul aria-labelledby={id} className="mt-1 space-y-1 text-sm text-slate-800">
        {children}
      </ul>
    </div>
  );
}

export function CalendarScreen() {
  useDocumentTitle('日历');
  const today = useToday();
  const [view, setView] = useState<View>('month');
  const [selected, setSelected] = useState(today);
  const { lists, local } = useLists();
  // Repeating tasks' future dates: the rrule library comes after the first paint.
  const [project, setProject] = useState<{ dates: ProjectDates }>();
  useEffect(() => {
    let live = true;
    void import('../../domain/calendar-repeats').then((m) => {
      if (live) setProject({ dates: m.projectedDates });
    });
    return () => {
      live = false;
    };
  }, []);
  const month = selected.slice(0, 7);
  const days = useMemo(
    () => (view === 'month' ? monthDays(month) : weekOf(selected)),
    [view, month, selected],
  );
  const first = days[0]!;
  const last = days.at(-1)!;
  const byDay = useMemo(
    () => (lists ? agendas(lists, first, last, today, project?.dates) : undefined),
    [lists, first, last, today, project],
  );
  const move = (step: number) =>
    setSelected((d) =>
      view === 'month' ? `${addMonths(d.slice(0, 7), step)}-01` : addDays(d, 7 * step),
    );
  const title =
    view === 'month'
      ? `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`
      : `${dayTitle(first).split(' ')[0]} – ${dayTitle(last).split(' ')[0]}`;
  const unit = view === 'month' ? '月' : '周';
  const agenda = byDay?.get(selected);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">日历</h1>
        <fieldset className="flex rounded-lg border border-slate-200 p-0.5" aria-label="视图">
          {(['month', 'week'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`rounded-md px-4 py-1.5 text-sm font-medium ${
                view === v ? 'bg-blue-600 text-white' : 'text-slate-600 hover:bg-slate-100'
              }`}
            >
              {v === 'month' ? '月' : '周'}
            </button>
          ))}
        </fieldset>
      </div>
      {local !== undefined && <OfflineNotice error={local || undefined} />}
      <div className="grid gap-4 wide:grid-cols-3">
        <section className="card wide:col-span-2 max-tablet:p-2" aria-label={title}>
          <div className="mb-2 flex items-center justify-between gap-2">
            <button
              type="button"
              className="btn-icon"
              aria-label={`上一${unit}`}
              onClick={() => move(-1)}
            >
              <ChevronLeft size={20} aria-hidden="true" />
            </button>
            <p className="font-semibold text-slate-900" aria-live="polite">
              {title}
            </p>
            <div className="flex items-center gap-1">
              <button
                type="button"
                className="btn-secondary px-3 py-1 text-sm"
                onClick={() => setSelected(today)}
              >
                今天
              </button>
              <button
                type="button"
                className="btn-icon"
                aria-label={`下一${unit}`}
                onClick={() => move(1)}
              >
                <ChevronRight size={20} aria-hidden="true" />
              </button>
            </div>
          </div>
          <div
            className="grid grid-cols-7 gap-1 text-center text-xs font-medium text-slate-500"
            aria-hidden="true"
          >
            {WEEKDAY_HEADS.map((d) => (
              <span key={d}>{d}</span>
            ))}
          </div>
          {!byDay ? (
            <Spinner />
          ) : (
            <ul className="mt-1 grid grid-cols-7 gap-1">
              {days.map((date) => (
                <li key={date}>
                  <DayCell
                    day={byDay.get(date)!}
                    today={today}
                    selected={date === selected}
                    outside={view === 'month' && !date.startsWith(month)}
                    tall={view === 'week'}
                    onPick={() => setSelected(date)}
                  />
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 flex flex-wrap gap-3 text-xs text-slate-500" aria-hidden="true">
            <span>
              <span className="mr-1 inline-block h-2 w-2 rounded-full bg-blue-500" />
              任务
            </span>
            <span>
              <span className="mr-1 inline-block h-2 w-2 rounded-full bg-emerald-500" />
              打卡
            </span>
            <span>
              <span className="mr-1 inline-block h-2 w-2 rounded-full bg-orange-500" />
              运动
            </span>
            <span>
              <span className="mr-1 inline-block h-2 w-2 rounded-full bg-violet-500" />
              专注
            </span>
            <span className="text-red-600">-金额 当天支出</span>
          </p>
        </section>
        {agenda && <Agenda day={agenda} today={today} />}
      </div>
    </div>
  );
}
