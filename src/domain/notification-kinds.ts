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

/** Which kinds ring, 免打扰 ('HH:mm' or '' for none), and the browser's IANA time zone. */
export interface NotificationSettings extends Record<NotificationKind, boolean> {
  quietStart: string;
  quietEnd: string;
  timeZone: string;
}

/** Every kind on, no 免打扰, the server's time zone until a browser records one. */
export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  task: true,
  habit: true,
  recurring: true,
  budget: true,
  focus: true,
  quietStart: '',
  quietEnd: '',
  timeZone: '',
};
