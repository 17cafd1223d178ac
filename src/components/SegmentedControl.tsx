import { useId } from 'react';

interface SegmentedControlProps<T extends string> {
  /** The group's accessible name (类型). */
  label: string;
  /** The choices, in display order. */
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/**
 * A choice of two or three made in one tap (支出 / 收入 / 转账), drawn as a segmented control.
 * Underneath it is a group of native radio buttons, so screen readers announce "类型, 单选,
 * 支出, 已选中, 1/3" and the keyboard works as on any radio group (WAI-ARIA): Tab enters on the
 * chosen one, the arrow keys move and choose, and Tab leaves. The visible segment carries the
 * focus ring of the radio hidden inside it.
 */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
}: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="grid gap-1 rounded-xl bg-slate-100 p-1"
      style={{ gridTemplateColumns: `repeat(${options.length}, minmax(0, 1fr))` }}
    >
      {options.map((option) => (
        <label key={option.value} className="relative min-w-0 cursor-pointer">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
          />
          <span className="block truncate rounded-lg px-2 py-2.5 text-center text-sm font-medium text-slate-600 transition-colors peer-hover:text-slate-900 peer-checked:bg-white peer-checked:text-blue-700 peer-checked:shadow-sm peer-checked:ring-1 peer-checked:ring-slate-200 dark:peer-checked:bg-blue-50 dark:peer-checked:ring-blue-300 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-blue-500">
            {option.label}
          </span>
        </label>
      ))}
    </div>
  );
}
