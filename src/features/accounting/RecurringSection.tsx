import { Pause, Play, Plus, Repeat } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { useCategoryBook } from '../../api/categories';
import { useDeleteRecurring, useRecurring, useUpdateRecurring } from '../../api/recurring';
import { ClampedText } from '../../components/ClampedText';
import { EmptyState } from '../../components/EmptyState';
import { ListStatus } from '../../components/ListStatus';
import { lazyDialog, usePreloadDialogs } from '../../components/lazy-with-retry';
import { PendingMark } from '../../components/PendingMark';
import { DeleteButton, EditButton } from '../../components/RowActions';
import { useDeleteAction } from '../../components/useDeleteAction';
import { formatSignedCents, toCents } from '../../domain/money';
import { formatSchedule, nextOccurrence, templateInput } from '../../domain/recurring';
import type { RecurringTemplate } from '../../domain/schemas/recurring';
import { itemOf } from './item-name';

// The form (react-hook-form, zod) loads once the screen is quiet or pressed (usePreloadDialogs).
const RecurringDialog = lazyDialog(() =>
  import('./RecurringDialog').then((m) => m.RecurringDialog),
);

function status(t: RecurringTemplate, today: string): string {
  if (t.paused) return '已暂停';
  const next = nextOccurrence(t, t.lastDate, today);
  return next ? `下次 ${next}` : '已结束';
}

/** 周期记账: the templates, each listable, editable, pausable and deletable. */
export const RecurringSection = memo(function RecurringSection({ today }: { today: string }) {
  const { data, isPending, refetch } = useRecurring();
  const book = useCategoryBook();
  const update = useUpdateRecurring();
  usePreloadDialogs(!isPending, RecurringDialog);
  const { remove, deletingId } = useDeleteAction(
    useDeleteRecurring(),
    () => '确定要删除这个周期记账吗？已生成的记录会保留。',
  );
  const [dialog, setDialog] = useState<{ template: RecurringTemplate | null } | null>(null);
  const titleId = useId();
  const templates = data?.items ?? [];

  const togglePause = (t: RecurringTemplate) =>
    update.mutate({ id: t.id, input: { ...templateInput(t), paused: !t.paused } });

  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="mb-1 flex items-center justify-between gap-2">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Repeat size={18} className="text-slate-400" aria-hidden="true" />
          周期记账
        </h2>
        <button
          type="button"
          className="btn-secondary"
          aria-haspopup="dialog"
          onClick={() => setDialog({ template: null })}
        >
          <Plus size={16} aria-hidden="true" />
          添加周期记账
        </button>
      </div>
      {/* The screen says once that it shows the device's copy; here only a list never loaded. */}
      <ListStatus
        state={data?.complete ? undefined : data}
        failure="加载周期记账失败：{message}"
        onRetry={refetch}
      />
      {templates.length === 0 ? (
        <EmptyState message="房租、工资这类固定收支，设置一次，到期自动记账" />
      ) : (
        <ul className="divide-y divide-slate-100">
          {templates.map((t) => {
            const expense = t.type === 'expense';
            const label = book.label(t.type, t.category);
            return (
              <li key={t.id} className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <div className="flex items-center gap-2">
                    <ClampedText
                      text={t.description || label}
                      className="font-medium text-slate-900"
                    >
                      {t.description || label}
                    </ClampedText>
                    {data?.pending.has(t.id) && <PendingMark />}
                    <span
                      className={`ml-auto shrink-0 font-semibold tabular-nums ${expense ? 'text-red-600' : 'text-emerald-700'}`}
                    >
                      {formatSignedCents(toCents(t.amount), expense ? '-' : '+')}
                    </span>
                  </div>
                  <p className="mt-0.5 truncate text-sm text-slate-500">
                    {label} · {formatSchedule(t)} · {status(t, today)}
                  </p>
                </div>
                <div className="flex shrink-0">
                  <button
                    type="button"
                    className="btn-icon shrink-0"
                    aria-label={t.paused ? '继续' : '暂停'}
                    title={t.paused ? '继续' : '暂停'}
                    disabled={update.isPending}
                    onClick={() => togglePause(t)}
                  >
                    {t.paused ? (
                      <Play size={16} aria-hidden="true" />
                    ) : (
                      <Pause size={16} aria-hidden="true" />
                    )}
                  </button>
                  <EditButton item={itemOf(t, book)} onClick={() => setDialog({ template: t })} />
                  <DeleteButton
                    item={itemOf(t, book)}
                    onClick={() => remove(t)}
                    disabled={deletingId === t.id}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {dialog && (
        <RecurringDialog
          key={dialog.template?.id ?? 'new'}
          template={dialog.template}
          today={today}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
});
