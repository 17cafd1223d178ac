/**
 * The browser's next idle moment, at most `timeout` ms away; a turn of the event loop where the
 * browser cannot tell (no requestIdleCallback: jsdom, Safari before 18).
 */
export function idle(timeout?: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(() => resolve(), timeout === undefined ? undefined : { timeout });
    } else setTimeout(resolve, 0);
  });
}

/**
 * Resolves once what a press drew has been painted: what may wait (a write's own work, the
 * schemas' first load, ~100–200 ms on a slow phone; a dialog's first focus) then runs after the
 * paint, not before it.
 *
 * A timer first: TanStack Query tells the screen of `showAtOnce`'s data in a timer of its own
 * (notifyManager's setTimeout 0), set before this one, and React draws it then. Waited for a
 * frame at once, a long click's first frame came before that timer, and the write (~60 ms at
 * 4× CPU, the engine and the schema's first load) ran between it and the frame that showed
 * the check-in.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'undefined') setTimeout(resolve, 0);
    else setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), 0);
  });
}
