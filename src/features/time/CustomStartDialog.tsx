import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import {
  type TimeCategory,
  timeCategories,
  timeCategoryLabels,
} from '../../domain/schemas/categories';
import { timeRecordInputSchema } from '../../domain/schemas/time-record';

// The same rules as the record the session will become.
const customStartSchema = timeRecordInputSchema.pick({ task: true, category: true });

interface CustomStartDialogProps {
  onStart: (session: { task: string; category: TimeCategory }) => void;
  onClose: () => void;
}

/** 自定义开始: the timer starts on a task the user names. */
export function CustomStartDialog({ onStart, onClose }: CustomStartDialogProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(customStartSchema),
    defaultValues: { task: '', category: 'other' as TimeCategory },
  });

  const onSubmit = handleSubmit((values) => {
    onStart(values);
    onClose();
  });

  return (
    <Modal title="自定义开始" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="任务名称" error={errors.task?.message} required>
          {(id, describedBy) => (
            <input
              id={id}
              className="input"
              placeholder="例如：阅读《深度工作》"
              maxLength={100}
              aria-invalid={!!errors.task}
              aria-describedby={describedBy}
              {...register('task')}
            />
          )}
        </Field>
        <Field label="分类" required>
          {(id) => (
            <select id={id} className="input" {...register('category')}>
              {timeCategories.map((key) => (
                <option key={key} value={key}>
                  {timeCategoryLabels[key]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn-primary">
            开始
          </button>
        </div>
      </form>
    </Modal>
  );
}
