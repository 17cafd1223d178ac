import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { addDays } from '../domain/dates';
import { InputField } from './form-fields';

interface ChoiceGridProps {
  label: string;
  /** key → label, in display order. */
  options: Readonly<Record<string, string>>;
  value: string;
  onChange: (key: string) => void;
  icons?: Readonly<Record<string, LucideIcon>>;
  /** An emoji for a key without an icon (a 分类 of one's own, issue 61). */
  glyphs?: Readonly<Record<string, string>>;
  error?: string;
  required?: boolean;
  columns?: 3 | 4;
}

/**
 * A choice made in one tap: a grid of buttons, each named by its label alone (the icon is
 * decoration), the chosen one `aria-pressed`. Pressing the chosen one again keeps it: a
 * required choice has no "none" to fall back to. Tab and Enter/Space work as on any button.
 */
export function ChoiceGrid({
  label,
  options,
  value,
  onChange,
  icons,
  glyphs,
  error,
  required,
  columns = 4,
}: ChoiceGridProps) {
  const id = useId();
  return (
    <fieldset
      aria-labelledby={id}
      aria-describedby={error ? `${id}-error` : undefined}
      className="min-w-0 space-y-1"
    >
      <legend
        id={id}
        className={`mb-1 block text-sm font-medium text-slate-700 ${required ? "after:ml-0.5 after:text-red-500 after:content-['*']" : ''}`}
      >
        {label}
      </legend>
      <div className={`grid gap-2 ${columns === 3 ? 'grid-cols-3' : 'grid-cols-4'}`}>
        {Object.entries(options).map(([key, text]) => {
          const Icon = icons?.[key];
          const chosen = key === value;
          return (
            <button
              key={key}
              type="button"
              aria-pressed={chosen}
              onClick={() => onChange(key)}
              className={`flex min-w-0 flex-col items-center gap-1 rounded-xl border px-1 py-2 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-blue-500 ${
                chosen
                  ? 'border-blue-500 bg-blue-50 text-blue-700'
                  : 'border-slate-200 text-slate-700 hover:border-blue-300'
              }`}
            >
              {Icon ? (
                <Icon size={20} aria-hidden="true" />
              ) : (
                // An emoji, or an empty slot: every label sits on the same line.
                <span className="h-5 text-lg leading-5" aria-hidden="true">
                  {glyphs?.[key]}
                </span>
              )}
              <span className="max-w-full truncate">{text}</span>
            </button>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface ChipsProps<T extends string | number> {
  label: string;
  chips: readonly { value: T; text: string }[];
  current: T | undefined;
  onPick: (value: T) => void;
}

/** Shortcuts beside a field (今天 / 昨天, 15/30/45/60 分钟): they fill it, the field stays. */
function Chips<T extends string | number>({ label, chips, current, onPick }: ChipsProps<T>) {
  return (
    <fieldset aria-label={label} className="flex min-w-0 flex-wrap gap-2">
      {chips.map((chip) => (
        <button
          key={String(chip.value)}
          type="button"
          aria-pressed={chip.value === current}
          onClick={() => onPick(chip.value)}
          className={`rounded-full border px-3 py-1 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-blue-500 ${
            chip.value === current
              ? 'border-blue-500 bg-blue-50 text-blue-700'
              : 'border-slate-200 text-slate-600 hover:border-blue-300'
          }`}
        >
          {chip.text}
        </button>
      ))}
    </fieldset>
  );
}

const MINUTE_CHIPS = [15, 30, 45, 60].map((value) => ({ value, text: `${value}分钟` }));

/** 15 / 30 / 45 / 60 分钟 under a 时长（分钟） field. */
export function MinuteChips({
  current,
  onPick,
}: {
  current: number | undefined;
  onPick: (minutes: number) => void;
}) {
  return <Chips label="常用时长" chips={MINUTE_CHIPS} current={current} onPick={onPick} />;
}

/** 日期 with 今天 / 昨天 under it: the chips fill the field, which takes any other day. */
export function DateWithChips({
  registration,
  error,
  today,
  current,
  onPick,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  today: string;
  current: string | undefined;
  onPick: (date: string) => void;
}) {
  return (
    <div className="space-y-2">
      <InputField label="日期" error={error} required type="date" {...registration} />
      <Chips
        label="快捷日期"
        chips={[
          { value: today, text: '今天' },
          { value: addDays(today, -1), text: '昨天' },
        ]}
        current={current}
        onPick={onPick}
      />
    </div>
  );
}
