import { Check, Plus } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useCheckinRecords, useSetCheckinDay, useToggleCheckin } from '../../api/checkin-records';
import { useCheckinTasks } from '../../api/checkin-tasks';
import { Spinner } from '../../components/Spinner';
import { type TodayHabit, todayHabits } from '../../domain/today';

/** 'value/target unit' for a measurable habit: '3/8 杯'. */
const progressText = (h: TodayHabit) =>
  `${h.value}/${h.habit.target ?? 1}${h.habit.unit ? ` ${h.habit.unit}` : ''}`;

function HabitRow({ entry, today }: { entry: TodayHabit; today: string }) {
  const { habit, record, done, value } = entry;
  const { toggle, processing } = useToggleCheckin(habit.id);
  const { set, saving } = useSetCheckinDay(habit.id);
  const measurable = habit.kind === 'measurable';
  // A skipped day holds a record too: checking in replaces it, as 打卡管理's toggle does.
  const existing = record && !record.skipped ? record : null;
  return (
    <li className="flex items-center gap-3 py-2.5">
      <button
        type="button"
        aria-pressed={done}
        aria-label={`${done ? '取消打卡' : '打卡'} ${habit.name}`}
        disabled={processing}
        onClick={() => {
          if (record?.skipped) set({ date: today, existing: record, value: 1, skipped: false });
          else toggle({ date: today, existing });
        }}
        className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 transition-colors disabled:cursor-wait ${
          done
            ? 'border-emerald-500 bg-emerald-500 text-white'
            : 'border-slate-300 text-transparent hover:border-emerald-400'
        }`}
      >
        <Check size={18} aria-hidden="true" />
      </button>
      <div className="min-w-0 flex-1">
        <p className={`break-words ${done ? 'text-slate-500' : 'text-slate-900'}`}>{habit.name}</p>
        <p className="text-xs text-slate-500 tabular-nums">
          {measurable ? progressText(entry) : done ? '已打卡' : '待打卡'}
        </p>
      </div>
      {measurable && (
        <button
          type="button"
          className="btn-secondary shrink-0 px-2.5 py-1 text-sm"
          aria-label={`${habit.name} +1`}
          disabled={saving}
          onClick={() =>
            set({ date: today, existing: record ?? null, value: value + 1, skipped: false })
          }
        >
          <Plus size={14} aria-hidden="true" />1
        </button>
      )}
    </li>
  );
}

/** 今日打卡: the habits due today; one tap checks in, and one more undoes it. */
export function TodayHabits({ today }: { today: string }) {
  const titleId = useId();
  const habits = useCheckinTasks();
  const records = useCheckinRecords();
  const listed = useMemo(
    () =>
      habits.data && records.data
        ? todayHabits(habits.data.items, records.data.items, today)
        : undefined,
    [habits.data, records.data, today],
  );
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="mb-1 flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          今日打卡
          {listed && listed.length > 0 && (
            <span className="ml-2 text-sm font-normal text-slate-500 tabular-nums">
              {listed.filter((h) => h.done).length}/{listed.length}
            </span>
          )}
        </h2>
        <Link to="/checkin" className="text-sm font-medium text-blue-700 hover:underline">
          打卡管理
        </Link>
      </div>
      {!listed ? (
        <Spinner />
      ) : listed.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500">今天没有要打卡的习惯</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {listed.map((entry) => (
            <HabitRow key={entry.habit.id} entry={entry} today={today} />
          ))}
        </ul>
      )}
    </section>
  );
}
