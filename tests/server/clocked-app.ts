import { createApp } from '../../server/app';
import type { PasswordHasher, Store } from '../../server/store';

/**
 * The app in process over `store`, on a clock that starts at 2024-03-01 and moves only when
 * the test says, the client's address taken from the x-test-ip header, and no delay on a
 * refused login (the throttle's rules are what is tested, not its pacing).
 */
export function clockedApp(store: Store, auth: PasswordHasher) {
  let time = Date.parse('2024-03-01T00:00:00.000Z');
  const app = createApp({
    store,
    auth,
    now: () => new Date(time),
    clientIp: (c) => c.req.header('x-test-ip'),
    loginRefusalDelayMs: 0,
  });
  const advance = (ms: number) => {
    time += ms;
  };
  return { app, advance };
}
