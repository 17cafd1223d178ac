import { InputField } from '../../components/form-fields';
import { timeCategories, timeCategoryLabels } from '../../domain/schemas/categories';
import type { Settings, SettingsInput } from '../../domain/schemas/settings';
import { SettingsCard, useSettingsDraft } from './auto-save';

interface Draft {
  focusGoalMinutes: string;
  focusCategories: string[];
}

const toDraft = (s: Settings): Draft => ({
  focusGoalMinutes: String(s.focusGoalMinutes),
  focusCategories: [...s.focusCategories],
});

const toChange = (d: Draft): Partial<SettingsInput> => ({
  focusGoalMinutes: d.focusGoalMinutes.trim() === '' ? Number.NaN : Number(d.focusGoalMinutes),
  focusCategories: d.focusCategories as SettingsInput['focusCategories'],
});

/** 设置 → 专注: the day's focus goal and which time categories count toward it. */
export function FocusSettings({ saved }: { saved: Settings }) {
  const { draft, set, errors, save, ref } = useSettingsDraft(saved, toDraft, toChange);
  return (
    <SettingsCard title="专注目标" save={save}>
      <div ref={ref} className="space-y-4">
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
                  className="size-5"
                  checked={draft.focusCategories.includes(category)}
                  onChange={(e) => {
                    const checked = e.target.checked;
                    set((d) => ({
                      ...d,
                      focusCategories: checked
                        ? [...d.focusCategories, category]
                        : d.focusCategories.filter((c) => c !== category),
                    }));
                  }}
                />
                {timeCategoryLabels[category]}
              </label>
            ))}
          </div>
          {errors.focusCategories && (
            <p className="mt-1 text-sm text-red-600">{errors.focusCategories}</p>
          )}
        </fieldset>
      </div>
    </SettingsCard>
  );
}
