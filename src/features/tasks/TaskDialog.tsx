import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateTask, useUpdateTask } from '../../api/tasks';
import { FormActions, InputField, SelectField, TextAreaField } from '../../components/form-fields';
import { Modal } from '../../components/Modal';
import { taskCategoryLabels, taskPriorityLabels } from '../../domain/schemas/categories';
import { type Task, taskInputSchema } from '../../domain/schemas/task';

// The fields a person types; completion and timestamps are the list's business.
const taskFormSchema = taskInputSchema.pick({
  title: true,
  description: true,
  priority: true,
  category: true,
  dueDate: true,
});
type TaskFormInput = z.input<typeof taskFormSchema>;
type TaskFormValues = z.output<typeof taskFormSchema>;

// A new task starts from the schema's own defaults (优先级 中).
const NEW_TASK: TaskFormInput = {
  title: '',
  description: '',
  priority: taskFormSchema.shape.priority.parse(undefined),
  category: taskFormSchema.shape.category.parse(undefined),
  dueDate: '',
};

interface TaskDialogProps {
  /** The task being edited, or null to add one. */
  task: Task | null;
  onClose: () => void;
}

/** 添加任务 / 编辑任务. A failed save keeps the dialog open with what was typed. */
export function TaskDialog({ task, onClose }: TaskDialogProps) {
  const create = useCreateTask();
  const update = useUpdateTask();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TaskFormInput, unknown, TaskFormValues>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: task
      ? {
          title: task.title,
          description: task.description,
          priority: task.priority,
          category: task.category,
          dueDate: task.dueDate,
        }
      : NEW_TASK,
  });
  const saving = create.isPending || update.isPending;

  const onSubmit = handleSubmit((values) => {
    const options = { onSuccess: onClose };
    if (task) {
      // PUT replaces the record: carry over what the form does not show.
      const { completed, completedAt, createdAt } = task;
      update.mutate(
        { id: task.id, input: { ...values, completed, completedAt, createdAt } },
        options,
      );
    } else {
      create.mutate(values, options);
    }
  });

  return (
    <Modal title={task ? '编辑任务' : '添加任务'} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <InputField
          label="标题"
          error={errors.title?.message}
          required
          placeholder="要做什么？"
          {...register('title')}
        />
        <TextAreaField
          label="描述"
          error={errors.description?.message}
          {...register('description')}
        />
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label="优先级"
            error={errors.priority?.message}
            options={taskPriorityLabels}
            {...register('priority')}
          />
          <SelectField
            label="分类"
            error={errors.category?.message}
            options={taskCategoryLabels}
            {...register('category')}
          />
        </div>
        <InputField
          label="截止日期"
          error={errors.dueDate?.message}
          hint="可不填"
          type="date"
          {...register('dueDate')}
        />
        <FormActions onCancel={onClose} saving={saving} />
      </form>
    </Modal>
  );
}
