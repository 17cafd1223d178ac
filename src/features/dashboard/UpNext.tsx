import { BellRing } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTasks } from '../../api/tasks';
import { upcomingReminders } from '../../domain/today';

const hhmm = (d: Date) =>
  `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

/** The time of day, 'HH:mm', moving on each minute: a reminder that has rung leaves the list. */
function useMinute(): string {
  const [time, setTime] = useState(() => hhmm(new Date()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setTime(hhmm(new Date()));
      timer = setTimeout(tick, 60_000 - (Date.now() % 60_000));
    };
    timer = setTimeout(tick, 60_000 - (Date.now() % 60_000));
    return () => clearTimeout(timer);
  }, []);
  return time;
}

/** 接下来: the next three reminders still to ring today, with their times. */
export function UpNext({ today }: { today: string }) {
  const titleId = useId();
  const time = useMinute();
  const { data } = useTasks();
  const items = data?.items;
  const next = useMemo(
    () => (items ? upcomingReminders(items, today, time) : []),
    [items, today, time],
  );
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="mb-1 text-lg font-semibold text-slate-900">
        接下来
      </h2>
      {next.length === 0 ? (
        <p className="py-2 text-sm text-slate-500">今天没有待响的提醒</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {next.map((r) => (
            <li key={`${r.taskId}-${r.at}`} className="flex items-center gap-3 py-2">
              <BellRing size={16} className="shrink-0 text-amber-500" aria-hidden="true" />
              <span className="w-12 shrink-0 font-medium text-slate-900 tabular-nums">{r.at}</span>
              <span className="min-w-0 flex-1 truncate text-slate-700">{r.title}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
