import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, formatShortDate, mondayOf, todayString } from '../../src/domain/dates';
import type { Workout } from '../../src/domain/schemas/workout';
import { renderApp, signIn, testServer } from './harness';

// The screen's "today" is the machine's; the server's seed is off, so only these records exist.
const TODAY = todayString(new Date());
const { server, demo } = await testServer({ today: TODAY });
beforeEach(async () => {
  for (const w of await demo.store.workouts.list('demo'))
    await demo.store.workouts.remove('demo', w.id);
  await signIn(demo);
});

function workout(id: string, fields: Partial<Workout>): Workout {
  return {
    id,
    type: 'running',
    duration: 30,
    calories: 0,
    notes: '',
    date: TODAY,
    createdAt: new Date().toISOString(),
    ...fields,
  };
}

const card = (title: string) => screen.getByRole('region', { name: title });

async function openScreen(path = '/fitness') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: '健身记录' });
  await screen.findByRole('region', { name: '总运动次数' });
  return view;
}

describe('/fitness', () => {
  it('duration chips and 昨天 fill the fields in a tap', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(screen.getByRole('button', { name: '添加运动' }));
    const dialog = await screen.findByRole('dialog', { name: '添加运动' });
    // 跑步 by default; pressing the chosen type again keeps it.
    await user.click(within(dialog).getByRole('button', { name: '跑步' }));
    expect(within(dialog).getByRole('button', { name: '跑步' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: '45分钟' }));
    expect(within(dialog).getByLabelText(/时长（分钟）/)).toHaveValue(45);
    expect(within(dialog).getByRole('button', { name: '45分钟' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: '昨天' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(async () =>
      expect(await demo.store.workouts.list('demo')).toMatchObject([
        { type: 'running', duration: 45, date: addDays(TODAY, -1) },
      ]),
    );
  });

  it('adds a workout: cards, punch card and list change, calories default to 0', async () => {
    const user = userEvent.setup();
    await openScreen();
    expect(card('总运动次数')).toHaveTextContent('0次');
    expect(screen.getByText('暂无运动记录，点击上方按钮添加第一条记录')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '添加运动' }));
    const dialog = await screen.findByRole('dialog', { name: '添加运动' });
    expect(within(dialog).getByLabelText(/^日期/)).toHaveValue(TODAY);
    await user.click(within(dialog).getByRole('button', { name: '游泳' }));
    await user.type(within(dialog).getByLabelText(/时长（分钟）/), '95');
    await user.type(within(dialog).getByLabelText('备注'), '自由泳');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(card('总运动次数')).toHaveTextContent('1次'));
    expect(card('总运动时长')).toHaveTextContent('1小时35分钟');
    expect(card('总消耗卡路里')).toHaveTextContent('0');
    expect(card('本周运动天数')).toHaveTextContent('1/7');
    const todayCell = screen.getByRole('listitem', { current: 'date' });
    expect(todayCell).toHaveAccessibleName(`${TODAY}（今天）：已运动`);
    const list = screen.getByRole('region', { name: '最近记录' });
    expect(within(list).getByText('游泳')).toBeInTheDocument();
    expect(within(list).getByText(/95分钟/)).toBeInTheDocument();

    await waitFor(async () =>
      expect(await demo.store.workouts.list('demo')).toMatchObject([
        { type: 'swimming', duration: 95, calories: 0, notes: '自由泳' },
      ]),
    );
  });

  it('sums the cards over all workouts and counts week days once', async () => {
    const monday = mondayOf(TODAY);
    await demo.store.workouts.create(
      'demo',
      workout('a', { duration: 50, calories: 300, date: monday }),
    );
    await demo.store.workouts.create(
      'demo',
      workout('b', { duration: 40, calories: 200, date: monday }),
    );
    await demo.store.workouts.create(
      'demo',
      workout('c', { duration: 45, calories: null, date: addDays(monday, -1) }),
    );
    await openScreen();
    await waitFor(() => expect(card('总运动次数')).toHaveTextContent('3次'));
    expect(card('总运动时长')).toHaveTextContent('2小时15分钟');
    expect(card('总消耗卡路里')).toHaveTextContent('500');
    expect(card('本周运动天数')).toHaveTextContent('1/7');
  });

  it('asks for a duration before sending anything', async () => {
    const user = userEvent.setup();
    let posts = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') posts += 1;
    });
    await openScreen();
    await user.click(screen.getByRole('button', { name: '添加运动' }));
    const dialog = await screen.findByRole('dialog', { name: '添加运动' });
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写时长')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/时长（分钟）/), '0');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('时长必须大于 0')).toBeInTheDocument();
    expect(posts).toBe(0);
    server.events.removeAllListeners();
  });

  it('keeps the dialog and what was typed when the save fails', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(/\/api\/workouts$/, () =>
        HttpResponse.json({ error: '数据库忙' }, { status: 422 }),
      ),
    );
    await openScreen();
    await user.click(screen.getByRole('button', { name: '添加运动' }));
    const dialog = await screen.findByRole('dialog', { name: '添加运动' });
    await user.type(within(dialog).getByLabelText(/时长（分钟）/), '30');
    await user.type(within(dialog).getByLabelText('卡路里'), '250');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '保存运动记录失败：数据库忙，请重试',
    );
    expect(within(dialog).getByLabelText(/时长（分钟）/)).toHaveValue(30);
    expect(within(dialog).getByLabelText('卡路里')).toHaveValue(250);
    await waitFor(async () => expect(await demo.store.workouts.list('demo')).toHaveLength(0));
  });

  it('?add=1 opens 添加运动 once and drops the parameter', async () => {
    const { router } = await openScreen('/fitness?add=1');
    expect(await screen.findByRole('dialog', { name: '添加运动' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/fitness');
  });

  it('edits a workout pre-filled, and deletes one', async () => {
    const user = userEvent.setup();
    await demo.store.workouts.create(
      'demo',
      workout('w1', { type: 'yoga', duration: 20, notes: '晨练' }),
    );
    await demo.store.workouts.create(
      'demo',
      workout('w2', { type: 'hiking', duration: 120, date: addDays(TODAY, -1) }),
    );
    await openScreen();
    const list = screen.getByRole('region', { name: '最近记录' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('瑜伽'),
      expect.stringContaining('徒步'),
    ]);

    await user.click(within(rows[0]!).getByRole('button', { name: '编辑 瑜伽' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑运动' });
    expect(within(dialog).getByRole('button', { name: '瑜伽' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).getByLabelText('备注')).toHaveValue('晨练');
    const duration = within(dialog).getByLabelText(/时长（分钟）/);
    await user.clear(duration);
    await user.type(duration, '25');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(card('总运动时长')).toHaveTextContent('2小时25分钟'));
    await waitFor(async () =>
      expect(await demo.store.workouts.get('demo', 'w1')).toMatchObject({
        duration: 25,
        notes: '晨练',
      }),
    );

    await user.click(
      within(within(list).getAllByRole('listitem')[1]!).getByRole('button', { name: '删除 徒步' }),
    );
    // No more one-click deletes: the confirmation names the workout.
    const confirm = await screen.findByRole('dialog', { name: '请确认' });
    expect(confirm).toHaveTextContent(
      `确定要删除「徒步 120分钟 · ${formatShortDate(addDays(TODAY, -1), TODAY)}」吗？`,
    );
    expect(await demo.store.workouts.get('demo', 'w2')).toBeDefined();
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(card('总运动次数')).toHaveTextContent('1次'));
    await waitFor(async () => expect(await demo.store.workouts.get('demo', 'w2')).toBeUndefined());
  });

  it('says so when a delete fails and keeps the row', async () => {
    const user = userEvent.setup();
    await demo.store.workouts.create('demo', workout('w1', {}));
    server.use(
      http.delete(/\/api\/workouts\/w1$/, () =>
        HttpResponse.json({ error: '稍后再试' }, { status: 422 }),
      ),
    );
    await openScreen();
    const list = screen.getByRole('region', { name: '最近记录' });
    await user.click(await within(list).findByRole('button', { name: '删除 跑步' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '请确认' })).getByRole('button', {
        name: '删除',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '删除运动记录失败：稍后再试，请重试',
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });
});
