import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayString } from '../../src/domain/dates';
import type { Task } from '../../src/domain/schemas/task';
import { seedTaskWith } from './engine-harness';
import { renderApp, signIn, testServer } from './harness';

// The screen reads the real clock, so the fixtures are dated relative to it.
const TODAY = todayString(new Date());
const { server, demo } = await testServer({ today: TODAY, clear: ['tasks'] });
beforeEach(async () => {
  await signIn(demo);
});

const seed = (id: string, fields: Partial<Task> = {}) => seedTaskWith(demo, id, fields);

const card = (title: string) => screen.getByRole('region', { name: title });
const row = (title: string) => screen.getByRole('listitem', { name: title });
const filterButton = (label: string) =>
  within(screen.getByRole('group', { name: '筛选任务' })).getByRole('button', {
    name: new RegExp(`^${label}`),
  });
const listed = () =>
  within(screen.getByRole('region', { name: '任务列表' }))
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('[data-title]')?.textContent);

describe('tasks screen', () => {
  it('shows the cards, the priority split, due labels and filters with counts', async () => {
    await seed('写周报', { dueDate: addDays(TODAY, -2), priority: 'high' });
    await seed('交房租', { dueDate: addDays(TODAY, 1) });
    await seed('读书', { dueDate: addDays(TODAY, 10), priority: 'low' });
    await seed('买菜', { completed: true, completedAt: '2026-01-02T00:00:00.000Z' });
    renderApp('/tasks');

    await screen.findByRole('listitem', { name: '写周报' });
    expect(within(card('总任务')).getByText('4')).toBeInTheDocument();
    expect(within(card('已完成')).getByText('完成率 25%')).toBeInTheDocument();
    expect(within(card('待完成')).getByText('3')).toBeInTheDocument();
    expect(within(card('已逾期')).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: '高优先级 1 个' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: '低优先级 1 个' })).toBeInTheDocument();

    expect(within(row('写周报')).getByText('已逾期2天')).toBeInTheDocument();
    expect(within(row('交房租')).getByText('明天')).toBeInTheDocument();
    expect(within(row('读书')).getByText('10天后到期')).toBeInTheDocument();
    // Most urgent first, finished work last.
    expect(listed()).toEqual(['写周报', '交房租', '读书', '买菜']);

    const user = userEvent.setup();
    expect(filterButton('全部')).toHaveAccessibleName('全部 4');
    await user.click(filterButton('已逾期'));
    expect(filterButton('已逾期')).toHaveAttribute('aria-pressed', 'true');
    expect(listed()).toEqual(['写周报']);
    await user.click(filterButton('已完成'));
    expect(listed()).toEqual(['买菜']);
    await user.click(filterButton('待完成'));
    expect(listed()).toEqual(['写周报', '交房租', '读书']);
  });

  it('adds a task after refusing a blank title', async () => {
    const user = userEvent.setup();
    renderApp('/tasks');
    await screen.findByText('暂无任务，点击上方按钮添加第一个任务');
    await user.click(screen.getByRole('button', { name: '添加任务' }));
    const dialog = await screen.findByRole('dialog', { name: '添加任务' });
    expect(within(dialog).getByLabelText('优先级')).toHaveValue('medium');
    await user.type(within(dialog).getByLabelText(/标题/), '   ');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写标题')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/标题/));
    await user.type(within(dialog).getByLabelText(/标题/), '  准备周会  ');
    await user.type(within(dialog).getByLabelText('描述'), '议程和材料');
    await user.selectOptions(within(dialog).getByLabelText('优先级'), '高');
    await user.selectOptions(within(dialog).getByLabelText('分类'), '学习');
    await user.type(within(dialog).getByLabelText('截止日期'), addDays(TODAY, 3));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: '准备周会' })).toBeInTheDocument();
    await waitFor(async () =>
      expect(await demo.store.tasks.list('demo')).toMatchObject([
        {
          title: '准备周会',
          description: '议程和材料',
          priority: 'high',
          category: 'study',
          dueDate: addDays(TODAY, 3),
          completed: false,
        },
      ]),
    );
    expect(within(row('准备周会')).getByText('3天后到期')).toBeInTheDocument();
  });

  it('a row shown again for another task keeps nothing of the last one', async () => {
    await seed('写周报', { dueDate: addDays(TODAY, -2), description: '本周三件事' });
    await seed('交房租', { dueDate: addDays(TODAY, 1) });
    const user = userEvent.setup();
    renderApp('/tasks');
    const search = await screen.findByRole('searchbox');
    fireEvent.change(search, { target: { value: '写周报' } });
    await waitFor(() => expect(listed()).toEqual(['写周报']));
    await user.click(screen.getByRole('button', { name: '更多操作 写周报' }));
    expect(screen.getByRole('button', { name: '推迟到下周一' })).toBeInTheDocument();
    const before = row('写周报');

    search.focus();
    fireEvent.change(search, { target: { value: '交房租' } });
    await waitFor(() => expect(listed()).toEqual(['交房租']));
    // The same element (row-slots.ts), now 交房租's all through: its name, its due label, its
    // own 更多操作 (推迟) closed, no description.
    expect(row('交房租')).toBe(before);
    expect(screen.getByRole('checkbox', { name: '交房租' })).not.toBeChecked();
    expect(within(row('交房租')).getByText('明天')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '更多操作 交房租' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByRole('button', { name: '推迟到下周一' })).toBeNull();
    expect(within(row('交房租')).queryByText('本周三件事')).toBeNull();
  });

  it('does not hand the focused row on to another task', async () => {
    await seed('写周报', { dueDate: addDays(TODAY, -2) });
    await seed('买菜', { completed: true, completedAt: '2026-01-02T00:00:00.000Z' });
    renderApp('/tasks');
    await screen.findByRole('listitem', { name: '写周报' });
    fireEvent.click(filterButton('已逾期'));
    await waitFor(() => expect(listed()).toEqual(['写周报']));
    const before = row('写周报');
    screen.getByRole('checkbox', { name: '写周报' }).focus();
    fireEvent.click(filterButton('已完成'));
    await waitFor(() => expect(listed()).toEqual(['买菜']));
    // The focused row left as rows did before: its focus does not move to 买菜's box.
    expect(row('买菜')).not.toBe(before);
    expect(screen.getByRole('checkbox', { name: '买菜' })).not.toHaveFocus();
  });

  it('dense rows (issue 60): no 中 nor 其他, colour for late and today only, sub-tasks ticked in place', async () => {
    await seed('汇报', {
      dueDate: TODAY,
      subtasks: [
        { id: 'a', title: '数据', done: false },
        { id: 'b', title: '图表', done: false },
      ],
    });
    await seed('交房租', { dueDate: addDays(TODAY, -1), priority: 'high', category: 'life' });
    await seed('读书', { dueDate: addDays(TODAY, 1), priority: 'low' });
    const user = userEvent.setup();
    renderApp('/tasks');
    const report = await screen.findByRole('listitem', { name: '汇报' });
    // The defaults say nothing; a category that is not 其他 and a priority that is not 中 do.
    expect(within(report).queryByText('中')).toBeNull();
    expect(within(report).queryByText('其他')).toBeNull();
    expect(within(row('交房租')).getByText('生活')).toBeInTheDocument();
    expect(within(row('交房租')).getByText('高优先级')).toHaveClass('sr-only');
    expect(within(report).getByText('今天')).toHaveClass('text-amber-700');
    expect(within(row('交房租')).getByText('已逾期1天')).toHaveClass('text-red-600');
    expect(within(row('读书')).getByText('明天').className).not.toMatch(/amber|red/);

    await user.click(within(report).getByRole('checkbox', { name: '图表' }));
    expect(within(report).getByRole('checkbox', { name: '图表' })).toBeChecked();
    await waitFor(async () =>
      expect((await demo.store.tasks.list('demo')).find((t) => t.id === '汇报')?.subtasks).toEqual([
        { id: 'a', title: '数据', done: false },
        { id: 'b', title: '图表', done: true },
      ]),
    );
    expect(within(report).getByRole('checkbox', { name: '汇报' })).not.toBeChecked();
    const fold = within(report).getByRole('button', { name: '子任务 汇报 1/2' });
    await user.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    expect(within(report).queryByRole('checkbox', { name: '数据' })).toBeNull();

    // The row opens the task's details, and no field takes the focus (a phone's keyboard).
    await user.click(within(report).getByRole('button', { name: '编辑 汇报' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑任务' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.tagName).toBe('FORM');
  });

  it('opens 添加任务 from ?add=1 once and drops the parameter', async () => {
    const { router } = renderApp('/tasks?add=1');
    expect(await screen.findByRole('dialog', { name: '添加任务' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/tasks');
  });

  it("专注 on a row opens the focus timer on that task, in place; a modified click is the browser's", async () => {
    seed('t-rent', { title: '交房租' });
    const { router } = renderApp('/tasks');
    const focus = within(await screen.findByRole('listitem', { name: '交房租' })).getByRole(
      'link',
      { name: '专注 交房租' },
    );
    expect(focus).toHaveAttribute('href', '/time?focusTask=t-rent');
    // A new tab's click: the router stays where it is (the browser opens the tab).
    fireEvent.click(focus, { ctrlKey: true });
    expect(router.state.location.pathname).toBe('/tasks');
    fireEvent.click(focus);
    await waitFor(() => expect(router.state.location.pathname).toBe('/time'));
    // FocusTimer takes the task from the link, then drops the parameter.
    await screen.findByRole('region', { name: '专注计时器' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('keeps the dialog and what was typed when the save fails', async () => {
    server.use(
      http.post(/\/api\/tasks$/, () => HttpResponse.json({ error: '磁盘已满' }, { status: 422 })),
    );
    const user = userEvent.setup();
    renderApp('/tasks');
    await user.click(await screen.findByRole('button', { name: '添加任务' }));
    const dialog = await screen.findByRole('dialog', { name: '添加任务' });
    await user.type(within(dialog).getByLabelText(/标题/), '不会丢');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('创建任务失败：磁盘已满');
    expect(await screen.findByRole('dialog', { name: '添加任务' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/标题/)).toHaveValue('不会丢');
  });

  it('draws a tick in its row and the cards in the press itself, before the list has it', async () => {
    await seed('跑步', { dueDate: addDays(TODAY, -1) });
    await seed('读书');
    renderApp('/tasks');
    const box = await screen.findByRole('checkbox', { name: '跑步' });
    // The list's change waits for a paint (afterPaint); what the press drew is there at once.
    fireEvent.click(box);
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(within(row('跑步')).getByText('跑步')).toHaveClass('line-through');
    expect(within(card('已完成')).getByText('完成率 50%')).toBeInTheDocument();
    expect(within(card('已逾期')).getByText('0')).toBeInTheDocument();
    expect(filterButton('已完成')).toHaveTextContent('1');
    // And once the list has it, it is counted once.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: '跑步' })).toBeEnabled());
    expect(within(card('已完成')).getByText('完成率 50%')).toBeInTheDocument();
    expect(within(card('总任务')).getByText('2')).toBeInTheDocument();
  });

  it('completes and reopens a task, stamping and clearing completedAt', async () => {
    await seed('跑步', { dueDate: addDays(TODAY, -1) });
    const user = userEvent.setup();
    renderApp('/tasks');
    const box = await screen.findByRole('checkbox', { name: '跑步' });
    await user.click(box);
    await waitFor(() =>
      expect(within(card('已完成')).getByText('完成率 100%')).toBeInTheDocument(),
    );
    // Checked, and usable again once the change has settled.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: '跑步' })).toBeEnabled());
    expect(screen.getByRole('checkbox', { name: '跑步' })).toBeChecked();
    expect(within(card('已逾期')).getByText('0')).toBeInTheDocument();
    await waitFor(async () => {
      const [stored] = await demo.store.tasks.list('demo');
      expect(stored?.completed).toBe(true);
      expect(stored?.completedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    });

    await user.click(screen.getByRole('checkbox', { name: '跑步' }));
    // The label comes back once the stored task is refetched. (That the box follows the click
    // at once is checked in Chromium, whose check() insists on it.)
    await waitFor(() => expect(screen.getByRole('checkbox', { name: '跑步' })).not.toBeChecked());
    expect(await within(row('跑步')).findByText('已逾期1天')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await demo.store.tasks.list('demo')).toMatchObject([
        { completed: false, completedAt: null },
      ]),
    );
  });

  it('edits a task pre-filled, keeping its completion', async () => {
    await seed('旧标题', {
      description: '说明',
      priority: 'low',
      category: 'life',
      completed: true,
      completedAt: '2026-01-05T00:00:00.000Z',
    });
    const user = userEvent.setup();
    renderApp('/tasks');
    await user.click(
      within(await screen.findByRole('listitem', { name: '旧标题' })).getByRole('button', {
        name: '编辑 旧标题',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: '编辑任务' });
    expect(within(dialog).getByLabelText(/标题/)).toHaveValue('旧标题');
    expect(within(dialog).getByLabelText('描述')).toHaveValue('说明');
    await user.selectOptions(within(dialog).getByLabelText('优先级'), '低');
    await user.selectOptions(within(dialog).getByLabelText('分类'), '生活');
    await user.clear(within(dialog).getByLabelText(/标题/));
    await user.type(within(dialog).getByLabelText(/标题/), '新标题');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('listitem', { name: '新标题' })).toBeInTheDocument();
    await waitFor(async () =>
      expect((await demo.store.tasks.list('demo'))[0]?.title).toBe('新标题'),
    );
    const [stored] = await demo.store.tasks.list('demo');
    expect(stored).toMatchObject({
      id: '旧标题',
      title: '新标题',
      description: '说明',
      priority: 'low',
      category: 'life',
      completed: true,
      completedAt: '2026-01-05T00:00:00.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('deletes only after the confirmation, and says so when the server refuses', async () => {
    await seed('可删除');
    const user = userEvent.setup();
    renderApp('/tasks');
    // 删除 is in the row's 更多操作 (issue 60's one-line row).
    const remove = async () => {
      const item = await screen.findByRole('listitem', { name: '可删除' });
      await user.click(within(item).getByRole('button', { name: '更多操作 可删除' }));
      await user.click(within(item).getByRole('button', { name: '删除 可删除' }));
      return screen.getByRole('dialog', { name: '请确认' });
    };

    await user.click(within(await remove()).getByRole('button', { name: '取消' }));
    await waitFor(async () => expect(await demo.store.tasks.list('demo')).toHaveLength(1));

    server.use(
      http.delete(/\/api\/tasks\/[^/]+$/, () =>
        HttpResponse.json({ error: '忙' }, { status: 422 }),
      ),
    );
    const confirm = await remove();
    expect(confirm).toHaveTextContent('确定要删除「可删除」吗？');
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('删除任务失败：忙');
    await waitFor(async () => expect(await demo.store.tasks.list('demo')).toHaveLength(1));

    server.resetHandlers();
    await user.click(within(await remove()).getByRole('button', { name: '删除' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: '可删除' })).not.toBeInTheDocument(),
    );
    await waitFor(async () => expect(await demo.store.tasks.list('demo')).toHaveLength(0));
  });
});
