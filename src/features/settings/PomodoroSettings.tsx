import { InputField } from '../../components/form-fields';
import type { Settings, SettingsInput } from '../../domain/schemas/settings';
import { SettingsCard, useSettingsDraft } from './auto-save';

const FIELDS = [
  ['workMinutes', '专注时长（分钟）', 180],
  ['shortBreakMinutes', '短休息时长（分钟）', 60],
  ['longBreakMinutes', '长休息时长（分钟）', 120],
  ['longBreakEvery', '每几个专注后长休息', 12],
] as const;
type Field = (typeof FIELDS)[number][0];
type Draft = Record<Field, string> & { autoStart: boolean };

const toDraft = ({ pomodoro: p }: Settings): Draft => ({
  workMinutes: String(p.workMinutes),
  shortBreakMinutes: String(p.shortBreakMinutes),
  longBreakMinutes: String(p.longBreakMinutes),
  longBreakEvery: String(p.longBreakEvery),
  autoStart: p.autoStart,
});

const toChange = (d: Draft): Partial<SettingsInput> => ({
  pomodoro: {
    ...(Object.fromEntries(
      FIELDS.map(([field]) => [field, d[field].trim() === '' ? Number.NaN : Number(d[field])]),
    ) as Record<Field, number>),
    autoStart: d.autoStart,
  },
});

/** 番茄钟 in 设置 → 专注: the four durations and auto-start. */
export function PomodoroSettings({ saved }: { saved: Settings }) {
  const { draft, set, errors, save, ref } = useSettingsDraft(saved, toDraft, toChange);
  return (
    <SettingsCard title="番茄钟" save={save}>
      <div ref={ref} className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          {FIELDS.map(([field, label, max]) => (
            <InputField
              key={field}
              label={label}
              error={errors[`pomodoro.${field}`]}
              type="number"
              inputMode="numeric"
              min="1"
              max={max}
              step="1"
              className="tabular-nums"
              value={draft[field]}
              onChange={(e) => set({ [field]: e.target.value } as Partial<Draft>)}
            />
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-5"
            checked={draft.autoStart}
            onChange={(e) => set({ autoStart: e.target.checked })}
          />
          自动开始下一阶段
        </label>
      </div>
    </SettingsCard>
  );
}
