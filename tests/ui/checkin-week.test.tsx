import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayString } from '../../src/domain/dates';
import type { CheckinTask } from '../../src/domain/schemas/checkin';
import { habit as habitFields } from '../fixtures/records';
import { renderApp, signIn, testServer } from './harness';

// Issue 60 on the fixed clock of tests/ui/setup.ts: today is Wednesday 2026-11-18. November
// 2026 has 21 days from Monday to Friday (the 1st is a Sunday).
const TODAY = todayString(new Date());
const { demo } = await testServer({ today: TODAY, clear: ['checkinTasks'] });

// A desktop: the grid of habits × the last 7 days shows from the wide breakpoint.
const wide = (query: string) => query.includes('min-width: 1025px');
beforeEach(async () => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide(query),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  await signIn(demo);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

let habits = 0;
async function habit(name: string, fields: Partial<CheckinTask> = {}) {
  habits += 1;
  const id = `w${habits}`;
  await demo.store.checkinTasks.create('demo', habitFields({ id, name, ...fields }));
  return id;
}
async function record(taskId: string, date: string, value = 1) {
  await demo.store.checkinRecords.create('demo', { id: `${taskId}-${date}`, taskId, date, value });
}
const recordsOf = async (taskId: string) =>
  (await demo.store.checkinRecords.list('demo')).filter((r) => r.taskId === taskId);
const grid = () => screen.getByRole('region', { name: '最近 7 天' });
const workdays = [1, 2, 3, 4, 5];

describe('habits that agree with themselves (issue 60)', () => {
  it('has one frequency in the form, stored in the spec’s fields', async () => {
    const user = userEvent.setup();
    renderApp('/checkin');
    await user.click(await screen.findByRole('button', { name: '创建第一个打卡任务' }));
    const dialog = within(await screen.findByRole('dialog', { name: '创建打卡任务' }));
    expect(
      within(dialog.getByLabelText('类型'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['每天', '指定星期', '每周', '每月']);
    expect(dialog.queryByText('目标周期')).not.toBeInTheDocument();
    expect(dialog.queryByLabelText('周一')).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText(/名称/), '晨读');
    await user.selectOptions(dialog.getByLabelText('类型'), '指定星期');
    // Monday to Friday to begin with: November 2026 has 21 such days.
    expect(dialog.getByLabelText('周一')).toBeChecked();
    expect(dialog.getByLabelText('周六')).not.toBeChecked();
    expect(dialog.getByLabelText('每月目标')).toHaveValue(21);
    expect(dialog.getByText(/按所选星期逐月计算/)).toBeInTheDocument();
    await user.click(dialog.getByLabelText('周五'));
    expect(dialog.getByLabelText('每月目标')).toHaveValue(17);
    await user.click(dialog.getByRole('button', { name: '保存' }));
    await waitFor(async () =>
      expect(await demo.store.checkinTasks.list('demo')).toMatchObject([
        {
          name: '晨读',
          type: 'daily',
          frequency: 1,
          // Not typed: stored as the default, computed month by month.
          monthlyTarget: 30,
          schedule: [{ from: TODAY, weekdays: [1, 2, 3, 4] }],
        },
      ]),
    );
    expect(await screen.findByRole('article', { name: '晨读' })).toHaveTextContent(
      '本月 0 / 17 次',
    );
  });

  it('gives a habit without a schedule an every-day entry from its first check-in', async () => {
    const id = await habit('跑步');
    await record(id, '2026-11-02');
    const user = userEvent.setup();
    renderApp('/checkin');
    const card = await screen.findByRole('article', { name: '跑步' });
    await user.click(within(card).getByRole('button', { name: '编辑 跑步' }));
    const dialog = within(await screen.findByRole('dialog', { name: '编辑打卡任务' }));
    expect(dialog.getByLabelText('类型')).toHaveValue('daily');
    await user.selectOptions(dialog.getByLabelText('类型'), '指定星期');
    await user.click(dialog.getByRole('button', { name: '保存' }));
    await waitFor(async () =>
      expect((await demo.store.checkinTasks.list('demo')).find((t) => t.id === id)).toMatchObject({
        schedule: [
          { from: '2026-11-02', weekdays: [0, 1, 2, 3, 4, 5, 6] },
          { from: TODAY, weekdays: [1, 2, 3, 4, 5] },
        ],
      }),
    );
  });

  it('holds a weekday habit to the month’s weekdays, with rest and pre-creation days', async () => {
    // Made on Monday the 16th, Monday to Friday; Friday the 13th back-filled.
    const id = await habit('晨读', { schedule: [{ from: '2026-11-16', weekdays: workdays }] });
    await record(id, '2026-11-13');
    await record(id, '2026-11-16');
    await record(id, '2026-11-17');
    // Due Monday, Tuesday, Thursday and Friday: today, a Wednesday, is its rest day.
    const walk = await habit('散步', {
      schedule: [{ from: '2026-11-01', weekdays: [1, 2, 4, 5] }],
    });
    await record(walk, TODAY);
    renderApp('/checkin');

    const card = await screen.findByRole('article', { name: '晨读' });
    expect(card).toHaveTextContent('本月 3 / 21 次');
    const rows = within(await screen.findByRole('region', { name: '最近 7 天' }));
    // Saturday and Sunday before it was made are rest days, Thursday the 12th an open day:
    // no day shows ✕, and the streak runs from the back-filled Friday across the weekend.
    const open = rows.getByRole('button', { name: '11月12日 晨读 未打卡' });
    expect(open).toHaveAttribute('data-state', 'open');
    expect(rows.getByRole('button', { name: '11月14日 晨读 休息日' })).toBeInTheDocument();
    expect(rows.getByRole('button', { name: '11月15日 晨读 休息日' })).toBeInTheDocument();
    expect(rows.getByRole('button', { name: '11月13日 晨读 已打卡' })).toBeInTheDocument();
    const week = rows.getByRole('list', { name: '晨读 最近 7 天' });
    expect(week.querySelectorAll('[data-state="missed"]')).toHaveLength(0);
    expect(card.querySelectorAll('[data-state="missed"]')).toHaveLength(0);
    expect(card).toHaveTextContent(/连续 3 天/);
    // 散步's record today lies on a rest day: no check-in of today.
    expect(rows.getByRole('button', { name: '11月18日 散步 休息日 已打卡' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '打卡任务' })).toHaveTextContent('今日已打卡 0 个');
    // Nor does its button say so: the card's toggle names the rest day, kept or not.
    const walkCard = screen.getByRole('article', { name: '散步' });
    expect(within(walkCard).queryByRole('button', { name: '今日已打卡' })).toBeNull();
    expect(within(walkCard).getByRole('button', { name: '休息日已记录' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // 晨读 is due today and not done: its toggle is the plain one.
    expect(within(card).getByRole('button', { name: '今日打卡' })).toBeInTheDocument();
  });

  it('checks a past day in and out with one tap on its cell', async () => {
    const id = await habit('阅读');
    const user = userEvent.setup();
    renderApp('/checkin');
    const cell = await within(await screen.findByRole('region', { name: '最近 7 天' })).findByRole(
      'button',
      { name: '11月16日 阅读 未打卡' },
    );
    // A target of at least 24 × 24 px (Tailwind's min-w-6; h-10 is 40 px).
    expect(cell).toHaveClass('min-w-6', 'h-10');
    await user.click(cell);
    await within(grid()).findByRole('button', { name: '11月16日 阅读 已打卡' });
    await waitFor(async () =>
      expect(await recordsOf(id)).toMatchObject([{ date: '2026-11-16', value: 1 }]),
    );
    await user.click(within(grid()).getByRole('button', { name: '11月16日 阅读 已打卡' }));
    await within(grid()).findByRole('button', { name: '11月16日 阅读 未打卡' });
    await waitFor(async () => expect(await recordsOf(id)).toEqual([]));
  });

  it('gives a measurable day its value from the cell, and names the day in the card', async () => {
    const id = await habit('喝水', { kind: 'measurable', unit: '杯', target: 8 });
    await record(id, '2026-11-16', 3);
    const user = userEvent.setup();
    renderApp('/checkin');
    const cells = within(await screen.findByRole('region', { name: '最近 7 天' }));
    await user.click(await cells.findByRole('button', { name: '11月17日 喝水 0 杯 未完成' }));
    const input = cells.getByLabelText('11月17日 喝水（杯）');
    await user.type(input, '9');
    await user.click(cells.getByRole('button', { name: '记录' }));
    await cells.findByRole('button', { name: '11月17日 喝水 9 杯 完成' });
    await waitFor(async () =>
      expect(await recordsOf(id)).toEqual(
        expect.arrayContaining([expect.objectContaining({ date: '2026-11-17', value: 9 })]),
      ),
    );

    // The card's header says which day it shows: 今日 for today, the date for another.
    const card = screen.getByRole('article', { name: '喝水' });
    expect(card).toHaveTextContent('今日 0 / 至少 8 杯');
    await user.click(within(card).getByRole('button', { name: /^11月16日/ }));
    expect(card).toHaveTextContent('11月16日 3 / 至少 8 杯');
    expect(card).not.toHaveTextContent('今日 3');
  });
});
