import { describe, expect, it } from 'vitest';
import { accountInputSchema, accountSchema } from '../../../src/domain/schemas/account';
import { isReimbursement } from '../../../src/domain/schemas/categories';
import { DEFAULT_SETTINGS } from '../../../src/domain/schemas/default-settings';
import { MAX_REMEMBERED } from '../../../src/domain/schemas/defaults';
import { recurringInputSchema, recurringSchema } from '../../../src/domain/schemas/recurring';
import { rent } from '../../fixtures/records';
import { messages } from '../../fixtures/schema-messages';

// The rules of the settings, 周期记账 and 报销 schemas, with the Chinese message each one shows.

// settings.ts and auth.ts build their schemas as the module loads. Both are imported inside
// the tests: a rule broken so that the module throws on load must fail a
// test here, not only the collection of a file (which a mutation run does not count as a kill).
const loadSettings = () => import('../../../src/domain/schemas/settings');
const loadAuth = () => import('../../../src/domain/schemas/auth');

/** A map of `n` distinct names, each mapped to `category`. */
const namesTo = (n: number, category: string) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`店${i}`, category]));

describe('settings', () => {
  it('defaults every field to the behaviour before settings existed', async () => {
    const { settingsSchema } = await loadSettings();
    const expected = {
      monthlyBudget: null,
      categoryBudgets: {},
      dailyBudgetMode: 'fixed',
      dailyBudget: 200,
      // The calendar month until a pay day is chosen (issue 61).
      monthStartDay: 1,
      // No default 账户 until one is chosen or used (issue 61).
      defaultWalletId: '',
      focusGoalMinutes: 120,
      focusCategories: ['work', 'study', 'programming', 'design', 'writing'],
      importRules: { expense: {}, income: {} },
      counterparties: { expense: {}, income: {} },
      // Every reminder kind on, no 免打扰, the server's time zone until a browser records one;
      // new tasks ring on time, 每日概览 and 记账提醒 off (issue 62).
      notifications: {
        task: true,
        habit: true,
        recurring: true,
        budget: true,
        focus: true,
        quietStart: '',
        quietEnd: '',
        timeZone: '',
        taskDefaultReminder: 0,
        digest: false,
        digestTime: '08:00',
        ledger: false,
        ledgerTime: '21:00',
      },
      pomodoro: {
        workMinutes: 25,
        shortBreakMinutes: 5,
        longBreakMinutes: 15,
        longBreakEvery: 4,
        autoStart: false,
      },
    };
    // 今日目标: none for a new account; on in settings saved before the switches (issue 59).
    expect(DEFAULT_SETTINGS).toEqual({
      ...expected,
      dailyGoals: { budget: false, workout: false, focus: false },
    });
    expect(settingsSchema.parse({})).toEqual({
      ...expected,
      dailyGoals: { budget: true, workout: true, focus: true },
    });
    // Notifications saved before issue 62 keep what they chose and gain the new defaults.
    const old = { task: false, quietStart: '22:00', quietEnd: '07:00', timeZone: 'Asia/Shanghai' };
    expect(settingsSchema.parse({ notifications: old }).notifications).toEqual({
      ...expected.notifications,
      ...old,
    });
    expect(settingsSchema.safeParse({ notifications: { taskDefaultReminder: 15 } }).success).toBe(
      false,
    );
    expect(
      settingsSchema.parse({ notifications: { taskDefaultReminder: null } }).notifications
        .taskDefaultReminder,
    ).toBeNull();
    // A rule table given in part gets the other type's map.
    expect(settingsSchema.parse({ importRules: { expense: {} } }).importRules).toEqual({
      expense: {},
      income: {},
    });
  });

  it.each([
    ['an unknown budget mode', { dailyBudgetMode: 'weekly' }, ['dailyBudgetMode: 日预算方式无效']],
    [
      'a monthly daily budget without a monthly budget',
      { dailyBudgetMode: 'monthly' },
      ['monthlyBudget: 按月预算计算日预算时，请先设置月预算'],
    ],
    [
      'a monthly daily budget with the monthly budget cleared',
      { dailyBudgetMode: 'monthly', monthlyBudget: null },
      ['monthlyBudget: 按月预算计算日预算时，请先设置月预算'],
    ],
    [
      'a monthly daily budget with a monthly budget',
      { dailyBudgetMode: 'monthly', monthlyBudget: 3000 },
      [],
    ],
    [
      'a fixed daily budget without a monthly budget',
      { dailyBudgetMode: 'fixed', monthlyBudget: null },
      [],
    ],
    ['a monthly budget alone', { monthlyBudget: 3000 }, []],
    ['a zero daily budget', { dailyBudget: 0 }, ['dailyBudget: 金额必须大于 0']],
    ['a category budget', { categoryBudgets: { dining: 800 } }, []],
    [
      'a zero category budget',
      { categoryBudgets: { dining: 0 } },
      ['categoryBudgets.dining: 金额必须大于 0'],
    ],
    ['a focus goal as text', { focusGoalMinutes: '120' }, ['focusGoalMinutes: 请填写专注目标']],
    ['a missing focus goal', { focusGoalMinutes: null }, ['focusGoalMinutes: 请填写专注目标']],
    [
      'a fractional focus goal',
      { focusGoalMinutes: 90.5 },
      ['focusGoalMinutes: 专注目标必须是整数分钟'],
    ],
    ['a zero focus goal', { focusGoalMinutes: 0 }, ['focusGoalMinutes: 专注目标至少 1 分钟']],
    [
      'a focus goal of a day and a minute',
      { focusGoalMinutes: 1441 },
      ['focusGoalMinutes: 专注目标最多 1440 分钟'],
    ],
    ['a focus goal of 1 minute', { focusGoalMinutes: 1 }, []],
    ['a focus goal of a whole day', { focusGoalMinutes: 1440 }, []],
    ['no focus category', { focusCategories: [] }, ['focusCategories: 至少选择一个时间分类']],
    [
      'an unknown focus category',
      { focusCategories: ['work', 'sleep'] },
      ['focusCategories.1: 时间分类无效'],
    ],
    ['one focus category', { focusCategories: ['reading'] }, []],
  ])('%s', async (_, value, expected) => {
    const { settingsSchema } = await loadSettings();
    expect(messages(settingsSchema, value)).toEqual(expected);
  });

  it('reports the missing monthly budget as a custom issue on that field alone', async () => {
    const { settingsSchema } = await loadSettings();
    const result = settingsSchema.safeParse({ dailyBudgetMode: 'monthly', dailyBudget: 150 });
    expect(result.error?.issues).toEqual([
      {
        code: 'custom',
        path: ['monthlyBudget'],
        message: '按月预算计算日预算时，请先设置月预算',
      },
    ]);
  });

  it('keeps the chosen focus goal and categories, each category once and in order', async () => {
    const { settingsSchema } = await loadSettings();
    const parsed = settingsSchema.parse({
      focusGoalMinutes: 45,
      focusCategories: ['reading', 'work', 'reading', 'thinking', 'work'],
    });
    expect(parsed.focusGoalMinutes).toBe(45);
    expect(parsed.focusCategories).toEqual(['reading', 'work', 'thinking']);
  });

  describe.each(['importRules', 'counterparties'] as const)('%s', (field) => {
    it.each([
      ['an expense name of 100 characters', { expense: { ['名'.repeat(100)]: 'dining' } }, []],
      ['a category of one’s own (issue 61)', { expense: { 宠物用品: 'cat-pet' } }, []],
      ['as many names as it may remember', { expense: namesTo(5000, 'dining') }, []],
      [
        'one name more',
        { expense: namesTo(5001, 'dining') },
        [`${field}.expense: 最多记住 5000 条`],
      ],
      [
        'one income name more',
        { income: namesTo(5001, 'gift') },
        [`${field}.income: 最多记住 5000 条`],
      ],
    ])('%s', async (_, rules, expected) => {
      const { settingsSchema } = await loadSettings();
      expect(messages(settingsSchema, { [field]: rules })).toEqual(expected);
    });

    it.each([
      [
        'an income category for an expense',
        { expense: { 餐饮美食: 'salary' } },
        'expense.餐饮美食',
      ],
      ['an expense category for an income', { income: { 转账红包: 'dining' } }, 'income.转账红包'],
      // A category of one's own has an id the schema cannot look up; text that is no id is refused.
      ['a category that is no id', { expense: { 餐饮美食: '旅 行' } }, 'expense.餐饮美食'],
    ])('refuses %s', async (_, rules, path) => {
      const { settingsSchema } = await loadSettings();
      const found = messages(settingsSchema, { [field]: rules });
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`^${field}\\.${path}: `));
    });

    // zod reports a bad record key as an 'invalid_key' issue on the key, in its own words; the
    // rule's message is the cause it carries.
    it.each([
      ['expense', 'dining'],
      ['income', 'salary'],
    ] as const)('refuses an %s name over 100 characters', async (type, category) => {
      const { settingsSchema } = await loadSettings();
      const name = '名'.repeat(101);
      const result = settingsSchema.safeParse({ [field]: { [type]: { [name]: category } } });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toMatchObject([
        {
          code: 'invalid_key',
          path: [field, type, name],
          issues: [{ code: 'too_big', maximum: 100, message: '名称最多 100 个字符' }],
        },
      ]);
    });

    it('keeps the names it is given, per type', async () => {
      const { settingsSchema } = await loadSettings();
      const rules = { expense: { 老王面馆: 'dining' }, income: { 李四: 'gift' } };
      expect(settingsSchema.parse({ [field]: rules })[field]).toEqual(rules);
    });
  });

  it('counts the limit per map: 5000 expense names and 5000 income names are fine', async () => {
    const { settingsSchema } = await loadSettings();
    expect(MAX_REMEMBERED).toBe(5000);
    const rules = { expense: namesTo(5000, 'dining'), income: namesTo(5000, 'gift') };
    expect(messages(settingsSchema, { counterparties: rules })).toEqual([]);
  });
});

describe('login schema', () => {
  it('loads and checks both fields', async () => {
    const { loginSchema } = await loadAuth();
    expect(loginSchema.parse({ username: ' alice ', password: 'pw' })).toEqual({
      username: 'alice',
      password: 'pw',
    });
    expect(messages(loginSchema, { username: '', password: '' })).toEqual([
      'username: 请输入用户名',
      'password: 请输入密码',
    ]);
  });
});

// Without endDate: a template sent without it is valid, and each case below adds what it tests.
const { endDate: _noEnd, ...template } = rent({ startDate: '2026-01-05' });

describe('周期记账 templates', () => {
  it.each([
    ['an unknown type', { type: 'transfer' }, ['type: 类型无效']],
    ['a missing category', { category: undefined }, ['category: 请选择分类']],
    ['a blank category', { category: '  ' }, ['category: 请选择分类']],
    ['a long category', { category: 'x'.repeat(41) }, ['category: 分类最多 40 个字符']],
    ['an income category on an expense', { category: 'salary' }, ['category: 分类与类型不匹配']],
    ['an income category on an income', { type: 'income', category: 'salary' }, []],
    [
      'an expense category on an income',
      { type: 'income', category: 'housing' },
      ['category: 分类与类型不匹配'],
    ],
    ['a missing interval', { every: undefined }, ['every: 请填写间隔']],
    ['an interval as text', { every: '2' }, ['every: 请填写间隔']],
    ['a fractional interval', { every: 1.5 }, ['every: 间隔必须是整数']],
    ['a zero interval', { every: 0 }, ['every: 间隔至少为 1']],
    ['an interval of 367', { every: 367 }, ['every: 间隔最多为 366']],
    ['an interval of 366', { every: 366 }, []],
    ['an unknown unit', { unit: 'hour' }, ['unit: 周期单位无效']],
    ...(['day', 'week', 'month', 'year'] as const).map(
      (unit) => [`every ${unit}`, { unit }, []] as [string, object, string[]],
    ),
    ['an end before the start', { endDate: '2026-01-04' }, ['endDate: 结束日期不能早于开始日期']],
    ['an end on the start day', { endDate: '2026-01-05' }, []],
    ['an end after the start', { endDate: '2026-12-31' }, []],
    ['no end', { endDate: '' }, []],
    [
      'an end that does not exist',
      { endDate: '2026-02-30' },
      ['endDate: 日期格式应为 YYYY-MM-DD 且真实存在'],
    ],
    ['a long note', { description: 'x'.repeat(501) }, ['description: 最多 500 个字符']],
    ['a template id of 53', { id: 'x'.repeat(53) }, []],
    ['a template id of 54', { id: 'x'.repeat(54) }, ['id: id 最长 53 位']],
    [
      'a template id that is no id',
      { id: 'a b' },
      ['id: id 只能包含字母、数字、- 和 _，最长 64 位'],
    ],
  ])('%s', (_, patch, expected) => {
    expect(messages(recurringInputSchema, { ...template, ...patch })).toEqual(expected);
  });

  it('reports an end before the start as a custom issue on the end date alone', () => {
    const result = recurringInputSchema.safeParse({ ...template, endDate: '2025-12-31' });
    expect(result.error?.issues).toEqual([
      { code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' },
    ]);
  });

  it('fills in what a client may leave out', () => {
    expect(recurringInputSchema.parse(template)).toEqual({
      ...template,
      endDate: '',
      lastDate: '',
      paused: false,
      // 账户 (issue 61): none for a template written without one.
      walletId: null,
    });
  });

  it('keeps a paused template paused and its dates', () => {
    const parsed = recurringInputSchema.parse({
      ...template,
      paused: true,
      endDate: '2026-06-30',
      lastDate: '2026-03-05',
    });
    expect(parsed).toMatchObject({ paused: true, endDate: '2026-06-30', lastDate: '2026-03-05' });
  });

  it('reads a stored template whole, and holds it to the same rules', () => {
    const stored = {
      ...template,
      id: 'rent',
      endDate: '',
      lastDate: '2026-02-05',
      paused: false,
      updatedAt: '2026-02-05T00:00:00.000Z',
    };
    expect(recurringSchema.parse(stored)).toEqual(stored);
    expect(messages(recurringSchema, { ...stored, id: undefined })).toHaveLength(1);
    expect(messages(recurringSchema, { ...stored, id: 'x'.repeat(54) })).toEqual([
      'id: id 最长 53 位',
    ]);
    expect(messages(recurringSchema, { ...stored, endDate: '2025-12-31' })).toEqual([
      'endDate: 结束日期不能早于开始日期',
    ]);
    expect(messages(recurringSchema, { ...stored, type: 'income' })).toEqual([
      'category: 分类与类型不匹配',
    ]);
  });
});

const expense = {
  type: 'expense',
  amount: 120,
  category: 'reimbursement',
  description: '出差打车',
  date: '2026-11-21',
};

describe('报销 status', () => {
  it.each([
    ['expense', 'reimbursement', true],
    ['expense', 'dining', false],
    ['income', 'reimbursement', false],
    ['income', 'salary', false],
  ] as const)('%s / %s → %s', (type, category, expected) => {
    expect(isReimbursement({ type, category })).toBe(expected);
  });

  it.each([
    ['not yet paid back, by default', {}, { reimbursed: false, reimbursedBy: null }],
    [
      'paid back by a linked income',
      { reimbursed: true, reimbursedBy: 'inc-1' },
      { reimbursed: true, reimbursedBy: 'inc-1' },
    ],
    ['paid back, no income linked', { reimbursed: true }, { reimbursed: true, reimbursedBy: null }],
    [
      'a link on one not yet paid back is dropped',
      { reimbursed: false, reimbursedBy: 'inc-1' },
      { reimbursed: false, reimbursedBy: null },
    ],
    [
      'the status is dropped outside 报销',
      { category: 'dining', reimbursed: true, reimbursedBy: 'inc-1' },
      { category: 'dining', reimbursed: false, reimbursedBy: null },
    ],
    [
      'the status is dropped on an income',
      { type: 'income', category: 'other', reimbursed: true, reimbursedBy: 'inc-1' },
      { type: 'income', category: 'other', reimbursed: false, reimbursedBy: null },
    ],
  ])('%s', (_, patch, expected) => {
    const input = { ...expense, ...patch };
    expect(accountInputSchema.parse(input)).toMatchObject(expected);
    expect(accountSchema.parse({ ...input, id: 'a1' })).toMatchObject(expected);
  });

  it('refuses a status that is not a boolean', () => {
    expect(messages(accountInputSchema, { ...expense, reimbursed: 'yes' })).toEqual([
      'reimbursed: 报销状态无效',
    ]);
  });
});
