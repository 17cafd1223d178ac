import { Copy, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useCalendarFeed, useNewCalendarFeed } from '../../api/calendar-feed';
import { formatError } from '../../api/errors';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/toast';
import { SettingsCard } from './auto-save';

/**
 * 设置 → 日历订阅 (issue 59): a secret address of the user's tasks as a calendar, for a phone's
 * calendar app to subscribe to; its reminders ring there where Web Push cannot reach.
 */
export function CalendarFeed() {
  const feed = useCalendarFeed();
  const renew = useNewCalendarFeed();
  const toast = useToast();
  const urlId = useId();
  const [confirming, setConfirming] = useState(false);
  const url = feed.data?.path ? new URL(feed.data.path, window.location.origin).href : null;

  const copy = async () => {
    if (!url) return;
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(url);
      toast.success('已复制订阅链接');
    } catch {
      // Plain http or no permission: the address is selected for the user to copy.
      (document.getElementById(urlId) as HTMLInputElement | null)?.select();
      toast.error('无法写入剪贴板，请手动复制');
    }
  };

  return (
    <SettingsCard title="日历订阅" className="space-y-3">
      <p className="text-sm text-slate-600">
        在手机或电脑的日历应用中订阅这个链接，即可看到有截止日期的任务（重复任务按规则显示），任务提醒由日历应用响铃。
        链接本身就是凭证，请勿分享。
      </p>
      {feed.isPending ? (
        <Spinner />
      ) : feed.error ? (
        <ErrorBanner message={formatError('无法读取日历订阅：{message}', feed.error)} />
      ) : url ? (
        <div className="space-y-2">
          <label htmlFor={urlId} className="block text-sm font-medium text-slate-700">
            订阅链接
          </label>
          <input id={urlId} className="input font-mono text-xs" readOnly value={url} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-primary" onClick={copy}>
              <Copy size={16} aria-hidden="true" />
              复制链接
            </button>
            <ResetButton
              confirming={confirming}
              setConfirming={setConfirming}
              busy={renew.isPending}
              onReset={() => renew.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            />
          </div>
          <p className="text-xs text-slate-500">
            出于安全，链接只在生成时显示；离开本页后需重置才能再次查看。
          </p>
        </div>
      ) : feed.data?.active ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">
            已生成订阅链接（{new Date(feed.data.createdAt ?? '').toLocaleDateString('zh-CN')}）。
            链接只在生成时显示；如需再次查看，请重置链接，旧链接将失效。
          </p>
          <ResetButton
            confirming={confirming}
            setConfirming={setConfirming}
            busy={renew.isPending}
            onReset={() => renew.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          />
        </div>
      ) : (
        <button
          type="button"
          className="btn-primary"
          disabled={renew.isPending}
          onClick={() => renew.mutate()}
        >
          {renew.isPending ? '生成中...' : '生成订阅链接'}
        </button>
      )}
    </SettingsCard>
  );
}

/** 重置链接, asked once more in place: the old address stops working for every calendar using it. */
function ResetButton({
  confirming,
  setConfirming,
  busy,
  onReset,
}: {
  confirming: boolean;
  setConfirming: (v: boolean) => void;
  busy: boolean;
  onReset: () => void;
}) {
  if (!confirming) {
    return (
      <button type="button" className="btn-secondary" onClick={() => setConfirming(true)}>
        <RefreshCw size={16} aria-hidden="true" />
        重置链接
      </button>
    );
  }
  return (
    <fieldset aria-label="确认重置" className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-slate-700">旧链接将立即失效，确定重置？</span>
      <button type="button" className="btn-danger" disabled={busy} onClick={onReset}>
        {busy ? '重置中...' : '确定重置'}
      </button>
      <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
        取消
      </button>
    </fieldset>
  );
}
