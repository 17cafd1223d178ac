// Web Push in the app's service worker (issue 38), pulled into workbox's generated sw.js by
// `workbox.importScripts` (vite.config.ts). A push carries the server's payload
// (server/push/scheduler.ts PushPayload): title, body, the screen to open, and a signed token
// per button, so 打卡 / 完成 / 推迟1小时 act without a window or a session. A tap that cannot
// reach the server waits in IndexedDB and is sent when the network is back; the server makes a
// repeat harmless (one check-in per habit and day), so a retried tap counts once.

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

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  const data = notification.data || {};
  notification.close();
  const button = event.action && (data.actions || []).find((a) => a.action === event.action);
  keepAlive(event, button ? runAction(button.token) : openScreen(data.url || '/'));
});

self.addEventListener('sync', (event) => {
  if (event.tag === 'push-actions') keepAlive(event, flushActions());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'pms-flush-push-actions') keepAlive(event, flushActions());
});
