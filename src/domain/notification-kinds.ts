// 设置 → 通知 without zod (like schemas/default-settings.ts): the nav bar's 通知中心 and the
// budgets' defaults read these before any schema is loaded.

export const notificationKinds = ['task', 'habit', 'recurring', 'budget', 'focus'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationKindLabels: Record<NotificationKind, string> = {
  task: '任务提醒',
  habit: '打卡提醒',
  recurring: '周期记账',
  budget: '预算提醒',
  focus: '专注结束',
};

/**
 * 任务默认提醒 (issue 62): minutes before a new task's due time, null for 不提醒. A task with
 * a date and no time rings at 09:00 of it instead (src/domain/task-reminders.ts).
 */
export const taskReminderChoices = [0, 5, 30, 60, null] as const;
export type TaskReminderChoice = (typeof taskReminderChoices)[number];

export const taskReminderLabels: Record<string, string> = {
  0: '准时',
  5: '提前5分钟',
  30: '提前30分钟',
  60: '提前1小时',
  null: '不提醒',
};

/** Which kinds ring, 免打扰 ('HH:mm' or '' for none), and the browser's IANA time zone. */
export interface NotificationSettings extends Record<NotificationKind, boolean> {
  quietStart: string;
  quietEnd: string;
  timeZone: string;
  /** 任务默认提醒. */
  taskDefaultReminder: TaskReminderChoice;
  /** 每日概览 at `digestTime` ('HH:mm'). */
  digest: boolean;
  digestTime: string;
  /** 记账提醒 at `ledgerTime`, on a day without any entry. */
  ledger: boolean;
  ledgerTime: string;
}

/**
 * Every kind on, no 免打扰, the server's time zone until a browser records one; new tasks ring
 * on time; 每日概览 and 记账提醒 off until chosen.
 */
export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  task: true,
  habit: true,
  recurring: true,
  budget: true,
  focus: true,
  quietStart: '',
  quietEnd: '',
  timeZone: '',
  taskDefaultReminder: 0,
  digest: false,
  digestTime: '08:00',
  ledger: false,
  ledgerTime: '21:00',
};
