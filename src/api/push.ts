import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { engineFor } from './engine';
import { ApiError, apiRequest } from './http';
import { newId } from './ids';
import { useAfterOpeningScreen } from './opening';
import { browserSubscription, dropBrowserPush } from './push-device';
import { readSession } from './session';

// Web Push and the 通知中心 inbox (server/push/routes.ts). The permission prompt is only ever
// asked from a click (enableDevice); nothing here runs on page load but the inbox read.

export interface InboxItem {
  key: string;
  occurrence: string;
  kind: string;
  title: string;
  body: string;
  url: string;
  /** ISO-8601: when it was sent. */
  at: string;
  read: boolean;
}

export interface Inbox {
  items: InboxItem[];
  unread: number;
}

export const pushKeys = {
  all: ['push'] as const,
  inbox: () => [...pushKeys.all, 'inbox'] as const,
  device: () => [...pushKeys.all, 'device'] as const,
};

/**
 * The demo (`npm run demo`) answers /api with the app's routes inside the browser (msw), where
 * nothing can send a push: the push routes are the Node server's only.
 */
export const pushOnServer = import.meta.env.MODE !== 'demo';

/** While the app is open the inbox is read every minute: it is where push cannot reach. */
const INBOX_POLL_MS = 60_000;

const inboxQuery = () =>
  queryOptions({
    queryKey: pushKeys.inbox(),
    queryFn: () => apiRequest<Inbox>('GET', '/api/push/inbox'),
    refetchInterval: INBOX_POLL_MS,
    retry: false,
  });

/** Read once the opening screen has its data (opening.ts): nothing on it needs the inbox. */
export function useInbox() {
  const opened = useAfterOpeningScreen();
  return useQuery({ ...inboxQuery(), enabled: pushOnServer && opened });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: 'all' | { key: string; occurrence: string }[]) =>
      apiRequest<void>('POST', '/api/push/inbox/read', items === 'all' ? { all: true } : { items }),
    onSettled: () => client.invalidateQueries({ queryKey: pushKeys.inbox() }),
  });
}

/**
 * What this browser can do: 'unsupported' (no Push API), 'insecure' (plain http on a LAN:
 * browsers offer push on https and localhost only), or the notification permission.
 */
export type PushSupport = 'unsupported' | 'insecure' | NotificationPermission;

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (!window.isSecureContext) return 'insecure';
  if (
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'granted') return null;
  return browserSubscription();
}

/** Whether this device receives this user's pushes. */
const deviceQuery = () =>
  queryOptions({
    queryKey: pushKeys.device(),
    queryFn: async () => {
      const sub = await currentSubscription();
      if (!sub) return false;
      const mine = await apiRequest<{ endpoint: string }[]>('GET', '/api/push/subscriptions');
      return mine.some((s) => s.endpoint === sub.endpoint);
    },
    networkMode: 'always',
    enabled: pushOnServer,
  });

export const useDeviceSubscribed = () => useQuery(deviceQuery());

const fromBase64Url = (text: string) => {
  const raw = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

function deviceName(): string {
  const ua = navigator.userAgent;
  const os = /iPhone|iPad|Android|Windows|Mac OS X|Linux/.exec(ua)?.[0] ?? '';
  const browser = /Edg|Firefox|Chrome|Safari/.exec(ua)?.[0] ?? '';
  return [os.replace('Mac OS X', 'macOS'), browser.replace('Edg', 'Edge')]
    .filter(Boolean)
    .join(' · ');
}

/** 开启本设备通知: asks the permission (from the user's click), subscribes, tells the server. */
async function enableDevice(): Promise<void> {
  const support = pushSupport();
  if (support === 'insecure')
    throw new Error('本设备通过 http 访问，浏览器只在 https 下提供推送通知');
  if (support === 'unsupported') throw new Error('此浏览器不支持推送通知');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('通知权限未开启，请在浏览器设置中允许通知');
  const { publicKey } = await apiRequest<{ publicKey: string }>('GET', '/api/push/public-key');
  const registration = await navigator.serviceWorker.ready;
  let sub = await registration.pushManager.getSubscription();
  const key = fromBase64Url(publicKey);
  // A subscription made with another server key (a new DATA_DIR) cannot be reused.
  const sameKey =
    sub?.options.applicationServerKey &&
    new Uint8Array(sub.options.applicationServerKey).every((b, i) => b === key[i]);
  if (sub && !sameKey) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await apiRequest('POST', '/api/push/subscriptions', {
    ...sub.toJSON(),
    deviceName: deviceName(),
  });
}

const disableDevice = () => dropBrowserPush({ tellServer: true });

export function useDevicePush() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: pushKeys.device() });
  return {
    enable: useMutation({ mutationFn: enableDevice, onSettled, networkMode: 'always' }),
    disable: useMutation({ mutationFn: disableDevice, onSettled, networkMode: 'always' }),
  };
}

export function useSendTest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ devices: number; delivered?: number }>('POST', '/api/push/test'),
    onSettled: () => client.invalidateQueries({ queryKey: pushKeys.inbox() }),
  });
}

/** A one-off reminder (the end of a 番茄钟 phase) this browser keeps on the server. */
export interface OneOffReminder {
  id: string;
  /** epoch ms */
  at: number;
  title: string;
  body: string;
  url: string;
}

/** What this browser has put on the server: id → time (ms), so that a repeat costs nothing. */
const ONE_OFFS_KEY = 'pushOneOffs';

function readPut(): Record<string, number> {
  try {
    const v = JSON.parse(localStorage.getItem(ONE_OFFS_KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as Record<string, number>) : {};
  } catch {
    return {};
  }
}
function writePut(put: Record<string, number>) {
  try {
    localStorage.setItem(ONE_OFFS_KEY, JSON.stringify(put));
  } catch {
    // Storage full: the next change puts them again, which the server takes as a move.
  }
}

let oneOffQueue: Promise<void> = Promise.resolve();

/**
 * Makes this browser's one-offs whose id starts with `prefix` on the server exactly `wanted`:
 * puts the new and moved ones, deletes the others. Best effort, one call after another: offline,
 * signed out or on a server without push (the demo) nothing throws and nothing else changes — the
 * page's own chime never depended on it — and what failed is tried at the next change.
 */
export function syncOneOffs(prefix: string, wanted: readonly OneOffReminder[]): Promise<void> {
  if (!pushOnServer) return Promise.resolve();
  const run = async () => {
    const put = readPut();
    const keep = new Set(wanted.map((w) => w.id));
    for (const id of Object.keys(put)) {
      if (!id.startsWith(prefix) || keep.has(id)) continue;
      try {
        await apiRequest('DELETE', `/api/push/one-offs/${encodeURIComponent(id)}`);
        delete put[id];
      } catch (error) {
        // Gone already (delivered and pruned): nothing left to cancel.
        if (error instanceof ApiError && error.status === 404) delete put[id];
      }
    }
    for (const w of wanted) {
      if (put[w.id] === w.at) continue;
      try {
        await apiRequest('PUT', `/api/push/one-offs/${encodeURIComponent(w.id)}`, {
          at: new Date(w.at).toISOString(),
          title: w.title,
          body: w.body,
          url: w.url,
        });
        put[w.id] = w.at;
      } catch {
        // Not scheduled: the in-page chime still rings while the page is open.
      }
    }
    writePut(put);
  };
  oneOffQueue = oneOffQueue.then(run, run);
  return oneOffQueue;
}

/** What the service worker asks an open page when 打卡 is tapped on a habit's notification. */
export interface NotificationCheckin {
  user: string;
  taskId: string;
  date: string;
}

/**
 * 打卡 from a notification while a page of the app is open: the check-in goes through this
 * device's outbox like a tap on the card (shown at once, sent once, kept while offline). True
 * once it is in the outbox, or when the day is already checked in here; false when this page
 * cannot take it (another user signed in, a habit it does not know), and the worker then sends
 * the notification's signed token to the server itself.
 */
export function checkInFromNotification(
  client: QueryClient,
  checkin: NotificationCheckin,
): Promise<boolean> {
  // One after another, so that two quick taps see each other's record.
  const run = () => checkIn(client, checkin);
  const next = checkinQueue.then(run, run);
  checkinQueue = next.catch(() => false);
  return next;
}

let checkinQueue: Promise<boolean> = Promise.resolve(false);

async function checkIn(
  client: QueryClient,
  { user, taskId, date }: NotificationCheckin,
): Promise<boolean> {
  if (readSession()?.user.username !== user || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const engine = engineFor(client);
  const habits = await engine.list('checkinTasks');
  if (!habits.items.some((h) => h.id === taskId)) return false;
  const records = await engine.list('checkinRecords');
  const day = records.items.find((r) => r.taskId === taskId && r.date === date);
  // One record per habit and day: a repeated tap, or a day already checked in, adds nothing.
  if (day && !day.skipped) return true;
  const input = { taskId, date, value: 1, skipped: false };
  if (day) await engine.update('checkinRecords', day.id, input);
  else await engine.create('checkinRecords', { id: newId(), ...input });
  return true;
}
