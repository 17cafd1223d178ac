import { RESOURCES } from '../../domain/resources';
import type { CategoryCount } from '../../domain/sync';

/** The per-category result of an action: records handled, and those that failed. */
export function SyncResultList({
  title,
  counts,
  empty,
}: {
  title: string;
  counts: readonly CategoryCount[];
  /** Said when there is nothing to list. */
  empty: string;
}) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200">
      <h3 className="border-b border-slate-100 px-3 py-2 text-sm font-medium text-slate-700">
        {title}
      </h3>
      {counts.length === 0 ? (
        <p className="px-3 py-3 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-x-6 px-3 py-1 sm:grid-cols-2">
          {counts.map(({ category, ok, failed }) => (
            <li
              key={category}
              className="flex items-baseline justify-between gap-3 border-b border-slate-100 py-1.5 text-sm last:border-0 sm:[&:nth-last-child(2):nth-child(odd)]:border-0"
            >
              <span className="text-slate-600">{RESOURCES[category].label}</span>
              <span className="tabular-nums text-slate-900">
                {ok} 条{failed > 0 && <span className="ml-1.5 text-red-600">失败 {failed} 条</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
