import { describe, expect, it } from 'vitest';
import { RESOURCE_NAMES, RESOURCES } from '../../../src/domain/resources';
import {
  accountCategoryLabels,
  accountTypeLabels,
  accountTypes,
  assetCategories,
  assetCategoryLabels,
  assetCategoryLabelsFor,
  assetTypeLabels,
  assetTypes,
  checkinCategories,
  checkinCategoryLabels,
  checkinTypeLabels,
  checkinTypes,
  expenseCategories,
  expenseCategoryLabels,
  incomeCategories,
  liabilityCategories,
  taskCategories,
  taskCategoryLabels,
  taskPriorities,
  taskPriorityLabels,
  timeCategories,
  timeCategoryLabels,
  workoutTypeLabels,
  workoutTypes,
} from '../../../src/domain/schemas/categories';

// The glossary of docs/spec.md, in the order of its §5: the stored key of each option and the exact label
// the UI shows. Forms list options in this order, and legacy imports map labels back to keys.
describe('label glossary', () => {
  it.each([
    ['account types', accountTypeLabels, accountTypes, 'expense 支出 income 收入'],
    [
      'expense categories',
      expenseCategoryLabels,
      expenseCategories,
      'dining 餐饮 transport 交通 shopping 购物 entertainment 娱乐 medical 医疗 education 教育 ' +
        'housing 住房 reimbursement 报销 fee 手续费 other 其他',
    ],
    [
      'income categories',
      accountCategoryLabels('income'),
      incomeCategories,
      'salary 工资 bonus 奖金 investment 投资 part_time 兼职 gift 礼金 other 其他',
    ],
    ['asset types', assetTypeLabels, assetTypes, 'asset 资产 liability 负债'],
    [
      'asset categories',
      assetCategoryLabels,
      assetCategories,
      'cash 现金 bank_deposit 银行存款 stocks 股票 funds 基金 real_estate 房产 vehicles 车辆 ' +
        'receivables 应收款 other_investment 其他投资 other 其他',
    ],
    [
      'liability categories',
      assetCategoryLabelsFor('liability'),
      liabilityCategories,
      'credit_card 信用卡 mortgage 房贷 car_loan 车贷 consumer_loan 消费贷 ' +
        'other_borrowing 其他借款 other 其他',
    ],
    [
      'workout types',
      workoutTypeLabels,
      workoutTypes,
      'running 跑步 swimming 游泳 cycling 骑行 gym 健身房 yoga 瑜伽 basketball 篮球 ' +
        'football 足球 tennis 网球 badminton 羽毛球 table_tennis 乒乓球 hiking 徒步 walking 散步 ' +
        'rope_skipping 跳绳 push_ups 俯卧撑 sit_ups 仰卧起坐 other 其他',
    ],
    [
      'time categories',
      timeCategoryLabels,
      timeCategories,
      'work 工作 study 学习 reading 阅读 programming 编程 design 设计 writing 写作 ' +
        'thinking 思考 other 其他',
    ],
    ['task priorities', taskPriorityLabels, taskPriorities, 'low 低 medium 中 high 高'],
    [
      'task categories',
      taskCategoryLabels,
      taskCategories,
      'work 工作 study 学习 life 生活 health 健康 entertainment 娱乐 shopping 购物 other 其他',
    ],
    ['check-in types', checkinTypeLabels, checkinTypes, 'daily 每日 weekly 每周 monthly 每月'],
    [
      'check-in categories',
      checkinCategoryLabels,
      checkinCategories,
      'health 健康 work 工作 study 学习 habit 习惯',
    ],
  ] as [string, Readonly<Record<string, string>>, readonly string[], string][])(
    '%s',
    (_, labels, keys, glossary) => {
      expect(Object.entries(labels).flat().join(' ')).toBe(glossary);
      expect(keys).toEqual(Object.keys(labels));
    },
  );

  it('the expense and asset forms list their own categories, not the other type’s', () => {
    expect(accountCategoryLabels('expense')).toBe(expenseCategoryLabels);
    expect(assetCategoryLabelsFor('asset')).toBe(assetCategoryLabels);
  });

  it('names the sync categories in the dialog’s order', () => {
    expect(
      RESOURCE_NAMES.map((name) => `${RESOURCES[name].exportKey} ${RESOURCES[name].label}`),
    ).toEqual([
      'accounts 记账记录',
      'assets 资产/负债',
      'workouts 运动记录',
      'tasks 任务',
      'timeRecords 时间记录',
      'assetHistory 资产修改历史',
      'checkinTasks 打卡任务',
      'checkinRecords 打卡记录',
      'recurring 周期记账',
      'wallets 账户',
      'transfers 转账',
      'categories 分类',
    ]);
  });
});
