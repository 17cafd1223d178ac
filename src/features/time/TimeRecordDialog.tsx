import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCreateTimeRecord } from '../../api/time-records';
import { FormActions, InputField, SelectField } from '../../components/form-fields';
import { Modal } from '../../components/Modal';
import { type TimeCategory, timeCategoryLabels } from '../../domain/schemas/categories';
import { timeRecordInputSchema } from '../../domain/schemas/time-record';

// 时长（分钟） is typed in minutes and stored in seconds: the minutes are converted first and
// then held to the record's own duration rule, so the limits live in one place.
const manualSchema = timeRecordInputSchema.pick({ task: true, category: true }).extend({
  minutes: z
    .number({ error: '请填写时长' })
    .transform((minutes) => Math.round(minutes * 60))
    .pipe(timeRecordInputSchema.shape.duration),
});

type ManualInput = z.input<typeof manualSchema>;
type ManualData = z.output<typeof manualSchema>;

interface TimeRecordDialogProps {
  today: string;
  onClose: () => void;
}

/** 手动添加: a time record for focus that happened away from the timer, dated today. */
export function TimeRecordDialog({ today, onClose }: TimeRecordDialogProps) {
  const create = useCreateTimeRecord();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ManualInput, unknown, ManualData>({
    resolver: zodResolver(manualSchema),
    defaultValues: { task: '', category: 'work' as TimeCategory },
  });

  const onSubmit = handleSubmit(({ task, category, minutes }) =>
    create.mutate({ task, category, duration: minutes, date: today }, { onSuccess: onClose }),
  );

  return (
    <Modal title="手动添加" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <InputField
          label="任务名称"
          error={errors.task?.message}
          required
          placeholder="例如：写周报"
          maxLength={100}
          {...register('task')}
        />
        <SelectField label="分类" required options={timeCategoryLabels} {...register('category')} />
        <InputField
          label="时长（分钟）"
          error={errors.minutes?.message}
          required
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          placeholder="25"
          className="tabular-nums"
          {...register('minutes', { valueAsNumber: true })}
        />
        <FormActions onCancel={onClose} saving={create.isPending} />
      </form>
    </Modal>
  );
}
