import {
  ArrowLeft,
  CheckSquare,
  Dumbbell,
  Pencil,
  Timer,
  Trash2,
  TrendingDown,
  TrendingUp,
} from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useCategoryBook } from '../../api/categories';
import { useDeleteTag, useRenameTag, useTaggedLists } from '../../api/tags';
import { useConfirm } from '../../components/confirm';
import { EmptyState } from '../../components/EmptyState';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { StatCard, toneOf } from '../../components/StatCard';
import { useToast } from '../../components/toast';
import { useToday } from '../../components/useToday';
import { formatCents, toCents } from '../../domain/money';
import { labelOf, timeCategoryLabels, workoutTypeLabels } from '../../domain/schemas/categories';
import { TAG_PERIOD_LABELS, type TagPeriod, tagPath, tagTotals, taskDay } from '../../domain/tags';
import { RenameTagDialog } from './RenameTagDialog';

const PERIODS: TagPeriod[] = ['month', 'year', 'all'];

/** One record as a tag's page lists it: what it is, its figure, its day, and where it opens. */
interface Row {
  key: string;
  title: string;
  figure: string;
  figureTone?: string;
  day: string;
  /** For the order: the day, then when it was written. */
  sortKey: string;
  href: string;
}

const byNewest = (a: Row, b: Row) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0);

/**
 * `/tags/<name>` (issue 63): the tag's totals over 本月, 今年 or 全部 — 支出, 收入, 专注 and
 * 运动 minutes, tasks done of all — then its records by module, newest first, each opening on
 * its own screen. 重命名 and 删除 edit every record that carries it, offline too.
 */
export function TagScreen() {
  const tag = useParams().name ?? '';
  const today = useToday();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const { lists, loading, error } = useTaggedLists();
  const [period, setPeriod] = useState<TagPeriod>('all');
  const [renaming, setRenaming] = useState(false);
  const rename = useRenameTag();
  const remove = useDeleteTag();
  const book = useCategoryBook();

  const totals = useMemo(() => tagTotals(lists, tag, period, today), [lists, tag, period, today]);
  const groups = useMemo(() => {
    const has = (r: { tags?: readonly string[] | null }) => (r.tags ?? []).includes(tag);
    const accounts: Row[] = lists.accounts.filter(has).map((r) => ({
      key: r.id,
      title: [book.label(r.type, r.category), r.description].filter(Boolean).join(' · '),
      figure: `${r.type === 'expense' ? '-' : '+'}${formatCents(toCents(r.amount))}`,
      figureTone: r.type === 'expense' ? 'text-red-600' : 'text-emerald-700',
      day: r.date,
      sortKey: `${r.date}${r.updatedAt ?? ''}`,
      href: `/accounting?open=${encodeURIComponent(r.id)}`,
    }));
    const tasks: Row[] = lists.tasks.filter(has).map((t) => ({
      key: t.id,
      title: t.title,
      figure: t.completed ? '已完成' : '未完成',
      figureTone: t.completed ? 'text-emerald-700' : 'text-slate-500',
      day: taskDay(t),
      sortKey: `${taskDay(t)}${t.createdAt}`,
      href: `/tasks?open=${encodeURIComponent(t.id)}`,
    }));
    const focus: Row[] = lists.timeRecords.filter(has).map((r) => ({
      key: r.id,
      title: `${r.task} · ${labelOf(timeCategoryLabels, r.category)}`,
      figure: `${Math.round(r.duration / 60)} 分钟`,
      day: r.date,
      sortKey: `${r.date}${r.createdAt}`,
      href: `/time?open=${encodeURIComponent(r.id)}`,
    }));
    const workouts: Row[] = lists.workouts.filter(has).map((w) => ({
      key: w.id,
      title: [labelOf(workoutTypeLabels, w.type), w.notes].filter(Boolean).join(' · '),
      figure: `${w.duration} 分钟`,
      day: w.date,
      sortKey: `${w.date}${w.createdAt}`,
      href: `/fitness?open=${encodeURIComponent(w.id)}`,
    }));
    return [
      { name: '记账', rows: accounts.sort(byNewest) },
      { name: '任务', rows: tasks.sort(byNewest) },
      { name: '专注', rows: focus.sort(byNewest) },
      { name: '运动', rows: workouts.sort(byNewest) },
    ];
  }, [lists, tag, book]);
  const count = groups.reduce((n, g) => n + g.rows.length, 0);

  const onDelete = async () => {
    const ok = await confirm(`删除标签「${tag}」？`, {
      confirmLabel: '删除',
      detail: `将从 ${count} 条记录中移除这个标签，记录本身保留。`,
    });
    if (!ok) return;
    remove.mutate(tag, {
      onSuccess: (changed) => {
        toast.success(`已从 ${changed} 条记录中删除标签「${tag}」`);
        navigate('/tags', { replace: true });
      },
    });
  };

  return (
    <div className="space-y-4">
      <Link
        to="/tags"
        className="inline-flex items-center gap-1 text-sm text-blue-600 hover:underline"
      >
        <ArrowLeft size={14} aria-hidden="true" />
        全部标签
      </Link>
      <PageHeader
        title={`#${tag}`}
        actions={
          count > 0 && (
            <>
              <button
                type="button"
                className="btn-secondary"
                aria-haspopup="dialog"
                disabled={rename.isPending || remove.isPending}
                onClick={() => setRenaming(true)}
              >
                <Pencil size={16} aria-hidden="true" />
                重命名
              </button>
              <button
                type="button"
                className="btn-secondary text-red-600"
                disabled={rename.isPending || remove.isPending}
                onClick={onDelete}
              >
                <Trash2 size={16} aria-hidden="true" />
                删除
              </button>
            </>
          )
        }
      />
      {error && <ErrorBanner message="有记录未能从本机读取，合计可能不全，请刷新页面重试" />}
      {loading ? (
        <Spinner />
      ) : count === 0 ? (
        <EmptyState
          message={`没有记录带有标签「${tag}」`}
          action={
            <Link to="/tags" className="btn-secondary">
              查看全部标签
            </Link>
          }
        />
      ) : (
        <>
          <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1" aria-label="统计时段">
            {PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                aria-pressed={period === p}
                className={`flex-1 rounded-md px-3 py-1.5 text-sm font-medium tablet:flex-none ${
                  period === p
                    ? 'bg-white text-slate-900 shadow-sm'
                    : 'text-slate-600 hover:text-slate-900'
                }`}
                onClick={() => setPeriod(p)}
              >
                {TAG_PERIOD_LABELS[p]}
              </button>
            ))}
          </fieldset>
          <div className="grid grid-cols-2 gap-3 tablet:grid-cols-3 wide:grid-cols-5">
            <StatCard
              title="支出"
              value={<Money cents={totals.expenseCents} />}
              tone={toneOf(totals.expenseCents, 'loss')}
              icon={<TrendingDown size={18} />}
            />
            <StatCard
              title="收入"
              value={<Money cents={totals.incomeCents} />}
              tone={toneOf(totals.incomeCents, 'gain')}
              icon={<TrendingUp size={18} />}
            />
            <StatCard
              title="专注"
              value={`${totals.focusMinutes} 分钟`}
              icon={<Timer size={18} />}
            />
            <StatCard
              title="运动"
              value={`${totals.workoutMinutes} 分钟`}
              icon={<Dumbbell size={18} />}
            />
            {/* Five cards: on a phone the fifth takes the whole row. */}
            <div className="col-span-2 tablet:col-span-1 [&>section]:h-full">
              <StatCard
                title="任务"
                value={`${totals.tasksDone} / ${totals.tasksTotal}`}
                subtitle="已完成 / 全部"
                icon={<CheckSquare size={18} />}
              />
            </div>
          </div>
          {groups.map(
            (group) =>
              group.rows.length > 0 && (
                <RecordGroup key={group.name} name={group.name} count={group.rows.length}>
                  {group.rows.map((row) => (
                    <li key={row.key}>
                      <Link
                        to={row.href}
                        className="flex items-center gap-3 px-4 py-2.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-500"
                      >
                        <span className="min-w-0 flex-1">
                          <span className="block truncate text-sm text-slate-900">{row.title}</span>
                          <span className="block text-xs tabular-nums text-slate-500">
                            {row.day || '无日期'}
                          </span>
                        </span>
                        <span
                          className={`shrink-0 text-sm font-medium tabular-nums ${row.figureTone ?? 'text-slate-700'}`}
                        >
                          {row.figure}
                        </span>
                      </Link>
                    </li>
                  ))}
                </RecordGroup>
              ),
          )}
        </>
      )}
      {renaming && (
        <RenameTagDialog
          tag={tag}
          saving={rename.isPending}
          onClose={() => setRenaming(false)}
          onRename={(to) =>
            rename.mutate(
              { from: tag, to },
              {
                onSuccess: (changed) => {
                  setRenaming(false);
                  toast.success(`已将 ${changed} 条记录的标签改为「${to}」`);
                  navigate(tagPath(to), { replace: true });
                },
              },
            )
          }
        />
      )}
    </div>
  );
}

function RecordGroup({
  name,
  count,
  children,
}: {
  name: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section className="card p-0" aria-label={`${name}记录`}>
      <h2 className="flex items-baseline justify-between border-b border-slate-100 px-4 py-2.5 font-semibold text-slate-900">
        {name}
        <span className="text-sm font-normal text-slate-500">{count} 条</span>
      </h2>
      <ul className="divide-y divide-slate-100">{children}</ul>
    </section>
  );
}
