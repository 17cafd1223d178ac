import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, openPage, screenshot, VIEWPORTS } from './browser';
import { post } from './seed';

const browser = await launchBrowser();
afterAll(() => browser.close());

async function api<T>(page: Page, method: 'GET' | 'PUT', path: string, data?: object): Promise<T> {
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    user: JSON.parse(localStorage.getItem('currentUser') ?? '{}').username as string,
  }));
  const headers = { Authorization: `Bearer ${session.token}`, 'x-user-id': session.user };
  const res =
    method === 'GET'
      ? await page.request.get(path, { headers })
      : await page.request.put(path, { headers, data });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

const phase = (page: Page) => page.getByTestId('pomodoro-phase');
/** The face shows `minutes` left, give or take the few real seconds the test itself takes. */
async function reads(page: Page, minutes: number) {
  await page.waitForFunction((m) => {
    const [mm, ss] = (document.querySelector('[role="timer"]')?.textContent ?? '').split(':');
    const left = Number(mm) * 60 + Number(ss);
    return left <= m * 60 && left > m * 60 - 20;
  }, minutes);
}

describe('番茄钟', () => {
  it('runs from a task through 4 work phases to the long break, across a reload', async () => {
    const page = await openPage(browser, VIEWPORTS.desktop);
    await page.clock.install();
    await login(page, 'pomodoro');
    await page.waitForURL((url) => url.pathname === '/');
    const task = await post<{ title: string }>(page, '/api/tasks', { title: '写周报' });
    const settings = await api<Record<string, unknown>>(page, 'GET', '/api/settings');
    await api(page, 'PUT', '/api/settings', {
      ...settings,
      pomodoro: { ...(settings.pomodoro as object), autoStart: true },
    });

    // 专注 on the task's row links here.
    await page.goto(`/time?focusTask=${task.id}`);
    await page.getByRole('button', { name: '番茄钟', pressed: true }).waitFor();
    await page.getByRole('region', { name: '专注计时器' }).getByText('写周报').waitFor();
    await expect.poll(() => phase(page).textContent()).toBe('专注');
    await reads(page, 25);

    // Mid-phase reload: the countdown goes on from the stored start.
    await page.clock.fastForward('10:00');
    await reads(page, 15);
    await page.reload();
    await reads(page, 15);
    await screenshot(page, 'pomodoro-work-1280');

    // The rest of the phase with the tab's timers asleep (fastForward fires each at most once,
    // as a background tab's): the break starts, and the first record is saved.
    await page.clock.fastForward('15:00');
    await expect.poll(() => phase(page).textContent()).toBe('短休息');
    await reads(page, 5);
    await screenshot(page, 'pomodoro-short-1280');

    for (let i = 2; i <= 4; i++) {
      await page.clock.fastForward('05:00');
      await expect.poll(() => phase(page).textContent()).toBe('专注');
      await page.clock.fastForward('25:00');
      await expect.poll(() => phase(page).textContent()).toBe(i === 4 ? '长休息' : '短休息');
    }
    await reads(page, 15);
    await screenshot(page, 'pomodoro-long-1280');

    await expect
      .poll(async () => (await api<unknown[]>(page, 'GET', '/api/time-records')).length, {
        timeout: 10_000,
      })
      .toBe(4);
    const records = await api<{ duration: number; taskId: string; task: string }[]>(
      page,
      'GET',
      '/api/time-records',
    );
    expect(records.map((r) => [r.duration, r.taskId, r.task])).toEqual(
      Array(4).fill([1500, task.id, '写周报']),
    );
    // A break saves nothing: the long break running out adds no record.
    await page.clock.fastForward('15:00');
    await expect.poll(() => phase(page).textContent()).toBe('专注');
    expect(await api<unknown[]>(page, 'GET', '/api/time-records')).toHaveLength(4);
    await reads(page, 25);
    await page.context().close();
  });
});
