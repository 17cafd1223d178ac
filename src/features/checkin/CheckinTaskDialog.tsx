import { useEffect, useMemo, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useCheckinRecords } from '../../api/checkin-records';
import { useCreateCheckinTask, useUpdateCheckinTask } from '../../api/checkin-tasks';
import { FormDialog, InputField, SelectField, TextAreaField } from '../../components/form-fields';
import { useDialogForm } from '../../components/form-fields-dialog';
import { useToday } from '../../components/useToday';
import { defaultMonthlyTarget } from '../../domain/checkin';
import { monthOf } from '../../domain/dates';
import { monthlyTargetFor, weekdaysOn } from '../../domain/habits';
import {
  checkinCategoryLabels,
  habitKindLabels,
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

/**
 * The form's one frequency concept (issue 60), mapped onto the spec's fields, which stay: 每天
 * and 指定星期 are `type` daily (with the weekdays), 每周/每月 N 天 are `type` weekly/monthly
 * with `frequency` N. A measurable habit's target is per day, week or month the same way.
 */
type Rhythm = 'daily' | 'weekdays' | 'weekly' | 'monthly';
const RHYTHMS: Record<Rhythm, string> = {
  daily: '每天',
  weekdays: '指定星期',
  weekly: '每周',
  monthly: '每月',
};
const PERIOD_OF = { daily: 'day', weekdays: 'day', weekly: 'week', monthly: 'month' } as const;
const TYPE_OF = {
  daily: 'daily',
  weekdays: 'daily',
  weekly: 'weekly',
  monthly: 'monthly',
} as const;
const WORKDAYS = [1, 2, 3, 4, 5];

function rhythmOf(task: CheckinTask | null, weekdays: readonly number[]): Rhythm {
  const period =
    task?.kind === 'measurable' ? (task.targetPeriod ?? 'day') : SPEC_PERIOD[task?.type ?? 'daily'];
  if (period === 'week') return 'weekly';
  if (period === 'month') return 'monthly';
  return weekdays.length < 7 ? 'weekdays' : 'daily';
}
const SPEC_PERIOD = { daily: 'day', weekly: 'week', monthly: 'month' } as const;

/** 每月目标 typed by nobody: the schema's default, which monthlyTargetFor replaces per month. */
const SPEC_MONTHLY_TARGET = 30;

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
  const today = useToday();
  // The weekdays in force today; a change starts a new schedule entry from today on, so the
  // days before it keep the schedule they had.
  const startDays = (task && weekdaysOn({ schedule: task.schedule ?? [] }, today)) ?? EVERY_WEEKDAY;
  const [weekdays, setWeekdays] = useState<readonly number[]>(startDays);
  const [rhythm, setRhythmState] = useState<Rhythm>(() => rhythmOf(task, startDays));
  const chosenDays = rhythm === 'weekdays';
  // 每月目标 follows 类型 and 频率 (a weekly habit cannot reach 30) until the user types one.
  // A stored habit follows only if its target is still the default it would have had, or the
  // old fixed 30 that a weekly or monthly habit could never meet. With chosen weekdays it is
  // computed for each month (monthlyTargetFor): the box shows this month's, 30 is stored.
  const [follows, setFollows] = useState(
    () =>
      !task ||
      task.monthlyTarget === defaultMonthlyTarget(task.type, task.frequency) ||
      task.monthlyTarget === SPEC_MONTHLY_TARGET,
  );
  const thisMonth = monthlyTargetFor(
    {
      id: '',
      type: 'daily',
      frequency: 1,
      monthlyTarget: SPEC_MONTHLY_TARGET,
      schedule: [{ from: today, weekdays: [...weekdays] }],
    },
    monthOf(today),
  );
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
          monthlyTarget: chosenDays && follows ? thisMonth : task.monthlyTarget,
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
  const type = watch('type') ?? 'daily';
  const kind = watch('kind') ?? 'boolean';
  const [vacations, setVacations] = useState(task?.vacations ?? []);
  const [vacationError, setVacationError] = useState('');
  const [draft, setDraft] = useState({ start: today, end: today });
  const frequency = watch('frequency');
  const saving = create.isPending || update.isPending;
  // The habit's first check-in, for a schedule given to a habit that had none (scheduleOf).
  const { data: records } = useCheckinRecords();
  const firstDay = useMemo(() => {
    let first = today;
    for (const r of records?.items ?? [])
      if (r.taskId === task?.id && r.date < first) first = r.date;
    return first;
  }, [records, task, today]);

  const setRhythm = (next: Rhythm) => {
    setRhythmState(next);
    setValue('type', TYPE_OF[next], { shouldDirty: true });
    setValue('targetPeriod', PERIOD_OF[next], { shouldDirty: true });
    if (next === 'weekdays' && weekdays.length === 7) setWeekdays(WORKDAYS);
    if (next !== 'weekdays') setWeekdays(EVERY_WEEKDAY);
  };

  const followed = chosenDays ? thisMonth : defaultMonthlyTarget(type, Number(frequency));
  const lastFollowed = useRef(followed);
  useEffect(() => {
    // Only a change of rhythm moves the target: opening an edit leaves it as stored.
    if (followed === lastFollowed.current) return;
    lastFollowed.current = followed;
    if (follows) setValue('monthlyTarget', followed, { shouldValidate: true });
  }, [followed, follows, setValue]);

  const scheduleOf = () => {
    const before = task?.schedule ?? [];
    // A new habit's first entry marks the day it was made (habits.ts): days before it are
    // neither done nor missed.
    if (!task) return [{ from: today, weekdays: [...weekdays] }];
    const same =
      weekdays.length === startDays.length && weekdays.every((d) => startDays.includes(d));
    if (same) return before;
    // A habit without a schedule was due every day since its first check-in: said so, lest
    // the days before today be judged by the new weekdays.
    const since =
      before.length === 0 && firstDay < today ? [{ from: firstDay, weekdays: EVERY_WEEKDAY }] : [];
    return [
      ...since,
      ...before.filter((e) => e.from < today),
      { from: today, weekdays: [...weekdays] },
    ];
  };
  const onSubmit = handleSubmit((values) => {
    if (chosenDays && weekdays.length === 0) return;
    const monthlyTarget = chosenDays && follows ? SPEC_MONTHLY_TARGET : values.monthlyTarget;
    const input = { ...values, monthlyTarget, schedule: scheduleOf(), vacations };
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
      <SelectField
        label="分类"
        error={errors.category?.message}
        options={checkinCategoryLabels}
        {...register('category')}
      />
      <Choice
        legend="习惯类型"
        name="kind"
        options={Object.entries(habitKindLabels)}
        register={register('kind')}
      />
      <div className="flex flex-wrap items-end gap-2">
        {/* One frequency (issue 60): 每天, 指定星期, 每周 N 天 or 每月 N 天. "类型" is the spec's name. */}
        <SelectField
          label="类型"
          error={errors.type?.message}
          options={RHYTHMS}
          value={rhythm}
          onChange={(e) => setRhythm(e.target.value as Rhythm)}
        />
        {/* docs/spec.md §5: a daily habit has no frequency to set; a measurable one has its target. */}
        {kind !== 'measurable' && (type === 'weekly' || type === 'monthly') && (
          <div className="flex items-end gap-2">
            <InputField
              label="频率"
              error={errors.frequency?.message}
              hint={`1–${MAX_FREQUENCY[type]}`}
              className="w-20"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_FREQUENCY[type]}
              step={1}
              {...register('frequency', { setValueAs: asNumber })}
            />
            <span className="pb-7 text-sm text-slate-600">天</span>
          </div>
        )}
      </div>
      {chosenDays && (
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
        </div>
      )}
      <div className="grid grid-cols-2 gap-3">
        <InputField
          label="每月目标"
          error={errors.monthlyTarget?.message}
          hint={
            follows
              ? chosenDays
                ? '按所选星期逐月计算（本月天数），也可自己定'
                : '每月打卡天数，随类型和频率自动填写，也可自己定'
              : '每月打卡天数，1–31'
          }
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
