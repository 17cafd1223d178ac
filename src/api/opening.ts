import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { idle } from './idle';

// What a page does that its opening screen does not need (completing the device's copy, the
// 通知中心's inbox) waits until that screen has its data: on a first visit over a slow line,
// every request started earlier shares the line with the screen's own lists and its work shares
// the thread with the screen's first render. Lighthouse mobile, three months, the device's copy
// completed and the inbox read from the first render: / 88, /accounting 92, /assets 90 (TBT
// 240–340 ms); after the screen: 97, 95, 96.

/** The longest wait: a screen whose lists never settle (a server that hangs) holds nothing up. */
export const OPENING_MAX_MS = 3000;

const opened = new WeakMap<QueryClient, Promise<void>>();

/**
 * Resolves once the opening screen has its data: the first moment some query has settled and
 * none is fetching, then an idle moment of the browser; at most OPENING_MAX_MS after the first
 * call. One moment per client, so every caller waits for the same.
 */
export function afterOpeningScreen(client: QueryClient): Promise<void> {
  let moment = opened.get(client);
  if (moment) return moment;
  moment = new Promise<void>((resolve) => {
    const cache = client.getQueryCache();
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      unsubscribe();
      clearTimeout(cap);
      void idle(1000).then(resolve);
    };
    // A screen's queries start as it mounts, which may be after the caller's first effect (its
    // code is still loading): an empty cache is not a settled screen.
    const settled = () =>
      client.isFetching() === 0 && cache.getAll().some((q) => q.state.status !== 'pending');
    const unsubscribe = cache.subscribe(() => {
      if (settled()) go();
    });
    const cap = setTimeout(go, OPENING_MAX_MS);
    if (settled()) go();
  });
  opened.set(client, moment);
  return moment;
}

/** Whether the opening screen has its data (afterOpeningScreen), as state. */
export function useAfterOpeningScreen(): boolean {
  const client = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void afterOpeningScreen(client).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [client]);
  return ready;
}
