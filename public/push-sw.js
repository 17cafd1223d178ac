// Web Push in the app's service worker (issue 38), pulled into workbox's generated sw.js by
// `workbox.importScripts` (vite.config.ts). A push carries the server's payload
// (server/push/scheduler.ts PushPayload): title, body, the screen to open, and a signed token
// per button, so 打卡 / 完成 / 推迟1小时 act without a window or a session. A tap that cannot
// reach the server waits in IndexedDB and is sent when the network is back; the server makes a
// repeat harmless (one check-in per habit and day), so a retried tap counts once. 打卡 with a
// page of the app open goes through that page's outbox instead (checkInThroughPage).

const QUEUE_DB = 'pms-push';
const QUEUE = 'actions';

function openQueue() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(QUEUE_DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(QUEUE, { keyPath: 'token' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function queueOp(mode, op) {
  const db = await openQueue();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(QUEUE, mode);
      const req = op(tx.objectStore(QUEUE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** true: done (or refused for good); false: not reached, try again later. */
async function post(token) {
  try {
    const res = await fetch('/api/push/action', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    return res.status < 500;
  } catch {
    return false;
  }
}

async function runAction(token) {
  if (await post(token)) return;
  await queueOp('readwrite', (s) => s.put({ token, at: Date.now() }));
  if (self.registration.sync) {
    await self.registration.sync.register('push-actions').catch(() => {});
  }
}

async function flushActions() {
  const waiting = await queueOp('readonly', (s) => s.getAll()).catch(() => []);
  for (const { token } of waiting) {
    if (!(await post(token))) return;
    await queueOp('readwrite', (s) => s.delete(token));
  }
}

/** Keeps the worker alive for `promise`; an event dispatched by a script cannot be extended. */
function keepAlive(event, promise) {
  if (event.isTrusted) event.waitUntil(promise);
  return promise;
}

async function tellPages(message) {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

/**
 * A focus phase's end is rung by the page's own chime while the page is seen: a notification
 * on top would ring twice. Browsers require a notification for a push only while no window
 * of the site is visible, which is exactly when this shows one.
 */
async function ringsInPage(data) {
  if (data.kind !== 'focus') return false;
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return pages.some((p) => p.visibilityState === 'visible');
}

async function showPush(data) {
  const actions = Array.isArray(data.actions) ? data.actions : [];
  if (await ringsInPage(data)) return;
  await self.registration.showNotification(data.title || '个人管理系统', {
    body: data.body || '',
    tag: data.tag,
    lang: 'zh-CN',
    icon: '/pwa-192x192.png',
    data: { url: data.url || '/', actions, kind: data.kind },
    actions: actions.map((a) => ({ action: a.action, title: a.title })),
  });
}

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data.json();
  } catch {
    data = { title: '个人管理系统', body: event.data ? event.data.text() : '' };
  }
  keepAlive(
    event,
    Promise.all([
      showPush(data),
      // The 通知中心 of an open page shows it at once.
      tellPages({ type: 'pms-push', title: data.title, body: data.body }),
      flushActions(),
    ]),
  );
});

async function openScreen(url) {
  const target = new URL(url, self.location.origin).href;
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const page = pages.find((p) => 'focus' in p);
  if (page) {
    await page.focus();
    if ('navigate' in page && page.url !== target) await page.navigate(target).catch(() => {});
    return;
  }
  await self.clients.openWindow(target);
}

/** The claim a button's token carries (server/push/action.ts); the server checks its signature. */
function claimOf(token) {
  try {
    const body = token.split('.')[0].replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

/** Asks one page and waits a little for its answer: a frozen or busy tab says nothing. */
function askPage(page, message) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), 3000);
    channel.port1.onmessage = (e) => {
      clearTimeout(timer);
      resolve(Boolean(e.data && e.data.ok === true));
    };
    page.postMessage(message, [channel.port2]);
  });
}

/**
 * 打卡 while a page of the app is open for the same user: the page puts the check-in in its
 * outbox, the one path every change of the app takes (shown at once, sent once, kept offline).
 * With no such page the token goes to the server (runAction), which keeps one check-in per
 * habit and day, so a tap that reaches both ways still counts once.
 */
async function checkInThroughPage(token) {
  const claim = claimOf(token);
  if (claim?.a !== 'checkin') return false;
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const message = { type: 'pms-checkin', user: claim.u, taskId: claim.id, date: claim.d };
  for (const page of pages) if (await askPage(page, message)) return true;
  return false;
}

async function runButton(button) {
  if (button.action === 'checkin' && (await checkInThroughPage(button.token))) return;
  await runAction(button.token);
}

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  const data = notification.data || {};
  notification.close();
  const button = event.action && (data.actions || []).find((a) => a.action === event.action);
  keepAlive(event, button ? runButton(button) : openScreen(data.url || '/'));
});

self.addEventListener('sync', (event) => {
  if (event.tag === 'push-actions') keepAlive(event, flushActions());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'pms-flush-push-actions') keepAlive(event, flushActions());
});
