import { useSaveAsset } from '../../api/assets';
import {
  AmountField,
  amountRegisterOptions,
  FormDialog,
  InputField,
  SelectField,
  TextAreaField,
} from '../../components/form-fields';
import { useDialogForm } from '../../components/form-fields-dialog';
import { formatMonth } from '../../domain/checkin';
import {
  type Asset,
  type AssetData,
  type AssetInput,
  assetInputSchema,
} from '../../domain/schemas/asset';
import { assetCategoryLabelsFor, assetTypeLabels } from '../../domain/schemas/categories';

/** What 生效日期 changes, in the trend's own terms (months). */
function effectiveHint(effectiveDate: string | null | undefined): string {
  if (!effectiveDate) return '留空则按日期计入趋势';
  return `月度趋势从${formatMonth(effectiveDate.slice(0, 7))}起按这次的金额计算，之前的月份不变`;
}

interface AssetFormDialogProps {
  /** The latest version being edited, or null to add an asset or liability. */
  existing: Asset | null;
  today: string;
  onClose: () => void;
}

/**
 * 添加资产/负债 / 编辑. Saving an edit adds the chain's next version (docs/spec.md §4); a failed save
 * keeps the dialog, and what was typed, open.
 */
export function AssetFormDialog({ existing, today, onClose }: AssetFormDialogProps) {
  const save = useSaveAsset();
  const { register, handleSubmit, setValue, watch, errors, isDirty } = useDialogForm<
    AssetInput,
    AssetData
  >(
    assetInputSchema,
    existing
      ? {
          type: existing.type,
          name: existing.name,
          category: existing.category,
          amount: existing.amount,
          date: existing.date,
          // An edit is a change from now on: dated today it leaves every earlier month of the
          // trend as it was. Left empty it would fall back to the created date and rewrite them.
          effectiveDate: today,
          description: existing.description,
        }
      : { type: 'asset', name: '', category: '', date: today, effectiveDate: '', description: '' },
  );
  const categories = assetCategoryLabelsFor(watch('type'));

  const onSubmit = handleSubmit((data) => save.mutate({ existing, data }, { onSuccess: onClose }));

  return (
    <FormDialog
      title={existing ? '编辑资产/负债' : '添加资产/负债'}
      onClose={onClose}
      dirty={isDirty}
      onSubmit={onSubmit}
      saving={save.isPending}
    >
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="类型"
          required
          options={assetTypeLabels}
          // 资产 and 负债 have different category lists, so a type change starts it over.
          {...register('type', { onChange: () => setValue('category', '') })}
        />
        <SelectField
          label="分类"
          required
          error={errors.category?.message}
          options={categories}
          placeholder="请选择分类"
          {...register('category')}
        />
      </div>
      <InputField
        label="名称"
        required
        error={errors.name?.message}
        placeholder="如：招商银行储蓄卡"
        maxLength={100}
        {...register('name')}
      />
      <AmountField
        label="金额"
        required
        error={errors.amount?.message}
        initial={existing?.amount}
        registration={register('amount', amountRegisterOptions)}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <InputField
          label="日期"
          required
          error={errors.date?.message}
          type="date"
          {...register('date')}
        />
        <InputField
          label="生效日期"
          error={errors.effectiveDate?.message}
          hint={effectiveHint(watch('effectiveDate'))}
          type="date"
          {...register('effectiveDate')}
        />
      </div>
      <TextAreaField
        label="备注"
        error={errors.description?.message}
        rows={2}
        className="min-h-16"
        placeholder="可选"
        maxLength={500}
        {...register('description')}
      />
    </FormDialog>
  );
}
