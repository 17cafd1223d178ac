import { Link } from 'react-router-dom';
import { useCategoryBook } from '../../api/categories';
import { useWallets } from '../../api/wallets';
import { InputField, SelectField } from '../../components/form-fields';
import { useToday } from '../../components/useToday';
import { dailyBudgetCents } from '../../domain/budget';
import { formatCents } from '../../domain/money';
import {
  dailyBudgetModeLabels,
  type Settings,
  type SettingsInput,
  settingsSchema,
} from '../../domain/schemas/settings';
import { SettingsCard, useSettingsDraft } from './auto-save';

// What the form holds: amounts as typed (a blank box means "not set").
interface Draft {
  monthlyBudget: string;
  categoryBudgets: Record<string, string>;
  dailyBudgetMode: Settings['dailyBudgetMode'];
  dailyBudget: string;
  monthStartDay: string;
  defaultWalletId: string;
}

/** 每月起始日's choices: the 1st (the calendar month) to the 28th, which every month has. */
const START_DAYS = Object.fromEntries(
  Array.from({ length: 28 }, (_, i) => [String(i + 1), i === 0 ? '1 日（自然月）' : `${i + 1} 日`]),
);

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** A yuan amount box: a decimal keypad on phones, cents at most. */
const MONEY_INPUT = {
  type: 'number',
  inputMode: 'decimal',
  min: '0.01',
  step: '0.01',
  className: 'tabular-nums',
} as const;

/** Blank stays "not set"; anything else goes to the schema as a number (it names what is wrong). */
const amount = (value: string) => (value.trim() === '' ? null : Number(value));

const toDraft = (s: Settings): Draft => ({
  monthlyBudget: text(s.monthlyBudget),
  // Every budget set is kept, of a category shown or not (one hidden, or made a 子分类).
  categoryBudgets: Object.fromEntries(
    Object.entries(s.categoryBudgets).map(([c, v]) => [c, text(v)]),
  ),
  dailyBudgetMode: s.dailyBudgetMode,
  dailyBudget: text(s.dailyBudget),
  monthStartDay: String(s.monthStartDay),
  defaultWalletId: s.defaultWalletId,
});

function toChange(draft: Draft): Partial<SettingsInput> {
  const categoryBudgets: Record<string, number> = {};
  for (const [category, value] of Object.entries(draft.categoryBudgets)) {
    const n = amount(value);
    if (n !== null) categoryBudgets[category] = n;
  }
  return {
    monthlyBudget: amount(draft.monthlyBudget),
    categoryBudgets,
    dailyBudgetMode: draft.dailyBudgetMode,
    dailyBudget: amount(draft.dailyBudget) ?? Number.NaN,
    monthStartDay: Number(draft.monthStartDay),
    defaultWalletId: draft.defaultWalletId,
  };
}

/** 设置 → 预算: the month's budget, the day's (fixed or derived) and per-category budgets. */
export function BudgetSettings({ saved }: { saved: Settings }) {
  const today = useToday();
  const { draft, set, errors, save, ref } = useSettingsDraft(saved, toDraft, toChange);
  const parsed = settingsSchema.safeParse({ ...saved, ...toChange(draft) });
  const derived = parsed.success ? dailyBudgetCents(parsed.data, today) : null;
  // 默认账户 (issue 61): the 账户 a new entry starts with; saving an entry makes it the last used.
  const wallets = (useWallets().data?.items ?? []).filter((w) => !w.archived);
  const walletOptions = Object.fromEntries(wallets.map((w) => [w.id, w.name]));
  // Top-level expense categories (a 子分类's spending counts against its parent's budget): the
  // visible ones, and a hidden one while it still has a budget.
  const book = useCategoryBook();
  const budgeted = book
    .topLevel('expense')
    .filter((c) => !c.hidden || draft.categoryBudgets[c.id])
    .map((c) => ({ category: c.id, name: c.name }));

  return (
    <SettingsCard title="预算" save={save}>
      <div ref={ref} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="月预算"
            hint="本月全部支出的上限，留空表示不设"
            error={errors.monthlyBudget}
            {...MONEY_INPUT}
            placeholder="不设"
            value={draft.monthlyBudget}
            onChange={(e) => set({ monthlyBudget: e.target.value })}
          />
          <fieldset className="min-w-0 space-y-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">日预算</legend>
            {(Object.keys(dailyBudgetModeLabels) as Settings['dailyBudgetMode'][]).map((mode) => (
              <label key={mode} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="dailyBudgetMode"
                  className="size-5"
                  checked={draft.dailyBudgetMode === mode}
                  onChange={() => set({ dailyBudgetMode: mode })}
                />
                {dailyBudgetModeLabels[mode]}
              </label>
            ))}
            {draft.dailyBudgetMode === 'fixed' ? (
              <InputField
                label="每日金额"
                error={errors.dailyBudget}
                {...MONEY_INPUT}
                value={draft.dailyBudget}
                onChange={(e) => set({ dailyBudget: e.target.value })}
              />
            ) : (
              <p className="text-sm text-slate-600 tabular-nums">
                本月每天 {derived === null ? '—' : formatCents(derived)}
                （首页“控制支出在预算内”使用）
              </p>
            )}
          </fieldset>
        </div>
        <SelectField
          label="每月起始日"
          hint={
            draft.monthStartDay === '1'
              ? '预算、本月支出和月度报告按自然月计算'
              : `预算、本月支出和月度报告从每月 ${draft.monthStartDay} 日算到下月 ${Number(draft.monthStartDay) - 1} 日，可设为发薪日`
          }
          error={errors.monthStartDay}
          options={START_DAYS}
          className="sm:max-w-48"
          value={draft.monthStartDay}
          onChange={(e) => set({ monthStartDay: e.target.value })}
        />
        {wallets.length > 0 && (
          <SelectField
            label="默认账户"
            hint="记一笔时预先选中的账户；每次记账后会记住最后使用的账户"
            error={errors.defaultWalletId}
            placeholder="不指定账户"
            options={walletOptions}
            className="sm:max-w-48"
            value={walletOptions[draft.defaultWalletId] ? draft.defaultWalletId : ''}
            onChange={(e) => set({ defaultWalletId: e.target.value })}
          />
        )}
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-medium text-slate-700">分类月预算（可选）</legend>
          <p className="-mt-1 mb-2 text-xs text-slate-500">
            子分类的支出计入上级分类的预算。
            <Link
              to="/categories"
              className="ml-1 text-blue-700 underline-offset-2 hover:underline"
            >
              分类管理
            </Link>
          </p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 wide:grid-cols-5">
            {budgeted.map(({ category, name }) => (
              <InputField
                key={category}
                label={name}
                error={errors[`categoryBudgets.${category}`]}
                {...MONEY_INPUT}
                placeholder="不设"
                value={draft.categoryBudgets[category] ?? ''}
                onChange={(e) =>
                  set((d) => ({
                    ...d,
                    categoryBudgets: { ...d.categoryBudgets, [category]: e.target.value },
                  }))
                }
              />
            ))}
          </div>
        </fieldset>
      </div>
    </SettingsCard>
  );
}
