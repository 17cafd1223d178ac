import { useState } from 'react';
import { useCreateWorkout, useUpdateWorkout } from '../../api/workouts';
import { ChoiceGrid, DateWithChips, MinuteChips } from '../../components/ChoiceGrid';
import { FormDialog, InputField } from '../../components/form-fields';
import { useDialogForm } from '../../components/form-fields-dialog';
import { TagField } from '../../components/TagField';
import { type WorkoutType, workoutTypeLabels } from '../../domain/schemas/categories';
import { type Workout, workoutInputSchema } from '../../domain/schemas/workout';
import { withTagsFrom } from '../../domain/tags';

const workoutFormSchema = workoutInputSchema.pick({
  type: true,
  duration: true,
  calories: true,
  notes: true,
  date: true,
});

interface WorkoutDialogProps {
  /** The workout being edited, or null to add one. */
  workout: Workout | null;
  today: string;
  onClose: () => void;
}

// An empty number box is "not typed": undefined makes 时长 required, while 卡路里 falls back to
// its default of 0 (docs/spec.md §5).
const numberOrUndefined = (value: unknown) =>
  value == null || String(value).trim() === '' ? undefined : Number(value);

/** 添加运动 / 编辑运动. A failed save keeps the dialog, and what was typed, open. */
export function WorkoutDialog({ workout, today, onClose }: WorkoutDialogProps) {
  const create = useCreateWorkout();
  const update = useUpdateWorkout();
  const { register, handleSubmit, setValue, watch, errors, isDirty } = useDialogForm(
    workoutFormSchema,
    workout
      ? {
          type: workout.type,
          duration: workout.duration,
          calories: workout.calories ?? 0,
          notes: workout.notes,
          date: workout.date,
        }
      : { type: 'running' as WorkoutType, notes: '', date: today },
  );

  const [tags, setTags] = useState<string[]>(() => [...(workout?.tags ?? [])]);

  const onSubmit = handleSubmit((values) => {
    // A #标签 in 备注 is added too, and the note keeps its words (issue 63).
    const input = { ...values, tags: withTagsFrom(tags, values.notes ?? '') };
    if (workout) update.mutate({ id: workout.id, input }, { onSuccess: onClose });
    else create.mutate(input, { onSuccess: onClose });
  });

  return (
    <FormDialog
      title={workout ? '编辑运动' : '添加运动'}
      onClose={onClose}
      dirty={isDirty || tags.join() !== (workout?.tags ?? []).join()}
      onSubmit={onSubmit}
      saving={create.isPending || update.isPending}
    >
      <ChoiceGrid
        label="运动类型"
        error={errors.type?.message}
        required
        options={workoutTypeLabels}
        value={watch('type')}
        onChange={(key) => setValue('type', key as WorkoutType, { shouldDirty: true })}
      />
      <div className="grid grid-cols-2 gap-3">
        <InputField
          label="时长（分钟）"
          error={errors.duration?.message}
          required
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          placeholder="30"
          className="tabular-nums"
          {...register('duration', { setValueAs: numberOrUndefined })}
        />
        <InputField
          label="卡路里"
          error={errors.calories?.message}
          type="number"
          inputMode="numeric"
          min="0"
          step="1"
          placeholder="0"
          className="tabular-nums"
          {...register('calories', { setValueAs: numberOrUndefined })}
        />
      </div>
      <MinuteChips
        current={watch('duration')}
        onPick={(minutes) =>
          setValue('duration', minutes, { shouldDirty: true, shouldValidate: true })
        }
      />
      <DateWithChips
        registration={register('date')}
        error={errors.date?.message}
        today={today}
        current={watch('date')}
        onPick={(date) => setValue('date', date, { shouldDirty: true })}
      />
      <InputField
        label="备注"
        error={errors.notes?.message}
        placeholder="可选"
        maxLength={500}
        {...register('notes')}
      />
      <TagField value={tags} onChange={setTags} />
    </FormDialog>
  );
}
