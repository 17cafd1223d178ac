import { useSaveCategory } from '../../api/categories';
import { FormDialog, InputField, SelectField } from '../../components/form-fields';
import { useDialogForm } from '../../components/form-fields-dialog';
import {
  CATEGORY_ICONS,
  CATEGORY_SUGGESTIONS,
  type CategoryBook,
  type CategoryItem,
  categoryProblem,
} from '../../domain/categories';
import type { AccountType } from '../../domain/schemas/categories';
import {
  type CategoryData,
  type CategoryInput,
  categoryInputSchema,
} from '../../domain/schemas/category';

interface CategoryDialogProps {
  book: CategoryBook;
  /** The category being edited, or null to add one. */
  category: CategoryItem | null;
  /** For a new one: its type, and its parent when it is a 子分类. */
  type: AccountType;
  parentId: string | null;
  onClose: () => void;
}

/**
 * 添加分类 / 添加子分类 / 编辑分类: 名称 (with suggestions for a new one), 图标, 上级分类 and,
 * when editing, 隐藏. A built-in keeps its type and stays at the top level.
 */
export function CategoryDialog({ book, category, type, parentId, onClose }: CategoryDialogProps) {
  const save = useSaveCategory();
  const siblings = (parent: string | null) =>
    parent ? book.children(parent) : book.topLevel(type);
  const nextOrder = (parent: string | null) =>
    Math.max(-1, ...siblings(parent).map((c) => c.order)) + 1;
  const form = useDialogForm<CategoryInput, CategoryData>(
    categoryInputSchema,
    category
      ? {
          name: category.name,
          type: category.type,
          parentId: category.parentId,
          icon: category.icon,
          order: category.order,
          hidden: category.hidden,
        }
      : { name: '', type, parentId, icon: '', order: nextOrder(parentId), hidden: false },
  );
  const { register, handleSubmit, errors, isDirty, watch, setValue, setError } = form;
  const icon = watch('icon') ?? '';
  const parents = Object.fromEntries(
    book
      .topLevel(type)
      .filter((c) => c.id !== category?.id)
      .map((c) => [c.id, c.hidden ? `${c.name}（已隐藏）` : c.name]),
  );
  // A built-in, or a category with 子分类 of its own, stays at the top level.
  const canNest = !category?.builtIn && !(category && book.children(category.id).length > 0);
  const names = new Set(siblings(watch('parentId') ?? null).map((c) => c.name));
  const suggestions =
    category || parentId ? [] : CATEGORY_SUGGESTIONS[type].filter((n) => !names.has(n));

  const onSubmit = handleSubmit((values) => {
    const problem = categoryProblem(book, { ...values, id: category?.id });
    if (problem) {
      setError(problem.field, { message: problem.message });
      return;
    }
    // A category moved under another parent goes to the end of its new siblings.
    const moved = category && category.parentId !== values.parentId;
    const input = moved ? { ...values, order: nextOrder(values.parentId) } : values;
    save.mutate({ id: category?.id, input }, { onSuccess: onClose });
  });

  const title = category ? '编辑分类' : parentId ? '添加子分类' : '添加分类';
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      dirty={isDirty}
      onSubmit={onSubmit}
      saving={save.isPending}
    >
      <InputField
        label="名称"
        required
        error={errors.name?.message}
        placeholder={type === 'expense' ? '如：日用、宠物' : '如：理财、红包'}
        maxLength={12}
        autoComplete="off"
        {...register('name')}
      />
      {suggestions.length > 0 && (
        <fieldset className="-mt-2 flex flex-wrap gap-1.5">
          <legend className="sr-only">常用分类</legend>
          {suggestions.map((name) => (
            <button
              key={name}
              type="button"
              className="rounded-full border border-slate-200 px-2.5 py-1 text-xs text-slate-700 hover:border-blue-300 focus-visible:outline-2 focus-visible:outline-blue-500"
              onClick={() => setValue('name', name, { shouldDirty: true })}
            >
              {name}
            </button>
          ))}
        </fieldset>
      )}
      <fieldset className="min-w-0">
        <legend className="mb-1 block text-sm font-medium text-slate-700">图标</legend>
        <div className="grid grid-cols-7 gap-1.5 sm:grid-cols-10">
          {['', ...CATEGORY_ICONS].map((choice) => (
            <button
              key={choice || 'none'}
              type="button"
              aria-pressed={choice === icon}
              aria-label={choice ? `图标 ${choice}` : '不用图标'}
              onClick={() => setValue('icon', choice, { shouldDirty: true })}
              className={`flex h-9 items-center justify-center rounded-lg border text-lg focus-visible:outline-2 focus-visible:outline-blue-500 ${
                choice === icon
                  ? 'border-blue-500 bg-blue-50'
                  : 'border-slate-200 hover:border-blue-300'
              }`}
            >
              {choice || <span className="text-xs text-slate-500">无</span>}
            </button>
          ))}
        </div>
      </fieldset>
      {canNest && (
        <SelectField
          label="上级分类"
          options={parents}
          placeholder="无（一级分类）"
          error={errors.parentId?.message}
          {...register('parentId', { setValueAs: (v: unknown) => (v ? String(v) : null) })}
        />
      )}
      {category && (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4" {...register('hidden')} />
          隐藏（不再出现在选择列表中，已有记录保留此分类）
        </label>
      )}
    </FormDialog>
  );
}
