import { type FormEvent, useId, useState } from 'react';
import { useSaveSettings } from '../../api/settings';
import { InputField } from '../../components/form-fields';
import { useToast } from '../../components/toast';
import { pomodoroSchema, type Settings } from '../../domain/schemas/settings';

const FIELDS = [
  ['workMinutes', '专注时长（分钟）', 180],
  ['shortBreakMinutes', '短休息时长（分钟）', 60],
  ['longBreakMinutes', '长休息时长（分钟）', 120],
  ['longBreakEvery', '每几个专注后长休息', 12],
] as const;
type Field = (typeof FIELDS)[number][0];

/** 番茄钟 in 设置: the four durations and auto-start, saved with the rest of the settings. */
export function PomodoroSettings({ saved }: { saved: Settings }) {
  const titleId = useId();
  const toast = useToast();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<Record<Field, string>>(() => ({
    workMinutes: String(saved.pomodoro.workMinutes),
    shortBreakMinutes: String(saved.pomodoro.shortBreakMinutes),
    longBreakMinutes: String(saved.pomodoro.longBreakMinutes),
    longBreakEvery: String(saved.pomodoro.longBreakEvery),
  }));
  const [autoStart, setAutoStart] = useState(saved.pomodoro.autoStart);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = pomodoroSchema.safeParse({
      ...Object.fromEntries(
        FIELDS.map(([field]) => [
          field,
          draft[field].trim() === '' ? Number.NaN : Number(draft[field]),
        ]),
      ),
      autoStart,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => [String(i.path[0]), i.message]),
        ) as Partial<Record<Field, string>>,
      );
      return;
    }
    setErrors({});
    save.mutate(
      { ...saved, pomodoro: parsed.data },
      { onSuccess: () => toast.success('番茄钟设置已保存') },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="card space-y-4" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        番茄钟
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map(([field, label, max]) => (
          <InputField
            key={field}
            label={label}
            error={errors[field]}
            type="number"
            inputMode="numeric"
            min="1"
            max={max}
            step="1"
            className="tabular-nums"
            value={draft[field]}
            onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
          />
        ))}
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={autoStart}
          onChange={(e) => setAutoStart(e.target.checked)}
        />
        自动开始下一阶段
      </label>
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? '保存中...' : '保存番茄钟设置'}
        </button>
      </div>
    </form>
  );
}
