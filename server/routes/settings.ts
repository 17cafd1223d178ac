import { Hono } from 'hono';
import { clampStamp, editOrder } from '../../src/domain/hlc';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import { type Settings, settingsSchema } from '../../src/domain/schemas/settings';
import type { Store } from '../store';
import { type AppEnv, readBody } from './http';

const CONFLICT = '设置已在另一台设备上修改';

/**
 * Whether a PUT must be answered with the stored settings instead (409), so that the device
 * decides by the conflict rule (docs/architecture.md, Decisions "Conflicts"): If-Match names the stamp of the version
 * it changed ('' for the defaults or settings saved before stamps), and another change came in
 * between; without If-Match (an older client), a change stamped before the stored one's.
 */
function conflicts(stored: Settings | undefined, incoming: Settings, ifMatch: string | undefined) {
  if (!stored) return false;
  if (ifMatch !== undefined) return ifMatch.replace(/^"|"$/g, '') !== (stored.stamp ?? '');
  return !!incoming.stamp && !!stored.stamp && editOrder(incoming) < editOrder(stored);
}

/** GET/PUT /api/settings: one record per user, the defaults until the user saves any. */
export function settingsRoutes(store: Store, now: () => Date) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const settings = await store.settings.get(c.get('user').username);
    return c.json(settings ?? DEFAULT_SETTINGS);
  });
  app.put('/', async (c) => {
    const userId = c.get('user').username;
    const body = await readBody(c, settingsSchema);
    const stored = await store.settings.get(userId);
    // This device's own change sent again after its answer was lost: it is there already.
    if (stored?.stamp && stored.stamp === body.stamp) return c.json(stored);
    if (conflicts(stored, body, c.req.header('if-match'))) {
      return c.json({ error: CONFLICT, current: stored }, 409);
    }
    // A stamp far ahead of the server's clock would win every conflict until that time.
    const at = now();
    const settings = body.stamp
      ? { ...body, stamp: clampStamp(body.stamp, at.getTime()).stamp }
      : body;
    return c.json(await store.settings.put(userId, settings, at.toISOString()));
  });
  return app;
}
