import { z } from 'zod';
import { DEFAULT_NOTIFICATIONS } from '../notification-kinds';
import { expenseCategories, incomeCategories, timeCategories } from './categories';
import { editedAtField, idSchema, positiveAmountSchema } from './common';
import { DEFAULT_FOCUS_CATEGORIES, MAX_REMEMBERED } from './defaults';

// One settings record per user (docs/architecture.md, Decisions "Settings"). Every field has a default, and the
// defaults are the product's behaviour before settings existed: a ¥200 daily budget for
// 控制支出在预算内 and a 2-hour focus goal. Amounts are yuan, as in every other record.

// A rule's category is a built-in's key of the record type or a category of one's own (issue
// 61), whose id the schema cannot look up; a built-in of the other type is refused.
const ruleMap = (others: readonly string[]) =>
  z
    .record(
      z.string().max(100, { message: '名称最多 100 个字符' }),
      idSchema.refine((id) => !others.includes(id) || id === 'other', {
        message: '分类与类型不匹配',
      }),
    )
    .refine((m) => Object.keys(m).length <= MAX_REMEMBERED, {
      message: `最多记住 ${MAX_REMEMBERED} 条`,
    });

/** Source text (交易分类, 交易类型 or 交易对方) → our category, per record type. */
const rulesSchema = z
  .object({
    expense: ruleMap(incomeCategories).default({}),
    income: ruleMap(expenseCategories).default({}),
  })
  .default({ expense: {}, income: {} });

export type CategoryRules = z.output<typeof rulesSchema>;

// 设置 → 通知 (notification-kinds.ts): times are wall-clock 'HH:mm' in the recorded zone; ''
// means none.
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const clockOrNone = z
  .string()
  .refine((v) => v === '' || CLOCK_TIME.test(v), { message: '时间格式应为 HH:mm' });

const on = z.boolean().default(true);

const MAX_CATEGORY_BUDGETS = 200;

const notificationSettingsSchema = z
  .object({
    task: on,
    habit: on,
    recurring: on,
    budget: on,
    focus: on,
    /** 免打扰 from this time (inclusive) to `quietEnd` (exclusive), possibly across midnight. */
    quietStart: clockOrNone.default(''),
    quietEnd: clockOrNone.default(''),
    /** IANA zone recorded by the browser; '' until it has, and then the server's own zone applies. */
    timeZone: z
      .string()
      .max(64)
      .refine((v) => v === '' || isTimeZone(v), { message: '时区无效' })
      .default(''),
    // Issue 62; absent in settings saved before it, which read as these defaults.
    taskDefaultReminder: z
      .union([z.literal(0), z.literal(5), z.literal(30), z.literal(60)], {
        error: '任务默认提醒无效',
      })
      .nullable()
      .default(0),
    digest: z.boolean().default(false),
    digestTime: clockOrNone
      .refine((v) => v !== '', { message: '请选择每日概览的时间' })
      .default('08:00'),
    ledger: z.boolean().default(false),
    ledgerTime: clockOrNone
      .refine((v) => v !== '', { message: '请选择记账提醒的时间' })
      .default('21:00'),
  })
  .superRefine((v, ctx) => {
    if ((v.quietStart === '') !== (v.quietEnd === '')) {
      ctx.addIssue({
        code: 'custom',
        path: [v.quietStart === '' ? 'quietStart' : 'quietEnd'],
        message: '免打扰需要开始和结束时间',
      });
    }
  });

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * 今日目标 on the home screen, each switched on or off in 设置 → 基本. Absent in settings saved
 * before the switches, where all three were shown: those read as on. A user who never saved
 * settings starts with none (DEFAULT_SETTINGS), as nobody chose them.
 */
const dailyGoalsSchema = z
  .object({ budget: on, workout: on, focus: on })
  .default({ budget: true, workout: true, focus: true });

export type DailyGoalSwitches = z.output<typeof dailyGoalsSchema>;

export const dailyBudgetModeLabels = {
  fixed: '直接设置',
  monthly: '按月预算平均到每天',
} as const;

const minutes = (label: string, max: number) =>
  z
    .number({ error: `请填写${label}` })
    .int({ message: `${label}必须是整数分钟` })
    .min(1, { message: `${label}至少 1 分钟` })
    .max(max, { message: `${label}最多 ${max} 分钟` });

/** 番茄钟: 25-minute work phases, 5-minute breaks, a 15-minute one after every 4 (TickTick's). */
export const pomodoroSchema = z
  .object({
    workMinutes: minutes('专注时长', 180).default(25),
    shortBreakMinutes: minutes('短休息时长', 60).default(5),
    longBreakMinutes: minutes('长休息时长', 120).default(15),
    longBreakEvery: z
      .number({ error: '请填写长休息间隔' })
      .int({ message: '长休息间隔必须是整数' })
      .min(1, { message: '长休息间隔至少为 1' })
      .max(12, { message: '长休息间隔最多为 12' })
      .default(4),
    /** Whether the next phase starts by itself when one ends. */
    autoStart: z.boolean().default(false),
  })
  .default({
    workMinutes: 25,
    shortBreakMinutes: 5,
    longBreakMinutes: 15,
    longBreakEvery: 4,
    autoStart: false,
  });

export type PomodoroSettings = z.output<typeof pomodoroSchema>;

export const settingsSchema = z
  .object({
    /** 月预算 for all spending; null: none set. */
    monthlyBudget: positiveAmountSchema.nullable().default(null),
    /**
     * Optional 月预算 per expense category, by its id: a built-in's code or a category of one's
     * own (issue 61), whose 子分类 count against it.
     */
    categoryBudgets: z
      .record(idSchema, positiveAmountSchema)
      .refine((m) => Object.keys(m).length <= MAX_CATEGORY_BUDGETS, {
        message: `最多设置 ${MAX_CATEGORY_BUDGETS} 个分类预算`,
      })
      .default({}),
    /** 日预算: set directly, or the month's budget spread over its days. */
    dailyBudgetMode: z.enum(['fixed', 'monthly'], { error: '日预算方式无效' }).default('fixed'),
    dailyBudget: positiveAmountSchema.default(200),
    /**
     * 每月起始日: the budget month, 本月支出 and the month report run from this day to the day
     * before it next month (pay day, issue 61); 1 is the calendar month. At most 28, so every
     * month has it. Absent in settings saved before it.
     */
    monthStartDay: z
      .number({ error: '请选择每月起始日' })
      .int({ message: '每月起始日必须是 1 到 28 之间的整数' })
      .min(1, { message: '每月起始日必须是 1 到 28 之间的整数' })
      .max(28, { message: '每月起始日必须是 1 到 28 之间的整数' })
      .default(1),
    /**
     * The 账户 a new entry starts with (issue 61): 设置's choice, then the last one used, so it
     * follows the user to every device. '' for none; absent in settings saved before it.
     */
    defaultWalletId: z
      .string({ error: '默认账户无效' })
      .regex(/^[A-Za-z0-9_-]{0,64}$/, { message: '默认账户无效' })
      .default(''),
    focusGoalMinutes: z
      .number({ error: '请填写专注目标' })
      .int({ message: '专注目标必须是整数分钟' })
      .min(1, { message: '专注目标至少 1 分钟' })
      .max(1440, { message: '专注目标最多 1440 分钟' })
      .default(120),
    focusCategories: z
      .array(z.enum(timeCategories, { error: '时间分类无效' }))
      .min(1, { message: '至少选择一个时间分类' })
      .transform((list) => [...new Set(list)])
      .default([...DEFAULT_FOCUS_CATEGORIES]),
    /** The bill import's rule table: 交易分类 / 交易类型 → category. */
    importRules: rulesSchema,
    /** Categories the user chose for a counterparty during an import, applied to it next time. */
    counterparties: rulesSchema,
    /** 设置 → 通知 (reminders by Web Push and the 通知中心 inbox). */
    notifications: notificationSettingsSchema.default(DEFAULT_NOTIFICATIONS),
    pomodoro: pomodoroSchema,
    dailyGoals: dailyGoalsSchema,
    /**
     * The hybrid logical clock stamp of the change that wrote them (src/domain/hlc.ts): of two
     * devices' changes the later stamp wins. Absent in settings saved before stamps.
     */
    stamp: editedAtField.stamp,
  })
  .superRefine((v, ctx) => {
    if (v.dailyBudgetMode === 'monthly' && v.monthlyBudget === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['monthlyBudget'],
        message: '按月预算计算日预算时，请先设置月预算',
      });
    }
  });

export type SettingsInput = z.input<typeof settingsSchema>;
export type Settings = z.output<typeof settingsSchema>;
