import { CalendarCheck, Clock, Dumbbell, Flame, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useWorkouts } from '../../api/workouts';
import { DrawnAhead } from '../../components/DrawnAhead';
import { ListStatus } from '../../components/ListStatus';
import { lazyDialog, usePreloadDialogs } from '../../components/lazy-with-retry';
import { Measure } from '../../components/Measure';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { useDeepLink } from '../../components/useDeepLink';
import { useOpenLink } from '../../components/useOpenLink';
import { useToday } from '../../components/useToday';
import { fitnessStats, hoursAndMinutes, newestFirst, weekStrip } from '../../domain/fitness';
import type { Workout } from '../../domain/schemas/workout';
import { FitnessCharts } from './FitnessCharts';
import { WeekStrip } from './WeekStrip';
import { WorkoutList } from './WorkoutList';

// The form (react-hook-form, zod) loads once the screen is quiet or pressed (usePreloadDialogs).
const WorkoutDialog = lazyDialog(() => import('./WorkoutDialog').then((m) => m.WorkoutDialog));

const NOTHING_PENDING: ReadonlySet<string> = new Set();

/** Which dialog is open: none, 添加运动, or 编辑运动 of one workout. */
type Editing = null | { workout: Workout | null };

export function FitnessScreen() {
  const { data, isPending, refetch } = useWorkouts();
  const [editing, setEditing] = useState<Editing>(null);
  const formsReady = usePreloadDialogs(!isPending, WorkoutDialog);
  const today = useToday();
  const workouts = data?.items;

  // 健身打卡 on the dashboard links here with ?add=1.
  useDeepLink('add', () => setEditing({ workout: null }));
  // 搜索全部's results link here with ?open=<id>: that workout, open.
  useOpenLink(data?.items, (workout) => setEditing({ workout }));

  const stats = useMemo(() => fitnessStats(workouts ?? [], today), [workouts, today]);
  const strip = useMemo(() => weekStrip(workouts ?? [], today), [workouts, today]);
  const recent = useMemo(() => newestFirst(workouts ?? [], 20), [workouts]);
  const total = hoursAndMinutes(stats.totalMinutes);

  return (
    <div className="space-y-4">
      <PageHeader
        title="健身记录"
        actions={
          <button
            type="button"
            className="btn-primary"
            aria-haspopup="dialog"
            onClick={() => setEditing({ workout: null })}
          >
            <Plus size={16} aria-hidden="true" />
            添加运动
          </button>
        }
      />
      <ListStatus state={data} failure="加载运动记录失败：{message}" onRetry={refetch} />
      {isPending || !workouts ? (
        <Spinner />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 wide:grid-cols-4">
            <StatCard
              title="总运动次数"
              value={<Measure parts={[[stats.count, '次']]} />}
              icon={<Dumbbell size={18} />}
            />
            <StatCard
              title="总运动时长"
              value={
                <Measure
                  parts={[
                    [total.hours, '小时'],
                    [total.minutes, '分钟'],
                  ]}
                />
              }
              icon={<Clock size={18} />}
            />
            <StatCard
              title="总消耗卡路里"
              value={<Measure parts={[[stats.totalCalories, '千卡']]} />}
              icon={<Flame size={18} />}
            />
            <StatCard
              title="本周运动天数"
              value={`${stats.weekDaysActive}/7`}
              subtitle="周一至周日"
              icon={<CalendarCheck size={18} />}
            />
          </div>
          <WeekStrip days={strip} />
          <FitnessCharts workouts={workouts} today={today} />
          <WorkoutList
            workouts={recent}
            today={today}
            pending={data?.pending ?? NOTHING_PENDING}
            onEdit={(workout) => setEditing({ workout })}
          />
        </>
      )}
      <DrawnAhead open={editing?.workout === null} ahead={formsReady} startsFrom={today}>
        <WorkoutDialog workout={null} today={today} onClose={() => setEditing(null)} />
      </DrawnAhead>
      {editing?.workout && (
        <WorkoutDialog workout={editing.workout} today={today} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
