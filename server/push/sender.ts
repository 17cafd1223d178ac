import { lookup } from 'node:dns';
import { type Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent, type AgentOptions, request } from 'node:https';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import webpush from 'web-push';
import type { Subscription } from './db';
import { endpointProblem, isPublicAddress } from './endpoint';
import type { PushKeys } from './keys';

/** What one push to one subscription came to. */
export type SendOutcome = 'sent' | 'gone' | 'failed';

export type PushSender = (sub: Subscription, payload: string) => Promise<SendOutcome>;

/**
 * One deadline for a whole send: DNS, connect, TLS, the request and the answer. A socket
 * timeout only counts silence between packets, so a push service that accepted the connection
 * and then said nothing held a send for 30 s (issue 57).
 */
export const SEND_DEADLINE_MS = 10_000;

/** Resolves names as usual but refuses every address that is not public (DNS rebinding too). */
const guardedLookup: typeof lookup = ((
  hostname: string,
  options: object,
  callback: (err: Error | null, address: unknown, family?: number) => void,
) => {
  lookup(hostname, { ...options }, (err, address, family) => {
    if (err) return callback(err, address, family);
    const list = Array.isArray(address) ? address : [{ address, family }];
    const refused = list.find((a) => !isPublicAddress(a.address));
    if (refused) {
      return callback(
        new Error(`推送地址解析到内网地址 / refused address ${refused.address}`),
        address,
        family,
      );
    }
    callback(null, address, family);
  });
}) as typeof lookup;

/**
 * An https agent that connects only to public addresses. Node skips `lookup` for an IP literal,
 * so the literal is checked here, before any socket is made; a name goes through
 * `guardedLookup`. `allow` ("host:port", from PUSH_ALLOW_ENDPOINT) is the one exception, for a
 * test's local push service.
 */
export function guardedAgent(allow?: string, options: AgentOptions = {}): Agent {
  const agent = new Agent({ keepAlive: true, ...options });
  const connect = agent.createConnection.bind(agent);
  agent.createConnection = ((
    opts: { host?: string; hostname?: string; port?: number | string },
    callback: (err: Error | null, stream: Duplex) => void,
  ) => {
    const host = (opts.host ?? opts.hostname ?? '').replace(/^\[|\]$/g, '');
    if (allow !== undefined && `${host}:${opts.port}` === allow) return connect(opts, callback);
    if (isIP(host) !== 0 && !isPublicAddress(host)) {
      // The agent hands an error given to the callback to the request, as a failed connect.
      callback(new Error(`推送地址是内网地址 / refused address ${host}`), undefined as never);
      return undefined;
    }
    return connect({ ...opts, lookup: guardedLookup }, callback);
  }) as typeof agent.createConnection;
  return agent;
}

/** "host:port" of an allowed origin, as the agent sees a connection to it. */
const hostPort = (origin: string | undefined) => {
  if (!origin) return undefined;
  const url = new URL(origin);
  return `${url.hostname.replace(/^\[|\]$/g, '')}:${url.port || 443}`;
};

export function webPushSender(
  keys: PushKeys,
  {
    subject,
    allowOrigin,
    deadlineMs = SEND_DEADLINE_MS,
    agentOptions,
  }: { subject: string; allowOrigin?: string; deadlineMs?: number; agentOptions?: AgentOptions },
): PushSender {
  const agent = guardedAgent(hostPort(allowOrigin), agentOptions);
  return async (sub, payload) => {
    // Checked again at send time: the allowed origin may have been unset since it was stored.
    if (endpointProblem(sub.endpoint, allowOrigin)) return 'gone';
    // web-push encrypts and signs; the request is ours, so that one deadline covers it all.
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      payload,
      {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        // Up to the 12 h a reminder may be late; a phone that is off longer gets the inbox.
        TTL: 12 * 60 * 60,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      },
    );
    try {
      const status = await post(details, agent, deadlineMs);
      if (status >= 200 && status < 300) return 'sent';
      // The push service says the subscription no longer exists: drop it.
      if (status === 404 || status === 410) return 'gone';
      console.error(`推送失败 / push failed (${status})`);
      return 'failed';
    } catch (err) {
      console.error(`推送失败 / push failed (${(err as Error).message})`);
      return 'failed';
    }
  };
}

/** Sends the request and reads the answer to its end: its status, or an error at the deadline. */
async function post(
  details: ReturnType<typeof webpush.generateRequestDetails>,
  agent: Agent,
  deadlineMs: number,
): Promise<number> {
  const answer = await requestWithin(
    details.endpoint,
    {
      method: details.method,
      headers: details.headers as Record<string, string | number>,
      body: details.body ?? undefined,
    },
    agent,
    deadlineMs,
  );
  return answer.status;
}

/** An answer read to its end (the reminder channels read what ntfy and Bark say). */
interface Answer {
  status: number;
  text: string;
}

/**
 * One request under one deadline: DNS, connect, TLS, the request and the whole answer. Web Push
 * and the reminder channels (channels.ts) both send through this, so both keep SEND_DEADLINE_MS.
 */
export function requestWithin(
  url: string,
  init: { method: string; headers: Record<string, string | number>; body?: string | Buffer },
  agent: HttpAgent,
  deadlineMs: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const signal = AbortSignal.timeout(deadlineMs);
    const send = url.startsWith('http:') ? httpRequest : request;
    const req = send(url, { method: init.method, headers: init.headers, agent, signal }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        // An error message is short; a long answer is read to its end but not kept.
        size += chunk.length;
        if (size <= 16_384) chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', (err) =>
      reject(signal.aborted ? new Error(`超时 / no answer within ${deadlineMs} ms`) : err),
    );
    req.end(init.body);
  });
}
