import { lookup } from 'node:dns';
import { Agent } from 'node:https';
import webpush from 'web-push';
import type { Subscription } from './db';
import { endpointProblem, isPublicAddress } from './endpoint';
import type { PushKeys } from './keys';

/** What one push to one subscription came to. */
export type SendOutcome = 'sent' | 'gone' | 'failed';

export type PushSender = (sub: Subscription, payload: string) => Promise<SendOutcome>;

/**
 * Resolves names as usual but refuses to connect to an address that is not public: a push
 * service's name that resolves to a private address (DNS rebinding) is turned away at the
 * socket, after the name check in endpoint.ts.
 */
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

export function webPushSender(
  keys: PushKeys,
  { subject, allowOrigin }: { subject: string; allowOrigin?: string },
): PushSender {
  const agent = new Agent({ keepAlive: true, lookup: guardedLookup });
  return async (sub, payload) => {
    // Checked again at send time: the allowed origin may have been unset since it was stored.
    if (endpointProblem(sub.endpoint, allowOrigin)) return 'gone';
    try {
      await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        payload,
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          // Up to the 12 h a reminder may be late; a phone that is off longer gets the inbox.
          TTL: 12 * 60 * 60,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
          agent,
          timeout: 15_000,
        },
      );
      return 'sent';
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      // The push service says the subscription no longer exists: drop it.
      if (status === 404 || status === 410) return 'gone';
      console.error(`推送失败 / push failed (${status ?? (err as Error).message})`);
      return 'failed';
    }
  };
}
