import { type FormEvent, useId, useState } from 'react';
import { formatError } from '../../api/errors';
import { useSaveSettings, useSettingsQuery } from '../../api/settings';
import { ErrorBanner } from '../../components/ErrorBanner';
import { InputField } from '../../components/form-fields';
import { OfflineNotice } from '../../components/OfflineNotice';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/toast';
import { useToday } from '../../components/useToday';
import { dailyBudgetCents } from '../../domain/budget';
import { formatCents } from '../../domain/money';
import { ONLINE_ONLY } from '../../domain/resources';
import {
  expenseCategories,
  expenseCategoryLabels,
  timeCategories,
  timeCategoryLabels,
} from '../../domain/schemas/categories';
import {
  dailyBudgetModeLabels,
  type Settings,
  type SettingsInput,
  settingsSchema,
} from '../../domain/schemas/settings';
import { AccountSecurity } from './AccountSecurity';
import { NotificationSettings } from './NotificationSettings';
import { PomodoroSettings } from './PomodoroSettings';

// What the form holds: amounts as typed (a blank box means "not set").
interface Draft {
  monthlyBudget: string;
  categoryBudgets: Record<string, string>;
  dailyBudgetMode: Settings['dailyBudgetMode'];
  dailyBudget: string;
  focusGoalMinutes: string;
  focusCategories: string[];
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function toDraft(s: Settings): Draft {
  return {
    monthlyBudget: text(s.monthlyBudget),
    categoryBudgets: Object.fromEntries(
      expenseCategories.map((c) => [c, text(s.categoryBudgets[c])]),
    ),
    dailyBudgetMode: s.dailyBudgetMode,
    dailyBudget: text(s.dailyBudget),
    focusGoalMinutes: text(s.focusGoalMinutes),
    focusCategories: [...s.focusCategories],
  };
}

/** Blank stays "not set"; anything else goes to the schema as a number (it names what is wrong). */
const amount = (value: string) => (value.trim() === '' ? null : Number(value));

function toInput(draft: Draft, saved: Settings): SettingsInput {
  const categoryBudgets: Record<string, number> = {};
  for (const [category, value] of Object.entries(draft.categoryBudgets)) {
    const n = amount(value);
    if (n !== null) categoryBudgets[category] = n;
  }
  return {
    ...saved,
    monthlyBudget: amount(draft.monthlyBudget),
    categoryBudgets,
    dailyBudgetMode: draft.dailyBudgetMode,
    dailyBudget: amount(draft.dailyBudget) ?? Number.NaN,
    focusGoalMinutes: amount(draft.focusGoalMinutes) ?? Number.NaN,
    focusCategories: draft.focusCategories as SettingsInput['focusCategories'],
  };
}

type SaveMutation = ReturnType<typeof useSaveSettings>;

function SettingsForm({ saved, save }: { saved: Settings; save: SaveMutation }) {
  const toast = useToast();
  const today = useToday();
  const [draft, setDraft] = useState(() => toDraft(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const budgetTitle = useId();
  const focusTitle = useId();
  const importTitle = useId();
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  const parsed = settingsSchema.safeParse(toInput(draft, saved));
  const derived = parsed.success ? dailyBudgetCents(parsed.data, today) : null;
  const remembered =
    Object.keys(saved.counterparties.expense).length +
    Object.keys(saved.counterparties.income).length;
  const rules =
    Object.keys(saved.importRules.expense).length + Object.keys(saved.importRules.income).length;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]).reverse()),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: () => toast.success('设置已保存') });
  }

  function forget(what: 'counterparties' | 'importRules') {
    save.mutate(
      { ...saved, [what]: { expense: {}, income: {} } },
      { onSuccess: () => toast.success('已清除') },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <section className="card space-y-4" aria-labelledby={budgetTitle}>
        <h2 id={budgetTitle} className="text-lg font-semibold text-slate-900">
          预算
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="月预算"
            hint="本月全部支出的上限，留空表示不设"
            error={errors.monthlyBudget}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            placeholder="不设"
            className="tabular-nums"
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
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                className="tabular-nums"
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
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-medium text-slate-700">分类月预算（可选）</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 wide:grid-cols-5">
            {expenseCategories.map((category) => (
              <InputField
                key={category}
                label={expenseCategoryLabels[category]}
                error={errors[`categoryBudgets.${category}`]}
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                placeholder="不设"
                className="tabular-nums"
                value={draft.categoryBudgets[category] ?? ''}
                onChange={(e) =>
                  set({ categoryBudgets: { ...draft.categoryBudgets, [category]: e.target.value } })
                }
              />
            ))}
          </div>
        </fieldset>
      </section>

      <section className="card space-y-4" aria-labelledby={focusTitle}>
        <h2 id={focusTitle} className="text-lg font-semibold text-slate-900">
          专注目标
        </h2>
        <div className="max-w-xs">
          <InputField
            label="每日专注目标（分钟）"
            error={errors.focusGoalMinutes}
            type="number"
            inputMode="numeric"
            min="1"
            max="1440"
            step="1"
            className="tabular-nums"
            value={draft.focusGoalMinutes}
            onChange={(e) => set({ focusGoalMinutes: e.target.value })}
          />
        </div>
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-medium text-slate-700">
            计入专注目标的时间分类
          </legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {timeCategories.map((category) => (
              <label key={category} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={draft.focusCategories.includes(category)}
                  onChange={(e) =>
                    set({
                      focusCategories: e.target.checked
                        ? [...draft.focusCategories, category]
                        : draft.focusCategories.filter((c) => c !== category),
                    })
                  }
                />
                {timeCategoryLabels[category]}
              </label>
            ))}
          </div>
          {errors.focusCategories && (
            <p className="mt-1 text-sm text-red-600">{errors.focusCategories}</p>
          )}
        </fieldset>
      </section>

      <section className="card space-y-3" aria-labelledby={importTitle}>
        <h2 id={importTitle} className="text-lg font-semibold text-slate-900">
          导入账单
        </h2>
        <p className="text-sm text-slate-600">
          已保存 {rules} 条分类规则，记住了 {remembered}{' '}
          个交易对方的分类。导入支付宝、微信支付账单时自动使用。
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={rules === 0 || save.isPending}
            onClick={() => forget('importRules')}
          >
            恢复默认分类规则
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={remembered === 0 || save.isPending}
            onClick={() => forget('counterparties')}
          >
            清除交易对方记忆
          </button>
        </div>
      </section>

      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? '保存中...' : '保存'}
        </button>
      </div>
    </form>
  );
}

/** 设置: budgets, the focus goal, and what the bill import remembers — one record per user. */
export function SettingsScreen() {
  const { data, isPending, error, refetch } = useSettingsQuery();
  // Held here, not in the form: a save replaces the form (its key is what was saved), and a
  // mutation's per-call callbacks only run while the component that called it is mounted.
  const save = useSaveSettings();
  return (
    <div>
      <PageHeader title="设置" />
      {isPending ? (
        <Spinner />
      ) : error ? (
        <ErrorBanner
          message={formatError('加载设置失败：{message}', error)}
          onRetry={() => void refetch()}
        />
      ) : (
        <div className="space-y-4">
          {data.local !== undefined && (
            <OfflineNotice
              error={`${data.local}；设置的修改先保存在本机，连接服务器后自动同步。${ONLINE_ONLY.accountSecurity}`}
            />
          )}
          <SettingsForm key={JSON.stringify(data.settings)} saved={data.settings} save={save} />
          <NotificationSettings />
          <PomodoroSettings key={JSON.stringify(data.settings.pomodoro)} saved={data.settings} />
        </div>
      )}
      <AccountSecurity />
    </div>
  );
}
