import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// A notification's buttons (打卡, 完成, 推迟1小时) act without opening a window, so the
// service worker has no session to send. Each reminder carries a token per button instead,
// signed by the server: it names the user, the action and what it acts on, and can do
// nothing else. Acting twice is harmless (a check-in per habit and day, a completed task, one
// snooze per reminder), which is what makes a retried or repeated tap count once.

export type ActionName = 'checkin' | 'complete' | 'snooze';

export interface ActionClaim {
  /** user */
  u: string;
  a: ActionName;
  /** the habit's or task's id */
  id: string;
  /** the day a check-in is for; the reminder's key + occurrence for a snooze */
  d: string;
  /**
   * The subscription it was sent to (`subscriptionTag`): the token is refused once that
   * subscription is gone, as it is when the session that made it ends.
   */
  s: string;
  /** expiry, ms since the epoch */
  x: number;
}

/** Long enough for an offline phone's queued tap to reach the server a few days later. */
export const ACTION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A subscription's name in a token: short, and no endpoint (a capability URL) in the clear. */
export const subscriptionTag = (endpoint: string) =>
  createHash('sha256').update(endpoint).digest('base64url').slice(0, 22);

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('base64url');

export function signAction(secret: string, claim: ActionClaim): string {
  const body = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The claim of a genuine, unexpired token; undefined for anything else. */
export function verifyAction(secret: string, token: string, now: number): ActionClaim | undefined {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ActionClaim;
    return claim.x > now ? claim : undefined;
  } catch {
    return undefined;
  }
}
