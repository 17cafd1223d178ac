import { channelConfig } from '../config';
import type { Store } from '../store';
import { availableChannels, channelSender } from './channels';
import { openPushDb } from './db';
import { allowedOrigin } from './endpoint';
import { loadOrCreateKeys } from './keys';
import { pushActionRoute, pushRoutes } from './routes';
import { PushScheduler } from './scheduler';
import { webPushSender } from './sender';

// Web Push for the Node server (issue 38). Environment:
//   PUSH_SUBJECT         the VAPID contact (mailto: or https:), default mailto:admin@example.com
//   PUSH_ALLOW_ENDPOINT  one https origin let through the endpoint check (tests' local push
//                        service, e.g. https://127.0.0.1:9443); unset in production
//   PUSH_DISABLED=1      no push routes and no scheduler
// and the 提醒渠道 (issue 62, config.ts channelConfig): NTFY_URL, NTFY_TOKEN, BARK_URL,
// SMTP_URL, SMTP_FROM, APP_URL.

export function startPush(
  store: Store,
  { databaseFile, dataDir, env }: { databaseFile: string; dataDir: string; env: NodeJS.ProcessEnv },
) {
  if (env.PUSH_DISABLED === '1') return undefined;
  const allowOrigin = allowedOrigin(env.PUSH_ALLOW_ENDPOINT);
  if (allowOrigin) {
    console.log(`PUSH_ALLOW_ENDPOINT: 允许推送到 / pushes allowed to ${allowOrigin}`);
  }
  const keys = loadOrCreateKeys(dataDir);
  const db = openPushDb(databaseFile);
  const send = webPushSender(keys, {
    subject: env.PUSH_SUBJECT?.trim() || 'mailto:admin@example.com',
    allowOrigin,
  });
  const config = channelConfig(env);
  const offered = availableChannels(config);
  const channels =
    offered.length > 0 ? { send: channelSender(config), offered, config } : undefined;
  if (offered.length > 0) {
    console.log(`提醒渠道 / reminder channels: ${offered.join(', ')}`);
    // Bark is offered by default: only a server configured for channels needs telling.
    if (!config.appUrl && (env.NTFY_URL || env.BARK_URL || env.SMTP_URL)) {
      console.warn(
        '未设置 APP_URL：ntfy、Bark 和邮件提醒不带打开应用的链接 / APP_URL unset: channel reminders carry no link',
      );
    }
  }
  const scheduler = new PushScheduler({
    db,
    store,
    send,
    actionSecret: keys.actionSecret,
    channels: channels && { send: channels.send, offered, appUrl: config.appUrl },
  });
  const deps = {
    db,
    store,
    scheduler,
    publicKey: keys.publicKey,
    actionSecret: keys.actionSecret,
    allowOrigin,
    channels,
  };
  return {
    routes: { routes: pushRoutes(deps), action: pushActionRoute(deps) },
    start: () => scheduler.start(),
    close() {
      scheduler.stop();
      db.close();
    },
  };
}
