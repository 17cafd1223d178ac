import {
  type TaskPriority,
  taskPriorities,
  taskPriorityLabels,
} from '../../domain/schemas/categories';
import { percentShares } from '../../domain/shares';
import { PRIORITY_STYLE } from './priority-style';

// Highest first: what the eye should meet first.
const ORDER = [...taskPriorities].reverse();

/** How the pending tasks split over 高 / 中 / 低, as bars sized by share. */
export function PriorityDistribution({ counts }: { counts: Record<TaskPriority, number> }) {
  const pending = counts.high + counts.medium + counts.low;
  // Shown side by side, the shares must add up to 100 %, not 99 or 101.
  const shares = percentShares(ORDER.map((priority) => counts[priority]));
  return (
    <section className="card" aria-labelledby="priority-distribution">
      <h2 id="priority-distribution" className="mb-3 font-semibold text-slate-900">
        待完成任务优先级分布
      </h2>
      {pending === 0 ? (
        <p className="text-sm text-slate-500">没有待完成的任务</p>
      ) : (
        <ul className="space-y-3">
          {ORDER.map((priority, i) => {
            const share = shares[i] ?? 0;
            return (
              <li
                key={priority}
                aria-label={`${taskPriorityLabels[priority]}优先级 ${counts[priority]} 个`}
              >
                <div className="mb-1 flex justify-between text-sm">
                  <span className="font-medium text-slate-700">{taskPriorityLabels[priority]}</span>
                  <span className="tabular-nums text-slate-500">
                    {counts[priority]} 个 · {share}%
                  </span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                  <div
                    className={`h-full rounded-full ${PRIORITY_STYLE[priority].bar}`}
                    style={{ width: `${share}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
