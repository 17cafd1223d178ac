import { Hono } from 'hono';
import { isValidDate } from '../../src/domain/schemas/common';
import { catchUpUser } from '../recurring';
import type { Store } from '../store';
import { type AppEnv, HttpError } from './http';

/**
 * GET /api/summary?today=YYYY-MM-DD: the dashboard's sums for the caller's day. A device that
 * does not hold every list yet shows the dashboard from this instead of downloading them all
 * (docs/spec.md "Budgets": a first visit under 1 MB). `today` is the browser's, as everywhere (docs/architecture.md, Decisions "Dates").
 */
export function summaryRoutes(store: Store, now: () => Date) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const today = c.req.query('today') ?? '';
    if (!isValidDate(today)) throw new HttpError(400, 'today: 日期格式应为 YYYY-MM-DD');
    const userId = c.get('user').username;
    // Like the bookkeeping list: 周期记账 entries due by now are written before the sums.
    await catchUpUser(store, userId, now());
    return c.json(await store.dashboard(userId, today));
  });
}
