import { type MouseEvent, memo, useCallback, useId, useState } from 'react';
import { ClampedText } from '../../components/ClampedText';
import { PendingMark } from '../../components/PendingMark';
import { DeleteButton, EditButton } from '../../components/RowActions';
import { formatShortDate } from '../../domain/dates';
import { labelOf, taskCategoryLabels, taskPriorityLabels } from '../../domain/schemas/categories';
import type { Task } from '../../domain/schemas/task';
import {
  dueLabel,
  type FullTask,
  isCountdown,
  isDueSoon,
  isOverdue,
  type PostponeTarget,
  subtaskProgress,
} from '../../domain/tasks';
import { PRIORITY_STYLE } from './priority-style';

// CSS icons (index.css): a row is mounted by the dozen as a list changes, and each Lucide SVG
// was up to eleven elements to build, style and lay out, more than half of a row's.
// Made once, so a row drawn again (its toggle, a minute's tick) keeps them as they are.
const CALENDAR = <span className="icon-[lucide--calendar-days] size-[13px]" aria-hidden="true" />;
const BELL = <span className="icon-[lucide--bell] size-[13px]" role="img" aria-label="提醒" />;
const REPEAT = <span className="icon-[lucide--repeat] size-[13px]" role="img" aria-label="重复" />;
const SUBTASKS = <span className="icon-[lucide--list-checks] size-[13px]" aria-hidden="true" />;
const TIMER = <span className="icon-[lucide--timer] size-[13px]" aria-hidden="true" />;

interface TaskItemProps {
  task: FullTask;
  today: string;
  /** 'HH:mm' now: a task due today at an earlier time is overdue. */
  time: string;
  onSkip: (task: Task) => void;
  onPostpone: (task: Task, to: PostponeTarget) => void;
  /** The completion on its way to the server, set in the click itself; null when none is. */
  sending: boolean | null;
  onToggle: (task: Task) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
  /** Takes the row's 专注 link through the router (useFollowLink). */
  onFollow: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** The task has changes not yet on the server. */
  pending: boolean;
  /** Its place in the whole list, for the list's virtual rows (aria-posinset). */
  position: number;
  size: number;
  /** The list measures each row it places (a virtual list's measureElement). */
  measure: (row: HTMLLIElement | null) => void;
  /** The row's key in the list (row-slots.ts): its DOM shows the next task when this leaves. */
  slot: number;
}

/**
 * One row of the list: completion box, title and badges, 编辑 and 删除. Memoised and without
 * hooks of its own beyond an id: the list owns the mutations and hands down stable callbacks,
 * so a change elsewhere in the list does not render this row again.
 */
export const TaskItem = memo(function TaskItem({
  task,
  today,
  time,
  onSkip,
  onPostpone,
  sending,
  onToggle,
  onEdit,
  onDelete,
  onFollow,
  pending,
  position,
  size,
  measure,
  slot,
}: TaskItemProps) {
  const titleId = useId();
  // Measured again for each task the row shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new task is a new measure
  const measured = useCallback((row: HTMLLIElement | null) => measure(row), [measure, task.id]);
  const overdue = isOverdue(task, today, time);
  const progress = subtaskProgress(task.subtasks);
  const soon = isDueSoon(task, today);
  const due = dueLabel(task, today);

  // SPEC §9: tasks due within 3 days stand out; an overdue one stands out more.
  const tone = overdue
    ? 'border-red-200 bg-red-50/60'
    : soon
      ? 'border-amber-300 bg-amber-50/70'
      : 'border-slate-200 bg-white';
  // Finished rows are struck through and dimmed, but stay readable (and clickable).
  const shownDone = sending ?? task.completed;
  const done = shownDone ? 'opacity-60' : '';

  return (
    <li
      ref={measured}
      data-index={position - 1}
      data-slot={slot}
      aria-labelledby={titleId}
      aria-posinset={position}
      aria-setsize={size}
      className={`flex min-w-0 items-start gap-3 rounded-xl border p-3 ${tone} ${done}`}
    >
      <input
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-blue-600 disabled:cursor-wait"
        checked={shownDone}
        disabled={sending !== null}
        aria-labelledby={titleId}
        onChange={() => onToggle(task)}
      />
      <div className="min-w-0 flex-1">
        <p
          id={titleId}
          className={`font-medium [overflow-wrap:anywhere] ${shownDone ? 'text-slate-500 line-through' : 'text-slate-900'}`}
        >
          {task.title}
        </p>
        {task.description && (
          <ClampedText
            key={task.id}
            text={task.description}
            lines={2}
            className="mt-0.5 text-sm text-slate-500 [overflow-wrap:anywhere]"
          >
            {task.description}
          </ClampedText>
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
              {CALENDAR}
              <time dateTime={task.dueTime ? `${task.dueDate}T${task.dueTime}` : task.dueDate}>
                {formatShortDate(task.dueDate, today)}
                {task.dueTime && ` ${task.dueTime}`}
              </time>
            </span>
          )}
          {task.dueDate && !task.completed && (task.reminders?.length ?? 0) > 0 && (
            <span className="inline-flex items-center text-slate-500" title="已设提醒">
              {BELL}
            </span>
          )}
          {task.repeat && (
            <span className="inline-flex items-center text-slate-500" title="重复任务">
              {REPEAT}
            </span>
          )}
          {progress && (
            <span
              className="inline-flex items-center gap-1 text-slate-500 tabular-nums"
              title="子任务"
            >
              {SUBTASKS}
              <span className="sr-only">子任务</span>
              {progress.done}/{progress.total}
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
        {!task.completed && (
          <div className="mt-1.5 flex flex-wrap items-center gap-x-1 text-xs">
            <a
              href={`/time?focusTask=${encodeURIComponent(task.id)}`}
              onClick={onFollow}
              className="btn-ghost inline-flex items-center gap-1 px-1.5 py-1"
              aria-label={`专注 ${task.title}`}
            >
              {TIMER}
              专注
            </a>
            <PostponeMenu key={task.id} task={task} onPostpone={onPostpone} />
            {task.repeat && (
              <button
                type="button"
                className="btn-ghost px-1.5 py-1"
                aria-label={`跳过这次 ${task.title}`}
                onClick={() => onSkip(task)}
              >
                跳过这次
              </button>
            )}
          </div>
        )}
      </div>
      <div className="flex shrink-0 gap-0.5">
        <EditButton item={task.title} onClick={() => onEdit(task)} />
        <DeleteButton item={task.title} onClick={() => onDelete(task)} />
      </div>
    </li>
  );
});

/** 推迟 to 明天, 下周一 or a chosen date; the choices are drawn only while it is open. */
function PostponeMenu({
  task,
  onPostpone,
}: {
  task: FullTask;
  onPostpone: (task: Task, to: PostponeTarget) => void;
}) {
  const [open, setOpen] = useState(false);
  const choose = (to: PostponeTarget) => {
    setOpen(false);
    onPostpone(task, to);
  };
  return (
    <>
      <button
        type="button"
        className="btn-ghost px-1.5 py-1"
        aria-expanded={open}
        aria-label={`推迟 ${task.title}`}
        onClick={() => setOpen((was) => !was)}
      >
        推迟
      </button>
      {open && (
        <span className="flex w-full flex-wrap items-center gap-1 rounded-lg border border-slate-200 bg-white p-1.5">
          <button
            type="button"
            className="btn-secondary px-2 py-1"
            onClick={() => choose('tomorrow')}
          >
            明天
          </button>
          <button
            type="button"
            className="btn-secondary px-2 py-1"
            onClick={() => choose('nextMonday')}
          >
            下周一
          </button>
          <input
            type="date"
            className="input w-auto px-2 py-1 text-xs"
            aria-label="推迟到日期"
            onChange={(e) => e.target.value && choose({ date: e.target.value })}
          />
        </span>
      )}
    </>
  );
}
