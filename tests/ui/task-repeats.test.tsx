import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayString } from '../../src/domain/dates';
import { occurrenceId } from '../../src/domain/recurrence';
import type { Task } from '../../src/domain/schemas/task';
import { seedTaskWith } from './engine-harness';
import { renderApp, signIn, testServer } from './harness';

// Issue 36 on the screen, over the real app (msw): repeats, sub-tasks, views, search and quick add.

const TODAY = todayString(new Date());
const { demo } = await testServer({ today: TODAY, clear: ['tasks'] });
beforeEach(async () => {
  await signIn(demo);
});

const seed = (id: string, fields: Partial<Task> = {}) => seedTaskWith(demo, id, fields);

const row = (title: string) => screen.getByRole('listitem', { name: title });
const listed = () =>
  within(screen.getByRole('region', { name: '任务列表' }))
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('[data-title]')?.textContent);
const serverTasks = () => demo.store.tasks.list('demo');

describe('repeating tasks on /tasks', () => {
  it('completing an occurrence creates the next one, a week on, with the derived id', async () => {
    await seed('倒垃圾', { dueDate: TODAY, repeat: 'FREQ=WEEKLY', seriesId: 'bins' });
    const user = userEvent.setup();
    renderApp('/tasks');
    await user.click(
      within(await screen.findByRole('listitem', { name: '倒垃圾' })).getByRole('checkbox'),
    );
    await waitFor(async () => expect(await serverTasks()).toHaveLength(2));
    const next = (await serverTasks()).find((t) => !t.completed)!;
    expect(next).toMatchObject({
      id: occurrenceId('bins', addDays(TODAY, 7)),
      dueDate: addDays(TODAY, 7),
      seriesId: 'bins',
      repeat: 'FREQ=WEEKLY',
    });
  });

  it('跳过这次 replaces the occurrence by the next one', async () => {
    await seed('还信用卡', { dueDate: TODAY, repeat: 'FREQ=DAILY;COUNT=5' });
    const user = userEvent.setup();
    renderApp('/tasks');
    await user.click(await screen.findByRole('button', { name: '更多操作 还信用卡' }));
    await user.click(screen.getByRole('button', { name: '跳过这次 还信用卡' }));
    await waitFor(async () => {
      const all = await serverTasks();
      expect(all.map((t) => [t.dueDate, t.repeat])).toEqual([
        [addDays(TODAY, 1), 'FREQ=DAILY;COUNT=4'],
      ]);
    });
  });

  it('the dialog writes the chosen repeat and previews the next three dates', async () => {
    await seed('周会', { dueDate: TODAY });
    const user = userEvent.setup();
    renderApp('/tasks');
    await user.click(await screen.findByRole('button', { name: '编辑 周会' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑任务' });
    await user.selectOptions(within(dialog).getByLabelText('重复'), 'monthlyLast');
    expect(within(dialog).getByTestId('repeat-preview').textContent).toMatch(
      /^接下来：.+、.+、.+$/,
    );
    await user.selectOptions(within(dialog).getByLabelText('结束'), 'count');
    fireEvent.change(within(dialog).getByLabelText('重复次数'), { target: { value: '2' } });
    expect(within(dialog).getByTestId('repeat-preview').textContent).toContain('（之后结束）');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(async () =>
      expect((await serverTasks())[0]).toMatchObject({
        repeat: 'FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=2',
      }),
    );
  });
});

describe('sub-tasks, postponing and finished rows', () => {
  it('shows 2/5; checking the last one offers to complete the task', async () => {
    await seed('汇报', {
      subtasks: [
        { id: 'a', title: '数据', done: true },
        { id: 'b', title: '图表', done: false },
      ],
    });
    const user = userEvent.setup();
    renderApp('/tasks');
    expect(
      within(await screen.findByRole('listitem', { name: '汇报' })).getByText('1/2'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '编辑 汇报' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑任务' });
    expect(within(dialog).queryByText('子任务已全部完成，是否完成该任务？')).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: '完成子任务 图表' }));
    await user.click(within(dialog).getByRole('button', { name: '保存并完成任务' }));
    await waitFor(async () => expect((await serverTasks())[0]).toMatchObject({ completed: true }));
    expect((await serverTasks())[0]!.subtasks).toEqual([
      { id: 'a', title: '数据', done: true },
      { id: 'b', title: '图表', done: true },
    ]);
  });

  it('推迟 to 明天 moves the due date', async () => {
    await seed('体检', { dueDate: TODAY });
    const user = userEvent.setup();
    renderApp('/tasks');
    await user.click(await screen.findByRole('button', { name: '更多操作 体检' }));
    await user.click(within(row('体检')).getByRole('button', { name: '推迟到明天' }));
    await waitFor(async () => expect((await serverTasks())[0]!.dueDate).toBe(addDays(TODAY, 1)));
  });

  it('a finished row is struck through and greyed by colour, not opacity (contrast)', async () => {
    await seed('买菜', { completed: true, completedAt: '2026-01-02T00:00:00.000Z' });
    renderApp('/tasks');
    const li = await screen.findByRole('listitem', { name: '买菜' });
    expect(li.className).not.toContain('opacity');
    const title = within(li).getByText('买菜');
    expect(title.className).toContain('line-through');
    expect(title.className).toContain('text-slate-500');
  });

  it('a row opens by one button named 编辑 <title> whose name holds all its visible text', async () => {
    await seed('体检', { dueDate: TODAY, tags: ['健康'] });
    renderApp('/tasks');
    const edit = await screen.findByRole('button', { name: '编辑 体检' });
    // WCAG 2.5.3: no aria-label that leaves out the date and the chips shown inside it.
    expect(edit.hasAttribute('aria-label')).toBe(false);
    expect(edit.textContent).toBe('编辑 体检');
    expect(within(row('体检')).getByText('#健康')).toBeTruthy();
  });
});

describe('smart views and search', () => {
  it('views cut the list by date; the filters keep their counts', async () => {
    await seed('今天的', { dueDate: TODAY });
    await seed('明天的', { dueDate: addDays(TODAY, 1) });
    await seed('下周的', { dueDate: addDays(TODAY, 6) });
    await seed('远的', { dueDate: addDays(TODAY, 7) });
    await seed('没日期');
    const user = userEvent.setup();
    renderApp('/tasks');
    await screen.findByRole('listitem', { name: '今天的' });
    const view = (name: string) => screen.getByRole('button', { name });
    await user.click(view('今天'));
    expect(listed()).toEqual(['今天的']);
    await user.click(view('明天'));
    expect(listed()).toEqual(['明天的']);
    await user.click(view('最近7天'));
    expect(listed()).toEqual(['今天的', '明天的', '下周的']);
    await user.click(view('无日期'));
    expect(listed()).toEqual(['没日期']);
    expect(screen.getByRole('button', { name: '全部 5' })).toBeInTheDocument();
    await user.click(view('无日期'));
    expect(listed()).toHaveLength(5);
  });

  it('search finds titles, descriptions, sub-tasks and pinyin initials', async () => {
    await seed('交房租');
    await seed('写周报', { description: '发给经理' });
    await seed('体检', { subtasks: [{ id: 's', title: '空腹抽血', done: false }] });
    const user = userEvent.setup();
    renderApp('/tasks');
    await screen.findByRole('listitem', { name: '交房租' });
    const search = screen.getByPlaceholderText('搜索任务');
    expect(search).toHaveAttribute('type', 'search');
    await user.type(search, '经理');
    await waitFor(() => expect(listed()).toEqual(['写周报']));
    await user.clear(search);
    await user.type(search, '抽血');
    await waitFor(() => expect(listed()).toEqual(['体检']));
    await user.clear(search);
    await user.type(search, 'jfz');
    await waitFor(() => expect(listed()).toEqual(['交房租']));
  });
});

describe('quick add', () => {
  it('shows chips, lets one go, and stores the resolved fields on Enter', async () => {
    const user = userEvent.setup();
    renderApp('/tasks');
    const field = await screen.findByRole('textbox', { name: '快速添加任务' });
    await user.type(field, '明天下午3点 交房租 !高 #生活');
    const chips = await screen.findByRole('list', { name: '识别结果' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual([
      // In the order typed; the date with its weekday.
      `${Number(addDays(TODAY, 1).slice(5, 7))}月${Number(addDays(TODAY, 1).slice(8))}日 周${'日一二三四五六'[new Date(`${addDays(TODAY, 1)}T12:00`).getDay()]} 15:00`,
      '优先级 高',
      '生活',
    ]);
    await user.click(within(chips).getByRole('button', { name: '移除 生活' }));
    await user.type(field, '{Enter}');
    await waitFor(async () => expect(await serverTasks()).toHaveLength(1));
    expect((await serverTasks())[0]).toMatchObject({
      title: '交房租 #生活',
      dueDate: addDays(TODAY, 1),
      dueTime: '15:00',
      priority: 'high',
      category: 'other',
    });
    expect(field).toHaveValue('');
  });
});
