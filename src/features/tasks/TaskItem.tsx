import { CalendarDays } from 'lucide-react';
import { memo, useId } from 'react';
import { PendingMark } from '../../components/PendingMark';
import { DeleteButton, EditButton } from '../../components/RowActions';
import { formatShortDate } from '../../domain/dates';
import { labelOf, taskCategoryLabels, taskPriorityLabels } from '../../domain/schemas/categories';
import type { Task } from '../../domain/schemas/task';
import { dueLabel, isCountdown, isDueSoon, isOverdue } from '../../domain/tasks';
import { PRIORITY_STYLE } from './priority-style';

interface TaskItemProps {
  task: Task;
  today: string;
  /** The completion on its way to the server, set in the click itself; null when none is. */
  sending: boolean | null;
  onToggle: (task: Task) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
  /** The task has changes not yet on the server. */
  pending: boolean;
  /** Its place in the whole list, for the list's virtual rows (aria-posinset). */
  position: number;
  size: number;
  /** The list measures each row it places (a virtual list's measureElement). */
  measure: (row: HTMLLIElement | null) => void;
}

/**
 * One row of the list: completion box, title and badges, 编辑 and 删除. Memoised and without
 * hooks of its own beyond an id: the list owns the mutations and hands down stable callbacks,
 * so a change elsewhere in the list does not render this row again.
 */
export const TaskItem = memo(function TaskItem({
  task,
  today,
  sending,
  onToggle,
  onEdit,
  onDelete,
  pending,
  position,
  size,
  measure,
}: TaskItemProps) {
  const titleId = useId();
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
      ref={measure}
      data-index={position - 1}
      aria-labelledby={titleId}
      aria-posinset={position}
      aria-setsize={size}
      className={`flex items-start gap-3 rounded-xl border p-3 ${tone}`}
    >
      <input
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-blue-600 disabled:cursor-wait"
        checked={sending ?? task.completed}
        disabled={sending !== null}
        aria-labelledby={titleId}
        onChange={() => onToggle(task)}
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
              <time dateTime={task.dueDate}>{formatShortDate(task.dueDate, today)}</time>
            </span>
          )}
          {/* Beyond a month the label would only repeat the date beside it. */}
          {due && isCountdown(task, today) && (
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
});
