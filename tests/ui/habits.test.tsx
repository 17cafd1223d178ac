import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayString } from '../../src/domain/dates';
import type { CheckinTask } from '../../src/domain/schemas/checkin';
import { habit as habitFields } from '../fixtures/records';
import { renderApp, signIn, testServer } from './harness';

const TODAY = todayString(new Date());
const { demo } = await testServer({ today: TODAY, clear: ['checkinTasks'] });
beforeEach(async () => {
  await signIn(demo);
});

let habits = 0;
async function habit(name: string, fields: Partial<CheckinTask> = {}) {
  habits += 1;
  const id = `m${habits}`;
  await demo.store.checkinTasks.create('demo', habitFields({ id, name, ...fields }));
  return id;
}
const records = async (taskId: string) =>
  (await demo.store.checkinRecords.list('demo')).filter((r) => r.taskId === taskId);

describe('measurable habits', () => {
  it('creates a 计量 habit with 单位, 目标, 至多 and a reminder', async () => {
    const user = userEvent.setup();
    renderApp('/checkin');
    await user.click(await screen.findByRole('button', { name: '创建第一个打卡任务' }));
    const dialog = await screen.findByRole('dialog', { name: '创建打卡任务' });
    await user.type(within(dialog).getByLabelText(/名称/), '咖啡');
    await user.click(within(dialog).getByRole('radio', { name: '计量' }));
    await user.type(within(dialog).getByLabelText('单位'), '杯');
    await user.clear(within(dialog).getByLabelText('目标'));
    await user.type(within(dialog).getByLabelText('目标'), '2');
    await user.click(within(dialog).getByRole('radio', { name: '至多' }));
    await user.type(within(dialog).getByLabelText(/提醒时间/), '08:30');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () =>
      expect(await demo.store.checkinTasks.list('demo')).toMatchObject([
        {
          name: '咖啡',
          kind: 'measurable',
          unit: '杯',
          target: 2,
          targetType: 'atMost',
          targetPeriod: 'day',
          reminderTime: '08:30',
        },
      ]),
    );
  });

  it('+1 and a typed value change one record of the day; 跳过 marks it skipped', async () => {
    const id = await habit('喝水', { kind: 'measurable', unit: '杯', target: 8 });
    const user = userEvent.setup();
    renderApp('/checkin');
    const card = await screen.findByRole('article', { name: '喝水' });
    const score = () => within(card).getByText((_, el) => el?.tagName === 'SUMMARY');
    expect(score()).toHaveTextContent('习惯强度 0%');
    await user.click(within(card).getByRole('button', { name: '+1' }));
    await waitFor(async () => expect(await records(id)).toMatchObject([{ date: TODAY, value: 1 }]));
    await user.click(within(card).getByRole('button', { name: '+1' }));
    await waitFor(async () => expect(await records(id)).toMatchObject([{ value: 2 }]));
    const box = within(card).getByLabelText(/今日数值/);
    await user.clear(box);
    await user.type(box, '8');
    await user.click(within(card).getByRole('button', { name: '记录' }));
    await waitFor(async () =>
      expect(await records(id)).toMatchObject([{ value: 8, skipped: false }]),
    );
    expect(within(card).getByRole('progressbar', { name: '今日进度' })).toHaveAttribute(
      'aria-valuetext',
      '8 / 8 杯',
    );
    expect(within(card).getByText('已达标')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, '-1');
    await user.click(within(card).getByRole('button', { name: '记录' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('请输入不小于 0 的数字');

    await user.click(within(card).getByRole('button', { name: '跳过' }));
    await waitFor(async () => expect(await records(id)).toMatchObject([{ skipped: true }]));
    expect(await records(id)).toHaveLength(1);
    expect(within(card).getByRole('button', { name: '取消跳过' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('corrects a past day picked in the calendar', async () => {
    const id = await habit('跑步', { kind: 'measurable', unit: '公里', target: 5 });
    const yesterday = addDays(TODAY, -1);
    if (yesterday.slice(0, 7) !== TODAY.slice(0, 7)) return; // the calendar shows this month
    await demo.store.checkinRecords.create('demo', {
      id: 'r1',
      taskId: id,
      date: yesterday,
      value: 2,
    });
    const user = userEvent.setup();
    renderApp('/checkin');
    const card = await screen.findByRole('article', { name: '跑步' });
    const day = `${Number(yesterday.slice(5, 7))}月${Number(yesterday.slice(8))}日`;
    await user.click(within(card).getByRole('button', { name: new RegExp(`^${day} 未达标`) }));
    const box = within(card).getByLabelText(new RegExp(`${day}数值`));
    expect(box).toHaveValue('2');
    await user.clear(box);
    await user.type(box, '6');
    await user.click(within(card).getByRole('button', { name: '记录' }));
    await waitFor(async () => expect(await records(id)).toMatchObject([{ id: 'r1', value: 6 }]));
  });

  it('skipping a yes/no day keeps the streak, and checking in takes the skip back', async () => {
    const id = await habit('早起');
    const user = userEvent.setup();
    renderApp('/checkin');
    const card = await screen.findByRole('article', { name: '早起' });
    await user.click(within(card).getByRole('button', { name: '跳过' }));
    await waitFor(async () => expect(await records(id)).toMatchObject([{ skipped: true }]));
    // The spec's check-in still reads 今日打卡: a skip is no check-in.
    await user.click(within(card).getByRole('button', { name: '今日打卡' }));
    await waitFor(async () =>
      expect(await records(id)).toMatchObject([{ date: TODAY, value: 1, skipped: false }]),
    );
    expect(await within(card).findByRole('button', { name: '今日已打卡' })).toBeInTheDocument();
  });

  it('archives a habit out of the daily list and brings it back', async () => {
    await habit('冥想');
    await habit('阅读');
    const user = userEvent.setup();
    renderApp('/checkin');
    const card = await screen.findByRole('article', { name: '冥想' });
    await user.click(within(card).getByRole('button', { name: '归档 冥想' }));
    await waitFor(async () =>
      expect(
        (await demo.store.checkinTasks.list('demo')).find((t) => t.name === '冥想'),
      ).toMatchObject({
        archived: true,
      }),
    );
    expect(await screen.findByText(/已归档（1）/)).toBeInTheDocument();
    await user.click(screen.getByText(/已归档（1）/));
    await user.click(screen.getByRole('button', { name: '取消归档 冥想' }));
    await waitFor(() => expect(screen.queryByText(/已归档/)).not.toBeInTheDocument());
  });

  it('moves a habit down with the keyboard and keeps the order', async () => {
    await habit('甲');
    await habit('乙');
    const user = userEvent.setup();
    renderApp('/checkin');
    const first = await screen.findByRole('article', { name: '甲' });
    within(first).getByRole('button', { name: '下移 甲' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(async () => {
      const stored = await demo.store.checkinTasks.list('demo');
      const order = [...stored].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
      expect(order.map((t) => t.name)).toEqual(['乙', '甲']);
    });
    await waitFor(() =>
      expect(
        screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent),
      ).toEqual(['乙', '甲']),
    );
  });
});
