import { z } from 'zod';

// 设置 → 通知: which kinds of reminder ring, 免打扰 (quiet hours) and the time zone the
// browser runs in. Times are wall-clock 'HH:mm' in that zone; '' means none.

export const notificationKinds = ['task', 'habit', 'recurring', 'budget', 'focus'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationKindLabels: Record<NotificationKind, string> = {
  task: '任务提醒',
  habit: '打卡提醒',
  recurring: '周期记账',
  budget: '预算提醒',
  focus: '专注结束',
};

export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const clockOrNone = z
  .string()
  .refine((v) => v === '' || CLOCK_TIME.test(v), { message: '时间格式应为 HH:mm' });

const on = z.boolean().default(true);

export const notificationSettingsSchema = z
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

export type NotificationSettings = z.output<typeof notificationSettingsSchema>;

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

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
