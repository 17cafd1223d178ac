import { Hash } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTagCounts } from '../../api/tags';
import { EmptyState } from '../../components/EmptyState';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { tagPath } from '../../domain/tags';

/** 标签 (issue 63): every tag of 记账, 任务, 运动 and 专注, with how many records carry it. */
export function TagsScreen() {
  const { counts, loading, error } = useTagCounts();

  return (
    <div className="space-y-4">
      <PageHeader title="标签" />
      {error && <ErrorBanner message="有记录未能从本机读取，标签可能不全，请刷新页面重试" />}
      {loading ? (
        <Spinner />
      ) : counts.length === 0 ? (
        <EmptyState message="还没有标签。在记账、任务、运动或专注记录里添加标签，或在备注中写 #旅行。" />
      ) : (
        <section className="card p-0" aria-label="全部标签">
          <p className="border-b border-slate-100 px-4 py-2.5 text-sm text-slate-500">
            共 {counts.length} 个标签，最近使用的在前
          </p>
          <ul className="divide-y divide-slate-100">
            {counts.map(({ tag, count }) => (
              <li key={tag}>
                <Link
                  to={tagPath(tag)}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-500"
                >
                  <Hash size={16} className="shrink-0 text-violet-600" aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{tag}</span>
                  <span className="shrink-0 text-sm tabular-nums text-slate-500">
                    {count} 条记录
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
