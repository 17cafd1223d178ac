import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import nodemailer from 'nodemailer';
import type { ChannelConfig } from '../config';
import { requestWithin, SEND_DEADLINE_MS } from './sender';

// 提醒渠道 (issue 62): ntfy, Bark and e-mail beside Web Push, for the phones Web Push cannot
// reach (FCM is out of reach in mainland China; iOS needs the app on the home screen). Each
// sends only to the server its administrator configured (config.ts channelConfig): the user
// picks a topic, a device key or an address, never a URL. Every send keeps SEND_DEADLINE_MS,
// connect and TLS included, as Web Push does (sender.ts).

export const CHANNELS = ['ntfy', 'bark', 'email'] as const;
export type ChannelName = (typeof CHANNELS)[number];

export const channelLabels: Record<ChannelName, string> = {
  ntfy: 'ntfy',
  bark: 'Bark',
  email: '邮件',
};

export interface ChannelMessage {
  title: string;
  body: string;
  /** The app's screen (absolute), when APP_URL is known. */
  url?: string;
}

export type ChannelOutcome =
  | { ok: true }
  /** `permanent`: trying the same send again cannot help (a 4xx, a refused address). */
  | { ok: false; error: string; permanent: boolean };

export type ChannelSender = (
  channel: ChannelName,
  target: string,
  message: ChannelMessage,
) => Promise<ChannelOutcome>;

/** Bark's 分组: every reminder of this app under one heading in the Bark app. */
const BARK_GROUP = '个人管理系统';

const failure = (error: string, permanent: boolean): ChannelOutcome => ({
  ok: false,
  error: error.slice(0, 300),
  permanent,
});

/** A 4xx other than 408 and 429 will not pass by itself. */
const permanentStatus = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

/** The message an ntfy or Bark server gave for a refusal, or the status alone. */
function refusal(status: number, text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
    const said = parsed.error ?? parsed.message;
    if (typeof said === 'string' && said) return `服务器拒绝（${status}）：${said}`;
  } catch {
    // Not JSON: the status says enough.
  }
  return `服务器拒绝（${status}）`;
}

export function channelSender(
  config: ChannelConfig,
  { deadlineMs = SEND_DEADLINE_MS }: { deadlineMs?: number } = {},
): ChannelSender {
  const agents = {
    http: new HttpAgent({ keepAlive: true }),
    https: new HttpsAgent({ keepAlive: true }),
  };
  const agentFor = (url: string) => (url.startsWith('http:') ? agents.http : agents.https);

  const json = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const answer = await requestWithin(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
        body: Buffer.from(JSON.stringify(body), 'utf8'),
      },
      agentFor(url),
      deadlineMs,
    );
    return answer;
  };

  // ntfy's JSON publishing (docs.ntfy.sh/publish/#publish-as-json): POST to the root URL, the
  // topic in the body; UTF-8 titles need no header encoding this way.
  async function ntfy(topic: string, m: ChannelMessage): Promise<ChannelOutcome> {
    const server = config.ntfy;
    if (!server) return failure('服务器未配置 ntfy（NTFY_URL）', true);
    const answer = await json(
      `${server.url}/`,
      { topic, title: m.title, message: m.body || m.title, ...(m.url ? { click: m.url } : {}) },
      server.token ? { authorization: `Bearer ${server.token}` } : {},
    );
    if (answer.status >= 200 && answer.status < 300) return { ok: true };
    return failure(refusal(answer.status, answer.text), permanentStatus(answer.status));
  }

  // Bark's v2 API (github.com/Finb/bark-server, docs/API_V2.md): POST /push with device_key.
  async function bark(key: string, m: ChannelMessage): Promise<ChannelOutcome> {
    const server = config.bark;
    if (!server) return failure('服务器未配置 Bark（BARK_URL）', true);
    const answer = await json(`${server.url}/push`, {
      device_key: key,
      title: m.title,
      body: m.body || m.title,
      group: BARK_GROUP,
      ...(m.url ? { url: m.url } : {}),
    });
    if (answer.status >= 200 && answer.status < 300) {
      // bark-server answers {code, message}; a code other than 200 is a refusal.
      try {
        const said = JSON.parse(answer.text) as { code?: unknown };
        if (typeof said.code === 'number' && said.code !== 200) {
          return failure(refusal(said.code, answer.text), permanentStatus(said.code));
        }
      } catch {
        // A server that answers 2xx without JSON took it.
      }
      return { ok: true };
    }
    return failure(refusal(answer.status, answer.text), permanentStatus(answer.status));
  }

  const mailer = config.email
    ? nodemailer.createTransport({
        url: config.email.url,
        // nodemailer's own timeouts each cover one step; the race below is the whole send's.
        connectionTimeout: deadlineMs,
        greetingTimeout: deadlineMs,
        socketTimeout: deadlineMs,
        dnsTimeout: deadlineMs,
      })
    : undefined;

  async function email(to: string, m: ChannelMessage): Promise<ChannelOutcome> {
    if (!mailer || !config.email) return failure('服务器未配置邮件（SMTP_URL）', true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`超时 / no answer within ${deadlineMs} ms`)),
        deadlineMs,
      );
    });
    try {
      await Promise.race([
        mailer.sendMail({
          from: config.email.from,
          to,
          subject: m.title,
          text: [m.body, m.url].filter(Boolean).join('\n\n'),
          html: mailHtml(m),
        }),
        deadline,
      ]);
      return { ok: true };
    } catch (err) {
      const e = err as Error & { responseCode?: number };
      // 5xx from the mail server (no such mailbox, refused sender) will not pass by itself.
      const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
      return failure(`邮件发送失败：${e.message}`, permanent);
    } finally {
      clearTimeout(timer);
    }
  }

  return async (channel, target, message) => {
    try {
      if (channel === 'ntfy') return await ntfy(target, message);
      if (channel === 'bark') return await bark(target, message);
      return await email(target, message);
    } catch (err) {
      return failure(`发送失败：${(err as Error).message}`, false);
    }
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The e-mail's short HTML part: the title, the body's lines and a link to the screen. */
function mailHtml(m: ChannelMessage): string {
  const lines = escapeHtml(m.body).replace(/\n/g, '<br>');
  const link = m.url ? `<p><a href="${escapeHtml(m.url)}">在个人管理系统中打开</a></p>` : '';
  return `<!doctype html><html><body style="font-family:sans-serif"><h2 style="font-size:18px">${escapeHtml(m.title)}</h2><p>${lines}</p>${link}<p style="color:#888;font-size:12px">个人管理系统 · 提醒</p></body></html>`;
}

/** Which channels this server offers: those whose variables are set. */
export const availableChannels = (config: ChannelConfig): ChannelName[] =>
  CHANNELS.filter((c) => config[c] !== undefined);
