import { useWindowVirtualizer, type Virtualizer, windowScroll } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { afterPaint } from '../../api/idle';
import { useRowSlots, useSlotMeasure } from '../../components/row-slots';
import { useFollowLink } from '../../components/useFollowLink';
import type { Subtask, Task } from '../../domain/schemas/task';
import type { FullTask, PostponeTarget } from '../../domain/tasks';
import { TaskItem } from './TaskItem';

/**
 * A row without description or sub-tasks (issue 60's dense row: 43 px, its border included);
 * rows are measured once drawn, this only guesses.
 */
const ESTIMATED_ROW = 43;
/** Rows touch, a line between them (each row's bottom border). */
const GAP = 0;
/**
 * Rows drawn beyond the screen each way: enough that Tab always finds the next row already
 * there (focus scrolls it into view, which draws the rows after it; tests/e2e/tasks.e2e.ts walks
 * 30 rows so, and fails at 0). Not more: the rows off screen are laid out and painted with
 * the rest at every filter, view and search (at 8 they were 8 of 13 at 1280 × 900).
 */
const OVERSCAN = 2;

/**
 * A row's height without asking for a layout: the size its ResizeObserver reported, else the
 * last one known, else the guess. The library's own reads the row's box as it is placed, which
 * lays out the page in the middle of the commit (~10 ms at full speed on ten years, ahead of
 * the frame's own layout); the rows flow one after another, so a guess only moves what is
 * below the list, not the rows on screen, and the observer's size follows the frame.
 */
function sizeOfRow(
  row: Element,
  entry: ResizeObserverEntry | undefined,
  list: Virtualizer<Window, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = list.indexFromElement(row);
  return list.itemSizeCache.get(list.options.getItemKey(index)) ?? ESTIMATED_ROW;
}

/**
 * The window's scroll as the library writes it, less the write it makes as it starts, to the
 * offset the window already has: a write lays the page out there and then, before the frame
 * does (~15 ms at full speed with the first rows). A write elsewhere, or a correction for rows
 * measured above the screen, goes through.
 */
const scrollWindow: typeof windowScroll = (offset, options, list) => {
  if (offset + (options.adjustments ?? 0) === list.scrollOffset && !options.behavior) return;
  windowScroll(offset, options, list);
};

interface TaskListProps {
  tasks: readonly FullTask[];
  /**
   * Which cut of the tasks is shown (filter, view, search): a new one draws the rows on screen
   * first and the overscan once that frame is painted.
   */
  cut: string;
  today: string;
  time: string;
  onSkip: (task: Task) => void;
  onPostpone: (task: Task, to: PostponeTarget) => void;
  /** Ids of tasks with changes not yet on the server. */
  pendingIds: ReadonlySet<string>;
  /** The completion on its way to the server, by task id. */
  sending: ReadonlyMap<string, boolean>;
  onToggle: (task: Task) => void;
  onToggleSubtask: (task: Task, subtaskId: string) => void;
  /** Sub-tasks as a press left them, by task id, until the list has the change. */
  ticking: ReadonlyMap<string, readonly Subtask[]>;
  /** Ids of tasks whose sub-tasks are folded away. */
  folded: ReadonlySet<string>;
  onFold: (task: Task) => void;
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
  cut,
  today,
  time,
  onSkip,
  onPostpone,
  pendingIds,
  sending,
  onToggle,
  onToggleSubtask,
  ticking,
  folded,
  onFold,
  onEdit,
  onDelete,
}: TaskListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list starts on the page: what is above it (cards, filters, a banner) moves it.
  // Read when the page has been laid out (the observer's first call comes after the first
  // layout), not in a layout effect, which would lay the page out once more before it. The
  // screen mounts the list while its tasks are read, so this is known when they come; a list
  // mounted with its rows (after a filter that showed none) counts from the page's top for a
  // frame and draws a few rows more.
  const [top, setTop] = useState(0);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(() =>
      setTop(list.getBoundingClientRect().top + window.scrollY),
    );
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  // Stable per list: the virtualizer lays out every row's place again (5.5k at ten years, ~9 ms
  // at full speed) whenever getItemKey is a new function, which an inline one is on every
  // render, and it renders on every scroll step.
  const getItemKey = useCallback((i: number) => tasks[i]?.id ?? i, [tasks]);
  // A filter, view or search draws other rows than the last: the rows on screen come in the
  // press's frame, the overscan (two of the ~7 rows drawn at 1280 × 900) in the next one. In
  // traces at 4× CPU the search's frame came 95 → 62 ms after the key (medians of 5).
  const [drawnCut, setDrawnCut] = useState(cut);
  useEffect(() => {
    if (drawnCut === cut) return;
    let live = true;
    void afterPaint().then(() => live && setDrawnCut(cut));
    return () => {
      live = false;
    };
  }, [cut, drawnCut]);
  const virtualizer = useWindowVirtualizer({
    count: tasks.length,
    estimateSize: () => ESTIMATED_ROW,
    gap: GAP,
    overscan: drawnCut === cut ? OVERSCAN : 0,
    scrollMargin: top,
    getItemKey,
    measureElement: sizeOfRow,
    scrollToFn: scrollWindow,
    // The rows of the first render, without waiting for the window's size in an effect.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const onFollow = useFollowLink();
  const rows = virtualizer.getVirtualItems();
  const slots = useRowSlots(rows.map((row) => tasks[row.index]!.id));
  const measure = useSlotMeasure(virtualizer);
  // The rows drawn flow one after another below the space of the rows before them: where each
  // sits does not depend on the sizes measured so far, only the list's height does.
  const before = rows.length > 0 ? rows[0]!.start - virtualizer.options.scrollMargin : 0;

  return (
    <ul ref={listRef} style={{ height: virtualizer.getTotalSize(), paddingTop: before }}>
      {rows.map((row) => {
        const task = tasks[row.index]!;
        const slot = slots.get(task.id)!;
        return (
          <TaskItem
            key={slot}
            slot={slot}
            task={task}
            today={today}
            time={time}
            onSkip={onSkip}
            onPostpone={onPostpone}
            sending={sending.get(task.id) ?? null}
            onToggle={onToggle}
            onToggleSubtask={onToggleSubtask}
            subtasks={ticking.get(task.id) ?? task.subtasks}
            folded={folded.has(task.id)}
            onFold={onFold}
            onEdit={onEdit}
            onDelete={onDelete}
            onFollow={onFollow}
            pending={pendingIds.has(task.id)}
            position={row.index + 1}
            size={tasks.length}
            measure={measure}
          />
        );
      })}
    </ul>
  );
});
