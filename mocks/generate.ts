import dayjs from 'dayjs';
import { firstVersion, historyEntry, nextVersion } from '../src/domain/asset-versioning';
import { occurrenceRecord } from '../src/domain/recurring';
import type { Account } from '../src/domain/schemas/account';
import type { Asset, AssetHistoryEntry } from '../src/domain/schemas/asset';
import type { expenseCategories, incomeCategories } from '../src/domain/schemas/categories';
import type { Category } from '../src/domain/schemas/category';
import type { CheckinRecord, CheckinTask } from '../src/domain/schemas/checkin';
import type { RecurringTemplate } from '../src/domain/schemas/recurring';
import type { Task } from '../src/domain/schemas/task';
import type { TimeRecord } from '../src/domain/schemas/time-record';
import type { Transfer } from '../src/domain/schemas/transfer';
import type { Wallet } from '../src/domain/schemas/wallet';
import type { Workout } from '../src/domain/schemas/workout';

// One generator for every made-up data set: the demo's three months (mocks/seed.ts), the
// benchmarks' ten years (scripts/bench.ts, scripts/bench-web.ts) and the Lighthouse runs.
// A profile says how busy a person is; the span and `today` say when. Seeded, so a data set is
// the same on every run relative to its `today`. No Node imports: the demo runs it in a tab.

/** A seeded pseudo-random source (mulberry32). */
function generator(seed: number) {
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

type Random = ReturnType<typeof generator>;
type ExpenseCategory = (typeof expenseCategories)[number];
type IncomeCategory = (typeof incomeCategories)[number];

/** An asset or liability: type, name, category, first value, change per month. */
type ChainSpec = [Asset['type'], string, string, number, number];

/** An expense that happens on a day with this chance: category, yuan min–max, notes. */
type Spend = [number, ExpenseCategory, number, number, readonly string[]];

/** Type, minutes min–max, calories min–max. */
type Routine = readonly [Workout['type'], number, number, number, number];

/** A measurable habit: unit, target, 至少/至多, the target's period, and a day's value min–max. */
interface Measure {
  unit: string;
  target: number;
  targetType: 'atLeast' | 'atMost';
  targetPeriod: 'day' | 'week' | 'month';
  values: [number, number];
}

/** Name, type, times per period, category, chance of a check-in a day, monthly target, note, measure. */
type Habit = [
  string,
  CheckinTask['type'],
  number,
  CheckinTask['category'],
  number,
  number,
  string?,
  Measure?,
];

export interface Profile {
  /** Paid on the 10th: the first year's amount and the raise each year after. */
  salary: [number, number];
  /** Paid on the 1st. */
  rent: number;
  spending: readonly Spend[];
  /** Chance a day of some other income, 200–3000 yuan. */
  otherIncome: [number, readonly IncomeCategory[]];
  /** Each re-stated at the start of every month of the span. */
  chains: readonly ChainSpec[];
  /** Chance of a workout on a weekday and on a weekend day, of a second one that day, of no calories. */
  workouts: { weekday: number; weekend: number; twice: number; noCalories: number };
  routine: readonly Routine[];
  /** Focus sessions a day, min–max. */
  focusPerDay: [number, number];
  focus: readonly (readonly [string, TimeRecord['category']])[];
  /** Chance of new tasks on a day, and at most how many. */
  tasksPerDay: [number, number];
  /** Chance a task due before today has been done. */
  doneWhenDue: number;
  taskTitles: readonly (readonly [string, Task['category']])[];
  taskNote: string;
  habits: readonly Habit[];
}

const ROUTINE: readonly Routine[] = [
  ['running', 30, 45, 280, 480],
  ['gym', 45, 80, 250, 450],
  ['yoga', 30, 60, 120, 200],
  ['swimming', 40, 60, 350, 550],
  ['cycling', 40, 90, 300, 700],
  ['badminton', 60, 90, 350, 600],
];

const FOCUS = [
  ['撰写周报', 'writing'],
  ['需求评审', 'work'],
  ['重构同步模块', 'programming'],
  ['英语听力', 'study'],
  ['读《置身事内》', 'reading'],
  ['界面草图', 'design'],
  ['专注时间', 'other'],
] as const;

const TASK_TITLES = [
  ['提交季度总结', 'work'],
  ['预约体检', 'health'],
  ['续费宽带', 'life'],
  ['整理报销单据', 'work'],
  ['读完《原则》', 'study'],
  ['买生日礼物', 'shopping'],
  ['准备技术分享', 'work'],
  ['周末看展', 'entertainment'],
  ['交电费', 'life'],
  ['修理自行车', 'life'],
  ['报名英语考试', 'study'],
  ['整理照片', 'other'],
] as const;

/** The demo user: a few records a day, seven accounts, four habits. */
export const DEMO_PROFILE: Profile = {
  salary: [18500, 0],
  rent: 4200,
  spending: [
    [1, 'dining', 18, 45, ['午餐', '早餐', '咖啡', '']],
    [0.6, 'dining', 30, 160, ['晚餐', '和朋友聚餐', '外卖']],
    [0.5, 'transport', 3, 40, ['地铁', '打车', '公交']],
    [0.12, 'shopping', 50, 600, ['日用品', '衣服', '数码配件']],
    [0.07, 'entertainment', 40, 300, ['电影', '演出', '游戏']],
    [0.04, 'reimbursement', 80, 900, ['出差打车', '客户午餐', '差旅住宿']],
  ],
  otherIncome: [0.03, ['part_time', 'investment', 'gift']],
  chains: [
    ['asset', '招商银行储蓄卡', 'bank_deposit', 52000, 6000],
    ['asset', '余额宝', 'funds', 18000, 1200],
    ['asset', '股票账户', 'stocks', 36000, 4000],
    ['asset', '钱包现金', 'cash', 800, 300],
    ['asset', '借给小王', 'receivables', 5000, 0],
    ['liability', '招行信用卡', 'credit_card', 6200, 2500],
    ['liability', '车贷', 'car_loan', 48000, -3000],
  ],
  workouts: { weekday: 0.4, weekend: 0.7, twice: 0, noCalories: 0 },
  routine: ROUTINE,
  focusPerDay: [0, 4],
  focus: FOCUS,
  tasksPerDay: [0.2, 1],
  doneWhenDue: 0.8,
  taskTitles: TASK_TITLES,
  taskNote: '包括数据看板截图',
  habits: [
    ['早起', 'daily', 1, 'health', 0.8, 25, '7 点前起床'],
    ['阅读 30 分钟', 'daily', 1, 'study', 0.65, 30],
    ['健身', 'weekly', 3, 'health', 0.45, 12, '每周至少三次'],
    ['月度复盘', 'monthly', 1, 'habit', 0.04, 1],
  ],
};

/**
 * The heavy user of docs/spec.md "Budgets", who over ten years reaches ~40k bookkeeping rows, ~4k
 * workouts, ~20k focus sessions, ~5k tasks, ~1k asset versions and 20 habits with ~40k check-ins.
 */
export const HEAVY_PROFILE: Profile = {
  salary: [12000, 500],
  rent: 4200,
  spending: [
    [1, 'dining', 6, 20, ['早餐', '豆浆油条', '包子']],
    [1, 'dining', 18, 45, ['午餐', '食堂', '外卖午饭']],
    [1, 'dining', 25, 160, ['晚餐', '和朋友聚餐', '外卖', '']],
    [0.7, 'dining', 12, 38, ['咖啡', '奶茶', '水果']],
    [1, 'transport', 3, 8, ['地铁']],
    [1, 'transport', 3, 40, ['地铁', '打车', '公交']],
    [0.9, 'dining', 5, 30, ['零食', '水果', '下午茶']],
    [0.8, 'transport', 1.5, 3, ['共享单车']],
    [0.8, 'shopping', 5, 120, ['日用品', '超市', '便利店']],
    [0.6, 'shopping', 3, 60, ['网购', '快递代收', '']],
    [0.5, 'shopping', 30, 600, ['衣服', '数码配件', '书']],
    [0.4, 'entertainment', 20, 300, ['电影', '演出', '游戏']],
    [0.3, 'medical', 10, 400, ['药店', '挂号', '']],
    [0.3, 'education', 20, 500, ['网课', '教材', '']],
    [0.2, 'other', 5, 200, ['快递', '话费', '']],
    [0.1, 'reimbursement', 80, 900, ['出差打车', '客户午餐', '差旅住宿']],
  ],
  otherIncome: [0.05, ['part_time', 'investment', 'gift', 'bonus']],
  chains: [
    ['asset', '招商银行储蓄卡', 'bank_deposit', 52000, 600],
    ['asset', '余额宝', 'funds', 18000, 120],
    ['asset', '股票账户', 'stocks', 36000, 400],
    ['asset', '钱包现金', 'cash', 800, 0],
    ['asset', '公积金', 'other_investment', 10000, 900],
    ['liability', '招行信用卡', 'credit_card', 6200, 0],
    ['liability', '房贷', 'mortgage', 900000, -5000],
    ['liability', '车贷', 'car_loan', 48000, -300],
  ],
  workouts: { weekday: 1, weekend: 1, twice: 0.1, noCalories: 0.1 },
  routine: [...ROUTINE, ['walking', 20, 60, 80, 200]],
  focusPerDay: [3, 8],
  focus: [...FOCUS, ['复盘', 'thinking']],
  tasksPerDay: [0.75, 3],
  doneWhenDue: 0.9,
  taskTitles: TASK_TITLES,
  taskNote: '记得带上相关材料，完成后在群里说一声',
  habits: [
    ['早起', 'daily', 1, 'health', 0.8, 25],
    ['阅读 30 分钟', 'daily', 1, 'study', 0.7, 25],
    ['健身', 'weekly', 3, 'health', 0.45, 12],
    ['冥想', 'daily', 1, 'habit', 0.6, 25],
    ['背单词', 'daily', 1, 'study', 0.75, 25],
    [
      '喝水',
      'daily',
      1,
      'health',
      0.85,
      25,
      '',
      {
        unit: '杯',
        target: 8,
        targetType: 'atLeast',
        targetPeriod: 'day',
        values: [3, 10],
      },
    ],
    ['写日记', 'daily', 1, 'habit', 0.55, 25],
    ['不吃夜宵', 'daily', 1, 'health', 0.6, 25],
    ['整理桌面', 'weekly', 2, 'habit', 0.3, 8],
    [
      '跑步',
      'weekly',
      3,
      'health',
      0.45,
      12,
      '',
      {
        unit: '公里',
        target: 15,
        targetType: 'atLeast',
        targetPeriod: 'week',
        values: [3, 8],
      },
    ],
    [
      '刷短视频',
      'daily',
      1,
      'habit',
      0.9,
      25,
      '',
      {
        unit: '分钟',
        target: 30,
        targetType: 'atMost',
        targetPeriod: 'day',
        values: [5, 60],
      },
    ],
    ['学习新技术', 'weekly', 5, 'work', 0.65, 20],
    ['写周报', 'weekly', 1, 'work', 0.14, 4],
    ['复盘', 'monthly', 1, 'habit', 0.04, 1],
    ['早睡', 'daily', 1, 'health', 0.7, 25],
    ['拉伸', 'daily', 1, 'health', 0.65, 25],
    ['练琴', 'weekly', 4, 'habit', 0.55, 16],
    ['读论文', 'weekly', 2, 'study', 0.3, 8],
    ['给家人打电话', 'weekly', 2, 'habit', 0.3, 8],
    ['清空收件箱', 'daily', 1, 'work', 0.8, 25],
  ],
};

export interface GeneratedData {
  accounts: Account[];
  assets: Asset[];
  assetHistory: AssetHistoryEntry[];
  workouts: Workout[];
  timeRecords: TimeRecord[];
  tasks: Task[];
  checkinTasks: CheckinTask[];
  checkinRecords: CheckinRecord[];
  recurring: RecurringTemplate[];
  wallets: Wallet[];
  transfers: Transfer[];
  categories: Category[];
}

/**
 * The demo's 账户 (issue 61): four accounts and a credit card. Entries are spread over them by
 * category, without drawing from the random sequence, so every other record stays as it was.
 */
const DEMO_WALLETS: Wallet[] = [
  { id: 'demo-wallet-cash', name: '现金', type: 'cash', openingBalance: 500 },
  { id: 'demo-wallet-bank', name: '招商银行', type: 'debit', openingBalance: 20_000 },
  { id: 'demo-wallet-alipay', name: '支付宝', type: 'alipay', openingBalance: 3000 },
  { id: 'demo-wallet-wechat', name: '微信', type: 'wechat', openingBalance: 1000 },
  {
    id: 'demo-wallet-card',
    name: '招行信用卡',
    type: 'credit',
    openingBalance: 0,
    creditLimit: 30_000,
    statementDay: 5,
    dueDay: 23,
  },
].map((w, order) => ({
  creditLimit: 0,
  statementDay: null,
  dueDay: null,
  archived: false,
  ...w,
  order,
  type: w.type as Wallet['type'],
}));

/** The demo's 分类 of its own (issue 61): 宠物 with a 子分类 猫粮, and 日用. */
const DEMO_CATEGORIES: Category[] = [
  { id: 'demo-cat-pet', name: '宠物', type: 'expense', parentId: null, icon: '🐱', order: 20 },
  {
    id: 'demo-cat-catfood',
    name: '猫粮',
    type: 'expense',
    parentId: 'demo-cat-pet',
    icon: '🐟',
    order: 0,
  },
  { id: 'demo-cat-daily', name: '日用', type: 'expense', parentId: null, icon: '🧴', order: 21 },
].map((c) => ({ ...c, hidden: false, type: c.type as Category['type'] }));

const SPENT_FROM: Record<string, string> = {
  dining: 'demo-wallet-alipay',
  transport: 'demo-wallet-wechat',
  shopping: 'demo-wallet-card',
  entertainment: 'demo-wallet-card',
  housing: 'demo-wallet-bank',
  medical: 'demo-wallet-bank',
};

function walletFor(type: Account['type'], category: string, n: number): string {
  if (type === 'income') return 'demo-wallet-bank';
  return SPENT_FROM[category] ?? (n % 3 === 0 ? 'demo-wallet-cash' : 'demo-wallet-wechat');
}

export interface GenerateOptions {
  /** The last day of the data, 'YYYY-MM-DD'. */
  today: string;
  /** How far back: a number of days, or of years (ten years end the day after `today` − 10 y). */
  span: { days: number } | { years: number };
  seed?: number;
}

/**
 * One asset re-stated at the start of each month, as a person would: version 1 and its
 * `create` entry, then a new version and an `update` entry per month, built by the same
 * domain functions the app saves with (docs/spec.md §4).
 */
function assetChain(
  rnd: Random,
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

/** Every record of one user over the span ending `today`, as the app would have stored them. */
export function generateData(
  profile: Profile,
  { today, span, seed = 7 }: GenerateOptions,
): GeneratedData {
  const rnd = generator(seed);
  const end = dayjs(today);
  const start =
    'years' in span
      ? end.subtract(span.years, 'year').add(1, 'day')
      : end.subtract(span.days - 1, 'day');
  const days: dayjs.Dayjs[] = [];
  for (let d = start; !d.isAfter(end, 'day'); d = d.add(1, 'day')) days.push(d);
  let n = 0;
  const id = (prefix: string) => `${prefix}-${(++n).toString(36).padStart(6, '0')}`;
  const at = (d: dayjs.Dayjs, hour: number) =>
    d.hour(hour).minute(rnd.int(0, 59)).second(rnd.int(0, 59)).toISOString();

  const accounts: Account[] = [];
  // The rent is a 周期记账 template's: its records carry the template, as the server writes them.
  const rent: RecurringTemplate = {
    id: 'demo-rent',
    type: 'expense',
    amount: profile.rent,
    category: 'housing',
    description: '房租',
    every: 1,
    unit: 'month',
    startDate: '',
    endDate: '',
    paused: false,
    lastDate: '',
    walletId: 'demo-wallet-bank',
  };
  const plain = { templateId: null, reimbursed: false, reimbursedBy: null } as const;
  const transfers: Transfer[] = [];
  for (const d of days) {
    const date = d.format('YYYY-MM-DD');
    const income = (category: Account['category'], amount: number, description: string) =>
      accounts.push({
        id: id('acc'),
        type: 'income',
        category,
        amount,
        description,
        date,
        ...plain,
        walletId: walletFor('income', category, n),
      });
    const spend = (category: string, min: number, max: number, description: string) =>
      accounts.push({
        id: id('acc'),
        type: 'expense',
        category,
        amount: rnd.int(min * 100, max * 100) / 100,
        description,
        date,
        ...plain,
        walletId: walletFor('expense', category, n),
      });
    if (d.date() === 10) {
      income('salary', profile.salary[0] + profile.salary[1] * (d.year() - start.year()), '月薪');
    }
    if (d.date() === 1) {
      rent.startDate ||= date;
      rent.lastDate = date;
      accounts.push(occurrenceRecord(rent, date));
    }
    // 猫粮 each month, in the demo's own 分类: its ids stand apart so every other record keeps its.
    if (d.date() === 15) {
      accounts.push({
        id: `demo-pet-${date}`,
        type: 'expense',
        category: 'demo-cat-catfood',
        amount: 89,
        description: '猫粮',
        date,
        ...plain,
        walletId: 'demo-wallet-alipay',
      });
    }
    // Pay day tops up 支付宝 and 微信; the card's bill is paid before its 还款日.
    const move = (from: string, to: string, amount: number, note: string) =>
      transfers.push({
        id: id('trf'),
        fromWalletId: from,
        toWalletId: to,
        amount,
        fee: 0,
        date,
        note,
        tags: [],
      });
    if (d.date() === 11) {
      move('demo-wallet-bank', 'demo-wallet-alipay', 2000, '充值支付宝');
      move('demo-wallet-bank', 'demo-wallet-wechat', 800, '充值微信');
    }
    if (d.date() === 20) move('demo-wallet-bank', 'demo-wallet-card', 1500, '信用卡还款');
    for (const [chance, category, min, max, notes] of profile.spending) {
      if (chance >= 1 || rnd.chance(chance)) spend(category, min, max, rnd.pick(notes));
    }
    if (rnd.chance(profile.otherIncome[0])) {
      income(rnd.pick(profile.otherIncome[1]), rnd.int(200, 3000), '');
    }
  }

  const assets: Asset[] = [];
  const assetHistory: AssetHistoryEntry[] = [];
  const monthCount = Math.max(1, Math.round(days.length / 30.44));
  const months = Array.from({ length: monthCount }, (_, i) =>
    end.subtract(monthCount - 1 - i, 'month').startOf('month'),
  );
  for (const spec of profile.chains) {
    const chain = assetChain(rnd, id, spec, months);
    assets.push(...chain.assets);
    assetHistory.push(...chain.history);
  }

  const workouts: Workout[] = [];
  const w = profile.workouts;
  for (const d of days) {
    if (!rnd.chance(d.day() === 0 || d.day() === 6 ? w.weekend : w.weekday)) continue;
    for (let k = rnd.chance(w.twice) ? 2 : 1; k > 0; k--) {
      const [type, minD, maxD, minC, maxC] = rnd.pick(profile.routine);
      workouts.push({
        id: id('wko'),
        type,
        duration: rnd.int(minD, maxD),
        calories: rnd.chance(w.noCalories) ? null : rnd.int(minC, maxC),
        notes: rnd.pick(['', '状态不错', '有点累', '配速提升']),
        date: d.format('YYYY-MM-DD'),
        createdAt: at(d, 18 + k),
      });
    }
  }

  const timeRecords: TimeRecord[] = [];
  for (const d of days) {
    for (let k = rnd.int(...profile.focusPerDay); k > 0; k--) {
      const [task, category] = rnd.pick(profile.focus);
      timeRecords.push({
        id: id('tim'),
        task,
        category,
        duration: rnd.int(20, 90) * 60 + rnd.int(0, 59),
        date: d.format('YYYY-MM-DD'),
        createdAt: at(d, 8 + k),
      });
    }
  }

  // A task is due up to two weeks after it was written down; most are done by then.
  const tasks: Task[] = [];
  for (const d of days) {
    const [chance, most] = profile.tasksPerDay;
    for (let k = rnd.chance(chance) ? rnd.int(1, most) : 0; k > 0; k--) {
      const [title, category] = rnd.pick(profile.taskTitles);
      const created = at(d, 8 + k);
      const due = d.add(rnd.int(0, 14), 'day');
      const completed = due.isBefore(end, 'day')
        ? rnd.chance(profile.doneWhenDue)
        : rnd.chance(0.2);
      tasks.push({
        id: id('tsk'),
        title,
        description: rnd.chance(0.3) ? profile.taskNote : '',
        priority: rnd.pick(['low', 'medium', 'high'] as const),
        category,
        dueDate: rnd.chance(0.2) ? '' : due.format('YYYY-MM-DD'),
        completed,
        completedAt: completed ? at(due.isAfter(end) ? end : due, 17) : null,
        createdAt: created,
        updatedAt: created,
      });
    }
  }

  // At most one check-in per habit a day, none yet today: today's button is the user's to press.
  const checkinTasks: CheckinTask[] = profile.habits.map(
    ([name, type, frequency, category, , monthlyTarget, description = '', measure]) => ({
      id: id('chk'),
      name,
      description,
      type,
      frequency,
      monthlyTarget,
      category,
      ...(measure && {
        kind: 'measurable' as const,
        unit: measure.unit,
        target: measure.target,
        targetType: measure.targetType,
        targetPeriod: measure.targetPeriod,
      }),
    }),
  );
  const checkinRecords: CheckinRecord[] = [];
  for (const d of days.slice(0, -1)) {
    const date = d.format('YYYY-MM-DD');
    for (const [i, habit] of checkinTasks.entries()) {
      const [, , , , chance, , , measure] = profile.habits[i]!;
      if (rnd.chance(chance)) {
        const value = measure && rnd.int(measure.values[0], measure.values[1]);
        checkinRecords.push({ id: id('rec'), taskId: habit.id, date, ...(value && { value }) });
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
    recurring: rent.startDate ? [rent] : [],
    wallets: DEMO_WALLETS.map((w) => ({ ...w })),
    transfers,
    categories: DEMO_CATEGORIES.map((c) => ({ ...c })),
  };
}
