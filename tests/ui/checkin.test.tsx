import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMonth } from '../../src/domain/checkin';
import { addDays, addMonths, monthOf, todayString } from '../../src/domain/dates';
import type { CheckinTask } from '../../src/domain/schemas/checkin';
import { habit as habitFields } from '../fixtures/records';
import { renderApp, signIn, testServer } from './harness';

// The screen reads the real clock, so the fixtures are dated relative to it.
const TODAY = todayString(new Date());
const MONTH = monthOf(TODAY);
const { server, demo } = await testServer({ today: TODAY, clear: ['checkinTasks'] });
beforeEach(async () => {
  await signIn(demo);
});

let habits = 0;

/** Stores a habit named `name` and returns its id (ids are ASCII, like the server's). */
async function habit(name: string, fields: Partial<CheckinTask> = {}) {
  habits += 1;
  const id = `h${habits}`;
  await demo.store.checkinTasks.create('demo', habitFields({ id, name, ...fields }));
  return id;
}

async function checkIns(taskId: string, dates: string[]) {
  for (const date of dates) {
    await demo.store.checkinRecords.create('demo', { id: `${taskId}-${date}`, taskId, date });
  }
}

/** The first `n` days of a month. */
const firstDays = (month: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);

const card = (name: string) => screen.getByRole('article', { name });
const stat = (title: string) => screen.getByRole('region', { name: title });

describe('check-in screen', () => {
  it('offers to create the first habit, asking for a name and 频率 only when not daily', async () => {
    const user = userEvent.setup();
    renderApp('/checkin');
    await user.click(await screen.findByRole('button', { name: '创建第一个打卡任务' }));
    const dialog = await screen.findByRole('dialog', { name: '创建打卡任务' });
    expect(within(dialog).getByLabelText('每月目标')).toHaveValue(30);
    expect(within(dialog).queryByLabelText('频率')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写名称')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/名称/), '俯卧撑');
    await user.selectOptions(within(dialog).getByLabelText('类型'), '每周');
    const frequency = within(dialog).getByLabelText('频率');
    await user.clear(frequency);
    await user.type(frequency, '8');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('频率最多为 7')).toBeInTheDocument();
    await user.clear(frequency);
    await user.type(frequency, '3');
    await user.clear(within(dialog).getByLabelText('每月目标'));
    await user.type(within(dialog).getByLabelText('每月目标'), '12');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    expect(await screen.findByRole('article', { name: '俯卧撑' })).toHaveTextContent('每周 3 次');
    await waitFor(async () =>
      expect(await demo.store.checkinTasks.list('demo')).toMatchObject([
        { name: '俯卧撑', type: 'weekly', frequency: 3, monthlyTarget: 12, category: 'health' },
      ]),
    );
  });

  it('shows the month’s progress, calendar, streaks and statistics, month by month', async () => {
    const reading = await habit('阅读', { monthlyTarget: 15 });
    const meditation = await habit('冥想', { monthlyTarget: 10 });
    await checkIns(reading, firstDays(MONTH, 12));
    await checkIns(meditation, [TODAY, addDays(TODAY, -1)]);
    const lastMonth = addMonths(MONTH, -1);
    await checkIns(meditation, firstDays(lastMonth, 10));
    const user = userEvent.setup();
    renderApp('/checkin');

    const readingCard = await screen.findByRole('article', { name: '阅读' });
    const bar = within(readingCard).getByRole('progressbar', { name: '本月进度' });
    expect(bar).toHaveAttribute('aria-valuenow', '80');
    expect(bar.firstElementChild).toHaveClass('bg-emerald-500');
    expect(within(readingCard).getByText('80%')).toBeInTheDocument();
    expect(readingCard.querySelectorAll('[data-checked]')).toHaveLength(12);
    const meditationCard = card('冥想');
    expect(within(meditationCard).getByText('20%')).toBeInTheDocument();
    expect(within(meditationCard).getByRole('progressbar').firstElementChild).toHaveClass(
      'bg-red-500',
    );
    expect(meditationCard.querySelector(`[data-date="${TODAY}"]`)).toHaveClass('ring-2');
    // Yesterday and today, whichever month yesterday was in.
    expect(meditationCard).toHaveTextContent(/连续 2 天/);
    expect(within(meditationCard).getByRole('button', { name: '今日已打卡' })).toBeInTheDocument();
    expect(within(readingCard).getByRole('button', { name: '今日打卡' })).toBeInTheDocument();

    expect(within(stat('打卡任务')).getByText('2')).toBeInTheDocument();
    expect(within(stat('平均完成率')).getByText('50%')).toBeInTheDocument();
    expect(within(stat('达成目标')).getByText('0 / 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下个月' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '上个月' }));
    expect(screen.getByText(formatMonth(lastMonth))).toBeInTheDocument();
    expect(within(card('冥想')).getByText('100%')).toBeInTheDocument();
    expect(within(stat('达成目标')).getByText('1 / 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '本月' }));
    expect(screen.getByText(formatMonth(MONTH))).toBeInTheDocument();
  });

  it('checks in and out at once, one request per click while in flight', async () => {
    const early = await habit('早起');
    let posts = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/api/checkin-records')) posts += 1;
    });
    const user = userEvent.setup();
    renderApp('/checkin');
    const button = await within(await screen.findByRole('article', { name: '早起' })).findByRole(
      'button',
      { name: '今日打卡' },
    );
    await user.dblClick(button);
    await within(card('早起')).findByRole('button', { name: '今日已打卡' });
    expect(posts).toBe(1);
    await waitFor(async () =>
      expect(await demo.store.checkinRecords.list('demo')).toMatchObject([
        { taskId: early, date: TODAY },
      ]),
    );
    expect(card('早起')).toHaveTextContent('本月 1 / 30 次');
    // The page's figures follow (from the habits' indexes once the cards are drawn).
    expect(stat('打卡任务')).toHaveTextContent('今日已打卡 1 个');
    expect(within(stat('打卡次数')).getByText('1')).toBeInTheDocument();

    await user.click(within(card('早起')).getByRole('button', { name: '今日已打卡' }));
    await within(card('早起')).findByRole('button', { name: '今日打卡' });
    expect(stat('打卡任务')).toHaveTextContent('今日已打卡 0 个');
    expect(within(stat('打卡次数')).getByText('0')).toBeInTheDocument();
    await waitFor(async () => expect(await demo.store.checkinRecords.list('demo')).toEqual([]));
    server.events.removeAllListeners('request:start');
  });

  it('shows the checked day and 处理中... in the same render, never one before the other', async () => {
    await habit('喝茶');
    const user = userEvent.setup();
    renderApp('/checkin');
    const button = await within(await screen.findByRole('article', { name: '喝茶' })).findByRole(
      'button',
      { name: '今日打卡' },
    );
    // What the card shows after each change of the page, as a screen reader would read it.
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const label = within(card('喝茶')).getByRole('button', { name: /^(今日|处理中)/ });
      const day = card('喝茶').querySelector(`[data-date="${TODAY}"]`);
      seen.push(`${label.getAttribute('aria-label')} ${day?.hasAttribute('data-checked')}`);
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    await user.click(button);
    await within(card('喝茶')).findByRole('button', { name: '今日已打卡' });
    observer.disconnect();
    expect(seen).not.toContain('处理中... false');
    expect(seen).toContain('处理中... true');
  });

  it('draws the check-in in the press itself, not in a task after it', async () => {
    await habit('拉伸');
    renderApp('/checkin');
    const button = await within(await screen.findByRole('article', { name: '拉伸' })).findByRole(
      'button',
      { name: '今日打卡' },
    );
    // No await: what the press's own task drew, before any timer has run.
    fireEvent.click(button);
    expect(button).toHaveAccessibleName('处理中...');
    expect(card('拉伸').querySelector(`[data-date="${TODAY}"]`)).toHaveAttribute('data-checked');
    await within(card('拉伸')).findByRole('button', { name: '今日已打卡' });
  });

  it('退出登录 counts a check-in still waiting for the server, read when it is pressed', async () => {
    await habit('喝水');
    server.use(http.post(/\/api\/checkin-records$/, () => HttpResponse.error()));
    const user = userEvent.setup();
    renderApp('/checkin');
    await user.click(
      await within(await screen.findByRole('article', { name: '喝水' })).findByRole('button', {
        name: '今日打卡',
      }),
    );
    await within(card('喝水')).findByRole('button', { name: '今日已打卡' });
    // The navigation bar's question reads the count when pressed: the bar itself does not
    // render again on each change (only its 条待同步 figure does).
    await screen.findAllByText('1 条待同步');
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog', { name: '请确认' });
    expect(
      within(dialog).getByText(
        '本机还有 1 条更改尚未同步到服务器。退出登录会丢弃它们，确定退出登录吗？',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(localStorage.getItem('authToken')).not.toBeNull();
  });

  it('restores the state and names the failed action when the server refuses', async () => {
    const water = await habit('喝水');
    // Each refusal waits until the test has seen the state before it: on a busy machine React
    // may otherwise paint only after a quick refusal, and that state would never reach the DOM.
    let refuseCheck = () => {};
    const checkRefused = new Promise<void>((resolve) => {
      refuseCheck = resolve;
    });
    server.use(
      http.post(/\/api\/checkin-records$/, async () => {
        await checkRefused;
        return HttpResponse.json({ error: 'x' }, { status: 422 });
      }),
    );
    const user = userEvent.setup();
    const first = renderApp('/checkin');
    await user.click(
      await within(await screen.findByRole('article', { name: '喝水' })).findByRole('button', {
        name: '今日打卡',
      }),
    );
    const busy = await within(card('喝水')).findByRole('button', { name: '处理中...' });
    expect(busy).toBeDisabled();
    refuseCheck();
    expect(await screen.findByRole('alert')).toHaveTextContent('打卡失败');
    expect(await within(card('喝水')).findByRole('button', { name: '今日打卡' })).toBeEnabled();
    expect(card('喝水').querySelectorAll('[data-checked]')).toHaveLength(0);

    server.resetHandlers();
    await checkIns(water, [TODAY]);
    let refuse = () => {};
    const refused = new Promise<void>((resolve) => {
      refuse = resolve;
    });
    server.use(
      http.delete(/\/api\/checkin-records\/[^/]+$/, async () => {
        await refused;
        return HttpResponse.json({ error: 'x' }, { status: 422 });
      }),
    );
    // A fresh screen, so the list holds the record just stored.
    first.unmount();
    renderApp('/checkin');
    await user.click(
      await within(await screen.findByRole('article', { name: '喝水' })).findByRole('button', {
        name: '今日已打卡',
      }),
    );
    // The day is unmarked at once, and marked again when the server refuses.
    const todayCell = () => card('喝水').querySelector(`[data-date="${TODAY}"]`);
    await waitFor(() => expect(todayCell()).not.toHaveAttribute('data-checked'));
    refuse();
    expect(await screen.findByRole('alert')).toHaveTextContent('取消打卡失败');
    expect(await within(card('喝水')).findByRole('button', { name: '今日已打卡' })).toBeEnabled();
    expect(todayCell()).toHaveAttribute('data-checked');
  });

  it('shows the load banner without a local copy and clears it on the next success', async () => {
    server.use(
      http.get(/\/api\/checkin-tasks$/, () =>
        HttpResponse.json({ error: '数据库不可用' }, { status: 500 }),
      ),
    );
    await habit('拉伸');
    const user = userEvent.setup();
    renderApp('/checkin');
    expect(await screen.findByRole('alert')).toHaveTextContent('获取打卡任务失败：数据库不可用');

    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('article', { name: '拉伸' })).toBeInTheDocument();
    expect(screen.queryByText(/获取打卡任务失败/)).not.toBeInTheDocument();
  });

  it('edits a habit pre-filled and keeps the dialog when the save fails', async () => {
    const walk = await habit('散步', { description: '饭后', monthlyTarget: 20 });
    const user = userEvent.setup();
    renderApp('/checkin');
    await user.click(
      within(await screen.findByRole('article', { name: '散步' })).getByRole('button', {
        name: '编辑 散步',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: '编辑打卡任务' });
    expect(within(dialog).getByLabelText(/名称/)).toHaveValue('散步');
    expect(within(dialog).getByLabelText('描述')).toHaveValue('饭后');
    expect(within(dialog).getByLabelText('每月目标')).toHaveValue(20);
    await user.clear(within(dialog).getByLabelText(/名称/));
    await user.type(within(dialog).getByLabelText(/名称/), '快走');

    server.use(
      http.put(/\/api\/checkin-tasks\/[^/]+$/, () =>
        HttpResponse.json({ error: '冲突' }, { status: 409 }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('更新打卡任务失败：冲突');
    expect(within(dialog).getByLabelText(/名称/)).toHaveValue('快走');

    server.resetHandlers();
    await user.click(await within(dialog).findByRole('button', { name: '保存' }));
    expect(await screen.findByRole('article', { name: '快走' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () =>
      expect(await demo.store.checkinTasks.list('demo')).toMatchObject([
        { id: walk, name: '快走', description: '饭后', monthlyTarget: 20 },
      ]),
    );
  });

  it('deletes after 确定要删除这个打卡任务吗？ and reports a refused delete', async () => {
    await habit('跳绳');
    const user = userEvent.setup();
    renderApp('/checkin');
    const askToDelete = async () => {
      await user.click(
        within(await screen.findByRole('article', { name: '跳绳' })).getByRole('button', {
          name: '删除 跳绳',
        }),
      );
      const confirm = await screen.findByRole('dialog', { name: '请确认' });
      expect(confirm).toHaveTextContent('确定要删除这个打卡任务吗？');
      return confirm;
    };

    server.use(
      http.delete(/\/api\/checkin-tasks\/[^/]+$/, () =>
        HttpResponse.json({ error: '稍后再试' }, { status: 422 }),
      ),
    );
    await user.click(within(await askToDelete()).getByRole('button', { name: '删除' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('删除打卡任务失败: 稍后再试');

    server.resetHandlers();
    await user.click(within(await askToDelete()).getByRole('button', { name: '取消' }));
    await waitFor(async () => expect(await demo.store.checkinTasks.list('demo')).toHaveLength(1));
    await user.click(within(await askToDelete()).getByRole('button', { name: '删除' }));
    expect(await screen.findByRole('button', { name: '创建第一个打卡任务' })).toBeInTheDocument();
    await waitFor(async () => expect(await demo.store.checkinTasks.list('demo')).toEqual([]));
  });
});
