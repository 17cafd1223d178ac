import { Hono } from 'hono';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import { settingsSchema } from '../../src/domain/schemas/settings';
import type { Store } from '../store';
import { type AppEnv, readBody } from './http';

/** GET/PUT /api/settings: one record per user, the defaults until the user saves any. */
export function settingsRoutes(store: Store, now: () => Date) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const settings = await store.settings.get(c.get('user').username);
    return c.json(settings ?? DEFAULT_SETTINGS);
  });
  app.put('/', async (c) => {
    const settings = await readBody(c, settingsSchema);
    const stored = await store.settings.put(c.get('user').username, settings, now().toISOString());
    return c.json(stored);
  });
  return app;
}
