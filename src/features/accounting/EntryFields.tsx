import {
  BriefcaseBusiness,
  Bus,
  Ellipsis,
  Gamepad2,
  Gift,
  GraduationCap,
  HandCoins,
  House,
  type LucideIcon,
  ReceiptText,
  ShoppingBag,
  Stethoscope,
  TrendingUp,
  Utensils,
  Wallet,
} from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { useCategoryBook } from '../../api/categories';
import { ChoiceGrid } from '../../components/ChoiceGrid';
import { AmountField, amountRegisterOptions } from '../../components/form-fields';
import { SegmentedControl } from '../../components/SegmentedControl';
import { BUILT_IN_BOOK, type CategoryBook } from '../../domain/categories';
import { type AccountType, accountTypeLabels } from '../../domain/schemas/categories';

const CATEGORY_ICONS: Readonly<Record<string, LucideIcon>> = {
  dining: Utensils,
  transport: Bus,
  shopping: ShoppingBag,
  entertainment: Gamepad2,
  medical: Stethoscope,
  education: GraduationCap,
  housing: House,
  reimbursement: ReceiptText,
  other: Ellipsis,
  salary: Wallet,
  bonus: Gift,
  investment: TrendingUp,
  part_time: BriefcaseBusiness,
  gift: HandCoins,
};

/** The fields every bookkeeping form has, whatever else it holds. */
interface EntryShape {
  type: AccountType;
  amount: number;
  category: string;
}

interface EntryFieldsProps<T extends EntryShape> {
  // biome-ignore lint/suspicious/noExplicitAny: the form's parsed output is the caller's own
  form: UseFormReturn<T, unknown, any>;
  /** The stored amount of an edit. */
  initialAmount?: number;
  /** The form draws 类型 itself, above (添加记录's adds 转账): this piece then leaves it out. */
  withoutType?: boolean;
}

/** 支出 / 收入, the choices of 类型 every bookkeeping form has. */
export const ENTRY_TYPE_OPTIONS = Object.entries(accountTypeLabels).map(([value, label]) => ({
  value: value as AccountType,
  label,
}));

/**
 * 类型 changed: a type change starts 分类 over (the two types' lists differ, docs/spec.md §5).
 */
export function chooseEntryType<T extends EntryShape>(
  // biome-ignore lint/suspicious/noExplicitAny: the form's parsed output is the caller's own
  form: UseFormReturn<T, unknown, any>,
  type: AccountType,
) {
  const entry = form as unknown as UseFormReturn<EntryShape>;
  if (entry.getValues('type') === type) return;
  entry.setValue('type', type, { shouldDirty: true });
  entry.setValue('category', '', {
    shouldDirty: true,
    shouldValidate: entry.formState.isSubmitted,
  });
}

/**
 * 类型, 金额 and 分类 of a bookkeeping entry, one piece for the record and the 周期记账
 * template: 类型 is a segmented control (one tap, SegmentedControl), 分类 is a grid of the
 * type's categories, and a type change starts it over (the two types' lists differ,
 * docs/spec.md §5).
 */
export function EntryFields<T extends EntryShape>({
  form,
  initialAmount,
  withoutType = false,
}: EntryFieldsProps<T>) {
  // The form is one of EntryShape's extensions; its three fields are read and set through it.
  const entry = form as unknown as UseFormReturn<EntryShape>;
  const {
    register,
    watch,
    setValue,
    formState: { errors, isSubmitted },
  } = entry;
  const setCategory = (key: string) =>
    setValue('category', key, { shouldDirty: true, shouldValidate: isSubmitted });
  // The user's categories (issue 61): visible ones, each parent before its 子分类, and the
  // entry's own even when hidden. A custom one shows its emoji where a built-in has an icon.
  const book = useCategoryBook();
  const options = book.options(watch('type'), watch('category'));
  const labels = Object.fromEntries(
    options.map((o) => [o.id, o.parentId ? o.label.replace(' / ', '·') : o.label]),
  );
  const glyphs = Object.fromEntries(options.map((o) => [o.id, o.icon]));
  return (
    <>
      {!withoutType && (
        <SegmentedControl
          label="类型"
          options={ENTRY_TYPE_OPTIONS}
          value={watch('type')}
          onChange={(type) => chooseEntryType(entry, type)}
        />
      )}
      <AmountField
        label="金额"
        error={errors.amount?.message}
        required
        initial={initialAmount}
        registration={register('amount', amountRegisterOptions)}
      />
      <ChoiceGrid
        label="分类"
        required
        options={labels}
        icons={CATEGORY_ICONS}
        glyphs={glyphs}
        value={watch('category')}
        onChange={setCategory}
        error={errors.category?.message}
      />
    </>
  );
}

const LAST_CATEGORY_KEY = 'lastAccountCategory';

/** The category last saved for a type on this device, if it is still one to pick. */
export function lastCategory(type: AccountType, book: CategoryBook = BUILT_IN_BOOK): string {
  try {
    const saved = JSON.parse(localStorage.getItem(LAST_CATEGORY_KEY) ?? '{}')?.[type];
    if (typeof saved !== 'string') return '';
    const item = book.get(type, saved);
    return item && !item.hidden ? saved : '';
  } catch {
    return '';
  }
}

export function rememberCategory(type: AccountType, category: string): void {
  try {
    const saved = JSON.parse(localStorage.getItem(LAST_CATEGORY_KEY) ?? '{}') ?? {};
    localStorage.setItem(LAST_CATEGORY_KEY, JSON.stringify({ ...saved, [type]: category }));
  } catch {
    // A device that keeps nothing preselects nothing; the entry itself is saved.
  }
}
