import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { InputField, SelectField } from '../../components/form-fields';
import { Modal } from '../../components/Modal';
import { type TimeCategory, timeCategoryLabels } from '../../domain/schemas/categories';
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
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(customStartSchema),
    defaultValues: { task: '', category: 'other' as TimeCategory },
  });

  const onSubmit = handleSubmit((values) => {
    onStart(values);
    onClose();
  });

  return (
    <Modal title="自定义开始" onClose={onClose} dirty={isDirty}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <InputField
          label="任务名称"
          error={errors.task?.message}
          required
          placeholder="例如：阅读《深度工作》"
          maxLength={100}
          {...register('task')}
        />
        <SelectField label="分类" required options={timeCategoryLabels} {...register('category')} />
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
