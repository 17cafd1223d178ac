import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { Task } from '../../domain/schemas/task';
import { TaskItem } from './TaskItem';

/** A row with title and badges at 1280 px; rows are measured once drawn, this only guesses. */
const ESTIMATED_ROW = 78;
/** The space between rows (the list's former space-y-2). */
const GAP = 8;
/**
 * Rows drawn beyond the screen each way: enough that Tab always finds the next row already
 * there (focus scrolls it into view, which draws the rows after it; tests/e2e/tasks.e2e.ts walks
 * 30 rows so, and fails at 0). Not more: every row drawn is ~40 boxes to lay out, and at 8 the
 * rows off screen were most of the list's first render (8 of 13 at 1280 × 900).
 */
const OVERSCAN = 3;

interface TaskListProps {
  tasks: readonly Task[];
  today: string;
  /** Ids of tasks with changes not yet on the server. */
  pendingIds: ReadonlySet<string>;
  /** The completion on its way to the server, by task id. */
  sending: ReadonlyMap<string, boolean>;
  onToggle: (task: Task) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
}

/**
 * The task rows, virtualised over the page's own scroll: ten years hold ~5,500 tasks, and only
 * the rows on screen (and a few either side) are in the DOM. Each row is still a listitem named
 * by its title, with its place in the whole list (aria-posinset / aria-setsize).
 */
export const TaskList = memo(function TaskList({
  tasks,
  today,
  pendingIds,
  sending,
  onToggle,
  onEdit,
  onDelete,
}: TaskListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list starts on the page: what is above it (cards, filters, a banner) moves it.
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => setTop(list.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  // Stable per list: the virtualizer lays out every row's place again (5.5k at ten years, ~9 ms
  // at full speed) whenever getItemKey is a new function, which an inline one is on every
  // render, and it renders on every scroll step.
  const getItemKey = useCallback((i: number) => tasks[i]?.id ?? i, [tasks]);
  const virtualizer = useWindowVirtualizer({
    count: tasks.length,
    estimateSize: () => ESTIMATED_ROW,
    gap: GAP,
    overscan: OVERSCAN,
    scrollMargin: top,
    getItemKey,
  });
  const rows = virtualizer.getVirtualItems();

  return (
    <ul ref={listRef} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {rows.map((row) => {
        const task = tasks[row.index]!;
        return (
          <TaskItem
            key={task.id}
            task={task}
            today={today}
            sending={sending.get(task.id) ?? null}
            onToggle={onToggle}
            onEdit={onEdit}
            onDelete={onDelete}
            pending={pendingIds.has(task.id)}
            position={row.index + 1}
            size={tasks.length}
            measure={virtualizer.measureElement}
            offset={row.start - virtualizer.options.scrollMargin}
          />
        );
      })}
    </ul>
  );
});
