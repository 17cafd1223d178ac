import { useState } from 'react';
import { formatError } from '../../api/errors';
import {
  pushOnServer,
  pushSupport,
  useDevicePush,
  useDeviceSubscribed,
  useSendTest,
} from '../../api/push';
import { useSettingsQuery, useUpdateSettings } from '../../api/settings';
import { useToast } from '../../components/toast';
import {
  notificationKindLabels,
  notificationKinds,
  type NotificationSettings as Prefs,
  type TaskReminderChoice,
  taskReminderChoices,
  taskReminderLabels,
} from '../../domain/notification-kinds';
import { SettingsCard } from './auto-save';
import { ReminderChannels } from './ReminderChannels';

const SUPPORT_NOTE = {
  insecure:
    '本设备通过 http 访问，浏览器不提供推送通知；提醒会出现在通知中心，并在应用打开时提示。',
  unsupported: '此浏览器不支持推送通知；提醒会出现在通知中心，并在应用打开时提示。',
  denied: '通知权限已被拒绝，请在浏览器设置中允许；在此之前提醒会出现在通知中心。',
} as const;

const DEMO_NOTE =
  '演示模式没有推送服务：通知需要真实的服务器（npm start）。提醒类型和免打扰仍可设置。';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * 设置 → 通知: which kinds ring, 免打扰, this device's push and a test notification, 任务默认提醒,
 * 每日概览 and 记账提醒, and the 提醒渠道 (ReminderChannels.tsx).
 */
export function NotificationSettings() {
  const { data } = useSettingsQuery();
  const save = useUpdateSettings('保存通知设置失败：{message}');
  const device = useDeviceSubscribed();
  const { enable, disable } = useDevicePush();
  const test = useSendTest();
  const toast = useToast();
  const [support, setSupport] = useState(pushSupport);
  const settings = data?.settings;
  if (!settings) return null;
  const prefs = settings.notifications;
  const quiet = prefs.quietStart !== '';

  // Every change records this browser's time zone too: reminders ring by the user's clock.
  // Made on top of the newest settings, so two quick changes both stay.
  const put = (change: Partial<Prefs>) =>
    save.mutate((current) => ({
      ...current,
      notifications: { ...current.notifications, timeZone: browserZone(), ...change },
    }));

  const note = !pushOnServer
    ? DEMO_NOTE
    : support === 'granted' || support === 'default'
      ? null
      : SUPPORT_NOTE[support];

  return (
    <>
      <SettingsCard title="通知" save={save}>
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            {device.data ? (
              <button
                type="button"
                className="btn-secondary"
                disabled={disable.isPending}
                onClick={() => disable.mutate()}
              >
                关闭本设备通知
              </button>
            ) : (
              <button
                type="button"
                className="btn-primary"
                disabled={
                  !pushOnServer ||
                  enable.isPending ||
                  support === 'insecure' ||
                  support === 'unsupported'
                }
                onClick={() =>
                  enable.mutate(undefined, {
                    onSuccess: () => {
                      toast.success('本设备通知已开启');
                      if (prefs.timeZone !== browserZone()) put({});
                    },
                    onError: (e) => toast.error(formatError('开启通知失败：{message}', e)),
                    onSettled: () => setSupport(pushSupport()),
                  })
                }
              >
                开启本设备通知
              </button>
            )}
            <button
              type="button"
              className="btn-secondary"
              disabled={!pushOnServer || test.isPending}
              onClick={() =>
                test.mutate(undefined, {
                  // Only what the push services took counts as sent (issue 62).
                  onSuccess: ({ devices, delivered = devices }) =>
                    devices === 0
                      ? toast.success('测试通知已放入通知中心（尚无开启通知的设备）')
                      : delivered > 0
                        ? toast.success(`测试通知已送达 ${delivered} 台设备的推送服务`)
                        : toast.error(
                            `测试通知未能送达：${devices} 台设备的推送服务没有接收，已放入通知中心`,
                          ),
                  onError: (e) => toast.error(formatError('发送测试通知失败：{message}', e)),
                })
              }
            >
              发送测试通知
            </button>
          </div>
          <p className="text-sm text-slate-500">
            {device.data
              ? '本设备会收到提醒，应用关闭时也会。'
              : (note ?? '开启后，应用关闭时也能收到提醒。')}
          </p>
        </div>

        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-medium text-slate-700">提醒类型</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {notificationKinds.map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={prefs[kind]}
                  onChange={(e) => put({ [kind]: e.target.checked })}
                />
                {notificationKindLabels[kind]}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="min-w-0 space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">免打扰</legend>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={quiet}
              onChange={(e) =>
                put(
                  e.target.checked
                    ? { quietStart: '22:30', quietEnd: '07:30' }
                    : { quietStart: '', quietEnd: '' },
                )
              }
            />
            开启免打扰（期间的提醒先进入通知中心，结束时再发送）
          </label>
          {quiet && (
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <label className="flex items-center gap-2">
                从
                <input
                  type="time"
                  className="input w-40 tabular-nums"
                  aria-label="免打扰开始"
                  value={prefs.quietStart}
                  onChange={(e) => e.target.value && put({ quietStart: e.target.value })}
                />
              </label>
              <label className="flex items-center gap-2">
                到
                <input
                  type="time"
                  className="input w-40 tabular-nums"
                  aria-label="免打扰结束"
                  value={prefs.quietEnd}
                  onChange={(e) => e.target.value && put({ quietEnd: e.target.value })}
                />
              </label>
            </div>
          )}
        </fieldset>

        <label className="block max-w-xs text-sm">
          <span className="mb-1 block font-medium text-slate-700">任务默认提醒</span>
          <select
            className="input"
            value={String(prefs.taskDefaultReminder)}
            onChange={(e) => put({ taskDefaultReminder: choiceOf(e.target.value) })}
          >
            {taskReminderChoices.map((c) => (
              <option key={String(c)} value={String(c)}>
                {taskReminderLabels[String(c)]}
              </option>
            ))}
          </select>
          <span className="mt-1 block text-xs text-slate-500">
            新建的任务有截止时间时按此提醒；只有日期的任务在当天 09:00 提醒。
          </span>
        </label>

        <DailyReminder
          label="每日概览"
          hint="今天的任务（逾期的在前）、今天的打卡和今日预算，合成一条。"
          on={prefs.digest}
          time={prefs.digestTime}
          onChange={(on, time) => put({ digest: on, digestTime: time })}
        />
        <DailyReminder
          label="记账提醒"
          hint="这一天还没有记任何一笔时才提醒。"
          on={prefs.ledger}
          time={prefs.ledgerTime}
          onChange={(on, time) => put({ ledger: on, ledgerTime: time })}
        />
      </SettingsCard>
      <ReminderChannels />
    </>
  );
}

const choiceOf = (value: string): TaskReminderChoice =>
  value === 'null' ? null : (Number(value) as Exclude<TaskReminderChoice, null>);

/** 每日概览 / 记账提醒: on or off, at a time of day. */
function DailyReminder({
  label,
  hint,
  on,
  time,
  onChange,
}: {
  label: string;
  hint: string;
  on: boolean;
  time: string;
  onChange: (on: boolean, time: string) => void;
}) {
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-800">
        <label className="flex items-center gap-2 font-medium">
          <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked, time)} />
          {label}
        </label>
        {on && (
          <input
            type="time"
            className="input w-32 tabular-nums"
            aria-label={`${label}时间`}
            value={time}
            onChange={(e) => e.target.value && onChange(true, e.target.value)}
          />
        )}
      </div>
      <p className="text-xs text-slate-500">{hint}</p>
    </div>
  );
}
