import { afterAll, describe, it } from 'vitest';
import { launchBrowser, login, openPage, VIEWPORTS } from './browser';
import { post, shiftDate } from './seed';

// The height of each screen at 375 px with three months of everyday records, for the report
// (PHONE_HEIGHT=1). Only the spec's UI is used, so the same file measures an older build.

const browser = await launchBrowser();
afterAll(() => browser.close());

describe.runIf(process.env.PHONE_HEIGHT)('three months at 375 px', () => {
  it('measures scrollHeight per screen', async () => {
    const page = await openPage(browser, VIEWPORTS.phone);
    await login(page, 'phoneLong');
    await page.waitForURL((url) => url.pathname === '/');
    const today = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
    const categories = ['dining', 'transport', 'shopping'];
    for (let day = 0; day < 90; day++) {
      const date = shiftDate(today, -day);
      for (const [i, category] of categories.entries()) {
        await post(page, '/api/accounts', {
          type: 'expense',
          amount: 10 + i,
          category,
          description: `第${day}天`,
          date,
        });
      }
      if (day % 2 === 0) {
        await post(page, '/api/workouts', { type: 'running', duration: 30, notes: '', date });
      }
      await post(page, '/api/time-records', {
        task: '写作',
        category: 'work',
        duration: 1500,
        date,
      });
    }
    for (const path of ['/', '/accounting', '/assets', '/fitness', '/time', '/tasks', '/checkin']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(1500);
      const h = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(`HEIGHT ${path} ${h}`);
    }
    await page.context().close();
  }, 300_000);
});
