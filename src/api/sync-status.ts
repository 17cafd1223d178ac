import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { engineFor, type Notice, type SyncStatus } from './engine';

const NOTHING: SyncStatus = { reachable: null, waiting: [], conflicts: [], signInNeeded: false };
const noop = () => () => {};

/**
 * The data layer's state for the navigation bar and the sync dialog: whether the server
 * answers, what waits to be sent, and the edits kept after a conflict.
 */
export function useSyncStatus(): SyncStatus {
  const client = useQueryClient();
  let engine: ReturnType<typeof engineFor> | null = null;
  try {
    engine = engineFor(client);
  } catch {
    // Signed out: nothing waits.
  }
  return useSyncExternalStore(engine?.subscribe ?? noop, engine?.status ?? (() => NOTHING));
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
