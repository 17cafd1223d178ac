import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayString } from '../../src/domain/dates';
import type { Workout } from '../../src/domain/schemas/workout';
import { renderApp, signIn, testServer } from './harness';

// 标签 (issue 63) on a form and on a tag's page, against the app's own server (msw). The
// clock is the UI tests' fixed one (tests/ui/setup.ts).

const TODAY = todayString(new Date());
const { demo } = await testServer({
  today: TODAY,
  clear: ['workouts', 'accounts', 'tasks', 'timeRecords'],
});
beforeEach(async () => {
  await signIn(demo);
});

const STAMP = {
  updatedAt: `${TODAY}T01:00:00.000Z`,
  editedAt: `${TODAY}T01:00:00.000Z`,
  stamp: '',
};

function workout(id: string, fields: Partial<Workout>): Workout {
  return {
    id,
    type: 'running',
    duration: 30,
    calories: 0,
    notes: '',
    date: TODAY,
    createdAt: `${TODAY}T01:00:00.000Z`,
    ...STAMP,
    ...fields,
  };
}

describe('the tag field', () => {
  it('suggests existing tags, refuses a bad one in Chinese, adds the note’s #标签', async () => {
    await demo.store.workouts.create('demo', workout('w0', { tags: ['旅行'] }));
    const user = userEvent.setup();
    renderApp('/fitness');
    await screen.findByRole('heading', { name: '健身记录' });
    await user.click(await screen.findByRole('button', { name: '添加运动' }));
    const dialog = await screen.findByRole('dialog', { name: '添加运动' });
    await user.type(within(dialog).getByLabelText(/时长（分钟）/), '90');
    await user.type(within(dialog).getByLabelText('备注'), '爬山 #成都');
    const field = within(dialog).getByLabelText('标签', { selector: 'input' });
    await user.type(field, '有#号{Enter}');
    expect(within(dialog).getByText('标签不能包含空格或 #')).toBeInTheDocument();
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: '添加标签 旅行' }));
    expect(within(dialog).getByRole('button', { name: '移除标签 旅行' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(async () => {
      const saved = (await demo.store.workouts.list('demo')).find((w) => w.id !== 'w0');
      expect(saved).toMatchObject({ notes: '爬山 #成都', tags: ['旅行', '成都'] });
    });
  });

  it('an edit that does not touch the tags keeps them', async () => {
    await demo.store.workouts.create('demo', workout('w1', { tags: ['旅行', '成都'] }));
    const user = userEvent.setup();
    renderApp('/fitness?open=w1');
    const dialog = await screen.findByRole('dialog', { name: '编辑运动' });
    const duration = within(dialog).getByLabelText(/时长（分钟）/);
    await user.clear(duration);
    await user.type(duration, '45');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(async () =>
      expect(await demo.store.workouts.get('demo', 'w1')).toMatchObject({
        duration: 45,
        tags: ['旅行', '成都'],
      }),
    );
  });
});

describe('a tag’s page', () => {
  it('renames the tag on every record and follows it', async () => {
    await demo.store.workouts.create('demo', workout('w2', { tags: ['旅行'] }));
    await demo.store.accounts.create('demo', {
      id: 'a2',
      type: 'expense',
      amount: 88,
      category: 'dining',
      description: '',
      date: TODAY,
      templateId: null,
      reimbursed: false,
      reimbursedBy: null,
      tags: ['旅行'],
      ...STAMP,
    });
    const user = userEvent.setup();
    renderApp(`/tags/${encodeURIComponent('旅行')}`);
    await screen.findByRole('heading', { name: '#旅行', level: 1 });
    expect(await screen.findByRole('region', { name: '支出' })).toHaveTextContent('¥88.00');
    expect(screen.getByRole('region', { name: '运动' })).toHaveTextContent('30 分钟');
    await user.click(screen.getByRole('button', { name: '重命名' }));
    const dialog = await screen.findByRole('dialog', { name: '重命名标签' });
    const name = within(dialog).getByLabelText(/新名称/);
    await user.clear(name);
    await user.type(name, '有 空格');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('标签不能包含空格或 #')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, '出游');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await screen.findByRole('heading', { name: '#出游', level: 1 });
    await waitFor(async () => {
      expect((await demo.store.workouts.get('demo', 'w2'))?.tags).toEqual(['出游']);
      expect((await demo.store.accounts.get('demo', 'a2'))?.tags).toEqual(['出游']);
    });
  });
});

describe('quick add', () => {
  it('stores #旅行 as a tag and leaves it in the title; #生活 stays the category', async () => {
    const user = userEvent.setup();
    renderApp('/tasks');
    const field = await screen.findByRole('textbox', { name: '快速添加任务' });
    await user.type(field, '订机票 #生活 #旅行');
    const chips = await screen.findByRole('list', { name: '识别结果' });
    await within(chips).findByText('#旅行');
    await user.type(field, '{Enter}');
    await waitFor(async () =>
      expect(await demo.store.tasks.list('demo')).toMatchObject([
        { title: '订机票 #旅行', category: 'life', tags: ['旅行'] },
      ]),
    );
  });
});

describe('deleting a tag', () => {
  it('asks, then removes it from every record and keeps the records', async () => {
    await demo.store.workouts.create('demo', workout('w3', { tags: ['论文', '旅行'] }));
    await demo.store.tasks.create('demo', {
      id: 't3',
      title: '写第二章',
      description: '',
      priority: 'medium',
      category: 'study',
      dueDate: '',
      completed: false,
      completedAt: null,
      createdAt: `${TODAY}T01:00:00.000Z`,
      tags: ['论文'],
      ...STAMP,
    });
    const user = userEvent.setup();
    renderApp(`/tags/${encodeURIComponent('论文')}`);
    await screen.findByRole('region', { name: '任务记录' });
    await user.click(screen.getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('dialog', { name: '请确认' });
    expect(confirm).toHaveTextContent('将从 2 条记录中移除这个标签');
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    await screen.findByRole('heading', { name: '标签', level: 1 });
    await waitFor(async () => {
      expect((await demo.store.workouts.get('demo', 'w3'))?.tags).toEqual(['旅行']);
      expect(await demo.store.tasks.get('demo', 't3')).toMatchObject({
        title: '写第二章',
        tags: [],
      });
    });
  });
});

describe('a focus session', () => {
  afterEach(() => vi.restoreAllMocks());

  it('named with #旅行 is tagged 旅行 and keeps its name', async () => {
    let clock = new Date(`${TODAY}T12:00:00`).getTime();
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const user = userEvent.setup();
    renderApp('/time');
    await user.click(await screen.findByRole('button', { name: '自定义开始' }));
    const dialog = await screen.findByRole('dialog', { name: '自定义开始' });
    await user.type(within(dialog).getByLabelText(/任务名称/), '查攻略 #旅行');
    await user.click(within(dialog).getByRole('button', { name: '开始' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    clock += 25 * 60_000;
    await user.click(screen.getByRole('button', { name: '结束并保存' }));
    await waitFor(async () =>
      expect(await demo.store.timeRecords.list('demo')).toMatchObject([
        { task: '查攻略 #旅行', duration: 1500, tags: ['旅行'] },
      ]),
    );
  });
});
