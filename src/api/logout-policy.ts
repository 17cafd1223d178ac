import { TIMER_STORAGE_KEY } from '../domain/storage-keys';
import { parseTimerState } from '../domain/timer';
import { clearMirror, countLegacyRecords } from './local-mirror';

// Everything logout decides in one place: what it must ask about before it goes, and what
// it leaves behind. Loaded only when someone signs out (or the session ends): the login
// route does not carry it (DESIGN.md §6).

const UNSYNCED_WARNING =
  '本机还有尚未上传到云端的旧数据。退出后它们仍保留在本机，但只有登录后才能在“同步”中上传。确定退出登录吗？';

const TIMER_WARNING = '专注计时还没有保存。退出登录会丢弃这次计时，确定退出登录吗？';

/** What signing out now would lose, as the question to ask first; null when nothing. */
export function logoutWarning(now: number): string | null {
  if (countLegacyRecords() > 0) return UNSYNCED_WARNING;
  if (parseTimerState(localStorage.getItem(TIMER_STORAGE_KEY), now).currentSession) {
    return TIMER_WARNING;
  }
  return null;
}

/**
 * Forgets what this browser keeps for the user who is leaving (DESIGN.md §1 "Whose
 * mirror"). Legacy data of the original app is kept: it belongs to no account yet.
 */
export function clearLocalData(): void {
  clearMirror();
  // A running focus timer names its task: it must not carry over to the next person.
  localStorage.removeItem(TIMER_STORAGE_KEY);
}
