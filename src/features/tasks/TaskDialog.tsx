import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { newId } from '../../api/ids';
import { useCreateTask, useSaveTaskEdit, useToggleTask } from '../../api/tasks';
import { FormActions, InputField, SelectField, TextAreaField } from '../../components/form-fields';
import { Modal } from '../../components/Modal';
import { TagField } from '../../components/TagField';
import { useToday } from '../../components/useToday';
import { formatShortDate } from '../../domain/dates';
import { startDate } from '../../domain/occurrences';
import { isValidRepeat, upcomingDates } from '../../domain/recurrence';
import {
  choiceOf,
  REPEAT_KIND_LABELS,
  type RepeatChoice,
  type RepeatKind,
  ruleOf,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from '../../domain/repeat-choices';
import { taskCategoryLabels, taskPriorityLabels } from '../../domain/schemas/categories';
import {
  MAX_REMINDER_MINUTES,
  type Subtask,
  type Task,
  taskInputSchema,
} from '../../domain/schemas/task';
import { withTagsFrom } from '../../domain/tags';
import { withDefaults } from '../../domain/tasks';
import { TaskFocusTime } from './TaskFocusTime';

// The fields a person types; completion and timestamps are the list's business. The repeat,
// sub-tasks and reminders are kept in component state and joined in on save.
const taskFormSchema = taskInputSchema.pick({
  title: true,
  description: true,
  priority: true,
  category: true,
  dueDate: true,
  dueTime: true,
});
type TaskFormInput = z.input<typeof taskFormSchema>;
type TaskFormValues = z.output<typeof taskFormSchema>;

// A new task starts from the schema's own defaults (优先级 中).
const NEW_TASK: TaskFormInput = {
  title: '',
  description: '',
  priority: taskFormSchema.shape.priority.parse(undefined),
  category: taskFormSchema.shape.category.parse(undefined),
  dueDate: '',
  dueTime: '',
};

/** The 提醒 picker's fixed choices, in minutes before the due time. */
const REMINDER_CHOICES: { minutes: number; label: string }[] = [
  { minutes: 0, label: '到期时' },
  { minutes: 5, label: '提前5分钟' },
  { minutes: 30, label: '提前30分钟' },
  { minutes: 60, label: '提前1小时' },
  { minutes: 1440, label: '提前1天' },
];
const FIXED_REMINDERS = new Set(REMINDER_CHOICES.map((c) => c.minutes));

interface TaskDialogProps {
  /** The task being edited, or null to add one. */
  task: Task | null;
  onClose: () => void;
}

/** 添加任务 / 编辑任务. A failed save keeps the dialog open with what was typed. */
export function TaskDialog({ task: stored, onClose }: TaskDialogProps) {
  const task = stored ? withDefaults(stored) : null;
  const today = useToday();
  const create = useCreateTask();
  const save = useSaveTaskEdit();
  const toggle = useToggleTask();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isDirty },
  } = useForm<TaskFormInput, unknown, TaskFormValues>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: task
      ? {
          title: task.title,
          description: task.description,
          priority: task.priority,
          category: task.category,
          dueDate: task.dueDate,
          dueTime: task.dueTime,
        }
      : NEW_TASK,
  });
  const dueDate = watch('dueDate') ?? '';
  const [choice, setChoice] = useState<RepeatChoice>(() =>
    choiceOf(task?.repeat ?? '', task?.dueDate || today),
  );
  const [repeatFrom, setRepeatFrom] = useState(task?.repeatFrom ?? 'due');
  const [subtasks, setSubtasks] = useState<Subtask[]>(task?.subtasks ?? []);
  const [newSubtask, setNewSubtask] = useState('');
  const [reminders, setReminders] = useState<number[]>(task?.reminders ?? []);
  // A new task whose boxes stay untouched gets 任务默认提醒 (useCreateTask, issue 62).
  const [remindersTouched, setRemindersTouched] = useState(false);
  const custom = reminders.find((m) => !FIXED_REMINDERS.has(m));
  const [customReminder, setCustomReminder] = useState(custom === undefined ? '' : String(custom));
  const [scope, setScope] = useState<'this' | 'later'>('later');
  const [tags, setTags] = useState<string[]>(() => [...(task?.tags ?? [])]);
  const [changed, setChanged] = useState(false);
  const [ruleError, setRuleError] = useState<string | null>(null);
  const ids = { repeat: useId(), preview: useId(), scope: useId() };

  const rule = ruleOf(choice);
  const validRule = rule === '' || isValidRepeat(rule);
  const preview = useMemo(
    () => (rule && validRule ? upcomingDates(rule, dueDate || today, 3) : []),
    [rule, validRule, dueDate, today],
  );
  const saving = create.isPending || save.isPending;
  const allDone = subtasks.length > 0 && subtasks.every((s) => s.done);

  const edit = (next: Partial<RepeatChoice>) => {
    setChoice((was) => ({ ...was, ...next }));
    setChanged(true);
    setRuleError(null);
  };

  const remindersToSave = () => {
    const minutes = Number(customReminder);
    const extra =
      customReminder.trim() !== '' && Number.isInteger(minutes) && minutes >= 0
        ? [Math.min(minutes, MAX_REMINDER_MINUTES)]
        : [];
    return [...reminders.filter((m) => FIXED_REMINDERS.has(m)), ...extra];
  };

  const submit = (completeAfter: boolean) =>
    handleSubmit((values) => {
      if (!validRule) {
        setRuleError('重复规则无效');
        return;
      }
      if (values.dueTime && !values.dueDate) {
        setError('dueTime', { message: '请先选择截止日期' });
        return;
      }
      const fields = {
        ...values,
        repeat: rule,
        repeatFrom: rule ? repeatFrom : ('due' as const),
        subtasks,
        // A #标签 in 描述 is added too, and the text keeps its words (issue 63).
        tags: withTagsFrom(tags, values.description ?? ''),
        reminders: !values.dueDate ? [] : task || remindersTouched ? remindersToSave() : undefined,
      };
      const options = { onSuccess: onClose };
      if (task) {
        save.mutate(
          { task, edit: fields, scope },
          {
            onSuccess: () => {
              if (completeAfter && !task.completed) {
                toggle.mutate({ ...task, ...fields, ...(scope === 'this' ? { repeat: '' } : {}) });
              }
              onClose();
            },
          },
        );
      } else {
        const dated = { ...fields, dueDate: startDate(fields, today) };
        create.mutate({ ...dated, id: newId(), seriesId: '' }, options);
      }
    });

  const addSubtask = () => {
    const title = newSubtask.trim();
    if (!title) return;
    setSubtasks((was) => [...was, { id: newId(), title: title.slice(0, 200), done: false }]);
    setNewSubtask('');
    setChanged(true);
  };

  return (
    <Modal title={task ? '编辑任务' : '添加任务'} onClose={onClose} dirty={isDirty || changed}>
      {/* An existing task opens on the form itself, not 标题 (Modal's focusInitial): a tap on a
          row is most often to read it or tick a sub-task, and a focused field brings up a
          phone's keyboard over it (issue 60). A new task starts in 标题. */}
      <form
        onSubmit={submit(false)}
        noValidate
        className="min-w-0 space-y-4 outline-none"
        tabIndex={task ? -1 : undefined}
        data-autofocus={task ? '' : undefined}
      >
        {task && <TaskFocusTime taskId={task.id} />}
        <InputField
          label="标题"
          error={errors.title?.message}
          required
          placeholder="要做什么？"
          {...register('title')}
        />
        <TextAreaField
          label="描述"
          error={errors.description?.message}
          {...register('description')}
        />
        <TagField
          value={tags}
          onChange={(next) => {
            setTags(next);
            setChanged(true);
          }}
        />
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label="优先级"
            error={errors.priority?.message}
            options={taskPriorityLabels}
            {...register('priority')}
          />
          <SelectField
            label="分类"
            error={errors.category?.message}
            options={taskCategoryLabels}
            {...register('category')}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <InputField
            label="截止日期"
            error={errors.dueDate?.message}
            hint="可不填"
            type="date"
            {...register('dueDate')}
          />
          <InputField
            label="截止时间"
            error={errors.dueTime?.message}
            hint="可不填"
            type="time"
            {...register('dueTime')}
          />
        </div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">提醒</legend>
          <div className="flex flex-wrap gap-x-3 gap-y-1.5 text-sm">
            {REMINDER_CHOICES.map(({ minutes, label }) => (
              <label key={minutes} className="inline-flex items-center gap-1.5">
                <input
                  type="checkbox"
                  className="size-6 accent-blue-600"
                  checked={reminders.includes(minutes)}
                  onChange={(e) => {
                    setChanged(true);
                    setRemindersTouched(true);
                    setReminders((was) =>
                      e.target.checked ? [...was, minutes] : was.filter((m) => m !== minutes),
                    );
                  }}
                />
                {label}
              </label>
            ))}
            <label className="inline-flex items-center gap-1.5">
              自定义
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_REMINDER_MINUTES}
                className="input w-20 py-1"
                aria-label="自定义提醒（提前分钟数）"
                value={customReminder}
                onChange={(e) => {
                  setChanged(true);
                  setRemindersTouched(true);
                  setCustomReminder(e.target.value);
                }}
              />
              分钟
            </label>
          </div>
          {!task && !remindersTouched && (
            <p className="text-xs text-slate-500">不勾选时按设置中的任务默认提醒</p>
          )}
          {!dueDate && reminders.length + (customReminder ? 1 : 0) > 0 && (
            <p className="text-xs text-amber-700">设置截止日期后提醒才会生效</p>
          )}
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">重复</legend>
          <div className="grid grid-cols-2 gap-3">
            <label className="block text-sm">
              <span className="sr-only">重复方式</span>
              <select
                id={ids.repeat}
                aria-label="重复"
                className="input"
                value={choice.kind}
                aria-describedby={preview.length > 0 ? ids.preview : undefined}
                onChange={(e) => edit({ kind: e.target.value as RepeatKind })}
              >
                {Object.entries(REPEAT_KIND_LABELS).map(([kind, label]) => (
                  <option key={kind} value={kind}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            {choice.kind !== 'none' && (
              <label className="block text-sm">
                <span className="sr-only">重复依据</span>
                <select
                  aria-label="重复依据"
                  className="input"
                  value={repeatFrom}
                  onChange={(e) => {
                    setChanged(true);
                    setRepeatFrom(e.target.value as 'due' | 'completion');
                  }}
                >
                  <option value="due">按截止日期</option>
                  <option value="completion">按完成日期</option>
                </select>
              </label>
            )}
          </div>
          {['daily', 'weekly', 'monthlyDay', 'monthlyNth', 'monthlyLast', 'yearly'].includes(
            choice.kind,
          ) && (
            <label className="flex items-center gap-2 text-sm">
              每
              <input
                type="number"
                min={1}
                max={999}
                className="input w-20 py-1"
                aria-label="间隔"
                value={choice.interval}
                onChange={(e) => edit({ interval: Math.max(1, Number(e.target.value) || 1) })}
              />
              {{ daily: '天', weekly: '周', yearly: '年' }[choice.kind as string] ?? '个月'}
            </label>
          )}
          {choice.kind === 'weekly' && (
            <fieldset className="flex flex-wrap gap-1.5">
              <legend className="sr-only">选星期</legend>
              {WEEKDAYS.map((d) => {
                const on = choice.weekdays.includes(d);
                return (
                  <button
                    key={d}
                    type="button"
                    aria-pressed={on}
                    aria-label={`星期${WEEKDAY_LABELS[d]}`}
                    className={`btn h-9 w-9 p-0 ${on ? 'bg-blue-600 text-white' : 'bg-slate-100 text-slate-600'}`}
                    onClick={() =>
                      edit({
                        weekdays: on
                          ? choice.weekdays.filter((w) => w !== d)
                          : [...choice.weekdays, d],
                      })
                    }
                  >
                    {WEEKDAY_LABELS[d]}
                  </button>
                );
              })}
            </fieldset>
          )}
          {choice.kind === 'monthlyDay' && (
            <label className="flex items-center gap-2 text-sm">
              每月
              <input
                type="number"
                min={1}
                max={31}
                className="input w-20 py-1"
                aria-label="几号"
                value={choice.monthDay}
                onChange={(e) =>
                  edit({ monthDay: Math.min(31, Math.max(1, Number(e.target.value) || 1)) })
                }
              />
              号
            </label>
          )}
          {choice.kind === 'monthlyNth' && (
            <div className="flex items-center gap-2 text-sm">
              每月
              <select
                aria-label="第几个"
                className="input w-auto py-1"
                value={choice.nth}
                onChange={(e) => edit({ nth: Number(e.target.value) })}
              >
                {[1, 2, 3, 4].map((n) => (
                  <option key={n} value={n}>
                    第{n}个
                  </option>
                ))}
                <option value={-1}>最后一个</option>
              </select>
              <select
                aria-label="星期几"
                className="input w-auto py-1"
                value={choice.nthWeekday}
                onChange={(e) => edit({ nthWeekday: e.target.value as RepeatChoice['nthWeekday'] })}
              >
                {WEEKDAYS.map((d) => (
                  <option key={d} value={d}>
                    星期{WEEKDAY_LABELS[d]}
                  </option>
                ))}
              </select>
            </div>
          )}
          {choice.kind === 'custom' && (
            <InputField
              label="自定义规则"
              hint="RFC 5545 RRULE，如 FREQ=MONTHLY;BYDAY=-1FR"
              value={choice.custom}
              error={ruleError ?? undefined}
              onChange={(e) => edit({ custom: e.target.value })}
            />
          )}
          {choice.kind !== 'none' && (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <select
                aria-label="结束"
                className="input w-auto py-1"
                value={choice.end}
                onChange={(e) => edit({ end: e.target.value as RepeatChoice['end'] })}
              >
                <option value="never">永不结束</option>
                <option value="count">重复次数</option>
                <option value="until">结束日期</option>
              </select>
              {choice.end === 'count' && (
                <input
                  type="number"
                  min={1}
                  max={9999}
                  className="input w-24 py-1"
                  aria-label="重复次数"
                  value={choice.count}
                  onChange={(e) => edit({ count: Math.max(1, Number(e.target.value) || 1) })}
                />
              )}
              {choice.end === 'until' && (
                <input
                  type="date"
                  className="input w-auto py-1"
                  aria-label="结束日期"
                  value={choice.until}
                  onChange={(e) => edit({ until: e.target.value })}
                />
              )}
            </div>
          )}
          {choice.kind !== 'none' && !validRule && choice.kind !== 'custom' && (
            <p className="text-sm text-red-600" role="alert">
              重复规则无效
            </p>
          )}
          {preview.length > 0 && (
            <p id={ids.preview} className="text-sm text-slate-600" data-testid="repeat-preview">
              接下来：{preview.map((d) => formatShortDate(d, today)).join('、')}
              {preview.length < 3 && '（之后结束）'}
            </p>
          )}
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">子任务</legend>
          {subtasks.length > 0 && (
            <ul className="space-y-1">
              {subtasks.map((s) => (
                <li key={s.id} className="flex min-w-0 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-6 shrink-0 accent-blue-600"
                    checked={s.done}
                    aria-label={`完成子任务 ${s.title}`}
                    onChange={(e) => {
                      setChanged(true);
                      setSubtasks((was) =>
                        was.map((x) => (x.id === s.id ? { ...x, done: e.target.checked } : x)),
                      );
                    }}
                  />
                  <span
                    className={`min-w-0 flex-1 text-sm [overflow-wrap:anywhere] ${s.done ? 'text-slate-400 line-through' : ''}`}
                  >
                    {s.title}
                  </span>
                  <button
                    type="button"
                    className="btn-icon shrink-0"
                    aria-label={`删除子任务 ${s.title}`}
                    onClick={() => {
                      setChanged(true);
                      setSubtasks((was) => was.filter((x) => x.id !== s.id));
                    }}
                  >
                    <X size={14} aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex gap-2">
            <input
              className="input min-w-0 flex-1"
              aria-label="新子任务"
              placeholder="添加子任务"
              maxLength={200}
              value={newSubtask}
              onChange={(e) => setNewSubtask(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addSubtask();
                }
              }}
            />
            <button type="button" className="btn-secondary shrink-0" onClick={addSubtask}>
              <Plus size={16} aria-hidden="true" />
              添加
            </button>
          </div>
          {task && !task.completed && allDone && (
            <div
              role="status"
              className="flex flex-wrap items-center gap-2 rounded-lg bg-green-50 p-2 text-sm text-green-800"
            >
              子任务已全部完成，是否完成该任务？
              <button
                type="button"
                className="btn-primary py-1"
                disabled={saving}
                onClick={() => void submit(true)()}
              >
                保存并完成任务
              </button>
            </div>
          )}
        </fieldset>

        {task?.repeat && (
          <fieldset className="space-y-1 text-sm">
            <legend className="font-medium text-slate-700">修改范围</legend>
            <label className="mr-4 inline-flex items-center gap-1.5">
              <input
                type="radio"
                name={ids.scope}
                checked={scope === 'this'}
                onChange={() => setScope('this')}
              />
              仅此次
            </label>
            <label className="inline-flex items-center gap-1.5">
              <input
                type="radio"
                name={ids.scope}
                checked={scope === 'later'}
                onChange={() => setScope('later')}
              />
              此次及以后
            </label>
          </fieldset>
        )}
        <FormActions onCancel={onClose} saving={saving} />
      </form>
    </Modal>
  );
}
