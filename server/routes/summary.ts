import { Hono } from 'hono';
import { isValidDate } from '../../src/domain/schemas/common';
import type { Store } from '../store';
import { type AppEnv, HttpError } from './http';

/**
 * GET /api/summary?today=YYYY-MM-DD: the dashboard's sums for the caller's day. A device that
 * does not hold every list yet shows the dashboard from this instead of downloading them all
 * (DESIGN §6: a first visit under 1 MB). `today` is the browser's, as everywhere (DESIGN §1).
 */
export function summaryRoutes(store: Store) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const today = c.req.query('today') ?? '';
    if (!isValidDate(today)) throw new HttpError(400, 'today: 日期格式应为 YYYY-MM-DD');
    return c.json(await store.dashboard(c.get('user').username, today));
  });
}
