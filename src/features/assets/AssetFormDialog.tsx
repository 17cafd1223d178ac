import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSaveAsset } from '../../api/assets';
import { errorMessage } from '../../api/http';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { useToast } from '../../components/toast';
import {
  type Asset,
  type AssetData,
  type AssetInput,
  assetInputSchema,
} from '../../domain/schemas/asset';
import {
  assetCategoryLabelsFor,
  assetTypeLabels,
  assetTypes,
} from '../../domain/schemas/categories';

interface AssetFormDialogProps {
  /** The latest version being edited, or null to add an asset or liability. */
  existing: Asset | null;
  today: string;
  onClose: () => void;
}

/**
 * 添加资产/负债 / 编辑. Saving an edit adds the chain's next version (SPEC §4); a failed save
 * keeps the dialog, and what was typed, open.
 */
export function AssetFormDialog({ existing, today, onClose }: AssetFormDialogProps) {
  const toast = useToast();
  const save = useSaveAsset();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AssetInput, unknown, AssetData>({
    resolver: zodResolver(assetInputSchema),
    defaultValues: existing
      ? {
          type: existing.type,
          name: existing.name,
          category: existing.category,
          amount: existing.amount,
          date: existing.date,
          effectiveDate: existing.effectiveDate,
          description: existing.description,
        }
      : { type: 'asset', name: '', category: '', date: today, effectiveDate: '', description: '' },
  });
  const categories = assetCategoryLabelsFor(watch('type'));

  const onSubmit = handleSubmit(async (data) => {
    try {
      await save.mutateAsync({ existing, data });
      onClose();
    } catch (error) {
      toast.error(`保存资产失败：${errorMessage(error)}，请重试`);
    }
  });

  return (
    <Modal title={existing ? '编辑资产/负债' : '添加资产/负债'} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid grid-cols-2 gap-3">
          <Field label="类型" required>
            {(id) => (
              <select
                id={id}
                className="input"
                // 资产 and 负债 have different category lists, so a type change starts it over.
                {...register('type', { onChange: () => setValue('category', '') })}
              >
                {assetTypes.map((key) => (
                  <option key={key} value={key}>
                    {assetTypeLabels[key]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="分类" error={errors.category?.message} required>
            {(id, describedBy) => (
              <select
                id={id}
                className="input"
                aria-invalid={!!errors.category}
                aria-describedby={describedBy}
                {...register('category')}
              >
                <option value="">请选择分类</option>
                {Object.entries(categories).map(([key, label]) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field label="名称" error={errors.name?.message} required>
          {(id, describedBy) => (
            <input
              id={id}
              className="input"
              placeholder="如：招商银行储蓄卡"
              maxLength={100}
              aria-invalid={!!errors.name}
              aria-describedby={describedBy}
              {...register('name')}
            />
          )}
        </Field>
        <Field label="金额" error={errors.amount?.message} required>
          {(id, describedBy) => (
            <input
              id={id}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              placeholder="0.00"
              className="input tabular-nums"
              aria-invalid={!!errors.amount}
              aria-describedby={describedBy}
              {...register('amount', { valueAsNumber: true })}
            />
          )}
        </Field>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label="日期" error={errors.date?.message} required>
            {(id, describedBy) => (
              <input
                id={id}
                type="date"
                className="input"
                aria-invalid={!!errors.date}
                aria-describedby={describedBy}
                {...register('date')}
              />
            )}
          </Field>
          <Field label="生效日期" error={errors.effectiveDate?.message} hint="留空则按日期计入趋势">
            {(id, describedBy) => (
              <input
                id={id}
                type="date"
                className="input"
                aria-invalid={!!errors.effectiveDate}
                aria-describedby={describedBy}
                {...register('effectiveDate')}
              />
            )}
          </Field>
        </div>
        <Field label="备注" error={errors.description?.message}>
          {(id, describedBy) => (
            <textarea
              id={id}
              rows={2}
              className="input"
              placeholder="可选"
              maxLength={500}
              aria-invalid={!!errors.description}
              aria-describedby={describedBy}
              {...register('description')}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? '保存中...' : '保存'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
