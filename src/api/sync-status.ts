import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { engineFor, type Notice, type SyncStatus } from './engine';
import { afterOpeningScreen } from './opening';

const NOTHING: SyncStatus = {
  reachable: null,
  storage: null,
  waiting: [],
  conflicts: [],
  signInNeeded: false,
  offered: 0,
};
const noop = () => () => {};

/**
 * The data layer's state for the navigation bar and the sync dialog: whether the server
 * answers, what waits to be sent, and the edits kept after a conflict.
 */
export function useSyncStatus(): SyncStatus {
  const engine = engineOrNull(useQueryClient());
  return useSyncExternalStore(engine?.subscribe ?? noop, engine?.status ?? (() => NOTHING));
}

/**
 * The same state read when asked, for a press that needs it (退出登录 counts what waits): a
 * component that only asks on a press does not render again on every change. The navigation
 * bar did, with all its links, on each check-in (~20 ms of the check-in at 4× CPU).
 */
export function useReadSyncStatus(): () => SyncStatus {
  const client = useQueryClient();
  return () => engineOrNull(client)?.status() ?? NOTHING;
}

function engineOrNull(client: ReturnType<typeof useQueryClient>) {
  try {
    return engineFor(client);
  } catch {
    return null; // Signed out: nothing waits.
  }
}

/** Sends what waits and catches up now (the sync dialog's 立即同步). */
export function useSyncNow() {
  const client = useQueryClient();
  return () => engineFor(client).wake();
}

/** Applies a kept edit again, or lets it go. */
export function useSettleConflict() {
  const client = useQueryClient();
  return (key: string, reapply: boolean) => engineFor(client).settleConflict(key, reapply);
}

/** Uploads the records a restored server lacks (through the outbox), or lets them go. */
export function useAnswerRestoreOffer() {
  const client = useQueryClient();
  return (upload: boolean) => engineFor(client).answerOffer(upload);
}

/** Hands the data layer's notices (a refused change, a conflict) to `show` — the toasts. */
export function useSyncNotices(show: (notice: Notice) => void) {
  const client = useQueryClient();
  useEffect(() => {
    let stop = () => {};
    try {
      const unsubscribe = engineFor(client).onNotice(show);
      stop = () => void unsubscribe();
    } catch {
      // Signed out: there is nothing to say.
    }
    return stop;
  }, [client, show]);
}

/**
 * Without a Web Worker (old browsers, tests) completing the copy runs on this thread, and the
 * screen and the first things done on it come first: at ten years the copy is 1.2 MB of lists,
 * each parsed, checked and stored (up to 200 ms a list on a slow phone). Started 2 s in, it was
 * most of /accounting's blocking time in Lighthouse (3 months of data).
 */
const HOLD_WITHOUT_WORKER_MS = 8000;

/**
 * Completes the device's copy of every list in the background from the first screen after
 * sign-in (engine.ts `holdEverything`), so that every screen works offline even if only / was
 * ever opened. With a Web Worker it starts once the opening screen has its data (opening.ts):
 * the worker's downloads would share the line with the screen's own lists.
 */
export function useCompleteDeviceCopy() {
  const client = useQueryClient();
  useEffect(() => {
    let engine: ReturnType<typeof engineFor>;
    try {
      engine = engineFor(client);
    } catch {
      return; // Signed out: there is no device copy to complete.
    }
    const start = () => void engine.holdEverything();
    if (typeof Worker === 'function') {
      let live = true;
      void afterOpeningScreen(client).then(() => {
        if (live) start();
      });
      return () => {
        live = false;
      };
    }
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(start);
      else start();
    }, HOLD_WITHOUT_WORKER_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [client]);
}
