// When the browser is idle, and when an element comes near the viewport: the two moments the
// screens put off work until (charts, rows below the fold, the form dialogs' code).

type IdleWindow = Window & {
  requestIdleCallback?: (
    cb: (deadline: IdleDeadline) => void,
    options?: { timeout: number },
  ) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Runs `callback` once the browser is idle (at most `timeout` ms later), with the idle period's
 * deadline where the browser gives one.
 */
export function whenIdle(callback: (deadline?: IdleDeadline) => void, timeout = 1500): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const handle = w.requestIdleCallback(callback, { timeout });
    return () => w.cancelIdleCallback?.(handle);
  }
  const handle = window.setTimeout(callback, 50);
  return () => window.clearTimeout(handle);
}

/** How long a slice of `eachWhenIdle` runs where the browser gives no idle deadline. */
const SLICE_MS = 8;

/**
 * Calls `each` on every item, from the first, in the browser's idle periods: as many items as
 * fit in each, so that no slice holds up a press; then `done`, which returns a cancel of its
 * own. Cancelling stops it where it is.
 */
export function eachWhenIdle<T>(
  items: readonly T[],
  each: (item: T) => void,
  done?: () => () => void,
): () => void {
  let next = 0;
  let cancelled = false;
  let cancel = (): void => undefined;
  const finish = () => {
    if (done) cancel = done();
  };
  const slice = (deadline?: IdleDeadline) => {
    const until = performance.now() + (deadline ? deadline.timeRemaining() : SLICE_MS);
    // The clock is read every 64 items: reading it costs more than one call of `each`.
    while (next < items.length) {
      each(items[next++]!);
      if (next % 64 === 0 && performance.now() >= until) break;
    }
    if (cancelled) return;
    if (next < items.length) schedule();
    else finish();
  };
  const schedule = () => {
    cancel = whenIdle(slice);
  };
  if (items.length > 0) schedule();
  else finish();
  return () => {
    cancelled = true;
    cancel();
  };
}

/**
 * Between two idle callbacks of a page with nothing to do there is at most one idle period
 * (Chromium's are 50 ms): a longer gap means other work ran in between.
 */
const BUSY_GAP_MS = 80;

/**
 * Runs `callback` once the page has had nothing else to do for `quietMs` on end: after a
 * screen's data is drawn and nothing is loading, not merely between two of its tasks. Where
 * the browser cannot tell (no requestIdleCallback), `quietMs` after now.
 */
export function whenQuiet(callback: () => void, quietMs: number): () => void {
  const w = window as IdleWindow;
  const request = w.requestIdleCallback;
  const cancel = w.cancelIdleCallback;
  if (!request || !cancel) {
    const handle = window.setTimeout(callback, quietMs);
    return () => window.clearTimeout(handle);
  }
  let since = performance.now();
  let last = since;
  const check = () => {
    const now = performance.now();
    if (now - last > BUSY_GAP_MS) since = now;
    last = now;
    if (now - since >= quietMs) callback();
    else handle = request.call(w, check);
  };
  let handle = request.call(w, check);
  return () => cancel.call(w, handle);
}

/**
 * Runs `callback` once `node` comes within `margin` of the viewport; at once where the browser
 * cannot tell (no IntersectionObserver).
 */
export function whenNear(node: Element, callback: () => void, margin = '0px'): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    callback();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      callback();
    },
    { rootMargin: `${margin} 0px` },
  );
  observer.observe(node);
  return () => observer.disconnect();
}
