import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useCreateCheckinTask, useUpdateCheckinTask } from '../../api/checkin-tasks';
import { FormActions, InputField, SelectField, TextAreaField } from '../../components/form-fields';
import { Modal } from '../../components/Modal';
import { checkinCategoryLabels, checkinTypeLabels } from '../../domain/schemas/categories';
import {
  type CheckinTask,
  type CheckinTaskData,
  type CheckinTaskInput,
  checkinTaskInputSchema,
  MAX_FREQUENCY,
} from '../../domain/schemas/checkin';

// A new habit starts from the schema's own defaults: 每日, 频率 1, 每月目标 30, 分类 健康.
const { shape } = checkinTaskInputSchema.in;
const NEW_HABIT: CheckinTaskInput = {
  name: '',
  description: '',
  type: shape.type.parse(undefined),
  frequency: shape.frequency.parse(undefined),
  monthlyTarget: shape.monthlyTarget.parse(undefined),
  category: shape.category.parse(undefined),
};

const FREQUENCY_HINT = { weekly: '每周打卡几次', monthly: '每月打卡几次' } as const;

// An emptied number box means "not given", so the schema's default applies rather than NaN.
const asNumber = (value: string) => (value === '' ? undefined : Number(value));

interface CheckinTaskDialogProps {
  /** The habit being edited, or null to create one. */
  task: CheckinTask | null;
  onClose: () => void;
}

/** 创建打卡任务 / 编辑打卡任务. A failed save keeps the dialog open with what was typed. */
export function CheckinTaskDialog({ task, onClose }: CheckinTaskDialogProps) {
  const create = useCreateCheckinTask();
  const update = useUpdateCheckinTask();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<CheckinTaskInput, unknown, CheckinTaskData>({
    resolver: zodResolver(checkinTaskInputSchema),
    defaultValues: task
      ? {
          name: task.name,
          description: task.description,
          type: task.type,
          frequency: task.frequency,
          monthlyTarget: task.monthlyTarget,
          category: task.category,
        }
      : NEW_HABIT,
  });
  const type = watch('type') ?? 'daily';
  const saving = create.isPending || update.isPending;

  const onSubmit = handleSubmit((values) => {
    if (task) update.mutate({ id: task.id, input: values }, { onSuccess: onClose });
    else create.mutate(values, { onSuccess: onClose });
  });

  return (
    <Modal title={task ? '编辑打卡任务' : '创建打卡任务'} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <InputField
          label="名称"
          error={errors.name?.message}
          required
          placeholder="例如：早起、阅读 30 分钟"
          {...register('name')}
        />
        <TextAreaField
          label="描述"
          error={errors.description?.message}
          className="min-h-16"
          rows={2}
          {...register('description')}
        />
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label="类型"
            error={errors.type?.message}
            options={checkinTypeLabels}
            {...register('type')}
          />
          <SelectField
            label="分类"
            error={errors.category?.message}
            options={checkinCategoryLabels}
            {...register('category')}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          {/* SPEC §5: a daily habit has no frequency to set. */}
          {type !== 'daily' && (
            <InputField
              label="频率"
              error={errors.frequency?.message}
              hint={`${FREQUENCY_HINT[type]}，1–${MAX_FREQUENCY[type]}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_FREQUENCY[type]}
              step={1}
              {...register('frequency', { setValueAs: asNumber })}
            />
          )}
          <InputField
            label="每月目标"
            error={errors.monthlyTarget?.message}
            hint="每月打卡天数，1–31"
            type="number"
            inputMode="numeric"
            min={1}
            max={31}
            step={1}
            {...register('monthlyTarget', { setValueAs: asNumber })}
          />
        </div>
        <FormActions onCancel={onClose} saving={saving} />
      </form>
    </Modal>
  );
}
