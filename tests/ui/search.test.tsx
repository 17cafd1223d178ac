import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { storedAsset, storedExpense, todo } from '../fixtures/records';
import { renderApp, signIn, testServer } from './harness';

// 搜索全部 (issue 63 item 4): Ctrl+K and the bar's 搜索 open it, pinyin finds records of three
// modules, the arrow keys move through the results and Enter or a click opens one on its
// screen. The UI tests' DOM has no Worker: the index runs on the page (src/features/search/client.ts).

const TODAY = '2026-11-18';
const { demo } = await testServer({
  today: TODAY,
  clear: ['tasks', 'accounts', 'timeRecords', 'workouts', 'assets', 'checkinTasks'],
});

beforeEach(async () => {
  await signIn(demo);
  await demo.store.tasks.create('demo', todo('trip-task', { title: '订旅行机票' }));
  await demo.store.tasks.create('demo', todo('other-task', { title: '交房租' }));
  await demo.store.accounts.create(
    'demo',
    storedExpense('trip-entry', { description: '旅行午饭', amount: 12.5, date: TODAY }),
  );
  await demo.store.timeRecords.create('demo', {
    id: 'trip-focus',
    task: '旅行攻略',
    category: 'study',
    duration: 1500,
    date: TODAY,
    taskId: '',
    createdAt: '2026-11-18T02:00:00.000Z',
  });
});

/** The search dialog, its input, and the results' options once `lx` has found all three. */
async function searchLx() {
  const user = userEvent.setup();
  const view = renderApp('/');
  await screen.findByRole('navigation', { name: '主导航' });
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: '搜索' });
  const input = within(dialog).getByPlaceholderText('搜索全部');
  expect(input).toHaveAttribute('type', 'search');
  await waitFor(() => expect(input).toHaveFocus());
  await user.type(input, 'lx');
  await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(3), {
    timeout: 10_000,
  });
  return { ...view, user, dialog, input };
}

const selected = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('option')
    .filter((o) => o.getAttribute('aria-selected') === 'true');

describe('搜索全部', () => {
  it('opens an asset on its history', async () => {
    await demo.store.assets.create('demo', storedAsset('trip-fund', { name: '旅行基金' }));
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByRole('navigation', { name: '主导航' });
    await user.click(screen.getByRole('button', { name: '搜索' }));
    const dialog = await screen.findByRole('dialog', { name: '搜索' });
    await user.type(within(dialog).getByPlaceholderText('搜索全部'), 'lxjj');
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([expect.stringContaining('旅行基金')]),
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: '修改历史：旅行基金' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/assets');
  });

  it('finds records of three modules by initials, grouped, with the words marked', async () => {
    const { dialog } = await searchLx();
    const groups = within(dialog).getAllByRole('group');
    expect(
      groups.map((g) => g.getAttribute('aria-labelledby') && g.textContent?.slice(0, 2)),
    ).toEqual(expect.arrayContaining(['任务', '记账', '专注']));
    expect(groups).toHaveLength(3);
    // 交房租 is no match; every result marks its 旅行.
    expect(within(dialog).queryByText('交房租')).toBeNull();
    const marks = dialog.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['旅行', '旅行', '旅行']);
  });

  it('moves with the arrow keys and opens the chosen task with Enter', async () => {
    const { dialog, input, user, router } = await searchLx();
    const options = within(dialog).getAllByRole('option');
    expect(selected(dialog)).toEqual([options[0]]);
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(selected(dialog)).toEqual([options[1]]);
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(selected(dialog)).toEqual([options[2]]);
    // To the task's result, then Enter.
    const task = options.findIndex((o) => o.textContent?.includes('订旅行机票'));
    for (let i = 0; i < (task + 1) % 3; i++) await user.keyboard('{ArrowDown}');
    expect(selected(dialog)[0]).toHaveTextContent('订旅行机票');
    await user.keyboard('{Enter}');
    const details = await screen.findByRole('dialog', { name: '编辑任务' });
    expect(within(details).getByDisplayValue('订旅行机票')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tasks');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog', { name: '搜索' })).toBeNull();
  });

  it('opens a focus record with a click, and finds an entry by its amount', async () => {
    const { dialog, input, user, router } = await searchLx();
    await user.click(within(dialog).getByRole('option', { name: /旅行\s*攻略/ }));
    const record = await screen.findByRole('dialog', { name: '编辑记录' });
    expect(within(record).getByDisplayValue('旅行攻略')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/time');
    await user.click(within(record).getByRole('button', { name: '关闭' }));

    // The bar's 搜索 opens it too; 12.5 finds ¥12.50.
    await user.click(screen.getByRole('button', { name: '搜索' }));
    const again = await screen.findByRole('dialog', { name: '搜索' });
    const field = within(again).getByPlaceholderText('搜索全部');
    expect(field).not.toBe(input);
    await user.type(field, '12.5');
    await waitFor(() =>
      expect(
        within(again)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([expect.stringContaining('旅行午饭')]),
    );
    await user.clear(field);
    await user.type(field, '没有这个');
    expect(await within(again).findByText('没有找到与「没有这个」相关的记录')).toBeInTheDocument();
  });
});
