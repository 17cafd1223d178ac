import { CalendarClock, Clock, Hash, Plus, Sigma } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTimeRecords } from '../../api/time-records';
import { DrawnAhead } from '../../components/DrawnAhead';
import { ListStatus } from '../../components/ListStatus';
import { lazyDialog, usePreloadDialogs } from '../../components/lazy-with-retry';
import { Measure } from '../../components/Measure';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { useOpenLink } from '../../components/useOpenLink';
import { useToday } from '../../components/useToday';
import { hoursAndMinutes, newestFirst } from '../../domain/fitness';
import { focusStats } from '../../domain/focus';
import type { TimeRecord } from '../../domain/schemas/time-record';
import { FocusTimer } from './FocusTimer';
import { TimeCharts } from './TimeCharts';
import { TimeRecordList } from './TimeRecordList';

// The form (react-hook-form, zod) loads once the screen is quiet or pressed (usePreloadDialogs).
const TimeRecordDialog = lazyDialog(() =>
  import('./TimeRecordDialog').then((m) => m.TimeRecordDialog),
);

const NOTHING_PENDING: ReadonlySet<string> = new Set();

export function TimeScreen() {
  const { data, isPending, refetch } = useTimeRecords();
  // 手动添加 (record null) or 编辑 of one record.
  const [dialog, setDialog] = useState<{ record: TimeRecord | null } | null>(null);
  const formsReady = usePreloadDialogs(!isPending, TimeRecordDialog);
  const today = useToday();
  const records = data?.items;
  // 搜索全部's results link here with ?open=<id>: that record, open.
  useOpenLink(records, (record) => setDialog({ record }));

  const stats = useMemo(() => focusStats(records ?? [], today), [records, today]);
  const recent = useMemo(() => newestFirst(records ?? [], 20), [records]);
  const total = hoursAndMinutes(stats.totalSeconds / 60);

  return (
    <div className="space-y-4">
      <PageHeader
        title="时间管理"
        actions={
          <button
            type="button"
            className="btn-primary"
            aria-haspopup="dialog"
            onClick={() => setDialog({ record: null })}
          >
            <Plus size={16} aria-hidden="true" />
            手动添加
          </button>
        }
      />
      <ListStatus state={data} failure="加载时间记录失败：{message}" onRetry={refetch} />
      {/* Held, invisible, while the records load, so the timer below does not move when they arrive. */}
      {(records || isPending) && (
        <div
          className={`grid grid-cols-2 gap-3 wide:grid-cols-4 ${records ? '' : 'invisible'}`}
          aria-hidden={records ? undefined : true}
        >
          <StatCard
            title="总专注时间"
            value={
              <Measure
                parts={[
                  [total.hours, '小时'],
                  [total.minutes, '分钟'],
                ]}
              />
            }
            icon={<Sigma size={18} />}
          />
          <StatCard
            title="今日专注"
            value={<Measure parts={[[stats.todayMinutes, '分钟']]} />}
            icon={<CalendarClock size={18} />}
          />
          <StatCard
            title="专注次数"
            value={<Measure parts={[[stats.count, '次']]} />}
            icon={<Hash size={18} />}
          />
          <StatCard
            title="平均时长"
            value={<Measure parts={[[stats.averageMinutes, '分钟']]} />}
            subtitle="每次专注"
            icon={<Clock size={18} />}
          />
        </div>
      )}
      <FocusTimer />
      {isPending || !records ? (
        <Spinner />
      ) : (
        <>
          <TimeCharts records={records} today={today} />
          <TimeRecordList
            records={recent}
            today={today}
            pending={data?.pending ?? NOTHING_PENDING}
            onEdit={(record) => setDialog({ record })}
          />
        </>
      )}
      <DrawnAhead open={dialog?.record === null} ahead={formsReady} startsFrom={today}>
        <TimeRecordDialog record={null} today={today} onClose={() => setDialog(null)} />
      </DrawnAhead>
      {dialog?.record && (
        <TimeRecordDialog
          key={dialog.record.id}
          record={dialog.record}
          today={today}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
