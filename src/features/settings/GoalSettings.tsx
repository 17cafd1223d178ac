import type { DailyGoalSwitches, Settings, SettingsInput } from '../../domain/schemas/settings';
import { SettingsCard, useSettingsDraft } from './auto-save';

const GOALS: readonly [keyof DailyGoalSwitches, string][] = [
  ['budget', '控制支出在预算内（日预算）'],
  ['workout', '完成一次运动'],
  ['focus', '专注目标（时长在 设置 → 专注 中修改）'],
];

const toDraft = (s: Settings): DailyGoalSwitches => ({ ...s.dailyGoals });
const toChange = (d: DailyGoalSwitches): Partial<SettingsInput> => ({ dailyGoals: d });

/** 今日目标 in 设置 → 基本: which goals the home screen shows; a new account starts with none. */
export function GoalSettings({ saved }: { saved: Settings }) {
  const { draft, set, save, ref } = useSettingsDraft(saved, toDraft, toChange);
  return (
    <SettingsCard title="今日目标" save={save}>
      <div ref={ref} className="space-y-3">
        <p className="text-sm text-slate-500">选择首页「今日目标」显示哪些目标。</p>
        {GOALS.map(([goal, label]) => (
          <label key={goal} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-5"
              checked={draft[goal]}
              onChange={(e) => set({ [goal]: e.target.checked })}
            />
            {label}
          </label>
        ))}
      </div>
    </SettingsCard>
  );
}
