// When the browser is idle, and when an element comes near the viewport: the two moments the
// screens put off work until (charts, rows below the fold, the form dialogs' code).

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs `callback` once the browser is idle (at most `timeout` ms later). */
export function whenIdle(callback: () => void, timeout = 1500): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const handle = w.requestIdleCallback(callback, { timeout });
    return () => w.cancelIdleCallback?.(handle);
  }
  const handle = window.setTimeout(callback, 50);
  return () => window.clearTimeout(handle);
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
