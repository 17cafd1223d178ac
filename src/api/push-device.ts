import { apiRequest } from './http';

// This browser's push subscription, kept apart from push.ts (which carries the data layer) so
// that 退出登录 can end it without loading the app's engine.

/** The subscription this browser holds for the app, if any; asks for no permission. */
export async function browserSubscription(): Promise<PushSubscription | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

/**
 * Stops this browser's pushes: the server forgets the subscription while the session can still
 * say so (`tellServer`), then the browser drops it. Best effort on both sides: the server ends a
 * subscription with the session that made it anyway (server/push/db.ts).
 */
export async function dropBrowserPush({ tellServer }: { tellServer: boolean }): Promise<void> {
  const sub = await browserSubscription().catch(() => null);
  if (!sub) return;
  if (tellServer) {
    await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint }).catch(
      () => {},
    );
  }
  await sub.unsubscribe().catch(() => false);
}
