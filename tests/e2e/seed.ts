import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The browser's local date, which is the app's "today" (the page may run a fake clock). */
export const browserToday = (page: Page) =>
  page.evaluate(() => new Date().toLocaleDateString('sv-SE'));

export const shiftDate = (date: string, days: number) =>
  dayjs(date).add(days, 'day').format('YYYY-MM-DD');

/**
 * Records go in through the real API as the user signed in on `page`, as the screens would
 * send them. Returns the stored record.
 */
export async function post<T = Record<string, unknown>>(
  page: Page,
  path: string,
  body: object,
): Promise<T & { id: string }> {
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    user: JSON.parse(localStorage.getItem('currentUser') ?? '{}').username as string,
  }));
  const res = await page.request.post(path, {
    data: body,
    headers: { Authorization: `Bearer ${session.token}`, 'x-user-id': session.user },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as T & { id: string };
}

/** Waits until `check` holds, polling the API; fails with what it saw last after `ms`. */
export async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  let last = await read();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 250));
    last = await read();
  }
  return last;
}
