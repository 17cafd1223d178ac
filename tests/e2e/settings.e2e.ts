import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, openPage, screenshot, VIEWPORTS } from './browser';

const browser = await launchBrowser();
afterAll(() => browser.close());

const SECTIONS = [
  ['basic', '外观'],
  ['budget', '预算'],
  ['focus', '专注目标'],
  ['notifications', '通知'],
  ['security', '账号安全'],
  ['import', '导入账单'],
] as const;

describe('设置, one section a page', () => {
  for (const [size, viewport] of [
    ['375', VIEWPORTS.phone],
    ['800', VIEWPORTS.tablet],
    ['1280', VIEWPORTS.desktop],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`draws every section at ${size} px, ${colorScheme}, no wider than the screen`, async () => {
        const page = await openPage(browser, viewport, { colorScheme });
        await login(page, 'settings');
        await page.waitForURL((url) => url.pathname === '/');
        await page.goto('/settings');
        const tabs = page.getByRole('navigation', { name: '设置分区' });
        await tabs.waitFor();
        for (const [id, title] of SECTIONS) {
          await page.goto(`/settings?section=${id}`);
          await page.getByRole('region', { name: title, exact: true }).first().waitFor();
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${id} at ${size} px`).toBe(0);
          if (size !== '800') await screenshot(page, `settings-${id}-${size}-${colorScheme}`);
        }
        // The tabs are one line: every tab has the same top, scrolled sideways on a phone.
        const tops = await tabs
          .getByRole('link')
          .evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
        expect(new Set(tops).size).toBe(1);
        await page.context().close();
      });
    }
  }
});
