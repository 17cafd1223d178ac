import { CalendarCheck, CheckCheck, ListChecks, Plus, Target } from 'lucide-react';
import {
  type ComponentProps,
  Fragment,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useCheckinRecords } from '../../api/checkin-records';
import {
  useCheckinTasks,
  useDeleteCheckinTask,
  useUpdateCheckinTask,
} from '../../api/checkin-tasks';
import { DrawnAhead } from '../../components/DrawnAhead';
import { EmptyState } from '../../components/EmptyState';
import { ListStatus } from '../../components/ListStatus';
import { lazyDialog, usePreloadDialogs } from '../../components/lazy-with-retry';
import { MonthPicker } from '../../components/MonthPicker';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { useDeleteAction } from '../../components/useDeleteAction';
import { useOpenLink } from '../../components/useOpenLink';
import { useRevealed } from '../../components/useRevealed';
import { useStableCallback } from '../../components/useStableCallback';
import { useToday } from '../../components/useToday';
import {
  type HabitIndexes,
  type HabitIndexLookup,
  habitIndex,
  habitIndexes,
  indexedTally,
  monthlyStats,
  monthTally,
  rateColour,
} from '../../domain/checkin';
import { monthOf } from '../../domain/dates';
import { countsOnFor } from '../../domain/habits';
import { memoPerList } from '../../domain/memo';
import type { CheckinRecord, CheckinTask, CheckinTaskInput } from '../../domain/schemas/checkin';
import { HabitCard } from './HabitCard';
import { HabitGrid } from './HabitGrid';
import { HabitRow } from './HabitRow';
import { ShortLabel } from './ShortLabel';

/** The dialog in use: creating (task null) or editing one habit. */
// The form (react-hook-form, zod) loads once the screen is quiet or pressed (usePreloadDialogs).
const CheckinTaskDialog = lazyDialog(() =>
  import('./CheckinTaskDialog').then((m) => m.CheckinTaskDialog),
);

type Dialog = { task: CheckinTask | null } | null;

// Icons made once: the screen is drawn again at every check-in and month.
const PLUS = <Plus size={16} aria-hidden="true" />;
const HABITS = <ListChecks size={18} />;
const CHECKINS = <CalendarCheck size={18} />;
const RATE = <Target size={18} />;
const MET = <CheckCheck size={18} />;

const NO_RECORDS: CheckinRecord[] = [];
const NO_TASKS: CheckinTask[] = [];
/** The cards drawn with the first: a row of the widest layout (three), more than a phone shows. */
const FIRST_CARDS = 3;
const EMPTY_INDEX = habitIndex<CheckinRecord>({ id: '', type: 'daily', frequency: 1 }, []);

/**
 * Every habit's index (built card by card), once per records and habits: also over a render
 * React throws away.
 */
const indexesOf = memoPerList(
  (
    records: readonly CheckinRecord[],
    tasks: readonly CheckinTask[],
    previous: HabitIndexes<CheckinRecord> | undefined,
  ) => habitIndexes(tasks, records, previous),
);

// A phone (issue 40): compact rows. Without matchMedia (tests, old browsers) the spec's cards.
const PHONE = '(max-width: 767px)';
const subscribePhone = (onChange: () => void) => {
  const query = window.matchMedia?.(PHONE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia?.(PHONE).matches ?? false;
// A wide screen (the `wide` breakpoint) has room for every habit × the last 7 days (issue 60).
const WIDE = '(min-width: 1025px)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia?.(WIDE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const isWide = () => window.matchMedia?.(WIDE).matches ?? false;

/** Habits in the user's order (sortOrder; ties keep the list's order). */
const inOrder = (tasks: readonly CheckinTask[]) =>
  [...tasks].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));

/** A stored habit as the input of its replacement (the server stamps the rest). */
function inputOf(task: CheckinTask): CheckinTaskInput {
  const { id: _id, updatedAt: _u, editedAt: _e, ...fields } = task;
  return fields;
}

export function CheckinScreen() {
  const tasksQuery = useCheckinTasks();
  const recordsQuery = useCheckinRecords();
  // docs/spec.md §5 words this confirmation exactly; the line under it names the habit.
  const { remove } = useDeleteAction(useDeleteCheckinTask(), (task: CheckinTask) => ({
    message: '确定要删除这个打卡任务吗？',
    detail: `「${task.name}」和它的全部打卡记录都会被删除。`,
  }));
  const today = useToday();
  // null: the month holding today, which moves on by itself at midnight on the 1st.
  const [picked, setPicked] = useState<string | null>(null);
  const currentMonth = monthOf(today);
  const month = picked ?? currentMonth;
  const setMonth = (next: string) => setPicked(next === currentMonth ? null : next);
  const [dialog, setDialog] = useState<Dialog>(null);
  // 搜索全部's results link here with ?open=<id>: that habit, open.
  useOpenLink(tasksQuery.data?.items, (task) => setDialog({ task }));
  const formsReady = usePreloadDialogs(
    !(tasksQuery.isPending || recordsQuery.isPending),
    CheckinTaskDialog,
  );

  // docs/spec.md §8: a failed record list is only logged; the habits still show, unchecked.
  const recordsError = recordsQuery.data?.complete ? undefined : recordsQuery.data?.error;
  useEffect(() => {
    if (recordsError) console.error('获取打卡记录失败:', recordsError);
  }, [recordsError]);

  const allTasks = tasksQuery.data?.items ?? NO_TASKS;
  // Archived habits leave the daily list and its figures; their history stays.
  const { tasks, archived } = useMemo(() => {
    const ordered = inOrder(allTasks);
    return {
      tasks: ordered.filter((t) => !t.archived),
      archived: ordered.filter((t) => t.archived),
    };
  }, [allTasks]);
  const update = useUpdateCheckinTask();
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const wide = useSyncExternalStore(subscribeWide, isWide, () => false);
  const [expanded, setExpanded] = useState<string | null>(null);
  const onExpand = useCallback(
    (task: CheckinTask) => setExpanded((id) => (id === task.id ? null : task.id)),
    [],
  );
  const onArchive = useStableCallback((task: CheckinTask) =>
    update.mutate({ id: task.id, input: { ...inputOf(task), archived: !task.archived } }),
  );
  /** Puts `moved` at position `to` of the daily list; only the habits whose place changed are sent. */
  const reorder = (moved: CheckinTask, to: number) => {
    const order = tasks.filter((t) => t.id !== moved.id);
    order.splice(Math.max(0, Math.min(order.length, to)), 0, moved);
    order.forEach((task, i) => {
      if ((task.sortOrder ?? 0) !== i || task.id === moved.id) {
        if ((task.sortOrder ?? 0) === i) return;
        update.mutate({ id: task.id, input: { ...inputOf(task), sortOrder: i } });
      }
    });
  };
  const onMove = useStableCallback((task: CheckinTask, delta: -1 | 1) =>
    reorder(task, tasks.findIndex((t) => t.id === task.id) + delta),
  );
  const onDrop = (event: React.DragEvent, target: CheckinTask) => {
    const id = event.dataTransfer.getData('text/habit-id');
    const moved = tasks.find((t) => t.id === id);
    if (!moved || moved.id === target.id) return;
    event.preventDefault();
    reorder(
      moved,
      tasks.findIndex((t) => t.id === target.id),
    );
  };
  // The cards come a step after the figures, in a render React can interrupt, and then one by
  // one (useRevealed): twenty habits' calendars are some 1,500 elements, a 150 ms task at full
  // speed and 600 ms on a slow phone when drawn with the data, and a deferred render still
  // commits them at once. A row of cards first, which is what a screen shows.
  const deferredTasks = useDeferredValue(tasks, NO_TASKS);
  const cardTasks = deferredTasks.slice(0, useRevealed(deferredTasks.length, FIRST_CARDS));
  // A month switch the same way: the picker and the figures at once, the calendars after.
  const cardMonth = useDeferredValue(month);
  // Once per change of the habits or their check-ins, never per month: streaks and the
  // per-month and per-day lookups of every habit (ten years: ~39k check-ins), each built when
  // its card is drawn. A check-in re-indexes its own habit only: the others keep their index
  // (and their cards, being memoised, do not render again).
  const previous = useRef<HabitIndexes<CheckinRecord>>(undefined);
  // Keyed on the records, not the query's result: a change of status only (a write on its
  // way, the server out of reach) keeps the same records (resource.ts `keepUnchanged`).
  const records = recordsQuery.data?.items ?? NO_RECORDS;
  const indexes = useMemo(
    () => indexesOf(records, allTasks, previous.current),
    [allTasks, records],
  );
  useEffect(() => {
    previous.current = { records, indexes };
  }, [records, indexes]);
  // The figures from one pass over the records, without an index; once every habit has been
  // indexed (its card drawn), from the indexes, where a check-in changed one habit's only.
  // A record on a habit's rest day counts in neither (issue 60).
  const counts = useMemo(() => countsOnFor(allTasks), [allTasks]);
  const tally = useMemo(() => {
    const before = previous.current?.indexes;
    if (before && allTasks.every((task) => before.built(task.id))) {
      return indexedTally(
        allTasks.map((task) => [task.id, indexes.get(task.id) ?? EMPTY_INDEX]),
        month,
        today,
        counts,
      );
    }
    return monthTally(records, month, today, counts);
  }, [records, indexes, allTasks, month, today, counts]);
  const stats = useMemo(() => monthlyStats(tasks, tally.inMonth, month), [tasks, tally, month]);
  const checkedToday = tasks.filter((t) => tally.today.has(t.id)).length;
  // Stable, so that the memoised cards skip a render that does not concern them.
  const onEdit = useCallback((task: CheckinTask) => setDialog({ task }), []);
  const onDelete = useStableCallback(remove);

  const openCreate = () => setDialog({ task: null });
  const averageTone = {
    green: 'positive',
    yellow: 'default',
    red: 'negative',
    none: 'default',
  } as const;

  // What every card on the screen shares; each adds its own task and place in the order.
  const cardProps = { indexes, month: cardMonth, today, onEdit, onDelete, onArchive, onMove };
  return (
    <div className="space-y-5">
      <PageHeader
        title="打卡管理"
        actions={
          <button
            type="button"
            className="btn-primary"
            aria-label="创建打卡任务"
            aria-haspopup="dialog"
            onClick={openCreate}
          >
            {PLUS}
            <ShortLabel short="创建" long="创建打卡任务" />
          </button>
        }
      />

      {/* docs/spec.md §8: shown while the habits cannot be had, from the server or this device; it
          goes away with the next successful load. */}
      <ListStatus
        state={tasksQuery.data}
        failure="获取打卡任务失败：{message}"
        onRetry={tasksQuery.refetch}
      />

      {/* The habits wait for their check-ins, so no card shows 0 % first. */}
      {tasksQuery.isPending || recordsQuery.isPending ? (
        <Spinner />
      ) : tasksQuery.data && tasks.length === 0 ? (
        <EmptyState
          message="还没有打卡任务，创建一个习惯开始每日打卡吧"
          action={
            <button
              type="button"
              className="btn-primary"
              aria-haspopup="dialog"
              onClick={openCreate}
            >
              {PLUS}
              创建第一个打卡任务
            </button>
          }
        />
      ) : tasksQuery.data ? (
        <>
          <section aria-labelledby="checkin-month-stats" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="checkin-month-stats" className="font-semibold text-slate-900">
                月度统计
              </h2>
              <MonthPicker month={month} currentMonth={currentMonth} onChange={setMonth} />
            </div>
            <div className="grid grid-cols-2 gap-3 wide:grid-cols-4 sm:gap-4">
              <StatCard
                title="打卡任务"
                value={stats.taskCount}
                subtitle={`今日已打卡 ${checkedToday} 个`}
                icon={HABITS}
              />
              <StatCard
                title="打卡次数"
                value={stats.checkins}
                subtitle="所选月份"
                icon={CHECKINS}
              />
              <StatCard
                title="平均完成率"
                value={`${stats.averageRate}%`}
                tone={averageTone[rateColour(stats.averageRate)]}
                icon={RATE}
              />
              <StatCard
                title="达成目标"
                value={`${stats.targetsMet} / ${stats.taskCount}`}
                subtitle="打卡次数达到每月目标"
                icon={MET}
              />
            </div>
          </section>

          {wide && (
            <HabitGrid tasks={deferredTasks} indexes={indexes} empty={EMPTY_INDEX} today={today} />
          )}

          {phone ? (
            <ul className="space-y-2" aria-label="习惯列表">
              {cardTasks.map((task) => (
                <Fragment key={task.id}>
                  <HabitRow
                    task={task}
                    index={indexes.get(task.id) ?? EMPTY_INDEX}
                    today={today}
                    expanded={expanded === task.id}
                    onExpand={onExpand}
                  />
                  {expanded === task.id && (
                    <li className="list-none">
                      <IndexedHabitCard
                        task={task}
                        {...cardProps}
                        first={tasks[0]?.id === task.id}
                        last={tasks.at(-1)?.id === task.id}
                      />
                    </li>
                  )}
                </Fragment>
              ))}
            </ul>
          ) : (
            <div className="grid gap-4 tablet:grid-cols-2 wide:grid-cols-3">
              {cardTasks.map((task) => (
                // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; 上移/下移 are the keyboard's way
                <div
                  key={task.id}
                  className="contents"
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => onDrop(event, task)}
                >
                  <IndexedHabitCard
                    task={task}
                    {...cardProps}
                    first={tasks[0]?.id === task.id}
                    last={tasks.at(-1)?.id === task.id}
                  />
                </div>
              ))}
              {/* The cards still to come hold their place (a card's height below the fold,
                  HabitCard's below-fold): a page that grew by a card a frame laid out, prepainted
                  and painted itself again each time, 50–100 ms a frame at 4× CPU. */}
              {deferredTasks.slice(cardTasks.length).map((task) => (
                <div key={`later-${task.id}`} aria-hidden="true" className="h-[30rem]" />
              ))}
            </div>
          )}

          {archived.length > 0 && (
            <details className="rounded-md border border-slate-200 p-3">
              <summary className="cursor-pointer font-semibold text-slate-900">
                已归档（{archived.length}）
              </summary>
              <div className="mt-3 grid gap-4 tablet:grid-cols-2 wide:grid-cols-3">
                {archived.map((task) => (
                  <IndexedHabitCard key={task.id} task={task} {...cardProps} onMove={undefined} />
                ))}
              </div>
            </details>
          )}
        </>
      ) : null}

      <DrawnAhead open={dialog?.task === null} ahead={formsReady} startsFrom={today}>
        <CheckinTaskDialog task={null} onClose={() => setDialog(null)} />
      </DrawnAhead>
      {dialog?.task && <CheckinTaskDialog task={dialog.task} onClose={() => setDialog(null)} />}
    </div>
  );
}

/**
 * A habit's card, its index asked for in a render of its own: the deferred render builds the
 * twenty one card at a time, and React can answer input between them.
 */
function IndexedHabitCard({
  indexes,
  ...card
}: Omit<ComponentProps<typeof HabitCard>, 'index'> & {
  indexes: HabitIndexLookup<CheckinRecord>;
}) {
  return <HabitCard index={indexes.get(card.task.id) ?? EMPTY_INDEX} {...card} />;
}
