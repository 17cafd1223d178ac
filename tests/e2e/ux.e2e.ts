import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, openPage, screenshot, VIEWPORTS } from './browser';
import { browserToday, post, shiftDate } from './seed';
import type { E2EUser } from './users';

// Issue 14, "correct the past, never lose a keystroke", in a real browser at 375 and 1280 px:
// money that fits, asset edits that leave the past alone, the timer's prompts, editable time
// records, one delete confirmation everywhere, past-day check-ins, the midnight roll-over,
// focus and the phone's Back.

const browser = await launchBrowser();
afterAll(() => browser.close());

const SIZES = [
  ['375', VIEWPORTS.phone],
  ['1280', VIEWPORTS.desktop],
] as const;

async function signedIn(
  viewport: { width: number; height: number },
  user: E2EUser = 'ux',
  clock?: Date,
): Promise<Page> {
  const page = await openPage(browser, viewport);
  if (clock) await page.clock.install({ time: clock });
  await login(page, user);
  await page.getByRole('heading', { name: /^今天 · / }).waitFor();
  return page;
}

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

/** What the focused element is called: its label, aria-label or text; null on the page. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const input = element as HTMLInputElement;
    return (
      input.labels?.[0]?.textContent?.trim() ??
      element.getAttribute('aria-label') ??
      element.textContent?.trim() ??
      element.tagName
    );
  });

/** Boxes of money figures whose content is wider than they are. */
const unfitMoney = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-money]')]
      .filter((box) => box.scrollWidth > box.clientWidth)
      .map((box) => box.textContent),
  );

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('1. money fits its box', () => {
  it('¥99,999,999.99 on every card at 375, 800 and 1280 px', async () => {
    const page = await signedIn(VIEWPORTS.desktop, 'ux2');
    const today = await browserToday(page);
    const huge = 99_999_999.99;
    for (const type of ['income', 'expense'] as const) {
      const category = type === 'income' ? 'salary' : 'housing';
      await post(page, '/api/accounts', { type, amount: huge, category, date: today });
    }
    await post(page, '/api/accounts', {
      type: 'expense',
      amount: huge,
      category: 'reimbursement',
      date: today,
    });
    await post(page, '/api/assets', {
      type: 'asset',
      name: '自住房',
      category: 'real_estate',
      amount: huge,
      date: today,
    });
    await post(page, '/api/assets', {
      type: 'asset',
      name: '借给朋友',
      category: 'receivables',
      amount: huge,
      date: today,
    });
    await post(page, '/api/assets', {
      type: 'liability',
      name: '房贷',
      category: 'mortgage',
      amount: 12_345_678.9,
      date: today,
    });

    for (const [path, heading] of [
      ['/', /^今天 · /],
      ['/accounting', '记账管理'],
      ['/assets', '资产管理'],
    ] as const) {
      await open(page, path, heading);
      if (path === '/') await page.getByRole('button', { name: '显示金额' }).click();
      // The heading is drawn before the figures, which come with the data.
      await page.locator('[data-money]').first().waitFor();
      for (const viewport of [VIEWPORTS.phone, VIEWPORTS.tablet, VIEWPORTS.desktop]) {
        await page.setViewportSize(viewport);
        // The boxes re-measure on resize, a frame or more later on a busy machine: the figures
        // are there and fit once the layout has settled.
        const at = `${path} at ${viewport.width}`;
        await expect
          .poll(() => page.locator('[data-money]').count(), { message: at })
          .toBeGreaterThan(0);
        await expect.poll(() => unfitMoney(page), { message: at, timeout: 3000 }).toEqual([]);
        expect(await pageOverflow(page), at).toBe(0);
      }
    }

    // On a small phone the short form stands in, and the exact amount is a tap away. At 375
    // px whether ¥199,999,999.98 fits at the smallest size depends on the font's figures
    // (Noto Sans CJK's fit, DejaVu Sans' did not); a 320 px card's ~106 px fit neither.
    await page.setViewportSize({ width: 320, height: 640 });
    const total = page.getByRole('region', { name: '总资产', exact: true });
    const short = total.getByRole('button', { name: '¥199,999,999.98' });
    await short.waitFor();
    await expect(short.getAttribute('title')).resolves.toBe('¥199,999,999.98');
    await expect(short.textContent()).resolves.toContain('¥2.00亿');
    await short.click();
    await total.getByText('¥199,999,999.98', { exact: true }).last().waitFor({ state: 'visible' });
    await screenshot(page, 'ux-money-320');
    await page.context().close();
  });
});

describe('2. an asset edit leaves earlier months alone', () => {
  for (const [size, viewport] of SIZES) {
    it(`at ${size} px`, async () => {
      const page = await signedIn(viewport);
      const today = await browserToday(page);
      const name = `借给小王${size}`;
      // A category of its own in this account, so the trend shows this asset alone.
      const [category, label] =
        size === '375' ? ['receivables', '应收款'] : ['other_investment', '其他投资'];
      await post(page, '/api/assets', {
        type: 'asset',
        name,
        category,
        amount: 5000,
        date: shiftDate(today, -70),
      });
      await open(page, '/assets', '资产管理');
      await page.getByLabel('资产分类').selectOption({ label });
      const rows = page.getByRole('table', { name: '月度资产趋势明细' }).locator('tbody tr');
      await rows.nth(2).waitFor();
      const before = await rows.allTextContents();

      const row = page.getByRole('listitem', { name });
      await row.getByRole('button', { name: '编辑' }).click();
      const dialog = page.getByRole('dialog', { name: '编辑资产/负债' });
      await dialog.waitFor();
      // Opens on 金额, shown as money is written; 生效日期 starts today and says what it does.
      await expect(focused(page)).resolves.toBe('金额');
      await expect(dialog.getByLabel('金额').inputValue()).resolves.toBe('5000.00');
      await expect(dialog.getByLabel('生效日期').inputValue()).resolves.toBe(today);
      await dialog.getByText(/之前的月份不变/).waitFor();
      await dialog.getByLabel('金额').fill('3000');
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
      // Focus goes back to 编辑 of the same asset, whose row is now a new version.
      await page.waitForFunction(
        (asset) =>
          document.activeElement?.getAttribute('aria-label') === `编辑 ${asset}` &&
          document.activeElement.closest('li')?.getAttribute('aria-label') === asset,
        name,
      );

      await page.waitForFunction(
        () =>
          document
            .querySelector('table[aria-label="月度资产趋势明细"] tbody tr:last-child')
            ?.textContent?.includes('¥3,000.00') ?? false,
      );
      const after = await rows.allTextContents();
      expect(after.length).toBe(before.length);
      // Every month before this one reads as it did.
      for (let i = 0; i < after.length - 1; i++) {
        expect(after[i]?.slice(0, after[i]!.indexOf('¥') + 10)).toBe(
          before[i]?.slice(0, before[i]!.indexOf('¥') + 10),
        );
        expect(after[i]).toContain('¥5,000.00');
      }
      await screenshot(page, `ux-asset-edit-${size}`);
      await page.context().close();
    });
  }
});

describe('3. the timer asks before odd sessions; time records are editable', () => {
  for (const [size, viewport] of SIZES) {
    it(`a forgotten session is saved up to its real end, at ${size} px`, async () => {
      const today = dayjs().format('YYYY-MM-DD');
      const nineAm = dayjs(`${today}T09:00:00`);
      const page = await signedIn(viewport, size === '375' ? 'ux' : 'ux2', nineAm.toDate());
      await open(page, '/time', '时间管理');

      // The controls stay on one line, even at 375 px.
      for (const label of ['开始工作', '开始学习', '自定义开始']) {
        const box = await page.getByRole('button', { name: label }).boundingBox();
        expect(box?.height, label).toBeLessThan(44);
      }

      // A slip of the finger: asked, and 不保存 keeps nothing.
      await page.getByRole('button', { name: '开始工作' }).click();
      await page.clock.fastForward('00:03');
      await page.getByRole('button', { name: '结束并保存' }).click();
      const quick = page.getByRole('dialog', { name: '专注不到 1 分钟' });
      await quick.getByText(/这次专注只有 \d+秒/).waitFor();
      await quick.getByRole('button', { name: '不保存' }).click();
      await page.getByRole('button', { name: '开始工作' }).waitFor();

      // Left running for five hours, really ended after 1 h 30 min.
      await page.getByRole('button', { name: '开始工作' }).click();
      const started = await page.evaluate(() => Date.now());
      await page.clock.fastForward('05:00:00');
      for (const label of ['暂停', '结束并保存']) {
        const box = await page.getByRole('button', { name: label }).boundingBox();
        expect(box?.height, label).toBeLessThan(44);
      }
      await page.getByRole('button', { name: '结束并保存' }).click();
      const long = page.getByRole('dialog', { name: '专注已超过 4 小时' });
      await long.getByText(/已计时 5小时0分钟/).waitFor();
      await screenshot(page, `ux-long-session-${size}`);
      // The field holds minutes: the first whole minute after 1 h 30 min.
      await long
        .getByLabel('实际结束时间')
        .fill(dayjs(started).add(91, 'minute').format('YYYY-MM-DDTHH:mm'));
      await long.getByRole('button', { name: '保存' }).click();
      await long.waitFor({ state: 'detached' });
      const recent = page.getByRole('region', { name: '最近记录' });
      const record = recent.getByRole('listitem').filter({ hasText: '工作' });
      await record.getByText('1小时30分钟').waitFor();

      // 编辑: minutes and date change; the list follows.
      await record.getByRole('button', { name: '编辑' }).click();
      const edit = page.getByRole('dialog', { name: '编辑记录' });
      await expect(edit.getByLabel('时长（分钟）').inputValue()).resolves.toMatch(/^90(\.\d+)?$/);
      await edit.getByLabel('时长（分钟）').fill('45');
      await edit.getByLabel('日期').fill(shiftDate(today, -1));
      await edit.getByRole('button', { name: '保存' }).click();
      await edit.waitFor({ state: 'detached' });
      await record.getByText('45分钟').waitFor();
      await record.getByText(shiftDate(today, -1)).waitFor();

      // 手动添加 has a date, today unless changed.
      await page.getByRole('button', { name: '手动添加' }).click();
      const add = page.getByRole('dialog', { name: '手动添加' });
      await expect(add.getByLabel('日期').inputValue()).resolves.toBe(today);
      await add.getByRole('button', { name: '取消' }).click();
      await page.context().close();
    });
  }
});

/** Clicks 删除 in `row`, checks the confirmation names the item, confirms with Enter. */
async function deleteWithEnter(page: Page, row: ReturnType<Page['getByRole']>, sentence: string) {
  await row.getByRole('button', { name: '删除' }).click();
  const confirm = page.getByRole('dialog', { name: '请确认' });
  await confirm.getByText(sentence, { exact: true }).waitFor();
  // Opens on 删除: Enter confirms.
  await expect(focused(page)).resolves.toBe('删除');
  await page.keyboard.press('Enter');
  await confirm.waitFor({ state: 'detached' });
  await row.waitFor({ state: 'detached' });
  // Focus stays with the list, not thrown back to the top of the page.
  await page.waitForFunction(
    () => document.activeElement !== null && document.activeElement !== document.body,
  );
}

describe('4. one delete behaviour on every list', () => {
  for (const [size, viewport] of SIZES) {
    it(`confirms naming the item, Enter deletes, at ${size} px`, async () => {
      const user = size === '375' ? 'ux' : 'ux2';
      const page = await signedIn(viewport, user);
      const today = await browserToday(page);
      const short = `${Number(today.slice(5, 7))}月${Number(today.slice(8))}日`;
      const tag = `删${size}`;

      await post(page, '/api/accounts', {
        type: 'expense',
        amount: 35,
        category: 'dining',
        date: today,
        description: tag,
      });
      await open(page, '/accounting', '记账管理');
      await deleteWithEnter(
        page,
        page
          .getByRole('region', { name: '最近记录' })
          .getByRole('listitem')
          .filter({ hasText: tag }),
        `确定要删除「餐饮 ¥35.00 · ${short}」吗？`,
      );

      await post(page, '/api/assets', {
        type: 'asset',
        name: tag,
        category: 'cash',
        amount: 300,
        date: today,
      });
      await open(page, '/assets', '资产管理');
      await deleteWithEnter(
        page,
        page.getByRole('listitem', { name: tag }),
        `确定要删除「${tag}」吗？`,
      );

      await post(page, '/api/workouts', { type: 'yoga', duration: 33, date: today, notes: tag });
      await open(page, '/fitness', '健身记录');
      await deleteWithEnter(
        page,
        page
          .getByRole('region', { name: '最近记录' })
          .getByRole('listitem')
          .filter({ hasText: tag }),
        `确定要删除「瑜伽 33分钟 · ${short}」吗？`,
      );

      await post(page, '/api/time-records', {
        task: tag,
        category: 'reading',
        duration: 1500,
        date: today,
      });
      await open(page, '/time', '时间管理');
      await deleteWithEnter(
        page,
        page
          .getByRole('region', { name: '最近记录' })
          .getByRole('listitem')
          .filter({ hasText: tag }),
        `确定要删除「${tag} 25分钟 · ${short}」吗？`,
      );

      await post(page, '/api/tasks', { title: tag });
      await open(page, '/tasks', '任务管理');
      // A dense row keeps 删除 in its 更多操作 line.
      await page.getByRole('button', { name: `更多操作 ${tag}` }).click();
      await deleteWithEnter(
        page,
        page.getByRole('listitem', { name: tag }),
        `确定要删除「${tag}」吗？`,
      );

      await post(page, '/api/checkin-tasks', { name: tag });
      await open(page, '/checkin', '打卡管理');
      // A phone lists a compact row per habit; its name opens the spec's card.
      const row = page.getByRole('button', { name: tag, exact: true });
      const card = page.getByRole('article', { name: tag });
      // Whichever the screen draws, once it has drawn the list.
      await row.or(card).first().waitFor();
      if (await row.count()) await row.click();
      // The spec's own sentence, with the habit named on the line below.
      await page.getByRole('article', { name: tag }).getByRole('button', { name: '删除' }).click();
      const confirm = page.getByRole('dialog', { name: '请确认' });
      await confirm.getByText('确定要删除这个打卡任务吗？', { exact: true }).waitFor();
      await confirm.getByText(`「${tag}」和它的全部打卡记录都会被删除。`).waitFor();
      await screenshot(page, `ux-confirm-${size}`);
      await page.keyboard.press('Enter');
      await page.getByRole('article', { name: tag }).waitFor({ state: 'detached' });
      await page.context().close();
    });
  }
});

describe('5. check-ins on past days', () => {
  for (const [size, viewport] of SIZES) {
    it(`a past day toggles like today, a future one does not, at ${size} px`, async () => {
      const user = size === '375' ? 'ux' : 'ux2';
      const page = await signedIn(viewport, user);
      const today = await browserToday(page);
      const yesterday = shiftDate(today, -1);
      const name = `补卡${size}`;
      await post(page, '/api/checkin-tasks', { name });
      await open(page, '/checkin', '打卡管理');
      // A phone lists a compact row per habit; its name opens the spec's card.
      const openCard = async () => {
        const row = page.getByRole('button', { name, exact: true });
        await page.getByText(name).first().waitFor();
        if (await row.count()) await row.click();
      };
      await openCard();
      const card = page.getByRole('article', { name });
      await card.waitFor();
      // Yesterday may be last month: the calendar shows the month it is in.
      if (yesterday.slice(0, 7) !== today.slice(0, 7)) {
        await page.getByRole('button', { name: '上个月' }).click();
      }
      const day = card.locator(`button[data-date="${yesterday}"]`);
      await expect(day.getAttribute('aria-pressed')).resolves.toBe('false');
      await expect(day.getAttribute('aria-label')).resolves.toBe(
        `${Number(yesterday.slice(5, 7))}月${Number(yesterday.slice(8))}日`,
      );
      const settled = () =>
        page.waitForFunction(() => !document.querySelector('[aria-label="处理中..."]'));
      await day.click();
      await card.locator(`[data-date="${yesterday}"][aria-pressed="true"]`).waitFor();
      await settled();
      // Days to come are not buttons at all.
      const tomorrow = shiftDate(today, 1);
      if (tomorrow.slice(0, 7) === today.slice(0, 7)) {
        await expect(card.locator(`button[data-date="${tomorrow}"]`).count()).resolves.toBe(0);
      }
      // The keyboard: Space undoes it and does it again.
      await day.focus();
      await page.keyboard.press('Space');
      await card.locator(`[data-date="${yesterday}"][aria-pressed="false"]`).waitFor();
      await settled();
      await page.keyboard.press('Space');
      await card.locator(`[data-date="${yesterday}"][aria-pressed="true"]`).waitFor();
      await settled();
      await screenshot(page, `ux-past-checkin-${size}`);
      // Stored on the server: still there after a reload.
      await page.reload();
      await openCard();
      if (yesterday.slice(0, 7) !== today.slice(0, 7)) {
        await page.getByRole('button', { name: '上个月' }).click();
      }
      await card.locator(`[data-date="${yesterday}"][aria-pressed="true"]`).waitFor();
      await page.context().close();
    });
  }
});

describe('6. the figures roll over at local midnight without a reload', () => {
  for (const [size, viewport] of SIZES) {
    it(`dashboard and bookkeeping at ${size} px`, async () => {
      const today = dayjs().format('YYYY-MM-DD');
      const tomorrow = shiftDate(today, 1);
      const user = size === '375' ? 'ux' : 'ux2';
      const page = await signedIn(viewport, user, dayjs(`${today}T23:59:00`).toDate());
      const tag = `午夜${size}`;
      await post(page, '/api/workouts', {
        type: 'running',
        duration: 30,
        date: tomorrow,
        notes: tag,
      });
      await post(page, '/api/workouts', {
        type: 'walking',
        duration: 20,
        date: tomorrow,
        notes: tag,
      });
      await post(page, '/api/accounts', {
        type: 'expense',
        amount: 77.7,
        category: 'dining',
        date: tomorrow,
        description: tag,
      });
      await page.reload();
      const workouts = page.getByRole('region', { name: '运动', exact: true });
      await workouts.waitFor();
      const before = await workouts.textContent();
      expect(before).not.toContain('2 次');
      const dateLine = page.getByText(dayjs(today).format('YYYY年M月D日'), { exact: false });
      await dateLine.waitFor();

      // Midnight passes with the page open.
      await page.clock.fastForward('02:00');
      await page.getByText(dayjs(tomorrow).format('YYYY年M月D日'), { exact: false }).waitFor();
      await workouts.getByText(/[2-9] 次/).waitFor();

      // Another screen, reached without a reload, turns at the next midnight too.
      if (size === '375') await page.getByRole('button', { name: '打开菜单' }).click();
      await page.getByRole('link', { name: '记账管理' }).first().click();
      const expense = page.getByRole('region', { name: '今日支出' });
      await expense.getByText('¥77.70').waitFor();
      await page.clock.fastForward('24:00:00');
      await expense.getByText('¥0.00').waitFor();
      await page.context().close();
    });
  }
});

describe('7. keyboard and phone', () => {
  for (const [size, viewport] of SIZES) {
    it(`dialogs open on 金额, give focus back, ask before losing input, and Back closes them, at ${size} px`, async () => {
      const user = size === '375' ? 'ux' : 'ux2';
      const page = await signedIn(viewport, user);
      await open(page, '/accounting', '记账管理');
      const add = page.getByRole('button', { name: '添加记录' });
      const dialog = page.getByRole('dialog', { name: '添加记录' });

      // Opens on 金额; Escape on an untouched form closes it, focus back on the button.
      // An add form drawn ahead takes its first focus once its opening has painted (Modal).
      await add.click();
      await dialog.waitFor();
      await expect.poll(() => focused(page)).toBe('金额');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect(focused(page)).resolves.toBe('添加记录');

      // Typed something: Escape asks first; 继续编辑 (Enter) keeps what was typed.
      await add.click();
      await expect.poll(() => focused(page)).toBe('金额');
      await page.keyboard.type('12.5');
      await page.keyboard.press('Escape');
      const discard = page.getByRole('dialog', { name: '放弃未保存的内容吗？' });
      await discard.waitFor();
      await expect(focused(page)).resolves.toBe('继续编辑');
      await screenshot(page, `ux-discard-${size}`);
      await page.keyboard.press('Enter');
      await discard.waitFor({ state: 'detached' });
      await expect(dialog.getByLabel('金额').inputValue()).resolves.toBe('12.5');
      await expect(focused(page)).resolves.toBe('金额');

      // The phone's Back: asks too, and never leaves the screen. The dialogs' history entry
      // is added once the opening is painted (dialog-stack.ts): a frame after it shows.
      await page.waitForFunction(() => window.history.state?.pmsDialog === true);
      await page.goBack();
      await discard.waitFor();
      expect(new URL(page.url()).pathname).toBe('/accounting');
      await discard.getByRole('button', { name: '放弃' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/accounting');
      await expect(focused(page)).resolves.toBe('添加记录');

      // An untouched dialog: Back just closes it; the next Back leaves the screen as usual.
      await add.click();
      await dialog.waitFor();
      await page.waitForFunction(() => window.history.state?.pmsDialog === true);
      await page.goBack();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/accounting');
      await page.getByRole('heading', { name: '记账管理' }).waitFor();

      // Saved with Enter: focus lands back on 添加记录.
      await add.click();
      await dialog.getByLabel('金额').fill('268.9');
      await dialog.getByRole('button', { name: '餐饮', exact: true }).click();
      await dialog.getByLabel('金额').press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expect(focused(page)).resolves.toBe('添加记录');

      // An edit shows the amount with its two decimals.
      await page
        .getByRole('region', { name: '最近记录' })
        .getByRole('listitem')
        .filter({ hasText: '¥268.90' })
        .getByRole('button', { name: '编辑' })
        .click();
      const edit = page.getByRole('dialog', { name: '编辑记录' });
      await expect(edit.getByLabel('金额').inputValue()).resolves.toBe('268.90');
      await expect(focused(page)).resolves.toBe('金额');
      await edit.getByRole('button', { name: '取消' }).click();
      // The row's own 编辑, named by its item (备注 empty: the category).
      await expect(focused(page)).resolves.toBe('编辑 餐饮');

      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
      await page.context().close();
    });
  }

  it('the phone menu closes on Escape and on a tap outside', async () => {
    const page = await signedIn(VIEWPORTS.phone);
    const button = page.getByRole('button', { name: '打开菜单' });
    await button.click();
    const menu = page.getByRole('navigation', { name: '移动导航' });
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect(focused(page)).resolves.toBe('打开菜单');
    await button.click();
    await menu.waitFor();
    await page.mouse.click(180, 790);
    await menu.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('8 and 9. smaller items, and dark mode', () => {
  it('tab titles, 页面不存在, 登录已过期, and the 深色模式 switch', async () => {
    const page = await signedIn(VIEWPORTS.phone);
    await expect(page.title()).resolves.toBe('首页 · 个人管理系统');
    await open(page, '/accounting', '记账管理');
    await expect(page.title()).resolves.toBe('记账管理 · 个人管理系统');

    await page.goto('/no-such-screen');
    await page.getByRole('heading', { name: '页面不存在' }).waitFor();
    await expect(page.title()).resolves.toBe('页面不存在 · 个人管理系统');
    await page.getByRole('link', { name: '返回首页' }).click();
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();

    // 深色模式: the switch in the menu, kept across a reload and applied before first paint.
    await page.getByRole('button', { name: '打开菜单' }).click();
    const dark = page.getByRole('switch', { name: '深色模式' });
    await expect(dark.getAttribute('aria-checked')).resolves.toBe('false');
    await dark.click();
    await expect(
      page.evaluate(() => document.documentElement.classList.contains('dark')),
    ).resolves.toBe(true);
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null);
    await expect(
      page.evaluate(() => document.documentElement.classList.contains('dark')),
    ).resolves.toBe(true);
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.getByRole('switch', { name: '深色模式' }).click();
    await expect(
      page.evaluate(() => document.documentElement.classList.contains('dark')),
    ).resolves.toBe(false);

    // The session is revoked elsewhere: the next request lands on the login screen, saying so.
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const user = await page.evaluate(
      () => JSON.parse(localStorage.getItem('currentUser') ?? '{}').username,
    );
    // Off the app first: a request of the page still open (a pull on focus, the inbox) that
    // met the revoked token would end the session there, and the next page would then start
    // signed out, with nothing to say (CI, 2026-11-28).
    await page.goto('about:blank');
    const res = await page.request.post('/api/auth/logout', {
      headers: { Authorization: `Bearer ${token}`, 'x-user-id': user },
    });
    expect(res.status()).toBe(204);
    await page.goto('/tasks');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('status').filter({ hasText: '登录已过期，请重新登录' }).waitFor();
    await screenshot(page, 'ux-session-expired-375');
    await page.context().close();
  });
});
