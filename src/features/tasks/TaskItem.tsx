import { type MouseEvent, memo, useCallback, useId, useState } from 'react';
import { PendingMark } from '../../components/PendingMark';
import { DeleteButton } from '../../components/RowActions';
import { TagChips } from '../../components/TagChips';
import { formatShortDate } from '../../domain/dates';
import { labelOf, taskCategoryLabels, taskPriorityLabels } from '../../domain/schemas/categories';
import type { Subtask, Task } from '../../domain/schemas/task';
import {
  dueLabel,
  type FullTask,
  isCountdown,
  isOverdue,
  type PostponeTarget,
  subtaskProgress,
} from '../../domain/tasks';

// CSS icons (index.css): a row is mounted by the dozen as a list changes, and each Lucide SVG
// was up to eleven elements to build, style and lay out, more than half of a row's.
// Made once, so a row drawn again (its toggle, a minute's tick) keeps them as they are.
const BELL = <span className="icon-[lucide--bell] size-3 shrink-0" role="img" aria-label="提醒" />;
const REPEAT = (
  <span className="icon-[lucide--repeat] size-3 shrink-0" role="img" aria-label="重复" />
);
const SUBTASKS = <span className="icon-[lucide--list-checks] size-3.5" aria-hidden="true" />;
const TIMER = <span className="icon-[lucide--timer] size-4" aria-hidden="true" />;
const MORE = <span className="icon-[lucide--ellipsis] size-4" aria-hidden="true" />;

// Issue 60: priority is an edge and the box's colour, and only when it is not 中 (the
// default, which said nothing on every row); 高 red, 低 grey-blue. Named for screen readers.
const EDGE: Record<FullTask['priority'], string> = {
  high: 'border-l-red-500',
  medium: 'border-l-transparent',
  low: 'border-l-sky-300',
};
const BOX: Record<FullTask['priority'], string> = {
  high: 'accent-red-600',
  medium: 'accent-blue-600',
  low: 'accent-sky-600',
};

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
  /** Ticks or unticks one sub-task from the list. */
  onToggleSubtask: (task: Task, subtaskId: string) => void;
  /** Its sub-tasks as shown: the stored ones, or as a press left them on their way. */
  subtasks: readonly Subtask[];
  /** Its sub-tasks are folded away (the list keeps which, as rows are handed on). */
  folded: boolean;
  onFold: (task: Task) => void;
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
 * One row of the list, dense as TickTick's (issue 60): the completion box, then the title over
 * one line of due date and time, repeat, reminder and category, and at the end 专注, the
 * sub-tasks' fold and 更多操作 (推迟, 跳过这次, 删除). A tap on the title opens the task's
 * details (the edit dialog, which then focuses no text field). A row without a description
 * is 43 px at 375 px; sub-tasks follow under it, each with its own box.
 * Memoised and without hooks of its own beyond an id: the list owns the mutations and hands
 * down stable callbacks, so a change elsewhere in the list does not render this row again.
 */
export const TaskItem = memo(function TaskItem({
  task,
  today,
  time,
  onSkip,
  onPostpone,
  sending,
  onToggle,
  onToggleSubtask,
  subtasks,
  folded,
  onFold,
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
  const progress = subtaskProgress(subtasks);
  const due = dueLabel(task, today);
  // Colour means something again (issue 60): red overdue, amber due today, nothing else.
  const dueToday = !overdue && due === '今天';
  const dueTone = overdue ? 'text-red-600' : dueToday ? 'text-amber-700' : 'text-slate-500';
  // 今天 and 明天 say the date in fewer characters than 12月2日 and the count beside it.
  const near = due === '今天' || due === '明天' ? due : null;
  // Finished rows are struck through and greyed, but stay readable (and clickable): greyed by
  // colour, not opacity, which took slate-500 below the 4.5:1 contrast of WCAG AA.
  const shownDone = sending ?? task.completed;
  const priority = task.priority === 'medium' ? null : labelOf(taskPriorityLabels, task.priority);

  return (
    <li
      ref={measured}
      data-index={position - 1}
      data-slot={slot}
      aria-labelledby={titleId}
      aria-posinset={position}
      aria-setsize={size}
      className={`min-w-0 border-b border-l-[3px] border-b-slate-100 ${EDGE[task.priority]}`}
    >
      <div className="flex min-w-0 flex-wrap items-center gap-x-1 py-0.5 pl-1.5">
        <input
          type="checkbox"
          className={`size-6 shrink-0 cursor-pointer disabled:cursor-wait ${BOX[task.priority]}`}
          checked={shownDone}
          disabled={sending !== null}
          aria-labelledby={titleId}
          onChange={() => onToggle(task)}
        />
        {/* The button holds the title alone and stretches over the details below it (its ::after),
            so a tap anywhere opens the task while its name, 编辑 <title>, still contains all of its
            visible text: a name that left out the date and chips failed WCAG 2.5.3. */}
        <div className="relative min-w-0 flex-1 rounded-md px-1.5 py-px text-left hover:bg-slate-50 has-[button:focus-visible]:outline-2 has-[button:focus-visible]:outline-blue-500">
          <button
            type="button"
            className="block w-full min-w-0 cursor-pointer text-left outline-none after:absolute after:inset-0 after:content-['']"
            aria-haspopup="dialog"
            onClick={() => onEdit(task)}
          >
            <span className="sr-only">编辑 </span>
            <span
              id={titleId}
              data-title
              className={`block truncate text-[15px] leading-5 ${shownDone ? 'text-slate-500 line-through' : 'text-slate-900'}`}
            >
              {task.title}
            </span>
          </button>
          {task.description && (
            <span className="block truncate text-xs text-slate-500">{task.description}</span>
          )}
          <span className="flex min-w-0 items-center gap-1.5 overflow-hidden text-xs leading-4 whitespace-nowrap text-slate-500">
            {priority && <span className="sr-only">{priority}优先级</span>}
            {task.dueDate && (
              <time
                className={`shrink-0 tabular-nums ${dueTone}`}
                dateTime={task.dueTime ? `${task.dueDate}T${task.dueTime}` : task.dueDate}
              >
                {near ?? formatShortDate(task.dueDate, today)}
                {task.dueTime && ` ${task.dueTime}`}
              </time>
            )}
            {/* Beyond a month the label would only repeat the date beside it. */}
            {due && !near && isCountdown(task, today) && (
              <span className={`shrink-0 ${overdue || dueToday ? `font-medium ${dueTone}` : ''}`}>
                {due}
              </span>
            )}
            {task.repeat && REPEAT}
            {task.dueDate && !task.completed && (task.reminders?.length ?? 0) > 0 && BELL}
            {task.category !== 'other' && (
              <span className="truncate">{labelOf(taskCategoryLabels, task.category)}</span>
            )}
            <TagChips tags={task.tags} />
            {pending && <PendingMark />}
          </span>
        </div>
        {!task.completed && (
          <a
            href={`/time?focusTask=${encodeURIComponent(task.id)}`}
            onClick={onFollow}
            className="btn-icon shrink-0"
            aria-label={`专注 ${task.title}`}
            title="专注"
          >
            {TIMER}
          </a>
        )}
        {progress && (
          <button
            type="button"
            className="btn-icon w-auto shrink-0 gap-0.5 px-1 text-xs tabular-nums"
            aria-expanded={!folded}
            aria-label={`子任务 ${task.title} ${progress.done}/${progress.total}`}
            onClick={() => onFold(task)}
          >
            {SUBTASKS}
            {progress.done}/{progress.total}
          </button>
        )}
        <RowMenu
          key={task.id}
          task={task}
          onPostpone={onPostpone}
          onSkip={onSkip}
          onDelete={onDelete}
        />
      </div>
      {progress && !folded && (
        <fieldset className="min-w-0 pb-1 pl-8">
          <legend className="sr-only">{task.title} 的子任务</legend>
          {subtasks.map((sub) => (
            <label
              key={sub.id}
              className="flex min-h-[26px] min-w-0 cursor-pointer items-center gap-2 text-sm text-slate-700"
            >
              <input
                type="checkbox"
                className="size-6 shrink-0 cursor-pointer accent-blue-600"
                checked={sub.done}
                onChange={() => onToggleSubtask(task, sub.id)}
              />
              <span className={`min-w-0 truncate ${sub.done ? 'text-slate-500 line-through' : ''}`}>
                {sub.title}
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </li>
  );
});

/**
 * 更多操作: 推迟 (明天, 下周一 or a chosen date), 跳过这次 for a repeating task and 删除, on a
 * line under the row while open; the row stays one line otherwise.
 */
function RowMenu({
  task,
  onPostpone,
  onSkip,
  onDelete,
}: {
  task: FullTask;
  onPostpone: (task: Task, to: PostponeTarget) => void;
  onSkip: (task: Task) => void;
  onDelete: (task: Task) => void;
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
        className="btn-icon shrink-0"
        aria-expanded={open}
        aria-label={`更多操作 ${task.title}`}
        title="更多操作"
        onClick={() => setOpen((was) => !was)}
      >
        {MORE}
      </button>
      {open && (
        <span className="flex basis-full flex-wrap items-center justify-end gap-1 pt-1 pb-0.5 text-xs">
          {!task.completed && (
            <>
              <button
                type="button"
                className="btn-secondary px-2 py-1"
                onClick={() => choose('tomorrow')}
              >
                推迟到明天
              </button>
              <button
                type="button"
                className="btn-secondary px-2 py-1"
                onClick={() => choose('nextMonday')}
              >
                推迟到下周一
              </button>
              <input
                type="date"
                className="input w-auto px-2 py-1 text-xs"
                aria-label="推迟到日期"
                onChange={(e) => e.target.value && choose({ date: e.target.value })}
              />
            </>
          )}
          {task.repeat && !task.completed && (
            <button
              type="button"
              className="btn-secondary px-2 py-1"
              aria-label={`跳过这次 ${task.title}`}
              onClick={() => {
                setOpen(false);
                onSkip(task);
              }}
            >
              跳过这次
            </button>
          )}
          <DeleteButton
            item={task.title}
            onClick={() => {
              setOpen(false);
              onDelete(task);
            }}
          />
        </span>
      )}
    </>
  );
}
