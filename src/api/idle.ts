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
