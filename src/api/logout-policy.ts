import type { QueryClient } from '@tanstack/react-query';
import { TIMER_STORAGE_KEY } from '../domain/storage-keys';
import { parseTimerState } from '../domain/timer';
import { eraseLocalDb, stopEngine } from './engine';
import { countLegacyRecords } from './legacy-data';

// Everything signing out decides in one place: what it must ask about before it goes, and
// what it leaves behind. Loaded only when someone signs out (or the session ends): the login
// route does not carry it (docs/spec.md "Budgets").

const LEGACY_WARNING =
  '本机还有尚未上传到云端的旧数据。退出后它们仍保留在本机，但只有登录后才能在“同步”中上传。确定退出登录吗？';

const TIMER_WARNING = '专注计时还没有保存。退出登录会丢弃这次计时，确定退出登录吗？';

const pendingWarning = (count: number) =>
  `本机还有 ${count} 条更改尚未同步到服务器。退出登录会丢弃它们，确定退出登录吗？`;

/**
 * What signing out now would lose, as the question to ask first; null when nothing.
 * `waiting` is how many changes the outbox still holds.
 */
export function logoutWarning(now: number, waiting: number): string | null {
  if (waiting > 0) return pendingWarning(waiting);
  if (countLegacyRecords() > 0) return LEGACY_WARNING;
  if (parseTimerState(localStorage.getItem(TIMER_STORAGE_KEY), now).currentSession) {
    return TIMER_WARNING;
  }
  return null;
}

/**
 * The session is over. Signing out forgets what this browser keeps for the user (docs/architecture.md,
 * Decisions "Whose mirror"): their local store and a running focus timer, which names its task. A
 * session that expired keeps the store: its waiting changes go at the next sign-in. Legacy
 * data of the original app stays either way: it belongs to no account yet. `client` is the
 * app's query client, absent when no signed-in screen was drawn in this tab (no engine ran).
 */
export async function endSession(
  client: QueryClient | undefined,
  how: { username: string; signedOut: boolean },
): Promise<void> {
  const erase = how.signedOut ? how.username : null;
  if (client) await stopEngine(client, erase);
  else if (erase) await eraseLocalDb(erase);
  if (how.signedOut) localStorage.removeItem(TIMER_STORAGE_KEY);
}
