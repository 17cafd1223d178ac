import { Copy, Send } from 'lucide-react';
import { useId, useState } from 'react';
import {
  type ChannelName,
  type ReminderChannel,
  type TestResult,
  useReminderChannels,
  useSaveChannel,
  useTestChannel,
} from '../../api/channels';
import { formatError } from '../../api/errors';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useToast } from '../../components/toast';
import { SettingsCard } from './auto-save';

// 设置 → 通知 → 提醒渠道 (issue 62): where Web Push cannot reach (no Google services on most
// Android phones in mainland China; iPhones need the app on the home screen), reminders go to
// ntfy, Bark or e-mail. The server's administrator chose the servers; the user gives a topic,
// a device key or an address.

const NAMES: Record<ChannelName, string> = { ntfy: 'ntfy', bark: 'Bark', email: '邮件' };

const FIELD: Record<ChannelName, { label: string; placeholder: string; type: string }> = {
  ntfy: { label: '主题', placeholder: '', type: 'text' },
  bark: { label: '设备密钥', placeholder: '如 aBcD1234eFgH5678', type: 'text' },
  email: { label: '邮箱地址', placeholder: 'name@example.com', type: 'email' },
};

const PUBLIC_NTFY = 'https://ntfy.sh';
const PUBLIC_BARK = 'https://api.day.app';

/** The 提醒渠道 card; nothing when the server offers no channel (or in the demo). */
export function ReminderChannels() {
  const channels = useReminderChannels();
  if (channels.error) {
    return (
      <SettingsCard title="提醒渠道">
        <ErrorBanner message={formatError('无法读取提醒渠道：{message}', channels.error)} />
      </SettingsCard>
    );
  }
  if (!channels.data || channels.data.length === 0) return null;
  return (
    <SettingsCard title="提醒渠道">
      <p className="text-sm text-slate-600">
        除了本设备通知，提醒还会发送到下面每个已开启的渠道，应用关闭时也能收到。
      </p>
      <ul className="space-y-3">
        {channels.data.map((c) => (
          <li key={c.channel}>
            <ChannelCard channel={c} />
          </li>
        ))}
      </ul>
    </SettingsCard>
  );
}

function ChannelCard({ channel }: { channel: ReminderChannel }) {
  const name = NAMES[channel.channel];
  const field = FIELD[channel.channel];
  const save = useSaveChannel();
  const test = useTestChannel();
  const toast = useToast();
  const ids = { input: useId(), status: useId(), help: useId() };
  const [target, setTarget] = useState(channel.target);
  const [result, setResult] = useState<TestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const changed = target.trim() !== channel.target;

  const store = (next: { target?: string; enabled?: boolean }) => {
    setError(null);
    setResult(null);
    save.mutate(
      {
        channel: channel.channel,
        target: (next.target ?? target).trim(),
        enabled: next.enabled ?? channel.enabled,
      },
      {
        onSuccess: (saved) => setTarget(saved.target),
        onError: (e) => setError(formatError('{message}', e).replace(/^target: /, '')),
      },
    );
  };

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(channel.target);
      toast.success('已复制主题');
    } catch {
      // Plain http or no permission: the topic is selected for the user to copy.
      (document.getElementById(ids.input) as HTMLInputElement | null)?.select();
      toast.error('无法写入剪贴板，请手动复制');
    }
  };

  const sendTest = () => {
    setResult(null);
    setError(null);
    test.mutate(channel.channel, {
      onSuccess: setResult,
      onError: (e) => setResult({ delivered: false, error: formatError('{message}', e) }),
    });
  };

  const switchedOff = !channel.enabled && channel.failures >= 10;

  return (
    <section className="space-y-3 rounded-lg border border-slate-200 p-3" aria-label={name}>
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-medium text-slate-900">{name}</h3>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={channel.enabled}
            disabled={save.isPending}
            aria-label={`开启 ${name}`}
            onChange={(e) => store({ enabled: e.target.checked })}
          />
          {channel.enabled ? '已开启' : '未开启'}
        </label>
      </div>

      <div className="space-y-1">
        <label htmlFor={ids.input} className="block text-sm font-medium text-slate-700">
          {field.label}
        </label>
        <div className="flex max-w-2xl flex-wrap gap-2">
          <input
            id={ids.input}
            type={field.type}
            className={`input min-w-0 flex-1 basis-full sm:basis-48 ${channel.channel === 'email' ? '' : 'font-mono text-sm'}`}
            value={target}
            placeholder={field.placeholder}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={!!error}
            aria-describedby={`${ids.help}${error ? ` ${ids.status}` : ''}`}
            onChange={(e) => setTarget(e.target.value)}
            onBlur={() => changed && store({})}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && changed) store({});
            }}
          />
          {channel.channel === 'ntfy' && (
            <button type="button" className="btn-secondary" onClick={copy} disabled={changed}>
              <Copy size={16} aria-hidden="true" />
              复制
            </button>
          )}
        </div>
        <Help channel={channel} id={ids.help} />
      </div>

      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={test.isPending || save.isPending || changed || !channel.target}
          onClick={sendTest}
        >
          <Send size={16} aria-hidden="true" />
          {test.isPending ? '发送中…' : '发送测试'}
        </button>
        <p id={ids.status} role="status" className="min-h-5 text-sm">
          {error ? (
            <span className="text-red-600">{error}</span>
          ) : result?.delivered ? (
            <span className="text-emerald-700">✓ 已送达</span>
          ) : result ? (
            <span className="text-red-600">未送达：{result.error}</span>
          ) : switchedOff ? (
            <span className="text-amber-700">
              连续 10 次发送失败，已自动关闭（{channel.lastError}）。发送测试成功后会重新开启。
            </span>
          ) : channel.enabled && channel.failures > 0 ? (
            <span className="text-amber-700">最近发送失败：{channel.lastError}</span>
          ) : null}
        </p>
      </div>
    </section>
  );
}

/** How to receive this channel on a phone, naming the server the administrator set. */
function Help({ channel, id }: { channel: ReminderChannel; id: string }) {
  const className = 'text-xs leading-relaxed text-slate-500';
  if (channel.channel === 'ntfy') {
    const own = channel.server && channel.server !== PUBLIC_NTFY;
    return (
      <p id={id} className={className}>
        在手机上安装 ntfy 应用（Android 无需谷歌服务，iOS 在 App
        Store），点「+」订阅主题，填入上面的主题
        {own ? (
          <>
            ，勾选「使用其他服务器」并填写{' '}
            <span className="break-all font-mono">{channel.server}</span>
          </>
        ) : null}
        。主题相当于密码，知道它的人都能看到提醒，请勿分享。
      </p>
    );
  }
  if (channel.channel === 'bark') {
    const own = channel.server && channel.server !== PUBLIC_BARK;
    return (
      <p id={id} className={className}>
        在 iPhone 上安装 Bark 应用，打开后首页的推送地址形如 「https://api.day.app/<b>设备密钥</b>
        /…」，把其中的设备密钥填在这里
        {own ? (
          <>
            ；本服务器使用 <span className="break-all font-mono">{channel.server}</span>
            ，请先在 Bark 的「服务器」中添加它，再复制该服务器下的设备密钥
          </>
        ) : null}
        。提醒归在「个人管理系统」分组。
      </p>
    );
  }
  return (
    <p id={id} className={className}>
      提醒以邮件发送到这个地址（纯文本，附简短的网页版）。
    </p>
  );
}
