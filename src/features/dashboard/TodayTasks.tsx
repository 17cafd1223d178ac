import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTasks, useToggleTask } from '../../api/tasks';
import { Spinner } from '../../components/Spinner';
import type { Task } from '../../domain/schemas/task';
import { type TodayTask, todayTasks } from '../../domain/today';

const PRIORITY_DOT: Record<Task['priority'], string> = {
  high: 'bg-red-500',
  medium: 'bg-amber-400',
  low: 'bg-slate-300',
};

function TaskRow({
  entry,
  onToggle,
}: {
  entry: TodayTask<Task>;
  onToggle: (t: Task, settled: () => void) => void;
}) {
  const { task, group } = entry;
  const titleId = useId();
  // The tick shows in its own frame; the list follows once the change is stored.
  // Until the list has the change: the press, while the task is still as it was pressed from.
  const [pressed, setPressed] = useState<{ from: boolean } | null>(null);
  const done = pressed?.from === task.completed ? !task.completed : task.completed;
  return (
    <li className="flex items-start gap-3 py-2.5">
      <input
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-blue-600"
        checked={done}
        aria-labelledby={titleId}
        onChange={() => {
          setPressed({ from: task.completed });
          // Settled either way: a refused change is taken back, and so is the press.
          onToggle(task, () => setPressed(null));
        }}
      />
      <div className="min-w-0 flex-1">
        <p
          id={titleId}
          className={`break-words ${done ? 'text-slate-400 line-through' : 'text-slate-900'}`}
        >
          {task.title}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <span
            className={`h-2 w-2 rounded-full ${PRIORITY_DOT[task.priority]}`}
            aria-hidden="true"
          />
          {group === 'overdue' && !done && (
            <span className="rounded bg-red-50 px-1.5 py-0.5 font-medium text-red-700">已逾期</span>
          )}
          {group === 'overdue' && <span className="tabular-nums">{task.dueDate.slice(5)}</span>}
          {task.dueTime && <span className="tabular-nums">{task.dueTime}</span>}
          {task.repeat && <span>重复</span>}
        </p>
      </div>
    </li>
  );
}

/** 今日任务: overdue, then timed, then untimed; a tick completes in place (domain/today.ts). */
export function TodayTasks({ today }: { today: string }) {
  const titleId = useId();
  const { data, isPending } = useTasks();
  const toggle = useToggleTask();
  const items = data?.items;
  const listed = useMemo(() => (items ? todayTasks(items, today) : []), [items, today]);
  const open = listed.filter((t) => !t.task.completed).length;
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="mb-1 flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          今日任务
          {listed.length > 0 && (
            <span className="ml-2 text-sm font-normal text-slate-500 tabular-nums">
              {open} 项待完成
            </span>
          )}
        </h2>
        <Link to="/tasks" className="text-sm font-medium text-blue-700 hover:underline">
          查看全部
        </Link>
      </div>
      {isPending && !data ? (
        <Spinner />
      ) : listed.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500">今天没有任务</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {listed.map((entry) => (
            <TaskRow
              key={entry.task.id}
              entry={entry}
              onToggle={(t, settled) => toggle.mutate(t, { onSettled: settled })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
