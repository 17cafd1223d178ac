// Every enumeration the product stores, as stable English keys (docs/spec.md §5 "Stored keys") with the
// Chinese label the UI shows (docs/spec.md "Glossary"). The order is the order of docs/spec.md §5; forms list
// options in this order, so keep it.

type Labels<K extends string> = Readonly<Record<K, string>>;

function keysOf<K extends string>(labels: Labels<K>): [K, ...K[]] {
  return Object.keys(labels) as [K, ...K[]];
}

export const accountTypeLabels = { expense: '支出', income: '收入' } as const;
export const expenseCategoryLabels = {
  dining: '餐饮',
  transport: '交通',
  shopping: '购物',
  entertainment: '娱乐',
  medical: '医疗',
  education: '教育',
  housing: '住房',
  reimbursement: '报销',
  /** 转账's 手续费 (issue 61) counts here. */
  fee: '手续费',
  other: '其他',
} as const;
const incomeCategoryLabels = {
  salary: '工资',
  bonus: '奖金',
  investment: '投资',
  part_time: '兼职',
  gift: '礼金',
  other: '其他',
} as const;

/** 账户's types (issue 61), in the order 添加账户 lists them. */
export const walletTypeLabels = {
  cash: '现金',
  debit: '储蓄卡',
  credit: '信用卡',
  alipay: '支付宝',
  wechat: '微信',
  other: '其他',
} as const;

export const assetTypeLabels = { asset: '资产', liability: '负债' } as const;
export const assetCategoryLabels = {
  cash: '现金',
  bank_deposit: '银行存款',
  stocks: '股票',
  funds: '基金',
  real_estate: '房产',
  vehicles: '车辆',
  receivables: '应收款',
  other_investment: '其他投资',
  other: '其他',
} as const;
const liabilityCategoryLabels = {
  credit_card: '信用卡',
  mortgage: '房贷',
  car_loan: '车贷',
  consumer_loan: '消费贷',
  other_borrowing: '其他借款',
  other: '其他',
} as const;

export const workoutTypeLabels = {
  running: '跑步',
  swimming: '游泳',
  cycling: '骑行',
  gym: '健身房',
  yoga: '瑜伽',
  basketball: '篮球',
  football: '足球',
  tennis: '网球',
  badminton: '羽毛球',
  table_tennis: '乒乓球',
  hiking: '徒步',
  walking: '散步',
  rope_skipping: '跳绳',
  push_ups: '俯卧撑',
  sit_ups: '仰卧起坐',
  other: '其他',
} as const;

export const timeCategoryLabels = {
  work: '工作',
  study: '学习',
  reading: '阅读',
  programming: '编程',
  design: '设计',
  writing: '写作',
  thinking: '思考',
  other: '其他',
} as const;

export const taskPriorityLabels = { low: '低', medium: '中', high: '高' } as const;
export const taskCategoryLabels = {
  work: '工作',
  study: '学习',
  life: '生活',
  health: '健康',
  entertainment: '娱乐',
  shopping: '购物',
  other: '其他',
} as const;

export const checkinTypeLabels = { daily: '每日', weekly: '每周', monthly: '每月' } as const;
/** A habit's kind, and a measurable one's target: 至少/至多 so much per day, week or month. */
export const habitKindLabels = { boolean: '是否', measurable: '计量' } as const;
export const targetTypeLabels = { atLeast: '至少', atMost: '至多' } as const;
export const targetPeriodLabels = { day: '每天', week: '每周', month: '每月' } as const;
export const checkinCategoryLabels = {
  health: '健康',
  work: '工作',
  study: '学习',
  habit: '习惯',
} as const;

export const accountTypes = keysOf(accountTypeLabels);
export const expenseCategories = keysOf(expenseCategoryLabels);
export const incomeCategories = keysOf(incomeCategoryLabels);
export const assetTypes = keysOf(assetTypeLabels);
export const assetCategories = keysOf(assetCategoryLabels);
export const liabilityCategories = keysOf(liabilityCategoryLabels);
export const workoutTypes = keysOf(workoutTypeLabels);
export const timeCategories = keysOf(timeCategoryLabels);
export const taskPriorities = keysOf(taskPriorityLabels);
export const taskCategories = keysOf(taskCategoryLabels);
export const checkinTypes = keysOf(checkinTypeLabels);
export const checkinCategories = keysOf(checkinCategoryLabels);

export type AccountType = (typeof accountTypes)[number];
export type AssetType = (typeof assetTypes)[number];
export type AssetCategory = (typeof assetCategories)[number];
export type WorkoutType = (typeof workoutTypes)[number];
export type TimeCategory = (typeof timeCategories)[number];
export type TaskPriority = (typeof taskPriorities)[number];

/** The category labels that belong to an account type: the 分类 list changes with 类型. */
export function accountCategoryLabels(type: AccountType): Readonly<Record<string, string>> {
  return type === 'expense' ? expenseCategoryLabels : incomeCategoryLabels;
}

/** The category labels that belong to an asset type: the 分类 list changes with 类型. */
export function assetCategoryLabelsFor(type: AssetType): Readonly<Record<string, string>> {
  return type === 'asset' ? assetCategoryLabels : liabilityCategoryLabels;
}

/** Label for a stored key, falling back to the key itself for values written by a newer version. */
export function labelOf(labels: Readonly<Record<string, string>>, key: string): string {
  return labels[key] ?? key;
}

/** True for the records the 报销 status applies to: expenses filed under 报销. */
export function isReimbursement(v: { type: string; category: string }): boolean {
  return v.type === 'expense' && v.category === 'reimbursement';
}
