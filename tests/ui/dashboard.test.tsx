import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayString } from '../../src/domain/dates';
import { Clock } from '../../src/features/dashboard/Clock';
import { renderApp, seedDeviceCopy, signIn, testServer } from './harness';

// The screen reads the real clock, so the records are placed relative to it.
const TODAY = todayString(new Date());
const YESTERDAY = addDays(TODAY, -1);
const { server, demo } = await testServer({ today: TODAY });
let token: string;

beforeAll(async () => {
  ({ token } = await signIn(demo));
  // Everything goes in through the API, so defaults and validation are the real ones.
  const post = async (path: string, body: object) => {
    const res = await demo.app.request(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        'x-user-id': 'demo',
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ id: string }>;
  };
  const account = (type: string, amount: number, category: string, date: string) =>
    post('/api/accounts', { type, amount, category, date, description: '' });
  await account('income', 8000, 'salary', '2026-01-10');
  await account('expense', 35.5, 'dining', TODAY);
  await account('expense', 100, 'shopping', YESTERDAY);
  await post('/api/workouts', { type: 'running', duration: 30, date: TODAY });
  await post('/api/workouts', { type: 'yoga', duration: 30, date: YESTERDAY });
  for (const [title, completed] of [
    ['a', true],
    ['b', false],
    ['c', false],
  ] as const) {
    await post('/api/tasks', { title, completed });
  }
  // 50 min + 15 min 29 s today → 65 minutes, rounded; yesterday's hour does not count.
  await post('/api/time-records', {
    task: '写作',
    category: 'writing',
    duration: 3000,
    date: TODAY,
  });
  await post('/api/time-records', {
    task: '阅读',
    category: 'reading',
    duration: 929,
    date: TODAY,
  });
  await post('/api/time-records', {
    task: '旧',
    category: 'other',
    duration: 3600,
    date: YESTERDAY,
  });
  const asset = (type: string, category: string, amount: number, extra = {}) =>
    post('/api/assets', {
      type,
      name: `${category}-${amount}`,
      category,
      amount,
      description: '',
      date: '2026-01-01',
      ...extra,
    });
  const first = await asset('asset', 'cash', 1000);
  // Only the latest version of a chain counts.
  await asset('asset', 'cash', 1500, {
    version: 2,
    originalId: first.id,
    previousVersionId: first.id,
  });
  await asset('liability', 'credit_card', 300.25);
});
beforeEach(async () => {
  await signIn(demo);
});

const card = (title: string) => screen.getByRole('region', { name: title });

async function openDashboard() {
  const view = renderApp('/');
  await screen.findByRole('region', { name: '今日收支' });
  return view;
}

describe('dashboard', () => {
  it('shows the five cards from the five lists', async () => {
    await openDashboard();
    expect(screen.getByRole('heading', { name: '欢迎回来！' })).toBeInTheDocument();
    const balance = card('今日收支');
    // Over all records despite the title (SPEC §9), and the subtitle says so.
    expect(within(balance).getByText('¥7,864.50').closest('p')).toHaveClass('text-emerald-700');
    expect(balance).toHaveTextContent('全部记录：收入 ¥8,000.00 · 支出 ¥135.50');
    expect(card('今日运动')).toHaveTextContent('1 次');
    expect(card('任务进度')).toHaveTextContent('1/3');
    expect(card('任务进度')).toHaveTextContent('完成率 33%');
    expect(card('专注时间')).toHaveTextContent('65 分钟');
  });

  it('hides net worth until the eye is pressed, then shows the latest versions only', async () => {
    await openDashboard();
    const user = userEvent.setup();
    const netWorth = card('净资产');
    expect(netWorth).toHaveTextContent('¥****资产 ¥**** · 负债 ¥****');
    expect(netWorth).not.toHaveTextContent('1,199.75');

    await user.click(within(netWorth).getByRole('button', { name: '显示金额' }));
    expect(netWorth).toHaveTextContent('¥1,199.75资产 ¥1,500.00 · 负债 ¥300.25');
    const hide = within(netWorth).getByRole('button', { name: '隐藏金额' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');

    await user.click(hide);
    expect(netWorth).toHaveTextContent('¥****资产 ¥**** · 负债 ¥****');
  });

  it('marks each of today’s goals done or not', async () => {
    await openDashboard();
    const goals = screen.getByRole('region', { name: '今日目标' });
    const items = within(goals).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '控制支出在预算内已完成今日支出 ¥35.50 / 预算 ¥200.00',
      '完成一次运动已完成今日运动 1 次',
      '专注工作2小时未完成已专注 65 / 120 分钟',
    ]);
  });

  it('links the quick actions to the screens that act on them', async () => {
    const { router } = await openDashboard();
    const actions = screen.getByRole('region', { name: '快捷操作' });
    const hrefs = within(actions)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['记一笔支出', '/accounting?add=expense'],
      ['健身打卡', '/fitness?add=1'],
      ['添加任务', '/tasks?add=1'],
      ['开始专注', '/time?start=quick'],
    ]);

    await userEvent.setup().click(within(actions).getByRole('link', { name: '记一笔支出' }));
    await screen.findByRole('dialog', { name: '添加记录' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/accounting');
  });

  it('uses the local copy of a list the server fails and says the data is local', async () => {
    // A device that holds the five lists computes the dashboard itself; the others catch up.
    for (const kind of ['accounts', 'tasks', 'timeRecords', 'assets'] as const) {
      await seedDeviceCopy(kind, []);
    }
    await seedDeviceCopy('workouts', [
      {
        id: 'w1',
        type: 'running',
        duration: 20,
        calories: 0,
        notes: '',
        date: TODAY,
        createdAt: new Date().toISOString(),
      },
      {
        id: 'w2',
        type: 'swimming',
        duration: 20,
        calories: 0,
        notes: '',
        date: TODAY,
        createdAt: new Date().toISOString(),
      },
    ]);
    server.use(
      http.get(/\/api\/workouts$/, () =>
        HttpResponse.json({ error: '服务器维护中' }, { status: 503 }),
      ),
    );
    await openDashboard();
    expect(await screen.findByRole('status')).toHaveTextContent('离线数据');
    expect(screen.getByRole('status')).toHaveTextContent('服务器维护中');
    expect(card('今日运动')).toHaveTextContent('2 次');
    // The other lists catch up from the server in the background.
    await waitFor(() => expect(card('任务进度')).toHaveTextContent('1/3'));
  });
});

describe('Clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks every second with the date beside it', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 21, 23, 59, 58, 500) });
    render(<Clock />);
    const clock = screen.getByRole('timer', { name: '当前时间' });
    expect(clock).toHaveTextContent('23:59:58');
    expect(screen.getByText('2026年11月21日 星期六')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(500));
    expect(clock).toHaveTextContent('23:59:59');
    act(() => vi.advanceTimersByTime(1000));
    expect(clock).toHaveTextContent('00:00:00');
    expect(screen.getByText('2026年11月22日 星期日')).toBeInTheDocument();
  });
});
