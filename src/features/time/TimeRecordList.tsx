import { useDeleteTimeRecord } from '../../api/time-records';
import { ClampedText } from '../../components/ClampedText';
import { EmptyState } from '../../components/EmptyState';
import { PendingMark } from '../../components/PendingMark';
import { DeleteButton, EditButton } from '../../components/RowActions';
import { TagChips } from '../../components/TagChips';
import { useDeleteAction } from '../../components/useDeleteAction';
import { formatShortDate } from '../../domain/dates';
import { formatSeconds } from '../../domain/focus';
import { labelOf, timeCategoryLabels } from '../../domain/schemas/categories';
import type { TimeRecord } from '../../domain/schemas/time-record';

interface TimeRecordListProps {
  records: TimeRecord[];
  today: string;
  /** Records with changes not yet on the server. */
  pending: ReadonlySet<string>;
  onEdit: (record: TimeRecord) => void;
}

/** 最近记录: the newest 20 time records (docs/spec.md §9), each with 编辑 and 删除. */
export function TimeRecordList({ records, today, pending, onEdit }: TimeRecordListProps) {
  const { remove, deletingId } = useDeleteAction(
    useDeleteTimeRecord(),
    (record: TimeRecord) =>
      `确定要删除「${record.task} ${formatSeconds(record.duration)} · ${formatShortDate(record.date, today)}」吗？`,
  );

  return (
    <section className="card" aria-labelledby="time-recent">
      <h2 id="time-recent" className="mb-3 text-base font-semibold text-slate-900">
        最近记录
      </h2>
      {records.length === 0 ? (
        <EmptyState message="暂无专注记录，开始一次专注或手动添加" />
      ) : (
        <ul className="divide-y divide-slate-100">
          {records.map((record) => (
            <li key={record.id} className="flex items-center gap-3 py-1 tablet:py-2.5">
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-2">
                  <ClampedText text={record.task} className="font-medium text-slate-800">
                    {record.task}
                  </ClampedText>
                  {pending.has(record.id) && <PendingMark />}
                  <span className="shrink-0 rounded-full bg-blue-50 px-2 py-0.5 text-xs text-blue-700">
                    {labelOf(timeCategoryLabels, record.category)}
                  </span>
                </div>
                <p className="flex min-w-0 items-center gap-1.5 text-xs text-slate-500">
                  {record.date}
                  <TagChips tags={record.tags} />
                </p>
              </div>
              <span className="shrink-0 font-medium tabular-nums text-slate-700">
                {formatSeconds(record.duration)}
              </span>
              <div className="flex shrink-0">
                <EditButton item={record.task} onClick={() => onEdit(record)} />
                <DeleteButton
                  item={record.task}
                  onClick={() => remove(record)}
                  disabled={deletingId === record.id}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
