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

async function openSettings() {
  const view = renderApp('/settings');
  await screen.findByLabelText('月预算');
  return view;
}

describe('/settings', () => {
  it('is reached from the user’s name in the navigation bar', async () => {
    const { router } = renderApp('/');
    const nav = await screen.findByRole('banner');
    await userEvent.setup().click(within(nav).getAllByRole('link', { name: /设置/ })[0]!);
    await screen.findByRole('heading', { name: '设置', level: 1 });
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('shows the defaults and saves budgets, the focus goal and its categories', async () => {
    await openSettings();
    const user = userEvent.setup();
    expect(screen.getByLabelText('月预算')).toHaveValue(null);
    expect(screen.getByLabelText('每日金额')).toHaveValue(200);
    expect(screen.getByLabelText('每日专注目标（分钟）')).toHaveValue(120);
    expect(screen.getByRole('checkbox', { name: '编程' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '阅读' })).not.toBeChecked();

    await user.type(screen.getByLabelText('月预算'), '3000.5');
    await user.type(screen.getByLabelText('餐饮'), '600');
    await user.click(screen.getByRole('radio', { name: '按月预算平均到每天' }));
    // November-like months differ; the derived figure is shown before saving.
    expect(screen.getByText(/本月每天 ¥/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('每日专注目标（分钟）'));
    await user.type(screen.getByLabelText('每日专注目标（分钟）'), '90');
    await user.click(screen.getByRole('checkbox', { name: '阅读' }));
    await user.click(screen.getByRole('button', { name: '保存' }));

    await screen.findByText('设置已保存');
    expect(await demo.store.settings.get('demo')).toMatchObject({
      monthlyBudget: 3000.5,
      categoryBudgets: { dining: 600 },
      dailyBudgetMode: 'monthly',
      focusGoalMinutes: 90,
      focusCategories: ['work', 'study', 'programming', 'design', 'writing', 'reading'],
    });
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
    expect(screen.getByLabelText('月预算')).toHaveValue(3000);
    await screen.findByText(/设置的修改先保存在本机，连接服务器后自动同步/);
    expect(screen.getByText(/账号安全的更改需要服务器当场验证/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('月预算'));
    await user.type(screen.getByLabelText('月预算'), '2500');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByText('设置已保存');
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
    await openSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '按月预算平均到每天' }));
    await user.clear(screen.getByLabelText('每日专注目标（分钟）'));
    await user.type(screen.getByLabelText('每日专注目标（分钟）'), '0');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('按月预算计算日预算时，请先设置月预算')).toBeInTheDocument();
    expect(screen.getByText('专注目标至少 1 分钟')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await demo.store.settings.get('demo')).toEqual(DEFAULT_SETTINGS),
    );
  });
});
