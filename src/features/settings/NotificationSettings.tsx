import { useId, useState } from 'react';
import { formatError } from '../../api/errors';
import {
  pushOnServer,
  pushSupport,
  useDevicePush,
  useDeviceSubscribed,
  useSendTest,
} from '../../api/push';
import { useSaveSettings, useSettingsQuery } from '../../api/settings';
import { useToast } from '../../components/toast';
import {
  notificationKindLabels,
  notificationKinds,
  type NotificationSettings as Prefs,
} from '../../domain/notification-kinds';

const SUPPORT_NOTE = {
  insecure:
    '本设备通过 http 访问，浏览器不提供推送通知；提醒会出现在通知中心，并在应用打开时提示。',
  unsupported: '此浏览器不支持推送通知；提醒会出现在通知中心，并在应用打开时提示。',
  denied: '通知权限已被拒绝，请在浏览器设置中允许；在此之前提醒会出现在通知中心。',
} as const;

const DEMO_NOTE =
  '演示模式没有推送服务：通知需要真实的服务器（npm start）。提醒类型和免打扰仍可设置。';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 设置 → 通知: which kinds ring, 免打扰, this device's push, and a test notification. */
export function NotificationSettings() {
  const { data } = useSettingsQuery();
  const save = useSaveSettings('保存通知设置失败：{message}');
  const device = useDeviceSubscribed();
  const { enable, disable } = useDevicePush();
  const test = useSendTest();
  const toast = useToast();
  const title = useId();
  const [support, setSupport] = useState(pushSupport);
  const settings = data?.settings;
  if (!settings) return null;
  const prefs = settings.notifications;
  const quiet = prefs.quietStart !== '';

  // Every change records this browser's time zone too: reminders ring by the user's clock.
  const put = (change: Partial<Prefs>) =>
    save.mutate({ ...settings, notifications: { ...prefs, timeZone: browserZone(), ...change } });

  const note = !pushOnServer
    ? DEMO_NOTE
    : support === 'granted' || support === 'default'
      ? null
      : SUPPORT_NOTE[support];

  return (
    <section className="card space-y-4" aria-labelledby={title}>
      <h2 id={title} className="text-lg font-semibold text-slate-900">
        通知
      </h2>

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
                onSuccess: ({ devices }) =>
                  toast.success(
                    devices > 0
                      ? `测试通知已发送到 ${devices} 台设备`
                      : '测试通知已放入通知中心（尚无开启通知的设备）',
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
                disabled={save.isPending}
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
            disabled={save.isPending}
            onChange={(e) =>
              put(
                e.target.checked
                  ? { quietStart: '22:30', quietEnd: '07:30' }
                  : { quietStart: '', quietEnd: '' },
              )
            }
          />
          开启免打扰（期间的提醒在结束时送达）
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
    </section>
  );
}
