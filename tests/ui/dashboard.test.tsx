import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { engineFor } from '../../src/api/engine';
import { openLocalDb } from '../../src/api/engine/local-db';
import { addDays, todayString } from '../../src/domain/dates';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import { TIMER_STORAGE_KEY } from '../../src/domain/storage-keys';
import { Clock } from '../../src/features/dashboard/Clock';
import { renderApp, seedDeviceCopy, signIn, testServer, watchListReads } from './harness';

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
    await post('/api/tasks', {
      title,
      completed,
      completedAt: completed ? `${TODAY}T08:00:00.000Z` : null,
    });
  }
  // 50 min + 15 min 29 s today → 65 minutes, rounded; yesterday's hour does not count.
  const focus = (task: string, category: string, duration: number, date: string) =>
    post('/api/time-records', { task, category, duration, date });
  await focus('写作', 'writing', 3000, TODAY);
  await focus('阅读', 'reading', 929, TODAY);
  await focus('旧', 'other', 3600, YESTERDAY);
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
/** Settings saved before 今日目标's switches: the three goals stay on (issue 59). */
const SAVED_BEFORE = {
  ...DEFAULT_SETTINGS,
  dailyGoals: { budget: true, workout: true, focus: true },
};

async function openDashboard() {
  const view = renderApp('/');
  // The day's sections draw at once; the figures (净资产, 今日目标) once their sums are there.
  await screen.findByRole('region', { name: '净资产' });
  return view;
}

/**
 * A first visit on a device that holds the five lists: the figures are computed from them,
 * caught up with the server, and kept on the device.
 */
async function firstVisitKeepsFigures() {
  for (const kind of ['accounts', 'workouts', 'tasks', 'timeRecords', 'assets'] as const) {
    await seedDeviceCopy(kind, []);
  }
  const view = await openDashboard();
  // Shown at once from the seeded (empty) lists, then again once they have caught up.
  await waitFor(() => expect(card('累计结余')).toHaveTextContent('¥7,864.50'), {
    timeout: 10_000,
  });
  const keptCursors = async () => {
    const db = await openLocalDb('demo');
    try {
      const lists = ['accounts', 'workouts', 'tasks', 'timeRecords', 'assets'];
      const parts = await Promise.all(
        lists.map((kind) => db.get('kv', `figures:dashboard:${kind}`)),
      );
      return parts.map((part) => (part as { cursor: number } | undefined)?.cursor ?? 0);
    } finally {
      db.close();
    }
  };
  // Kept once every list has caught up (seeded at change number 1).
  await waitFor(async () => expect((await keptCursors())?.every((c) => c > 1)).toBe(true));
  view.unmount();
}

describe('今天', () => {
  it('names the day and shows today’s money, the all-time balance apart, focus and workouts', async () => {
    await openDashboard();
    // The UI tests' clock: 2026-11-18, a Wednesday.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('今天 · 11月18日 周三');
    const balance = card('今日收支');
    // Today's entries only: yesterday's ¥100 and January's salary are not in it.
    await waitFor(() => expect(balance).toHaveTextContent('收入 ¥0.00 · 支出 ¥35.50'));
    expect(within(balance).getByText('-¥35.50').closest('p')).toHaveClass('text-red-600');
    // The spec's all-time figure, under a label that says so.
    expect(card('累计结余')).toHaveTextContent('¥7,864.50');
    // 50 of the 65 minutes count toward the goal (写作 does, 阅读 does not by default).
    expect(card('专注')).toHaveTextContent('50 / 120 分钟');
    expect(card('专注')).toHaveTextContent('今日共专注 65 分钟');
    await waitFor(() => expect(card('运动')).toHaveTextContent('1 次'));
    expect(card('运动')).toHaveTextContent('跑步 30 分钟');
  });

  it('keeps what sits below 今日任务 out of sight until the day’s lists answer', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // 今日打卡's habits come late; falling through, the real server then answers them.
    server.use(
      http.get('*/api/checkin-tasks', async () => {
        await held;
      }),
    );
    const view = renderApp('/');
    // Drawn as its data comes (one render of everything at once made a long task), but on a
    // phone 今日收支 sits under 今日打卡: seen now, it would move when the habits come.
    const money = await screen.findByRole('heading', { name: '今日收支' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(money.closest('.invisible')).not.toBeNull();
    expect(screen.getByRole('heading', { name: '快捷操作' }).closest('.invisible')).not.toBeNull();
    expect(screen.getByRole('heading', { name: /今日任务/ }).closest('.invisible')).toBeNull();
    release();
    await waitFor(() => expect(money.closest('.invisible')).toBeNull());
    expect(screen.getByRole('heading', { name: /今日打卡/ }).closest('.invisible')).toBeNull();
    expect(screen.getByRole('heading', { name: '快捷操作' }).closest('.invisible')).toBeNull();
    view.unmount();
  });

  it('ticks a repeating task in place and rolls the series on', async () => {
    const created = await demo.store.tasks.create('demo', {
      id: 'daily-review',
      title: '每日复盘',
      description: '',
      priority: 'medium',
      category: 'work',
      dueDate: TODAY,
      repeat: 'FREQ=DAILY',
      completed: false,
      completedAt: null,
      createdAt: `${TODAY}T01:00:00.000Z`,
      updatedAt: `${TODAY}T01:00:00.000Z`,
    });
    try {
      await openDashboard();
      const tasks = screen.getByRole('region', { name: /^今日任务/ });
      const box = await within(tasks).findByRole('checkbox', { name: '每日复盘' });
      await userEvent.setup().click(box);
      await waitFor(async () => {
        const stored = await demo.store.tasks.list('demo');
        expect(stored.find((t) => t.id === 'daily-review')?.completed).toBe(true);
        expect(
          stored.some(
            (t) => t.title === '每日复盘' && t.dueDate === addDays(TODAY, 1) && !t.completed,
          ),
        ).toBe(true);
      });
      // Still listed, ticked: tomorrow's occurrence is not today's.
      expect(within(tasks).getByRole('checkbox', { name: '每日复盘' })).toBeChecked();
      expect(within(tasks).getAllByRole('checkbox', { name: '每日复盘' })).toHaveLength(1);
    } finally {
      for (const t of await demo.store.tasks.list('demo')) {
        if (t.title === '每日复盘') await demo.store.tasks.remove('demo', t.id);
      }
      expect(created.record.id).toBe('daily-review');
    }
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
    await demo.store.settings.put('demo', SAVED_BEFORE, new Date().toISOString());
    try {
      await openDashboard();
      const goals = screen.getByRole('region', { name: '今日目标' });
      const items = await within(goals).findAllByRole('listitem');
      // Defaults: a ¥200 day; the focus goal counts 工作 学习 编程 设计 写作, so the
      // 15 minutes of 阅读 are in 专注时间 (65) but not in the goal (50).
      expect(items.map((li) => li.textContent)).toEqual([
        '控制支出在预算内未超支今日支出 ¥35.50 / 日预算 ¥200.00',
        '完成一次运动已完成今日运动 1 次',
        '专注工作2小时未完成已专注 50 / 120 分钟',
      ]);
      expect(card('专注')).toHaveTextContent('今日共专注 65 分钟');
    } finally {
      await demo.store.settings.put('demo', DEFAULT_SETTINGS, new Date().toISOString());
    }
  });

  it('starts a new account with no goals; 设置 → 基本 turns one on, the workout one too', async () => {
    const view = await openDashboard();
    const goals = screen.getByRole('region', { name: '今日目标' });
    expect(goals).toHaveTextContent('还没有开启每日目标');
    expect(within(goals).queryAllByRole('listitem')).toEqual([]);
    view.unmount();

    renderApp('/settings?section=basic');
    const section = await screen.findByRole('region', { name: '今日目标' });
    const user = userEvent.setup();
    await user.click(within(section).getByRole('checkbox', { name: '完成一次运动' }));
    await waitFor(async () =>
      expect((await demo.store.settings.get('demo'))?.dailyGoals).toEqual({
        budget: false,
        workout: true,
        focus: false,
      }),
    );
    cleanup();
    try {
      await openDashboard();
      const shown = screen.getByRole('region', { name: '今日目标' });
      await waitFor(() =>
        expect(
          within(shown)
            .getAllByRole('listitem')
            .map((li) => li.textContent),
        ).toEqual(['完成一次运动已完成今日运动 1 次']),
      );
    } finally {
      await demo.store.settings.put('demo', DEFAULT_SETTINGS, new Date().toISOString());
    }
  });

  it('follows the user’s settings: budget overspent, a 1-hour goal counting 阅读', async () => {
    await demo.store.settings.put(
      'demo',
      {
        ...SAVED_BEFORE,
        dailyBudget: 35.49,
        focusGoalMinutes: 60,
        focusCategories: ['writing', 'reading'],
      },
      new Date().toISOString(),
    );
    try {
      await openDashboard();
      const goals = screen.getByRole('region', { name: '今日目标' });
      await within(goals).findByText('已超支');
      expect(
        within(goals)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        '控制支出在预算内已超支今日支出 ¥35.50 / 日预算 ¥35.49',
        '完成一次运动已完成今日运动 1 次',
        '专注工作1小时已完成已专注 65 / 60 分钟',
      ]);
      // A quick start counts toward that goal: it starts in the goal's first category.
      expect(
        within(screen.getByRole('region', { name: '快捷操作' })).getByRole('link', {
          name: '开始专注',
        }),
      ).toHaveAttribute('href', '/time?start=writing');
    } finally {
      await demo.store.settings.put('demo', DEFAULT_SETTINGS, new Date().toISOString());
    }
  });

  it('keeps showing the user’s budget when the server cannot be reached', async () => {
    await demo.store.settings.put(
      'demo',
      { ...SAVED_BEFORE, dailyBudget: 35.49 },
      new Date().toISOString(),
    );
    try {
      const online = await openDashboard();
      const goals = () => screen.getByRole('region', { name: '今日目标' });
      await within(goals()).findByText(/日预算 ¥35\.49/);
      online.unmount();

      // A reload without a server: the settings come from this device's copy.
      server.use(http.get(/\/api\//, () => HttpResponse.error()));
      await openDashboard();
      await screen.findByText(/离线数据/);
      expect(within(goals()).getByText(/日预算 ¥35\.49/)).toBeInTheDocument();
    } finally {
      await demo.store.settings.put('demo', DEFAULT_SETTINGS, new Date().toISOString());
    }
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
      // The first category the focus goal counts (工作 by default), not 其他.
      ['开始专注', '/time?start=work'],
    ]);

    await userEvent.setup().click(within(actions).getByRole('link', { name: '记一笔支出' }));
    await screen.findByRole('dialog', { name: '添加记录' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/accounting');
  });

  it('开始专注 starts the timer in 工作, which the default focus goal counts', async () => {
    const { router } = await openDashboard();
    await userEvent.setup().click(
      within(screen.getByRole('region', { name: '快捷操作' })).getByRole('link', {
        name: '开始专注',
      }),
    );
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(TIMER_STORAGE_KEY) ?? 'null')).toMatchObject({
        isTimerRunning: true,
        currentSession: { task: '专注时间', category: 'work' },
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/time');
    localStorage.removeItem(TIMER_STORAGE_KEY);
  });

  it('a later visit shows the kept figures without reading their lists, and recounts after a change', async () => {
    await firstVisitKeepsFigures();

    const { reads, restore } = watchListReads();
    try {
      await openDashboard();
      expect(card('累计结余')).toHaveTextContent('¥7,864.50');
      expect(card('专注')).toHaveTextContent('今日共专注 65 分钟');
      // Caught up behind the figures: the focus and asset lists, which only figures come
      // from, were not read (今日任务, 今日收支 and 运动 list their own records).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(reads).not.toContain('timeRecords');
      expect(reads).not.toContain('assets');
      cleanup();

      // Focus recorded elsewhere: the next visit's catch-up finds it and counts again.
      const created = await demo.store.timeRecords.create('demo', {
        id: 'focus-elsewhere',
        task: '别处',
        category: 'work',
        duration: 600,
        date: TODAY,
        createdAt: `${TODAY}T09:00:00.000Z`,
        updatedAt: `${TODAY}T09:00:00.000Z`,
      } as never);
      await openDashboard();
      await waitFor(() => expect(card('专注')).toHaveTextContent('60 / 120 分钟'));
      expect(reads).toContain('timeRecords');
      await demo.store.timeRecords.remove('demo', created.record.id);
    } finally {
      restore();
    }
  });

  it('counts a change that waits to be sent, not the figures kept before it', async () => {
    await firstVisitKeepsFigures();

    // Made while the server cannot be reached: it waits on the device.
    server.use(http.post(/\/api\//, () => HttpResponse.error()));
    const { queryClient } = await openDashboard();
    await engineFor(queryClient).create('tasks', {
      title: '离线任务',
      priority: 'medium',
      category: 'work',
      dueDate: TODAY,
    });
    const tasks = screen.getByRole('region', { name: /^今日任务/ });
    await within(tasks).findByRole('checkbox', { name: '离线任务' });
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
    // The first status on the screen may still be the card's 加载中...: wait for the notice.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('离线数据'), {
      timeout: 10_000,
    });
    expect(screen.getByRole('status')).toHaveTextContent('服务器维护中');
    await waitFor(() => expect(card('运动')).toHaveTextContent('2 次'));
    // The other lists catch up from the server in the background (after their kept ¥0.00).
    await waitFor(() => expect(card('累计结余')).toHaveTextContent('¥7,864.50'), {
      timeout: 10_000,
    });
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
