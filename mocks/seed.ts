import dayjs from 'dayjs';
import type { Store } from '../server/store';
import { firstVersion, historyEntry, nextVersion } from '../src/domain/asset-versioning';
import type { Account } from '../src/domain/schemas/account';
import type { Asset, AssetHistoryEntry } from '../src/domain/schemas/asset';
import type { CheckinRecord, CheckinTask } from '../src/domain/schemas/checkin';
import type { Task } from '../src/domain/schemas/task';
import type { TimeRecord } from '../src/domain/schemas/time-record';
import type { Workout } from '../src/domain/schemas/workout';

// Three months of plausible records for demo mode, relative to `today` so the dashboard and
// "this week" always have something to show. A seeded generator keeps every demo the same.

/** A seeded pseudo-random source (mulberry32): the same data every run. */
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/** An asset or liability: type, name, category, first value, change per month. */
export type ChainSpec = [Asset['type'], string, string, number, number];

/**
 * One asset re-stated at the start of each month, as a person would: version 1 and its
 * `create` entry, then a new version and an `update` entry per month, built by the same
 * domain functions the app saves with (SPEC §4).
 */
export function assetChain(
  rnd: ReturnType<typeof generator>,
  id: (prefix: string) => string,
  [type, name, category, start, swing]: ChainSpec,
  months: readonly dayjs.Dayjs[],
): { assets: Asset[]; history: AssetHistoryEntry[] } {
  const assets: Asset[] = [];
  const history: AssetHistoryEntry[] = [];
  let previous: Asset | null = null;
  for (const [i, month] of months.entries()) {
    const date = (i === 0 ? month : month.add(rnd.int(0, 4), 'day')).format('YYYY-MM-DD');
    const data = {
      type,
      name,
      category,
      amount: Math.max(0, start + i * swing + rnd.int(-500, 500)),
      description: i === 0 ? '初始登记' : '月初更新',
      date,
      effectiveDate: date,
    };
    const record: Asset = previous
      ? nextVersion(previous, data, id('ast'))
      : firstVersion(data, id('ast'));
    assets.push(record);
    history.push({
      ...historyEntry(
        previous ? 'update' : 'create',
        previous,
        record,
        dayjs(date).hour(21).valueOf(),
      ),
      id: id('hst'),
    });
    previous = record;
  }
  return { assets, history };
}

const DAYS = 92;

export interface DemoData {
  accounts: Account[];
  assets: Asset[];
  assetHistory: AssetHistoryEntry[];
  workouts: Workout[];
  timeRecords: TimeRecord[];
  tasks: Task[];
  checkinTasks: CheckinTask[];
  checkinRecords: CheckinRecord[];
}

function demoData(today: string, seed = 7): DemoData {
  const rnd = generator(seed);
  const end = dayjs(today);
  const days = Array.from({ length: DAYS }, (_, i) => end.subtract(DAYS - 1 - i, 'day'));
  let n = 0;
  const id = (prefix: string) => `${prefix}-${(++n).toString(36).padStart(5, '0')}`;
  const at = (d: dayjs.Dayjs, hour: number) => d.hour(hour).minute(rnd.int(0, 59)).toISOString();

  const accounts: Account[] = [];
  const spend = (date: string, category: string, min: number, max: number, description = '') =>
    accounts.push({
      id: id('acc'),
      type: 'expense',
      category,
      amount: rnd.int(min * 100, max * 100) / 100,
      description,
      date,
    });
  for (const d of days) {
    const date = d.format('YYYY-MM-DD');
    if (d.date() === 10) {
      accounts.push({
        id: id('acc'),
        type: 'income',
        category: 'salary',
        amount: 18500,
        description: '月薪',
        date,
      });
    }
    if (d.date() === 1) spend(date, 'housing', 4200, 4200, '房租');
    spend(date, 'dining', 18, 45, rnd.pick(['午餐', '早餐', '咖啡', '']));
    if (rnd.chance(0.6)) spend(date, 'dining', 30, 160, rnd.pick(['晚餐', '和朋友聚餐', '外卖']));
    if (rnd.chance(0.5)) spend(date, 'transport', 3, 40, rnd.pick(['地铁', '打车', '公交']));
    if (rnd.chance(0.12))
      spend(date, 'shopping', 50, 600, rnd.pick(['日用品', '衣服', '数码配件']));
    if (rnd.chance(0.07)) spend(date, 'entertainment', 40, 300, rnd.pick(['电影', '演出', '游戏']));
    if (rnd.chance(0.04))
      spend(date, 'reimbursement', 80, 900, rnd.pick(['出差打车', '客户午餐', '差旅住宿']));
    if (rnd.chance(0.03)) {
      accounts.push({
        id: id('acc'),
        type: 'income',
        category: rnd.pick(['part_time', 'investment', 'gift'] as const),
        amount: rnd.int(200, 3000),
        description: '',
        date,
      });
    }
  }

  // Asset chains: each value is re-stated at the start of a month, as a person would.
  const assets: Asset[] = [];
  const assetHistory: AssetHistoryEntry[] = [];
  const chains: ChainSpec[] = [
    ['asset', '招商银行储蓄卡', 'bank_deposit', 52000, 6000],
    ['asset', '余额宝', 'funds', 18000, 1200],
    ['asset', '股票账户', 'stocks', 36000, 4000],
    ['asset', '钱包现金', 'cash', 800, 300],
    ['asset', '借给小王', 'receivables', 5000, 0],
    ['liability', '招行信用卡', 'credit_card', 6200, 2500],
    ['liability', '车贷', 'car_loan', 48000, -3000],
  ];
  const months = [2, 1, 0].map((back) => end.subtract(back, 'month').startOf('month'));
  for (const spec of chains) {
    const chain = assetChain(rnd, id, spec, months);
    assets.push(...chain.assets);
    assetHistory.push(...chain.history);
  }

  const workouts: Workout[] = [];
  const routine = [
    ['running', 30, 45, 280, 480],
    ['gym', 45, 80, 250, 450],
    ['yoga', 30, 60, 120, 200],
    ['swimming', 40, 60, 350, 550],
    ['cycling', 40, 90, 300, 700],
    ['badminton', 60, 90, 350, 600],
  ] as const;
  for (const d of days) {
    if (!rnd.chance(d.day() === 0 || d.day() === 6 ? 0.7 : 0.4)) continue;
    const [type, minD, maxD, minC, maxC] = rnd.pick(routine);
    workouts.push({
      id: id('wko'),
      type,
      duration: rnd.int(minD, maxD),
      calories: rnd.int(minC, maxC),
      notes: rnd.pick(['', '状态不错', '有点累', '配速提升']),
      date: d.format('YYYY-MM-DD'),
      createdAt: at(d, 19),
    });
  }

  const timeRecords: TimeRecord[] = [];
  const focus = [
    ['撰写周报', 'writing'],
    ['需求评审', 'work'],
    ['重构同步模块', 'programming'],
    ['英语听力', 'study'],
    ['读《置身事内》', 'reading'],
    ['界面草图', 'design'],
    ['专注时间', 'other'],
  ] as const;
  for (const d of days) {
    for (let k = rnd.int(0, 4); k > 0; k--) {
      const [task, category] = rnd.pick(focus);
      timeRecords.push({
        id: id('tim'),
        task,
        category,
        duration: rnd.int(20, 90) * 60 + rnd.int(0, 59),
        date: d.format('YYYY-MM-DD'),
        createdAt: at(d, 9 + k * 2),
      });
    }
  }

  const task = (
    title: string,
    category: Task['category'],
    priority: Task['priority'],
    dueOffset: number | null,
    completed: boolean,
    description = '',
  ): Task => {
    const created = end.subtract(rnd.int(3, 30), 'day');
    return {
      id: id('tsk'),
      title,
      description,
      priority,
      category,
      dueDate: dueOffset === null ? '' : end.add(dueOffset, 'day').format('YYYY-MM-DD'),
      completed,
      completedAt: completed ? at(end.subtract(rnd.int(0, 3), 'day'), 18) : null,
      createdAt: created.toISOString(),
      updatedAt: created.toISOString(),
    };
  };
  const tasks: Task[] = [
    task('提交季度总结', 'work', 'high', 1, false, '包括数据看板截图'),
    task('预约体检', 'health', 'medium', 3, false),
    task('续费宽带', 'life', 'low', -2, false),
    task('整理报销单据', 'work', 'medium', -1, false, '三张发票'),
    task('读完《原则》', 'study', 'low', 14, false),
    task('买生日礼物', 'shopping', 'high', 0, false),
    task('准备技术分享', 'work', 'high', 6, false),
    task('修理自行车', 'life', 'low', null, false),
    task('周末看展', 'entertainment', 'low', null, true),
    task('更新简历', 'work', 'medium', -5, true),
    task('交电费', 'life', 'high', -3, true),
    task('报名英语考试', 'study', 'medium', -8, true),
  ];

  const checkinTasks: CheckinTask[] = [
    {
      id: id('chk'),
      name: '早起',
      description: '7 点前起床',
      type: 'daily',
      frequency: 1,
      monthlyTarget: 25,
      category: 'health',
    },
    {
      id: id('chk'),
      name: '阅读 30 分钟',
      description: '',
      type: 'daily',
      frequency: 1,
      monthlyTarget: 30,
      category: 'study',
    },
    {
      id: id('chk'),
      name: '健身',
      description: '每周至少三次',
      type: 'weekly',
      frequency: 3,
      monthlyTarget: 12,
      category: 'health',
    },
    {
      id: id('chk'),
      name: '月度复盘',
      description: '',
      type: 'monthly',
      frequency: 1,
      monthlyTarget: 1,
      category: 'habit',
    },
  ];
  const odds = [0.8, 0.65, 0.45, 0.04];
  const checkinRecords: CheckinRecord[] = [];
  for (const d of days.slice(0, -1)) {
    for (const [i, habit] of checkinTasks.entries()) {
      if (rnd.chance(odds[i]!)) {
        checkinRecords.push({ id: id('rec'), taskId: habit.id, date: d.format('YYYY-MM-DD') });
      }
    }
  }

  return {
    accounts,
    assets,
    assetHistory,
    workouts,
    timeRecords,
    tasks,
    checkinTasks,
    checkinRecords,
  };
}

/** Writes the demo data for one user into a store (the memory store in demo mode). */
export async function seedStore(store: Store, userId: string, today: string, seed?: number) {
  const data = demoData(today, seed);
  for (const [key, records] of Object.entries(data) as [keyof DemoData, { id: string }[]][]) {
    const target = store[key] as { create(user: string, record: unknown): Promise<unknown> };
    for (const record of records) await target.create(userId, record);
  }
}
