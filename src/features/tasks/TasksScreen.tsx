import { AlertTriangle, CheckCircle2, Circle, ListTodo, Plus, Search } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { afterPaint } from '../../api/idle';
import { toldAtOnce } from '../../api/resource';
import {
  useDeleteTask,
  usePostponeTask,
  useSkipOccurrence,
  useTasks,
  useToggleTask,
  useUpdateTask,
} from '../../api/tasks';
import { DrawnAhead } from '../../components/DrawnAhead';
import { EmptyState } from '../../components/EmptyState';
import { ListStatus } from '../../components/ListStatus';
import { lazyDialog, usePreloadDialogs } from '../../components/lazy-with-retry';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { useDeepLink } from '../../components/useDeepLink';
import { useDeleteAction } from '../../components/useDeleteAction';
import { useOpenLink } from '../../components/useOpenLink';
import { useStableCallback } from '../../components/useStableCallback';
import { useToday } from '../../components/useToday';
import { eachWhenIdle, whenIdle, whenQuiet } from '../../components/when';
import type { Subtask, Task } from '../../domain/schemas/task';
import {
  findAll,
  lazyHaystack,
  queryTerms,
  searchIndex,
  TASK_VIEWS,
  type TaskView,
  textsWithoutPinyin,
  viewFilter,
} from '../../domain/task-search';
import {
  type FullTask,
  matchesFilter,
  type PostponeTarget,
  postponeDate,
  type SortedTasks,
  sortTasksFrom,
  type TaskFilter,
  taskOverview,
  toggleSubtask,
  unshownPresses,
  withDefaults,
  withPresses,
} from '../../domain/tasks';
import { PriorityDistribution } from './PriorityDistribution';
import { loadPinyinTexts } from './pinyin';
import { QuickAdd } from './QuickAdd';
import { TaskList } from './TaskList';
import { useClockMinute } from './useClockMinute';

const FILTERS: { key: TaskFilter; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'pending', label: '待完成' },
  { key: 'completed', label: '已完成' },
  { key: 'overdue', label: '已逾期' },
];

/** The dialog in use: adding (task null) or editing one task. */
// The form (react-hook-form, zod) loads once the screen is quiet or pressed (usePreloadDialogs).
const TaskDialog = lazyDialog(() => import('./TaskDialog').then((m) => m.TaskDialog));

type Dialog = { task: Task | null } | null;

const NO_TASKS: Task[] = [];
// A filter's or view's state shows in its press's own frame, without the buttons' colour
// fade (as the check-in button, toggle-style.ts): a fade is a transitionrun and a
// transitionstart event through React's root listener per chip in the frame that paints the
// list's change (~3 ms of it at 4× CPU in bench:web's traces), and a transitionend after.
const chip = (on: boolean) =>
  on
    ? 'bg-blue-600 text-white transition-none hover:bg-blue-700'
    : 'bg-slate-100 text-slate-600 transition-none hover:bg-slate-200';
const NO_IDS: ReadonlySet<string> = new Set();

// Icons made once: the screen is drawn again at every filter, view, key and toggle.
const PLUS = <Plus size={16} aria-hidden="true" />;
const ALL = <ListTodo size={18} />;
const DONE = <CheckCircle2 size={18} />;
const OPEN = <Circle size={18} />;
const LATE = <AlertTriangle size={18} />;
const SEARCH = (
  <Search
    size={15}
    aria-hidden="true"
    className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-slate-400"
  />
);

export function TasksScreen() {
  const { data, isPending, refetch } = useTasks();
  const { remove } = useDeleteAction(
    useDeleteTask(),
    (task: Task) => `确定要删除「${task.title}」吗？`,
  );
  const [filter, setFilter] = useState<TaskFilter>('all');
  const [view, setView] = useState<TaskView | null>(null);
  // The list follows each key in that key's own render. With the texts built ahead it is a
  // string search of 5,500 and the rows found; deferred (useDeferredValue), that render came
  // in slices between frames and took longer to show (bench:web at 4× CPU).
  const [query, setQuery] = useState('');
  // Each task text's pinyin (plain text → its initials and syllables), worked out in a worker
  // once the screen is quiet (or the search is focused first), so that the first key finds it
  // ready; the plain text is searched meanwhile. Done at the first key, the first result
  // waited ~500 ms for the worker.
  const [spoken, setSpoken] = useState<ReadonlyMap<string, string> | undefined>(undefined);
  const [searching, setSearching] = useState(false);
  const asked = useRef(new Set<string>());
  const time = useClockMinute();
  const [dialog, setDialog] = useState<Dialog>(null);
  const formsReady = usePreloadDialogs(!isPending, TaskDialog);
  const today = useToday();

  // The dashboard's 添加任务 links here with ?add=1.
  useDeepLink('add', () => setDialog({ task: null }));

  // Each figure once per change of what it depends on: the cards, counts and priority split
  // per list (and day), the order per list, the filter's cut per list and filter.
  const items = data?.items ?? NO_TASKS;
  // A device's copy synced before issue 36's fields has none: read with their defaults.
  const tasks = useMemo(() => items.map(withDefaults), [items]);
  // 搜索全部's results link here with ?open=<id>: that task's details.
  useOpenLink(data && tasks, (task) => setDialog({ task }));
  const overview = useMemo(() => taskOverview(tasks, today, time), [tasks, today, time]);
  // A press's completion, drawn in the press with its row (`sending`, below): the figures count
  // it before the list has it.
  const [sending, setSending] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const { stats, counts, distribution } = useMemo(
    () => withPresses(overview, unshownPresses(tasks, sending), today, time),
    [overview, tasks, sending, today, time],
  );
  // Ordered from the list's version before: a tick moves one task, not a sort of 5,500.
  const lastOrder = useRef<SortedTasks<FullTask>>(undefined);
  const sorted = useMemo(() => sortTasksFrom(tasks, lastOrder.current), [tasks]);
  useEffect(() => {
    lastOrder.current = { tasks, sorted };
  }, [tasks, sorted]);
  useEffect(() => {
    if (isPending) return;
    return whenQuiet(() => setSearching(true), 1000);
  }, [isPending]);
  const wantsPinyin = searching || query !== '';
  useEffect(() => {
    if (!wantsPinyin) return;
    // Only texts not asked for yet: a new or edited task is one text, not 5,500.
    const texts = textsWithoutPinyin(tasks, spoken, asked.current);
    if (texts.length === 0) return;
    for (const text of texts) asked.current.add(text);
    loadPinyinTexts(texts).then(
      (pinyin) =>
        setSpoken((was) => {
          const now = new Map(was);
          for (const [i, text] of texts.entries()) now.set(text, pinyin[i]!);
          return now;
        }),
      () => undefined, // offline before the worker was cached: the search still matches the text
    );
  }, [wantsPinyin, tasks, spoken]);
  // Each task's search text once per task object (and again when more pinyin comes), and the
  // list's texts as one string to search (lazyHaystack).
  const textOf = useMemo(() => searchIndex(spoken), [spoken]);
  const haystack = useMemo(() => lazyHaystack(sorted, textOf), [sorted, textOf]);
  // Both built ahead, in idle slices, once the pinyin has come: the visit's first key then
  // only searches. Built at that key, 5,500 texts made it ~220 ms at 4× CPU against ~110.
  useEffect(
    () => (spoken ? eachWhenIdle(sorted, haystack.add, () => whenIdle(haystack.get)) : undefined),
    [spoken, sorted, haystack],
  );
  const visible = useMemo(() => {
    const terms = queryTerms(query);
    if (filter === 'all' && view === null && terms.length === 0) return sorted;
    const found = terms.length === 0 ? sorted : findAll(haystack.get(), terms);
    if (filter === 'all' && view === null) return found;
    const inView = view === null ? null : viewFilter(view, today);
    return found.filter(
      (t) =>
        (filter === 'all' || matchesFilter(t, filter, today, time)) &&
        (inView === null || inView(t)),
    );
  }, [sorted, filter, view, query, haystack, today, time]);

  // One toggle for the whole list. The press draws its row and the figures alone: the row shows
  // the state on its way to the server (so its box never springs back first), the cards count
  // it. The list's change (its order over 5,500 tasks, the row leaving the DOM, the overview
  // again) and the mutation's start follow in one render once that frame has painted: in the
  // press, they made it 130–150 ms at 4× CPU on ten years (bench:web), against 100 allowed.
  // The call settles once the change has reached the server (or was refused, and the stored
  // state shows again).
  const { mutateAsync: toggleTask } = useToggleTask();
  const onToggle = useCallback(
    (task: Task) => {
      setSending((was) => new Map(was).set(task.id, !task.completed));
      afterPaint()
        .then(() => toldAtOnce(() => toggleTask(task)))
        .catch(() => undefined) // reported by the mutation's errorMessage
        .finally(() =>
          setSending((was) => {
            const now = new Map(was);
            now.delete(task.id);
            return now;
          }),
        );
    },
    [toggleTask],
  );
  const onEdit = useCallback((task: Task) => setDialog({ task }), []);
  // A sub-task ticked from the list: the task with that one box changed, as the dialog saves it.
  // The boxes show the press at once (`ticking`), as the row's own box does with `sending`,
  // until the list has the change.
  const { mutateAsync: updateTask } = useUpdateTask();
  const [ticking, setTicking] = useState<ReadonlyMap<string, Subtask[]>>(() => new Map());
  const tickingRef = useRef(ticking);
  tickingRef.current = ticking;
  const onToggleSubtask = useCallback(
    (task: Task, subtaskId: string) => {
      const { id, updatedAt: _u, editedAt: _e, ...input } = withDefaults(task);
      const subtasks = toggleSubtask(tickingRef.current.get(id) ?? input.subtasks, subtaskId);
      setTicking((was) => new Map(was).set(id, subtasks));
      // mutateAsync: a call's own onSettled would not run for a press made before the last.
      updateTask({ id, input: { ...input, subtasks } })
        .catch(() => undefined) // reported by the mutation's errorMessage
        .finally(() =>
          setTicking((was) => {
            if (was.get(id) !== subtasks) return was;
            const now = new Map(was);
            now.delete(id);
            return now;
          }),
        );
    },
    [updateTask],
  );
  // Whose sub-tasks are folded away: kept here, since a row's DOM shows other tasks in turn.
  const [folded, setFolded] = useState<ReadonlySet<string>>(() => new Set());
  const onFold = useCallback(
    (task: Task) =>
      setFolded((was) => {
        const now = new Set(was);
        if (!now.delete(task.id)) now.add(task.id);
        return now;
      }),
    [],
  );
  const { mutate: skip } = useSkipOccurrence();
  const onSkip = useCallback((task: Task) => skip(task), [skip]);
  const { mutate: postpone } = usePostponeTask();
  const onPostpone = useCallback(
    (task: Task, to: PostponeTarget) => postpone({ task, dueDate: postponeDate(to, today) }),
    [postpone, today],
  );
  const onDelete = useStableCallback(remove);

  // A figure not read yet.
  const figure = (value: number) => (isPending ? '—' : value);

  const addButton = (
    <button
      type="button"
      className="btn-primary"
      aria-haspopup="dialog"
      onClick={() => setDialog({ task: null })}
    >
      {PLUS}
      添加任务
    </button>
  );

  return (
    <div className="space-y-3 sm:space-y-5">
      <PageHeader title="任务管理" actions={addButton} />
      <QuickAdd />
      <ListStatus state={data} failure="获取任务失败：{message}" onRetry={refetch} />

      {/* While the list is read the screen is drawn as it will be, its figures as —: the data
          then changes text and adds the rows (~10 on screen), and the list knows where it
          starts on the page before they come, so they are placed without a layout of their own. */}
      {/* Not on a phone (issue 60): four cards put the list's first row ~600 px down, and the
          filters below say the same four counts on one line. */}
      <div className="hidden grid-cols-2 gap-3 sm:grid sm:gap-4 wide:grid-cols-4">
        <StatCard title="总任务" value={figure(stats.total)} icon={ALL} />
        <StatCard
          title="已完成"
          value={figure(stats.completed)}
          subtitle={isPending ? '完成率 —' : `完成率 ${stats.completionPercent}%`}
          tone={isPending ? 'default' : 'positive'}
          icon={DONE}
        />
        <StatCard title="待完成" value={figure(stats.pending)} icon={OPEN} />
        <StatCard
          title="已逾期"
          value={figure(stats.overdue)}
          tone={stats.overdue > 0 ? 'negative' : 'default'}
          icon={LATE}
        />
      </div>

      <div className="grid items-start gap-4 wide:grid-cols-[minmax(0,1fr)_18rem]">
        <section className="card min-w-0 space-y-4" aria-label="任务列表" aria-busy={isPending}>
          {/* Four equal segments on a phone so the row never wraps, each its label over its
              count: at 375 px a segment is ~73 px, and 已完成 beside 17 already broke in two
              (ten years count four digits); a row of chips above. */}
          <fieldset className="grid grid-cols-4 gap-1.5 sm:flex sm:flex-wrap sm:gap-2">
            <legend className="sr-only">筛选任务</legend>
            {FILTERS.map(({ key, label }) => (
              <button
                key={key}
                type="button"
                aria-pressed={filter === key}
                className={`btn flex-col gap-0.5 px-1 py-1.5 text-xs sm:flex-row sm:gap-1.5 sm:px-3 sm:text-sm ${chip(filter === key)}`}
                onClick={() => setFilter(key)}
              >
                {label}
                <span
                  className={`rounded-full px-1.5 text-xs tabular-nums ${
                    filter === key ? 'bg-white text-blue-700' : 'bg-white text-slate-600'
                  }`}
                >
                  {figure(counts[key])}
                </span>
              </button>
            ))}
          </fieldset>
          <fieldset className="flex flex-wrap items-center gap-1 sm:gap-2">
            <legend className="sr-only">智能视图</legend>
            {TASK_VIEWS.map(({ key, label }) => (
              <button
                key={key}
                type="button"
                aria-pressed={view === key}
                className={`btn px-2 py-1 text-xs sm:px-2.5 sm:text-sm ${chip(view === key)}`}
                onClick={() => setView((was) => (was === key ? null : key))}
              >
                {label}
              </button>
            ))}
            {/* Beside the views on a phone too: a line of its own put the list 44 px lower. */}
            <label className="relative ml-auto min-w-[5.5rem] flex-1 sm:w-56 sm:flex-none">
              <span className="sr-only">搜索任务</span>
              {SEARCH}
              <input
                type="search"
                placeholder="搜索任务"
                className="input py-1.5 pr-2 pl-8"
                value={query}
                onFocus={() => setSearching(true)}
                onChange={(e) => setQuery(e.target.value)}
              />
            </label>
          </fieldset>
          {(isPending || visible.length > 0) && (
            <TaskList
              tasks={visible as FullTask[]}
              cut={`${filter} ${view} ${query}`}
              today={today}
              time={time}
              onSkip={onSkip}
              onPostpone={onPostpone}
              pendingIds={data?.pending ?? NO_IDS}
              sending={sending}
              onToggle={onToggle}
              onToggleSubtask={onToggleSubtask}
              ticking={ticking}
              folded={folded}
              onFold={onFold}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          )}
          {isPending ? (
            <Spinner />
          ) : tasks.length === 0 ? (
            <EmptyState message="暂无任务，点击上方按钮添加第一个任务" />
          ) : visible.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">没有符合条件的任务</p>
          ) : null}
        </section>
        {/* Below the list on a phone: drawn while the list is read, the rows would push it
            down (Lighthouse: CLS 0.115 at 412 px), so it comes with them. */}
        {!isPending && <PriorityDistribution counts={distribution} />}
      </div>

      <DrawnAhead
        open={dialog !== null && dialog.task === null}
        ahead={formsReady}
        startsFrom={today}
      >
        <TaskDialog task={null} onClose={() => setDialog(null)} />
      </DrawnAhead>
      {dialog?.task && <TaskDialog task={dialog.task} onClose={() => setDialog(null)} />}
    </div>
  );
}
