import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { todayString } from '../../src/domain/dates';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import { renderApp, signIn, testServer } from './harness';

const TODAY = todayString(new Date());
const { server, demo } = await testServer({ today: TODAY });

beforeEach(async () => {
  await signIn(demo);
  await demo.store.settings.put('demo', DEFAULT_SETTINGS, new Date().toISOString());
});

async function openSettings(section = 'budget') {
  const view = renderApp(`/settings?section=${section}`);
  await screen.findByRole('navigation', { name: '设置分区' });
  return view;
}

/** The 已保存 of the section titled `title`. */
const savedIn = (title: string) =>
  within(screen.getByRole('region', { name: title })).findByText('✓ 已保存', {}, { timeout: 3000 });

describe('/settings', () => {
  it('is reached from the user’s name in the navigation bar', async () => {
    const { router } = renderApp('/');
    const nav = await screen.findByRole('banner');
    await userEvent.setup().click(within(nav).getAllByRole('link', { name: /设置/ })[0]!);
    await screen.findByRole('heading', { name: '设置', level: 1 });
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('shows one section at a time, each at its own address', async () => {
    const { router } = await openSettings('basic');
    const user = userEvent.setup();
    const sections = screen.getByRole('navigation', { name: '设置分区' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['基本', '预算', '专注', '通知', '日历订阅', '账号安全', '导入规则']);
    expect(within(sections).getByRole('link', { name: '基本' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('checkbox', { name: '深色模式' })).toBeInTheDocument();
    expect(screen.queryByLabelText('月预算')).not.toBeInTheDocument();
    await user.click(within(sections).getByRole('link', { name: '专注' }));
    await screen.findByLabelText('每日专注目标（分钟）');
    expect(router.state.location.search).toBe('?section=focus');
    expect(screen.getByRole('region', { name: '番茄钟' })).toBeInTheDocument();
  });

  it('saves budgets, the focus goal and its categories as they are changed', async () => {
    await openSettings('budget');
    const user = userEvent.setup();
    await screen.findByLabelText('月预算');
    expect(screen.getByLabelText('月预算')).toHaveValue(null);
    expect(screen.getByLabelText('每日金额')).toHaveValue(200);

    await user.type(screen.getByLabelText('月预算'), '3000.5');
    await user.type(screen.getByLabelText('餐饮'), '600');
    await user.click(screen.getByRole('radio', { name: '按月预算平均到每天' }));
    // November-like months differ; the derived figure is shown as it is typed.
    expect(screen.getByText(/本月每天 ¥/)).toBeInTheDocument();
    await savedIn('预算');
    await waitFor(async () =>
      expect(await demo.store.settings.get('demo')).toMatchObject({
        monthlyBudget: 3000.5,
        categoryBudgets: { dining: 600 },
        dailyBudgetMode: 'monthly',
      }),
    );

    await user.click(screen.getByRole('link', { name: '专注' }));
    await screen.findByLabelText('每日专注目标（分钟）');
    expect(screen.getByLabelText('每日专注目标（分钟）')).toHaveValue(120);
    expect(screen.getByRole('checkbox', { name: '编程' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '阅读' })).not.toBeChecked();
    await user.clear(screen.getByLabelText('每日专注目标（分钟）'));
    await user.type(screen.getByLabelText('每日专注目标（分钟）'), '90');
    await user.click(screen.getByRole('checkbox', { name: '阅读' }));
    await savedIn('专注目标');
    await waitFor(async () =>
      expect(await demo.store.settings.get('demo')).toMatchObject({
        monthlyBudget: 3000.5,
        focusGoalMinutes: 90,
        focusCategories: ['work', 'study', 'programming', 'design', 'writing', 'reading'],
      }),
    );
  });

  it('每月起始日 is chosen from 1 to 28 and says what it does', async () => {
    await openSettings('budget');
    const user = userEvent.setup();
    const select = await screen.findByLabelText('每月起始日');
    expect(select).toHaveValue('1');
    expect(screen.getByText('预算、本月支出和月度报告按自然月计算')).toBeInTheDocument();
    expect(within(select).getAllByRole('option')).toHaveLength(28);
    await user.selectOptions(select, '25');
    expect(screen.getByText(/从每月 25 日算到下月 24 日/)).toBeInTheDocument();
    await savedIn('预算');
    await waitFor(async () =>
      expect(await demo.store.settings.get('demo')).toMatchObject({ monthStartDay: 25 }),
    );
  });

  it('one section’s save keeps another’s change made just before it', async () => {
    await openSettings('focus');
    const user = userEvent.setup();
    await screen.findByLabelText('每日专注目标（分钟）');
    await user.clear(screen.getByLabelText('每日专注目标（分钟）'));
    await user.type(screen.getByLabelText('每日专注目标（分钟）'), '45');
    // Straight on to 番茄钟, drawn from the settings before the goal's save: leaving the goal
    // saves it, and the pomodoro's save is made on top of it, not of the older copy.
    await user.clear(screen.getByLabelText('专注时长（分钟）'));
    await user.type(screen.getByLabelText('专注时长（分钟）'), '50');
    await user.tab();
    await savedIn('番茄钟');
    await waitFor(async () => {
      const stored = await demo.store.settings.get('demo');
      expect(stored).toMatchObject({ focusGoalMinutes: 45, pomodoro: { workMinutes: 50 } });
    });
  });

  it('what is typed is saved when the section is left before the pause', async () => {
    await openSettings('budget');
    const user = userEvent.setup();
    await screen.findByLabelText('月预算');
    await user.type(screen.getByLabelText('月预算'), '1234');
    await user.click(screen.getByRole('link', { name: '导入规则' }));
    await waitFor(async () =>
      expect(await demo.store.settings.get('demo')).toMatchObject({ monthlyBudget: 1234 }),
    );
  });

  it('offline shows this device’s copy, saves on the device and sends it when the server answers', async () => {
    await demo.store.settings.put(
      'demo',
      { ...DEFAULT_SETTINGS, monthlyBudget: 3000 },
      new Date().toISOString(),
    );
    const online = await openSettings();
    await waitFor(() => expect(screen.getByLabelText('月预算')).toHaveValue(3000));
    online.unmount();

    server.use(
      http.get(/\/api\//, () => HttpResponse.error()),
      http.put(/\/api\//, () => HttpResponse.error()),
    );
    await openSettings();
    await screen.findByLabelText('月预算');
    expect(screen.getByLabelText('月预算')).toHaveValue(3000);
    await screen.findByText(/设置的修改先保存在本机，连接服务器后自动同步/);
    expect(screen.getByText(/账号安全的更改需要服务器当场验证/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('月预算'));
    await user.type(screen.getByLabelText('月预算'), '2500');
    await user.tab();
    await savedIn('预算');
    // Shown at once, waiting on the device for the server.
    expect(screen.getByLabelText('月预算')).toHaveValue(2500);
    expect(await demo.store.settings.get('demo')).toMatchObject({ monthlyBudget: 3000 });

    server.resetHandlers();
    window.dispatchEvent(new Event('online'));
    await waitFor(async () =>
      expect(await demo.store.settings.get('demo')).toMatchObject({ monthlyBudget: 2500 }),
    );
  });

  it('names what is wrong and saves nothing', async () => {
    await openSettings('budget');
    const user = userEvent.setup();
    await screen.findByLabelText('月预算');
    await user.click(screen.getByRole('radio', { name: '按月预算平均到每天' }));
    expect(
      await screen.findByText('按月预算计算日预算时，请先设置月预算', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '专注' }));
    await screen.findByLabelText('每日专注目标（分钟）');
    await user.clear(screen.getByLabelText('每日专注目标（分钟）'));
    await user.type(screen.getByLabelText('每日专注目标（分钟）'), '0');
    await user.tab();
    expect(await screen.findByText('专注目标至少 1 分钟')).toBeInTheDocument();
    expect(screen.queryByText('✓ 已保存')).not.toBeInTheDocument();
    await waitFor(async () =>
      expect(await demo.store.settings.get('demo')).toEqual(DEFAULT_SETTINGS),
    );
  });
});
