import { useDeleteWorkout } from '../../api/workouts';
import { ClampedText } from '../../components/ClampedText';
import { EmptyState } from '../../components/EmptyState';
import { PendingMark } from '../../components/PendingMark';
import { DeleteButton, EditButton } from '../../components/RowActions';
import { TagChips } from '../../components/TagChips';
import { useDeleteAction } from '../../components/useDeleteAction';
import { formatShortDate } from '../../domain/dates';
import { labelOf, workoutTypeLabels } from '../../domain/schemas/categories';
import type { Workout } from '../../domain/schemas/workout';

interface WorkoutListProps {
  workouts: Workout[];
  today: string;
  /** Workouts with changes not yet on the server. */
  pending: ReadonlySet<string>;
  onEdit: (workout: Workout) => void;
}

/** 最近记录: the newest 20 workouts (docs/spec.md §9), each with 编辑 and 删除. */
export function WorkoutList({ workouts, today, pending, onEdit }: WorkoutListProps) {
  const { remove, deletingId } = useDeleteAction(
    useDeleteWorkout(),
    (workout: Workout) =>
      `确定要删除「${labelOf(workoutTypeLabels, workout.type)} ${workout.duration}分钟 · ${formatShortDate(workout.date, today)}」吗？`,
  );

  return (
    <section className="card" aria-labelledby="fitness-recent">
      <h2 id="fitness-recent" className="mb-3 text-base font-semibold text-slate-900">
        最近记录
      </h2>
      {workouts.length === 0 ? (
        <EmptyState message="暂无运动记录，点击上方按钮添加第一条记录" />
      ) : (
        <ul className="divide-y divide-slate-100">
          {workouts.map((workout) => (
            <li key={workout.id} className="flex items-center gap-3 py-1 tablet:py-2.5">
              <span className="shrink-0 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-700">
                {labelOf(workoutTypeLabels, workout.type)}
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-1.5 text-sm text-slate-700 tabular-nums">
                  {workout.duration}分钟
                  {workout.calories ? (
                    <span className="text-slate-500"> · {workout.calories}千卡</span>
                  ) : null}
                  <TagChips tags={workout.tags} />
                  {pending.has(workout.id) && <PendingMark />}
                </p>
                <ClampedText text={workout.notes} className="text-xs text-slate-500">
                  {workout.date}
                  {workout.notes && ` · ${workout.notes}`}
                </ClampedText>
              </div>
              <EditButton
                item={labelOf(workoutTypeLabels, workout.type)}
                onClick={() => onEdit(workout)}
              />
              <DeleteButton
                item={labelOf(workoutTypeLabels, workout.type)}
                onClick={() => remove(workout)}
                disabled={deletingId === workout.id}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
