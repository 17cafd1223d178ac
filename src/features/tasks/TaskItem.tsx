import { CalendarDays } from 'lucide-react';
import { useId, useState } from 'react';
import { useToggleTask } from '../../api/tasks';
import { PendingMark } from '../../components/PendingMark';
import { DeleteButton, EditButton } from '../../components/RowActions';
import { labelOf, taskCategoryLabels, taskPriorityLabels } from '../../domain/schemas/categories';
import type { Task } from '../../domain/schemas/task';
import { dueLabel, isDueSoon, isOverdue } from '../../domain/tasks';
import { PRIORITY_STYLE } from './priority-style';

interface TaskItemProps {
  task: Task;
  today: string;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
  /** The task has changes not yet on the server. */
  pending: boolean;
}

/** One row of the list: completion box, title and badges, 编辑 and 删除. */
export function TaskItem({ task, today, onEdit, onDelete, pending }: TaskItemProps) {
  const titleId = useId();
  const toggle = useToggleTask();
  // The state on its way to the server, set in the click itself so the box never springs
  // back first. The call's onSettled runs after the list is refetched, so there is no flicker
  // back on success, and a failure shows the stored state again.
  const [sending, setSending] = useState<boolean | null>(null);
  const overdue = isOverdue(task, today);
  const soon = isDueSoon(task, today);
  const due = dueLabel(task, today);

  // SPEC §9: tasks due within 3 days stand out; an overdue one stands out more.
  const tone = overdue
    ? 'border-red-200 bg-red-50/60'
    : soon
      ? 'border-amber-300 bg-amber-50/70'
      : 'border-slate-200 bg-white';

  return (
    <li
      aria-labelledby={titleId}
      className={`flex items-start gap-3 rounded-xl border p-3 ${tone}`}
    >
      <input
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-blue-600 disabled:cursor-wait"
        checked={sending ?? task.completed}
        disabled={sending !== null}
        aria-labelledby={titleId}
        onChange={() => {
          setSending(!task.completed);
          toggle.mutate(task, { onSettled: () => setSending(null) });
        }}
      />
      <div className="min-w-0 flex-1">
        <p
          id={titleId}
          className={`break-words font-medium ${task.completed ? 'text-slate-500 line-through' : 'text-slate-900'}`}
        >
          {task.title}
        </p>
        {task.description && (
          <p className="mt-0.5 line-clamp-2 break-words text-sm text-slate-500">
            {task.description}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs">
          <span
            className={`rounded-full px-2 py-0.5 font-medium ring-1 ${PRIORITY_STYLE[task.priority].badge}`}
          >
            {labelOf(taskPriorityLabels, task.priority)}
          </span>
          <span className="rounded-full bg-blue-50 px-2 py-0.5 text-blue-700 ring-1 ring-blue-100">
            {labelOf(taskCategoryLabels, task.category)}
          </span>
          {task.dueDate && (
            <span className="inline-flex items-center gap-1 text-slate-500">
              <CalendarDays size={13} aria-hidden="true" />
              {task.dueDate}
            </span>
          )}
          {due && (
            <span
              className={`font-medium ${overdue ? 'text-red-600' : soon ? 'text-amber-700' : 'text-slate-500'}`}
            >
              {due}
            </span>
          )}
          {pending && <PendingMark />}
        </div>
      </div>
      <div className="flex shrink-0 gap-0.5">
        <EditButton onClick={() => onEdit(task)} />
        <DeleteButton onClick={() => onDelete(task)} />
      </div>
    </li>
  );
}
