import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, formatShortDate, todayString } from '../../src/domain/dates';
import { TIMER_STORAGE_KEY } from '../../src/domain/storage-keys';
import { seedTaskWith } from './engine-harness';
import { renderApp, signIn, testServer } from './harness';

const TODAY = todayString(new Date());
const YESTERDAY = addDays(TODAY, -1);
const shortToday = formatShortDate(TODAY, TODAY);
const { server, demo } = await testServer({ today: TODAY });
let posts: number;

// The timer reads Date.now; the test moves it by hand while real timers keep msw and React going.
let clock: number;
const advance = (seconds: number) => {
  clock += seconds * 1000;
};

server.events.on('request:start', ({ request }) => {
  if (request.method === 'POST' && request.url.endsWith('/api/time-records')) posts += 1;
});
afterEach(() => vi.restoreAllMocks());
beforeEach(async () => {
  for (const r of await demo.store.timeRecords.list('demo')) {
    await demo.store.timeRecords.remove('demo', r.id);
  }
  posts = 0;
  // Noon of today: a test that moves the clock an hour on must not cross midnight (a run at
  // 23:58 saved its record under tomorrow's date and failed).
  clock = new Date(`${TODAY}T12:00:00`).getTime();
  vi.spyOn(Date, 'now').mockImplementation(() => clock);
  document.title = '个人管理系统';
  await signIn(demo);
});

const card = (title: string) => screen.getByRole('region', { name: title });
const timerCard = () => screen.getByRole('region', { name: '专注计时器' });
const face = () => screen.getByRole('timer', { name: '计时' });
const stored = () => JSON.parse(localStorage.getItem(TIMER_STORAGE_KEY) ?? 'null');

async function openScreen(path = '/time') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: '时间管理' });
  await screen.findByRole('region', { name: '总专注时间' });
  return view;
}

describe('/time manual add', () => {
  it('stores 时长（分钟） as seconds and updates the cards and the list', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(screen.getByRole('button', { name: '手动添加' }));
    const dialog = await screen.findByRole('dialog', { name: '手动添加' });
    await user.type(within(dialog).getByLabelText(/任务名称/), '写周报');
    await user.click(within(dialog).getByRole('button', { name: '写作' }));
    await user.type(within(dialog).getByLabelText(/时长（分钟）/), '25');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(card('专注次数')).toHaveTextContent('1次'));
    expect(card('总专注时间')).toHaveTextContent('0小时25分钟');
    expect(card('今日专注')).toHaveTextContent('25分钟');
    expect(card('平均时长')).toHaveTextContent('25分钟');
    const list = screen.getByRole('region', { name: '最近记录' });
    expect(within(list).getByText('写周报')).toBeInTheDocument();
    expect(within(list).getByText('25分钟')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await demo.store.timeRecords.list('demo')).toMatchObject([
        { task: '写周报', category: 'writing', duration: 1500, date: TODAY },
      ]),
    );
  });

  it('requires a task name and a duration, and keeps the dialog when the save fails', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(/\/api\/time-records$/, () =>
        HttpResponse.json({ error: '磁盘已满' }, { status: 422 }),
      ),
    );
    await openScreen();
    await user.click(screen.getByRole('button', { name: '手动添加' }));
    const dialog = await screen.findByRole('dialog', { name: '手动添加' });
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写任务名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请填写时长')).toBeInTheDocument();
    expect(posts).toBe(0);

    await user.type(within(dialog).getByLabelText(/任务名称/), '读书');
    await user.type(within(dialog).getByLabelText(/时长（分钟）/), '40');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    // Failures are toasts (one MutationCache handler); the dialog stays with what was typed.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '保存时间记录失败：磁盘已满，请重试',
    );
    expect(within(dialog).getByLabelText(/任务名称/)).toHaveValue('读书');
    expect(within(dialog).getByLabelText(/时长（分钟）/)).toHaveValue(40);
  });
});

describe('/time focus timer', () => {
  it('start, pause, reload, resume, end and save: one record of the focused seconds', async () => {
    const user = userEvent.setup();
    const first = await openScreen();
    await user.click(screen.getByRole('button', { name: '开始工作' }));
    expect(within(timerCard()).getByText('专注中')).toBeInTheDocument();
    advance(65);
    await user.click(screen.getByRole('button', { name: '暂停' }));
    expect(face()).toHaveTextContent('00:01:05');
    expect(stored()).toMatchObject({
      isTimerRunning: false,
      currentSession: { task: '工作', category: 'work', duration: 65 },
    });

    // A reload an hour later: the paused total stands.
    first.unmount();
    advance(3600);
    await openScreen();
    expect(face()).toHaveTextContent('00:01:05');
    await user.click(screen.getByRole('button', { name: '继续' }));
    advance(30);
    await user.click(screen.getByRole('button', { name: '结束并保存' }));

    await waitFor(() => expect(card('专注次数')).toHaveTextContent('1次'));
    await waitFor(() => expect(face()).toHaveTextContent('00:00:00'));
    expect(screen.getByRole('button', { name: '开始工作' })).toBeInTheDocument();
    expect(stored()).toEqual({ isTimerRunning: false, currentSession: null });
    expect(
      within(screen.getByRole('region', { name: '最近记录' })).getByText('1分35秒'),
    ).toBeInTheDocument();
    await waitFor(async () =>
      expect(await demo.store.timeRecords.list('demo')).toMatchObject([
        { task: '工作', category: 'work', duration: 95, date: TODAY },
      ]),
    );
  });

  it('a running timer reloaded later counts the time in between', async () => {
    localStorage.setItem(
      TIMER_STORAGE_KEY,
      JSON.stringify({
        isTimerRunning: true,
        currentSession: {
          task: '学习',
          category: 'study',
          startTime: clock - 2 * 3600_000,
          duration: 0,
        },
      }),
    );
    await openScreen();
    expect(face()).toHaveTextContent('02:00:00');
    expect(screen.getByRole('button', { name: '暂停' })).toBeInTheDocument();
  });

  it('a failed save keeps the session and says why; the retry saves it once', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(/\/api\/time-records$/, () =>
        HttpResponse.json({ error: '服务器维护中' }, { status: 422 }),
      ),
    );
    await openScreen();
    await user.click(screen.getByRole('button', { name: '开始学习' }));
    advance(80);
    await user.click(screen.getByRole('button', { name: '结束并保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '保存失败：服务器维护中。计时已保留，请重试',
    );
    expect(await screen.findByRole('button', { name: '结束并保存' })).toBeEnabled();
    expect(stored().currentSession).toMatchObject({ task: '学习', category: 'study' });
    await waitFor(async () => expect(await demo.store.timeRecords.list('demo')).toHaveLength(0));

    server.resetHandlers();
    advance(10);
    await user.click(screen.getByRole('button', { name: '结束并保存' }));
    await waitFor(() => expect(stored().currentSession).toBeNull());
    await waitFor(async () =>
      expect(await demo.store.timeRecords.list('demo')).toMatchObject([{ duration: 90 }]),
    );
  });

  it('a double click on 结束并保存 posts once', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(screen.getByRole('button', { name: '开始工作' }));
    advance(65);
    const end = screen.getByRole('button', { name: '结束并保存' });
    await user.dblClick(end);
    await waitFor(() => expect(stored().currentSession).toBeNull());
    await waitFor(() => expect(card('专注次数')).toHaveTextContent('1次'));
    expect(posts).toBe(1);
  });

  it('shows the running time in the tab title and puts the title back after', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(screen.getByRole('button', { name: '开始工作' }));
    advance(10);
    // The next tick redraws the face and the title.
    await waitFor(() => expect(document.title).toBe('00:00:10 工作'), { timeout: 2000 });
    await user.click(screen.getByRole('button', { name: '暂停' }));
    expect(document.title).toBe('时间管理 · 个人管理系统');
  });

  it('自定义开始 asks for a task name and starts on it', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(screen.getByRole('button', { name: '自定义开始' }));
    const dialog = await screen.findByRole('dialog', { name: '自定义开始' });
    await user.click(within(dialog).getByRole('button', { name: '开始' }));
    expect(await within(dialog).findByText('请填写任务名称')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/任务名称/), '  练习钢琴 ');
    await user.selectOptions(within(dialog).getByLabelText(/分类/), '学习');
    await user.click(within(dialog).getByRole('button', { name: '开始' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(timerCard()).getByText('练习钢琴')).toBeInTheDocument();
    expect(stored().currentSession).toMatchObject({ task: '练习钢琴', category: 'study' });
  });

  it('?start=quick starts 专注时间 in 其他 once and drops the parameter', async () => {
    const { router } = await openScreen('/time?start=quick');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(within(timerCard()).getByText('专注时间')).toBeInTheDocument();
    expect(stored()).toMatchObject({
      isTimerRunning: true,
      currentSession: { task: '专注时间', category: 'other', startTime: clock },
    });
  });

  it('deletes a record', async () => {
    const user = userEvent.setup();
    await demo.store.timeRecords.create('demo', {
      id: 't1',
      task: '冥想',
      category: 'thinking',
      duration: 600,
      date: TODAY,
      createdAt: new Date().toISOString(),
    });
    await openScreen();
    const list = screen.getByRole('region', { name: '最近记录' });
    await within(list).findByText('冥想');
    await user.click(within(list).getByRole('button', { name: '删除 冥想' }));
    // The same confirmation as every list, naming the record; Enter deletes.
    const confirm = await screen.findByRole('dialog', { name: '请确认' });
    expect(confirm).toHaveTextContent(`确定要删除「冥想 10分钟 · ${shortToday}」吗？`);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(list).queryByText('冥想')).not.toBeInTheDocument());
    await waitFor(async () => expect(await demo.store.timeRecords.list('demo')).toHaveLength(0));
  });
});

describe('/time prompts before saving an unusual session', () => {
  it('under a minute: asks, and 不保存 drops it without a request', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(screen.getByRole('button', { name: '开始工作' }));
    advance(2);
    await user.click(screen.getByRole('button', { name: '结束并保存' }));
    const dialog = await screen.findByRole('dialog', { name: '专注不到 1 分钟' });
    expect(dialog).toHaveTextContent('这次专注只有 2秒，要保存这条记录吗？');
    await user.click(within(dialog).getByRole('button', { name: '不保存' }));
    await waitFor(() => expect(stored().currentSession).toBeNull());
    expect(posts).toBe(0);
  });

  it('under a minute: 保存 keeps it, Escape goes back to the running timer', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(screen.getByRole('button', { name: '开始工作' }));
    advance(12);
    await user.click(screen.getByRole('button', { name: '结束并保存' }));
    await screen.findByRole('dialog', { name: '专注不到 1 分钟' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stored().isTimerRunning).toBe(true);
    await user.click(screen.getByRole('button', { name: '结束并保存' }));
    const dialog = await screen.findByRole('dialog', { name: '专注不到 1 分钟' });
    // Opens on 保存: Enter keeps the record.
    expect(within(dialog).getByRole('button', { name: '保存' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(stored().currentSession).toBeNull());
    expect(await demo.store.timeRecords.list('demo')).toMatchObject([{ duration: 12 }]);
  });

  it('over 4 hours: saves only up to the end the user sets, dated that day', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(screen.getByRole('button', { name: '开始工作' }));
    const started = clock;
    advance(9 * 3600);
    await user.click(screen.getByRole('button', { name: '结束并保存' }));
    const dialog = await screen.findByRole('dialog', { name: '专注已超过 4 小时' });
    expect(dialog).toHaveTextContent('这次专注已计时 9小时0分钟');
    const end = within(dialog).getByLabelText('实际结束时间');
    expect(end).toHaveFocus();
    // Before the start: refused with a reason.
    await user.clear(end);
    await user.type(end, dayjs(started).subtract(1, 'hour').format('YYYY-MM-DDTHH:mm'));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText(/结束时间不能早于/)).toBeInTheDocument();
    expect(posts).toBe(0);
    // Two and a half hours after the start (the field holds minutes).
    const realEnd = dayjs(started).startOf('minute').add(150, 'minute');
    await user.clear(end);
    await user.type(end, realEnd.format('YYYY-MM-DDTHH:mm'));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(stored().currentSession).toBeNull());
    const [record] = await demo.store.timeRecords.list('demo');
    expect(record?.duration).toBe(Math.floor((realEnd.valueOf() - started) / 1000));
    expect(record?.date).toBe(realEnd.format('YYYY-MM-DD'));
  });
});

describe('/time record editing', () => {
  it('手动添加 takes a date, today by default', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(screen.getByRole('button', { name: '手动添加' }));
    const dialog = await screen.findByRole('dialog', { name: '手动添加' });
    const date = within(dialog).getByLabelText(/日期/);
    expect(date).toHaveValue(TODAY);
    await user.type(within(dialog).getByLabelText(/任务名称/), '读书');
    await user.clear(date);
    await user.type(date, YESTERDAY);
    await user.type(within(dialog).getByLabelText(/时长（分钟）/), '30');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(async () =>
      expect(await demo.store.timeRecords.list('demo')).toMatchObject([
        { task: '读书', duration: 1800, date: YESTERDAY },
      ]),
    );
  });

  it('编辑 changes task, category, date and minutes with PUT, keeping createdAt', async () => {
    const user = userEvent.setup();
    const createdAt = '2026-01-02T03:04:05.000Z';
    await demo.store.timeRecords.create('demo', {
      id: 't2',
      task: '冥想',
      category: 'thinking',
      duration: 95,
      date: TODAY,
      createdAt,
    });
    await openScreen();
    const list = screen.getByRole('region', { name: '最近记录' });
    await within(list).findByText('冥想');
    await user.click(within(list).getByRole('button', { name: '编辑 冥想' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑记录' });
    expect(within(dialog).getByLabelText(/任务名称/)).toHaveValue('冥想');
    expect(within(dialog).getByLabelText(/时长（分钟）/)).toHaveValue(1.58);
    // Untouched minutes save the same seconds.
    await user.clear(within(dialog).getByLabelText(/任务名称/));
    await user.type(within(dialog).getByLabelText(/任务名称/), '正念');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(async () =>
      expect(await demo.store.timeRecords.list('demo')).toMatchObject([
        { id: 't2', task: '正念', duration: 95, date: TODAY, createdAt },
      ]),
    );

    await user.click(within(list).getByRole('button', { name: '编辑 正念' }));
    const again = await screen.findByRole('dialog', { name: '编辑记录' });
    await user.click(within(again).getByRole('button', { name: '阅读' }));
    await user.clear(within(again).getByLabelText(/日期/));
    await user.type(within(again).getByLabelText(/日期/), YESTERDAY);
    await user.clear(within(again).getByLabelText(/时长（分钟）/));
    await user.type(within(again).getByLabelText(/时长（分钟）/), '45');
    await user.click(within(again).getByRole('button', { name: '保存' }));
    await waitFor(async () =>
      expect(await demo.store.timeRecords.list('demo')).toMatchObject([
        { id: 't2', category: 'reading', duration: 2700, date: YESTERDAY },
      ]),
    );
  });

  it('an edit made while the server is down is kept on the device and sent later', async () => {
    const user = userEvent.setup();
    await demo.store.timeRecords.create('demo', {
      id: 't3',
      task: '背单词',
      category: 'reading',
      duration: 600,
      date: TODAY,
      createdAt: '2026-01-02T03:04:05.000Z',
    });
    await openScreen();
    const list = screen.getByRole('region', { name: '最近记录' });
    await within(list).findByText('背单词');
    server.use(http.put(/\/api\/time-records\/t3$/, () => HttpResponse.error()));
    await user.click(within(list).getByRole('button', { name: '编辑 背单词' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑记录' });
    await user.clear(within(dialog).getByLabelText(/时长（分钟）/));
    await user.type(within(dialog).getByLabelText(/时长（分钟）/), '20');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    // Saved on the device: the dialog closes and the list shows the change, marked 待同步.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(list).findByText('20分钟')).toBeInTheDocument();
    expect(within(list).getByText('待同步')).toBeInTheDocument();
    expect(await demo.store.timeRecords.list('demo')).toMatchObject([{ duration: 600 }]);

    server.resetHandlers();
    window.dispatchEvent(new Event('online'));
    await waitFor(async () =>
      expect(await demo.store.timeRecords.list('demo')).toMatchObject([
        { id: 't3', duration: 1200 },
      ]),
    );
    await waitFor(() => expect(within(list).queryByText('待同步')).not.toBeInTheDocument());
  });
});

describe('专注 from a task while a session runs (issue 60)', () => {
  it('asks 切换到「X」? first: 取消 keeps the stopwatch, 结束并切换 saves it and starts the task', async () => {
    await seedTaskWith(demo, 't-rent', { title: '交房租' });
    localStorage.removeItem('pomodoroState');
    const user = userEvent.setup();
    await openScreen();
    await user.click(screen.getByRole('button', { name: '开始工作' }));
    advance(600);
    // 专注 on the task's row, through the app's own links.
    const focusFromList = async () => {
      await user.click(screen.getAllByRole('link', { name: '任务管理' })[0]!);
      await user.click(await screen.findByRole('link', { name: '专注 交房租' }));
    };

    await focusFromList();
    const ask = await screen.findByRole('dialog', { name: '切换到「交房租」?' });
    expect(ask).toHaveTextContent('正在专注「工作」（已计时 00:10:00）');
    await user.click(within(ask).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts).toBe(0);
    expect(stored()).toMatchObject({ currentSession: { task: '工作' } });
    expect(localStorage.getItem('pomodoroState')).toBeNull();

    await focusFromList();
    await user.click(
      within(await screen.findByRole('dialog', { name: '切换到「交房租」?' })).getByRole('button', {
        name: '结束并切换',
      }),
    );
    // The stopwatch's ten minutes are saved, and a pomodoro runs on the task.
    await waitFor(async () =>
      expect(await demo.store.timeRecords.list('demo')).toMatchObject([
        { task: '工作', category: 'work', duration: 600 },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(timerCard()).getByText('交房租')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('pomodoroState') ?? 'null')).toMatchObject({
      task: '交房租',
      taskId: 't-rent',
      phase: 'work',
    });
    expect(stored()).toMatchObject({ currentSession: null });
    localStorage.removeItem('pomodoroState');
  });
});
