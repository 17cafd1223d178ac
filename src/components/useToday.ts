import { useSyncExternalStore } from 'react';
import { todayString } from '../domain/dates';

/** Milliseconds from `now` to the next local midnight (23 or 25 hours away on a DST day). */
function untilMidnight(now: Date): number {
  const next = new Date(now);
  next.setHours(24, 0, 0, 0);
  return next.getTime() - now.getTime();
}

function subscribe(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const schedule = () => {
    clearTimeout(timer);
    // A few ms past midnight, so the clock has surely turned when the date is read again.
    timer = setTimeout(() => {
      onChange();
      schedule();
    }, untilMidnight(new Date()) + 50);
  };
  // A sleeping laptop or a background tab fires timers late, or not at all: look again
  // whenever the page comes back.
  const recheck = () => {
    onChange();
    schedule();
  };
  schedule();
  document.addEventListener('visibilitychange', recheck);
  window.addEventListener('focus', recheck);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', recheck);
    window.removeEventListener('focus', recheck);
  };
}

const snapshot = () => todayString(new Date());

/**
 * The local date, 'YYYY-MM-DD', that re-renders its component when it changes: a screen
 * left open past midnight moves on to the new day without a reload.
 */
export function useToday(): string {
  return useSyncExternalStore(subscribe, snapshot);
}
