import { useEffect, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useCreateCheckinTask, useUpdateCheckinTask } from '../../api/checkin-tasks';
import { FormDialog, InputField, SelectField, TextAreaField } from '../../components/form-fields';
import { useDialogForm } from '../../components/form-fields-dialog';
import { useToday } from '../../components/useToday';
import { defaultMonthlyTarget } from '../../domain/checkin';
import { weekdaysOn } from '../../domain/habits';
import {
  checkinCategoryLabels,
  checkinTypeLabels,
  habitKindLabels,
  targetPeriodLabels,
  targetTypeLabels,
} from '../../domain/schemas/categories';
import {
  type CheckinTask,
  type CheckinTaskData,
  type CheckinTaskInput,
  checkinTaskInputSchema,
  EVERY_WEEKDAY,
  MAX_FREQUENCY,
} from '../../domain/schemas/checkin';

// A new habit starts from the schema's own defaults: 每日, 频率 1, 每月目标 30, 分类 健康.
const { shape } = checkinTaskInputSchema.in;
const NEW_HABIT: CheckinTaskInput = {
  name: '',
  description: '',
  type: shape.type.parse(undefined),
  frequency: shape.frequency.parse(undefined),
  monthlyTarget: shape.monthlyTarget.parse(undefined),
  category: shape.category.parse(undefined),
  kind: 'boolean',
  unit: '',
  target: 1,
  targetType: 'atLeast',
  targetPeriod: 'day',
  reminderTime: '',
};

/** Monday first, as the calendars. */
const WEEKDAY_CHOICES = [
  [1, '一'],
  [2, '二'],
  [3, '三'],
  [4, '四'],
  [5, '五'],
  [6, '六'],
  [0, '日'],
] as const;
const UNIT_SUGGESTIONS = ['杯', '公里', '分钟', '页', '次'];

/** A choice among a few, as toggle buttons in a group (radios underneath). */
function Choice({
  legend,
  name,
  options,
  register,
}: {
  legend: string;
  name: string;
  options: readonly (readonly [string, string])[];
  register: UseFormRegisterReturn;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map(([value, label]) => (
          <label
            key={value}
            className="cursor-pointer rounded-md border border-slate-300 px-3 py-1.5 text-sm has-checked:border-blue-600 has-checked:bg-blue-50 has-checked:font-semibold has-checked:text-blue-800 has-focus-visible:outline-2 has-focus-visible:outline-blue-500"
          >
            <input type="radio" value={value} className="sr-only" {...register} name={name} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const FREQUENCY_HINT = { weekly: '每周打卡几次', monthly: '每月打卡几次' } as const;

// An emptied number box means "not given", so the schema's default applies rather than NaN.
const asNumber = (value: string) => (value === '' ? undefined : Number(value));

interface CheckinTaskDialogProps {
  /** The habit being edited, or null to create one. */
  task: CheckinTask | null;
  onClose: () => void;
}

/** 创建打卡任务 / 编辑打卡任务. A failed save keeps the dialog open with what was typed. */
export function CheckinTaskDialog({ task, onClose }: CheckinTaskDialogProps) {
  const create = useCreateCheckinTask();
  const update = useUpdateCheckinTask();
  const { register, handleSubmit, watch, setValue, errors, isDirty } = useDialogForm<
    CheckinTaskInput,
    CheckinTaskData
  >(
    checkinTaskInputSchema,
    task
      ? {
          name: task.name,
          description: task.description,
          type: task.type,
          frequency: task.frequency,
          monthlyTarget: task.monthlyTarget,
          category: task.category,
          kind: task.kind ?? 'boolean',
          unit: task.unit ?? '',
          target: task.target ?? 1,
          targetType: task.targetType ?? 'atLeast',
          targetPeriod: task.targetPeriod ?? 'day',
          reminderTime: task.reminderTime ?? '',
        }
      : NEW_HABIT,
  );
  const today = useToday();
  const type = watch('type') ?? 'daily';
  const kind = watch('kind') ?? 'boolean';
  const targetPeriod = watch('targetPeriod') ?? 'day';
  // The weekdays in force today; a change starts a new schedule entry from today on, so the
  // days before it keep the schedule they had.
  const startDays = (task && weekdaysOn({ schedule: task.schedule ?? [] }, today)) ?? EVERY_WEEKDAY;
  const [weekdays, setWeekdays] = useState<readonly number[]>(startDays);
  const [vacations, setVacations] = useState(task?.vacations ?? []);
  const [vacationError, setVacationError] = useState('');
  const [draft, setDraft] = useState({ start: today, end: today });
  const daily = kind === 'measurable' ? targetPeriod === 'day' : type === 'daily';
  const frequency = watch('frequency');
  const saving = create.isPending || update.isPending;

  // 每月目标 follows 类型 and 频率 (a weekly habit cannot reach 30) until the user types one.
  // A stored habit follows only if its target is still the default it would have had, or the
  // old fixed 30 that a weekly or monthly habit could never meet.
  const [follows, setFollows] = useState(
    () =>
      !task ||
      task.monthlyTarget === defaultMonthlyTarget(task.type, task.frequency) ||
      task.monthlyTarget === 30,
  );
  const rhythm = `${type}:${frequency}`;
  const lastRhythm = useRef(rhythm);
  useEffect(() => {
    // Only a change of rhythm moves the target: opening an edit leaves it as stored.
    if (rhythm === lastRhythm.current) return;
    lastRhythm.current = rhythm;
    if (follows) {
      setValue('monthlyTarget', defaultMonthlyTarget(type, Number(frequency)), {
        shouldValidate: true,
      });
    }
  }, [rhythm, type, frequency, follows, setValue]);

  const scheduleOf = () => {
    const before = task?.schedule ?? [];
    const same =
      weekdays.length === startDays.length && weekdays.every((d) => startDays.includes(d));
    if (same) return before;
    return [...before.filter((e) => e.from < today), { from: today, weekdays: [...weekdays] }];
  };
  const onSubmit = handleSubmit((values) => {
    if (daily && weekdays.length === 0) return;
    const input = { ...values, schedule: scheduleOf(), vacations };
    if (task) update.mutate({ id: task.id, input }, { onSuccess: onClose });
    else create.mutate(input, { onSuccess: onClose });
  });
  const addVacation = () => {
    if (!draft.start || !draft.end) {
      setVacationError('请填写休假的开始和结束日期');
      return;
    }
    if (draft.end < draft.start) {
      setVacationError('休假结束日期不能早于开始日期');
      return;
    }
    setVacationError('');
    setVacations((list) =>
      [...list.filter((v) => v.start !== draft.start || v.end !== draft.end), { ...draft }].sort(
        (a, b) => (a.start < b.start ? -1 : 1),
      ),
    );
  };

  return (
    <FormDialog
      title={task ? '编辑打卡任务' : '创建打卡任务'}
      onClose={onClose}
      dirty={isDirty}
      onSubmit={onSubmit}
      saving={saving}
    >
      <InputField
        label="名称"
        error={errors.name?.message}
        required
        placeholder="例如：早起、阅读 30 分钟"
        {...register('name')}
      />
      <TextAreaField
        label="描述"
        error={errors.description?.message}
        className="min-h-16"
        rows={2}
        {...register('description')}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="类型"
          error={errors.type?.message}
          options={checkinTypeLabels}
          {...register('type')}
        />
        <SelectField
          label="分类"
          error={errors.category?.message}
          options={checkinCategoryLabels}
          {...register('category')}
        />
      </div>
      <Choice
        legend="习惯类型"
        name="kind"
        options={Object.entries(habitKindLabels)}
        register={register('kind')}
      />
      {kind === 'measurable' && (
        <div className="space-y-3 rounded-md border border-slate-200 p-3">
          <div className="grid grid-cols-2 gap-3">
            <InputField
              label="单位"
              error={errors.unit?.message}
              placeholder="杯、公里、分钟、页"
              list="habit-units"
              {...register('unit')}
            />
            <datalist id="habit-units">
              {UNIT_SUGGESTIONS.map((u) => (
                <option key={u} value={u} />
              ))}
            </datalist>
            <InputField
              label="目标"
              error={errors.target?.message}
              inputMode="decimal"
              {...register('target', { setValueAs: asNumber })}
            />
          </div>
          <Choice
            legend="目标方式"
            name="targetType"
            options={Object.entries(targetTypeLabels)}
            register={register('targetType')}
          />
          <Choice
            legend="目标周期"
            name="targetPeriod"
            options={Object.entries(targetPeriodLabels)}
            register={register('targetPeriod')}
          />
        </div>
      )}
      {daily && (
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">打卡日（星期）</legend>
          <div className="flex flex-wrap gap-1.5">
            {WEEKDAY_CHOICES.map(([day, label]) => (
              <label
                key={day}
                className="cursor-pointer rounded-md border border-slate-300 px-2.5 py-1.5 text-sm has-checked:border-blue-600 has-checked:bg-blue-50 has-checked:font-semibold has-checked:text-blue-800 has-focus-visible:outline-2 has-focus-visible:outline-blue-500"
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  aria-label={`周${label}`}
                  checked={weekdays.includes(day)}
                  onChange={(e) =>
                    setWeekdays((days) =>
                      e.target.checked ? [...days, day] : days.filter((d) => d !== day),
                    )
                  }
                />
                {label}
              </label>
            ))}
          </div>
          {weekdays.length === 0 && (
            <p role="alert" className="mt-1 text-xs text-red-600">
              至少选择一天
            </p>
          )}
        </fieldset>
      )}
      <div className="grid grid-cols-2 gap-3">
        {/* SPEC §5: a daily habit has no frequency to set. */}
        {type !== 'daily' && (
          <InputField
            label="频率"
            error={errors.frequency?.message}
            hint={`${FREQUENCY_HINT[type]}，1–${MAX_FREQUENCY[type]}`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_FREQUENCY[type]}
            step={1}
            {...register('frequency', { setValueAs: asNumber })}
          />
        )}
        <InputField
          label="每月目标"
          error={errors.monthlyTarget?.message}
          hint={follows ? '每月打卡天数，随类型和频率自动填写，也可自己定' : '每月打卡天数，1–31'}
          type="number"
          inputMode="numeric"
          min={1}
          max={31}
          step={1}
          {...register('monthlyTarget', {
            setValueAs: asNumber,
            onChange: () => setFollows(false),
          })}
        />
      </div>
      <InputField
        label="提醒时间"
        hint="留空则不提醒"
        type="time"
        error={errors.reminderTime?.message}
        {...register('reminderTime')}
      />
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">休假</legend>
        {vacations.length > 0 && (
          <ul className="space-y-1 text-sm">
            {vacations.map((v, i) => (
              <li key={`${v.start}-${v.end}`} className="flex items-center justify-between gap-2">
                <span className="tabular-nums">
                  {v.start} 至 {v.end}
                </span>
                <button
                  type="button"
                  className="btn-ghost text-sm"
                  aria-label={`删除休假 ${v.start} 至 ${v.end}`}
                  onClick={() => setVacations((list) => list.filter((_, j) => j !== i))}
                >
                  删除
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <InputField
            label="休假开始"
            type="date"
            value={draft.start}
            onChange={(e) => setDraft((d) => ({ ...d, start: e.target.value }))}
          />
          <InputField
            label="休假结束"
            type="date"
            value={draft.end}
            onChange={(e) => setDraft((d) => ({ ...d, end: e.target.value }))}
          />
          <button type="button" className="btn-secondary" onClick={addVacation}>
            添加休假
          </button>
        </div>
        {vacationError && (
          <p role="alert" className="text-xs text-red-600">
            {vacationError}
          </p>
        )}
      </fieldset>
    </FormDialog>
  );
}
