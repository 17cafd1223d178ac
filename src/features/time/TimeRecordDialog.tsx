import { useState } from 'react';
import { z } from 'zod';
import { useCreateTimeRecord, useUpdateTimeRecord } from '../../api/time-records';
import { ChoiceGrid, MinuteChips } from '../../components/ChoiceGrid';
import { FormDialog, InputField } from '../../components/form-fields';
import { useDialogForm } from '../../components/form-fields-dialog';
import { TagField } from '../../components/TagField';
import { type TimeCategory, timeCategoryLabels } from '../../domain/schemas/categories';
import { type TimeRecord, timeRecordInputSchema } from '../../domain/schemas/time-record';
import { withTagsFrom } from '../../domain/tags';

// 时长（分钟） is typed in minutes and stored in seconds: the minutes are converted first and
// then held to the record's own duration rule, so the limits live in one place.
const manualSchema = timeRecordInputSchema.pick({ task: true, category: true, date: true }).extend({
  minutes: z
    .number({ error: '请填写时长' })
    .transform((minutes) => Math.round(minutes * 60))
    .pipe(timeRecordInputSchema.shape.duration),
});

type ManualInput = z.input<typeof manualSchema>;
type ManualData = z.output<typeof manualSchema>;

/**
 * A stored duration in minutes for the field: whole when it is, else to the hundredth, which
 * converts back to the same whole second (0.01 min = 0.6 s).
 */
const minutesOf = (seconds: number) => Math.round((seconds / 60) * 100) / 100;

interface TimeRecordDialogProps {
  /** The record being edited, or null for 手动添加. */
  record: TimeRecord | null;
  today: string;
  onClose: () => void;
}

/**
 * 手动添加 (focus that happened away from the timer, on any day) and 编辑记录. A failed save
 * keeps the dialog, and what was typed, open.
 */
export function TimeRecordDialog({ record, today, onClose }: TimeRecordDialogProps) {
  const create = useCreateTimeRecord();
  const update = useUpdateTimeRecord();
  const { register, handleSubmit, setValue, watch, errors, isDirty } = useDialogForm<
    ManualInput,
    ManualData
  >(
    manualSchema,
    record
      ? {
          task: record.task,
          category: record.category,
          date: record.date,
          minutes: minutesOf(record.duration),
        }
      : { task: '', category: 'work' as TimeCategory, date: today },
  );

  const [tags, setTags] = useState<string[]>(() => [...(record?.tags ?? [])]);

  const onSubmit = handleSubmit(({ task, category, date, minutes }) => {
    // A #标签 in the task's name is added too, and the name keeps its words (issue 63).
    const input = { task, category, date, duration: minutes, tags: withTagsFrom(tags, task) };
    if (record) {
      // PUT replaces the record: its creation time stays.
      update.mutate(
        { id: record.id, input: { ...input, createdAt: record.createdAt, taskId: record.taskId } },
        { onSuccess: onClose },
      );
    } else {
      create.mutate(input, { onSuccess: onClose });
    }
  });

  return (
    <FormDialog
      title={record ? '编辑记录' : '手动添加'}
      onClose={onClose}
      dirty={isDirty || tags.join() !== (record?.tags ?? []).join()}
      onSubmit={onSubmit}
      saving={create.isPending || update.isPending}
    >
      <InputField
        label="任务名称"
        error={errors.task?.message}
        required
        placeholder="例如：写周报"
        maxLength={100}
        {...register('task')}
      />
      <ChoiceGrid
        label="分类"
        required
        options={timeCategoryLabels}
        value={watch('category')}
        onChange={(key) => setValue('category', key as TimeCategory, { shouldDirty: true })}
      />
      <div className="grid grid-cols-2 gap-3">
        <InputField
          label="日期"
          error={errors.date?.message}
          required
          type="date"
          max={today}
          {...register('date')}
        />
        <InputField
          label="时长（分钟）"
          error={errors.minutes?.message}
          required
          type="number"
          inputMode="decimal"
          min="1"
          step="any"
          placeholder="25"
          className="tabular-nums"
          {...register('minutes', { valueAsNumber: true })}
        />
      </div>
      <MinuteChips
        current={watch('minutes')}
        onPick={(minutes) =>
          setValue('minutes', minutes, { shouldDirty: true, shouldValidate: true })
        }
      />
      <TagField value={tags} onChange={setTags} />
    </FormDialog>
  );
}
