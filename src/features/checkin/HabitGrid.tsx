import { memo, useMemo } from 'react';
import type { HabitIndex, HabitIndexLookup } from '../../domain/checkin';
import { habitRules, habitSummary } from '../../domain/habits';
import type { CheckinRecord, CheckinTask } from '../../domain/schemas/checkin';
import { useDayActions, WeekStrip } from './WeekStrip';

/**
 * Every habit × the last 7 days above the cards on a wide screen (Loop's main screen, issue
 * 60): a day of any habit is checked in or given its value without opening its card.
 */
export function HabitGrid({
  tasks,
  indexes,
  empty,
  today,
}: {
  tasks: readonly CheckinTask[];
  indexes: HabitIndexLookup<CheckinRecord>;
  empty: HabitIndex<CheckinRecord>;
  today: string;
}) {
  return (
    <section aria-labelledby="checkin-week-grid" className="card space-y-2">
      <h2 id="checkin-week-grid" className="font-semibold text-slate-900">
        最近 7 天
      </h2>
      <ul className="space-y-1.5">
        {tasks.map((task) => (
          <GridRow key={task.id} task={task} index={indexes.get(task.id) ?? empty} today={today} />
        ))}
      </ul>
    </section>
  );
}

// Memoised: another habit's check-in leaves this row's task and index as they were.
const GridRow = memo(function GridRow({
  task,
  index,
  today,
}: {
  task: CheckinTask;
  index: HabitIndex<CheckinRecord>;
  today: string;
}) {
  const actions = useDayActions(task.id);
  const rules = useMemo(() => habitRules(task), [task]);
  const { start } = useMemo(() => habitSummary(task, index.records, today), [task, index, today]);
  return (
    <li className="flex items-start gap-3">
      <span
        className="w-40 shrink-0 truncate pt-2.5 text-sm font-medium text-slate-800"
        title={task.name}
      >
        {task.name}
      </span>
      <div className="flex max-w-xl flex-1 flex-wrap gap-2">
        <WeekStrip
          task={task}
          rules={rules}
          index={index}
          today={today}
          start={start}
          actions={actions}
        />
      </div>
    </li>
  );
});
