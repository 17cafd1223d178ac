import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { addDays, monthOf, todayString } from '../../src/domain/dates';
import type { Account } from '../../src/domain/schemas/account';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import { dayTitle } from '../../src/domain/today';
import { alipayCsvBytes } from '../fixtures/bills';
import { everythingInView, renderApp, seedDeviceCopy, signIn, testServer } from './harness';
import { recordRequests } from './requests';

// The screen reads the real clock, so the records are placed relative to it.
const TODAY = todayString(new Date());
const { server, demo } = await testServer({ today: TODAY, clear: ['accounts'] });
const requests = recordRequests(server);
beforeEach(async () => {
  await signIn(demo);
});

const writes = (method: string) =>
  requests.filter(
    (r) => r.method === method && new URL(r.url).pathname.startsWith('/api/accounts'),
  );

async function seed(...records: Account[]) {
  for (const record of records) await demo.store.accounts.create('demo', record);
}

const expense = (id: string, amount: number, category = 'dining', date = TODAY, description = '') =>
  ({
    id,
    type: 'expense',
    amount,
    category,
    date,
    description,
    templateId: null,
    reimbursed: false,
    reimbursedBy: null,
  }) as const;
const income = (id: string, amount: number, category = 'salary', date = TODAY) =>
  ({
    id,
    type: 'income',
    amount,
    category,
    date,
    description: '',
    templateId: null,
    reimbursed: false,
    reimbursedBy: null,
  }) as const;

function card(title: string) {
  return screen.getByRole('region', { name: title });
}

async function openScreen(path = '/accounting') {
  const view = renderApp(path);
  await screen.findByRole('region', { name: '今日支出' });
  return view;
}

/** One choice of 类型, the segmented control at the top of the form (支出 / 收入 / 转账). */
const typeRadio = (dialog: HTMLElement, label: string) =>
  within(within(dialog).getByRole('radiogroup', { name: '类型' })).getByRole('radio', {
    name: label,
  });

async function openAddDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: '添加记录' }));
  return { user, dialog: await screen.findByRole('dialog', { name: '添加记录' }) };
}

describe('/accounting cards and lists', () => {
  it('shows the empty state and zero cards without records', async () => {
    await openScreen();
    expect(screen.getByText('暂无记录，点击上方按钮添加第一条记录')).toBeInTheDocument();
    for (const title of ['今日支出', '本月支出', '今日收入', '本月收入', '报销支出']) {
      expect(within(card(title)).getByText('¥0.00')).toBeInTheDocument();
    }
  });

  it('counts 本月 from 每月起始日: the budget month starts on pay day (issue 61)', async () => {
    onTestFinished(async () => {
      await demo.store.settings.put('demo', DEFAULT_SETTINGS, TODAY);
    });
    const startDay = Number(TODAY.slice(8, 10)) + 1 > 28 ? 2 : Number(TODAY.slice(8, 10)) + 1;
    await demo.store.settings.put('demo', { ...DEFAULT_SETTINGS, monthStartDay: startDay }, TODAY);
    // Pay day comes after today's day of the month: this budget month began last month.
    const lastMonth = monthOf(addDays(`${monthOf(TODAY)}-01`, -1));
    const start = `${lastMonth}-${String(startDay).padStart(2, '0')}`;
    await seed(
      expense('before', 1000, 'dining', addDays(start, -1)),
      expense('first', 100, 'dining', start),
      expense('today', 50),
    );
    await openScreen();
    // Settings arrive by their own query: until then 本月 is the calendar month.
    expect(await within(card('本月支出')).findByText('¥150.00')).toBeInTheDocument();
    const days = (d: string) => `${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日`;
    const end = addDays(`${monthOf(TODAY)}-${String(startDay).padStart(2, '0')}`, -1);
    expect(
      screen.getByText(`${days(start)} 至 ${days(end)}（每月 ${startDay} 日起）`),
    ).toBeInTheDocument();
  });

  it('sums the cards in cents and lists the 10 newest records', async () => {
    const earlier = addDays(TODAY, -40);
    await seed(
      expense('e1', 0.1, 'dining'),
      expense('e2', 0.2, 'transport'),
      income('i1', 8000.5),
      expense('r1', 120, 'reimbursement', earlier),
      ...Array.from({ length: 10 }, (_, i) =>
        expense(`old${i}`, 1, 'other', addDays(earlier, -i - 1)),
      ),
    );
    await openScreen();
    expect(within(card('今日支出')).getByText('¥0.30')).toBeInTheDocument();
    expect(within(card('今日收入')).getByText('¥8,000.50')).toBeInTheDocument();
    expect(within(card('报销支出')).getByText('¥120.00')).toBeInTheDocument();

    const recent = screen.getByRole('region', { name: '最近记录' });
    const rows = within(recent).getAllByRole('listitem');
    expect(rows).toHaveLength(10);
    // Newest first; on one day the record added last leads.
    expect(rows[0]).toHaveTextContent('工资');
    expect(rows[0]).toHaveTextContent('+¥8,000.50');
    // Dated as the ledger's day headings are (issue 61), not 2026-12-06.
    expect(within(rows[0]!).getByText('今天')).toHaveAttribute('datetime', TODAY);
    expect(rows[1]).toHaveTextContent('交通');
    expect(rows[1]).toHaveTextContent('-¥0.20');
    expect(rows[3]).toHaveTextContent('报销');
  });

  it('narrows the full ledger by month and category, with totals, 50 rows a page', async () => {
    onTestFinished(everythingInView());
    const lastMonth = `${monthOf(addDays(`${monthOf(TODAY)}-01`, -1))}-15`;
    await seed(
      ...Array.from({ length: 55 }, (_, i) => expense(`d${i}`, 2, 'dining', lastMonth)),
      income('i1', 100, 'other', lastMonth),
      expense('o1', 3, 'other', lastMonth),
      expense('t1', 9.99),
    );
    const user = userEvent.setup();
    await openScreen();
    const ledger = await screen.findByRole('region', { name: '全部记录' });
    const totals = within(ledger).getByLabelText('筛选合计');
    expect(totals).toHaveTextContent('58 条');
    // The rows draw once the ledger is in view (WhenNear), in a render of their own.
    expect(await within(ledger).findAllByRole('listitem')).toHaveLength(50);
    expect(within(ledger).getByText('第 1 / 2 页')).toBeInTheDocument();
    await user.click(within(ledger).getByRole('button', { name: '下一页' }));
    expect(within(ledger).getAllByRole('listitem')).toHaveLength(8);

    await user.selectOptions(within(ledger).getByLabelText('分类筛选'), 'expense:other');
    expect(totals).toHaveTextContent('1 条');
    expect(totals).toHaveTextContent('-¥3.00');
    expect(within(ledger).queryByRole('navigation', { name: '分页' })).toBeNull();

    await user.selectOptions(within(ledger).getByLabelText('分类筛选'), 'expense');
    await user.selectOptions(within(ledger).getByLabelText('月份'), monthOf(TODAY));
    expect(totals).toHaveTextContent('1 条');
    expect(totals).toHaveTextContent('-¥9.99');
    // No income in the selection: ¥0.00, neither signed nor green.
    const incomeTotal = within(totals).getByText('收入合计').nextElementSibling;
    expect(incomeTotal).toHaveTextContent(/^¥0\.00$/);
    expect(incomeTotal).toHaveClass('text-slate-900');
  });

  it('searches the ledger by text, amount range and date range', async () => {
    await seed(
      expense('a', 12.5, 'dining', addDays(TODAY, -3), '午饭 公司楼下'),
      expense('b', 100, 'transport', addDays(TODAY, -2), '打车回家'),
      expense('c', 100.01, 'shopping', addDays(TODAY, -1), '午饭 外卖'),
    );
    const user = userEvent.setup();
    await openScreen();
    const ledger = within(await screen.findByRole('region', { name: '全部记录' }));
    const totals = ledger.getByLabelText('筛选合计');
    await user.type(ledger.getByLabelText('搜索'), '午饭');
    expect(totals).toHaveTextContent('2 条');
    await user.type(ledger.getByLabelText('上限（元）'), '100');
    expect(totals).toHaveTextContent('1 条');
    expect(totals).toHaveTextContent('-¥12.50');
    await user.clear(ledger.getByLabelText('搜索'));
    await user.clear(ledger.getByLabelText('上限（元）'));
    await user.type(ledger.getByLabelText('下限（元）'), '100');
    expect(totals).toHaveTextContent('2 条');
    await user.type(ledger.getByLabelText('开始日期'), addDays(TODAY, -1));
    expect(totals).toHaveTextContent('1 条');
    expect(totals).toHaveTextContent('-¥100.01');
    // The category's label is searched too.
    await user.clear(ledger.getByLabelText('下限（元）'));
    await user.clear(ledger.getByLabelText('开始日期'));
    await user.type(ledger.getByLabelText('搜索'), '交通');
    expect(totals).toHaveTextContent('1 条');
  });

  it('reports the month by category against the budgets, and moves between months', async () => {
    await demo.store.settings.put(
      'demo',
      { ...DEFAULT_SETTINGS, monthlyBudget: 100, categoryBudgets: { dining: 10, transport: 50 } },
      new Date().toISOString(),
    );
    const lastMonth = `${monthOf(addDays(`${monthOf(TODAY)}-01`, -1))}-15`;
    await seed(
      expense('d', 10.01, 'dining', `${monthOf(TODAY)}-01`),
      expense('t', 40, 'transport', `${monthOf(TODAY)}-01`),
      expense('old', 7, 'dining', lastMonth),
    );
    try {
      const user = userEvent.setup();
      await openScreen();
      const report = within(screen.getByRole('region', { name: '月度报告' }));
      await report.findAllByText('¥50.01');
      // The budgets come with the settings, which may arrive after the records.
      expect(await report.findByRole('progressbar', { name: '月预算预算使用' })).toHaveAttribute(
        'aria-valuenow',
        '50',
      );
      // ¥10.01 of ¥10: past the budget, the bar is full and red.
      const dining = report.getByRole('progressbar', { name: '餐饮预算使用' });
      expect(dining).toHaveAttribute('aria-valuenow', '100');
      expect(dining.firstElementChild).toHaveClass('bg-red-500');
      // ¥40 of ¥50 is 80%: still green.
      const transport = report.getByRole('progressbar', { name: '交通预算使用' });
      expect(transport.firstElementChild).toHaveClass('bg-emerald-500');

      await user.click(report.getByRole('button', { name: '上个月' }));
      expect(report.getByRole('progressbar', { name: '餐饮预算使用' })).toHaveAttribute(
        'aria-valuenow',
        '70',
      );
      expect(report.getByRole('button', { name: '本月' })).toBeInTheDocument();
    } finally {
      await demo.store.settings.put('demo', DEFAULT_SETTINGS, new Date().toISOString());
    }
  });

  it('serves the device’s copy and says so when the server fails', async () => {
    await seedDeviceCopy('accounts', [expense('m1', 42)]);
    server.use(
      http.get(/\/api\/accounts$/, () =>
        HttpResponse.json({ error: '数据库不可用' }, { status: 500 }),
      ),
    );
    await openScreen();
    expect(await screen.findByRole('status')).toHaveTextContent('数据库不可用');
    expect(within(card('今日支出')).getByText('¥42.00')).toBeInTheDocument();
  });
});

describe('添加记录 dialog', () => {
  it('saves an expense and the cards and list follow', async () => {
    await openScreen();
    const { user, dialog } = await openAddDialog();
    expect(typeRadio(dialog, '支出')).toBeChecked();
    expect(within(dialog).getByLabelText('日期')).toHaveValue(TODAY);
    await user.type(within(dialog).getByLabelText('金额'), '35.5');
    await user.click(within(dialog).getByRole('button', { name: '餐饮' }));
    await user.type(within(dialog).getByLabelText('备注'), '午餐');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(card('今日支出')).getByText('¥35.50')).toBeInTheDocument());
    await waitFor(async () =>
      expect(await demo.store.accounts.list('demo')).toMatchObject([
        { type: 'expense', amount: 35.5, category: 'dining', description: '午餐', date: TODAY },
      ]),
    );
    expect(
      within(screen.getByRole('region', { name: '最近记录' })).getByText(/午餐/),
    ).toBeInTheDocument();
  });

  it('clears the category when the type changes and offers that type’s categories', async () => {
    await openScreen();
    const { user, dialog } = await openAddDialog();
    const category = () => within(dialog).getByRole('group', { name: '分类' });
    const pressed = () =>
      within(category())
        .getAllByRole('button', { pressed: true })
        .map((b) => b.textContent);
    await user.click(within(category()).getByRole('button', { name: '餐饮' }));
    expect(pressed()).toEqual(['餐饮']);
    // Pressing the chosen one again keeps it: 分类 is required, there is no "none".
    await user.click(within(category()).getByRole('button', { name: '餐饮' }));
    expect(pressed()).toEqual(['餐饮']);
    await user.click(typeRadio(dialog, '收入'));
    expect(within(category()).queryAllByRole('button', { pressed: true })).toEqual([]);
    const options = within(category())
      .getAllByRole('button')
      .map((o) => o.textContent);
    expect(options).toEqual(['工资', '奖金', '投资', '兼职', '礼金', '其他']);
  });

  it.each([
    [
      'without an amount',
      async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => {
        await user.click(within(dialog).getByRole('button', { name: '交通' }));
      },
    ],
    [
      'without a category',
      async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => {
        await user.type(within(dialog).getByLabelText('金额'), '12');
      },
    ],
  ])('does not save %s', async (_, fill) => {
    await openScreen();
    const { user, dialog } = await openAddDialog();
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await within(dialog).findByText(/请输入有效金额|请选择分类/);
    expect(await screen.findByRole('dialog', { name: '添加记录' })).toBeInTheDocument();
    expect(writes('POST')).toHaveLength(0);
  });

  it('keeps the dialog and what was typed when the server refuses, and alerts', async () => {
    server.use(
      http.post(/\/api\/accounts$/, () => HttpResponse.json({ error: 'x' }, { status: 422 })),
    );
    await openScreen();
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText('金额'), '88');
    await user.click(within(dialog).getByRole('button', { name: '购物' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('创建记录失败，请重试');
    expect(await screen.findByRole('dialog', { name: '添加记录' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('金额')).toHaveValue('88');
    expect(within(dialog).getByRole('button', { name: '购物' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(async () => expect(await demo.store.accounts.list('demo')).toEqual([]));
  });

  it('opens with 支出 from ?add=expense and drops the parameter', async () => {
    const { router } = await openScreen('/accounting?add=expense');
    const dialog = await screen.findByRole('dialog', { name: '添加记录' });
    expect(typeRadio(dialog, '支出')).toBeChecked();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/accounting');
  });
});

describe('全部记录 by day', () => {
  it('groups the rows under each day with that day’s income and expense', async () => {
    onTestFinished(everythingInView());
    const yesterday = addDays(TODAY, -1);
    const earlier = addDays(TODAY, -3);
    await seed(
      expense('e1', 20, 'dining', TODAY, '午饭'),
      income('i1', 100),
      expense('e2', 8.5, 'transport', yesterday, '地铁'),
      expense('e3', 3, 'dining', earlier, '豆浆'),
    );
    await openScreen();
    const ledger = within(await screen.findByRole('region', { name: '全部记录' }));
    expect(await ledger.findAllByRole('listitem')).toHaveLength(4);
    const days = ledger.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    // 今天, 昨天, then the date and its weekday (issue 61), each with 支出 then 收入.
    expect(days).toEqual([
      '今天支出 ¥20.00 · 收入 ¥100.00',
      '昨天支出 ¥8.50 · 收入 ¥0.00',
      `${dayTitle(earlier)}支出 ¥3.00 · 收入 ¥0.00`,
    ]);
    expect(dayTitle(earlier)).toMatch(/^\d{1,2}月\d{1,2}日 周[一二三四五六日]$/);
    // 最近记录 holds all four (≤ 10); a phone hides rows past the third by CSS and links here.
    expect(
      within(screen.getByRole('region', { name: '最近记录' })).getAllByRole('listitem'),
    ).toHaveLength(4);
  });
});

describe('fast entry', () => {
  it('works out 12+8.5 as 20.50 and refuses a third decimal', async () => {
    await openScreen();
    const { user, dialog } = await openAddDialog();
    const amount = within(dialog).getByLabelText('金额');
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    await user.type(amount, '12.345');
    await user.click(within(dialog).getByRole('button', { name: '餐饮' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await within(dialog).findByText('请输入有效金额');
    expect(writes('POST')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '12+8.5');
    expect(within(dialog).getByText('= 20.50')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () =>
      expect(await demo.store.accounts.list('demo')).toMatchObject([
        { amount: 20.5, category: 'dining' },
      ]),
    );
  });

  it('再记一笔 saves and starts the next record with the same type, category and date', async () => {
    await openScreen();
    const { user, dialog } = await openAddDialog();
    const yesterday = addDays(TODAY, -1);
    await user.click(typeRadio(dialog, '收入'));
    await user.click(within(dialog).getByRole('button', { name: '兼职' }));
    await user.click(within(dialog).getByRole('button', { name: '昨天' }));
    expect(within(dialog).getByLabelText('日期')).toHaveValue(yesterday);
    await user.type(within(dialog).getByLabelText('金额'), '300');
    await user.type(within(dialog).getByLabelText('备注'), '家教');
    await user.click(within(dialog).getByRole('button', { name: '再记一笔' }));

    await within(dialog).findByText('已保存 1 条');
    expect(within(dialog).getByLabelText('金额')).toHaveValue('');
    expect(within(dialog).getByLabelText('金额')).toHaveFocus();
    expect(within(dialog).getByLabelText('备注')).toHaveValue('');
    expect(typeRadio(dialog, '收入')).toBeChecked();
    expect(within(dialog).getByRole('button', { name: '兼职' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).getByLabelText('日期')).toHaveValue(yesterday);
    await user.type(within(dialog).getByLabelText('金额'), '50');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () =>
      expect(
        (await demo.store.accounts.list('demo'))
          .map((a) => [a.type, a.category, a.amount, a.date, a.description])
          .sort(),
      ).toEqual([
        ['income', 'part_time', 300, yesterday, '家教'],
        ['income', 'part_time', 50, yesterday, ''],
      ]),
    );
  });

  it('opens on the category last used on this device', async () => {
    await openScreen();
    let { user, dialog } = await openAddDialog();
    expect(
      within(within(dialog).getByRole('group', { name: '分类' })).queryAllByRole('button', {
        pressed: true,
      }),
    ).toEqual([]);
    await user.type(within(dialog).getByLabelText('金额'), '9');
    await user.click(within(dialog).getByRole('button', { name: '交通' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    ({ user, dialog } = await openAddDialog());
    expect(within(dialog).getByRole('button', { name: '交通' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: '今天' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('editing and deleting', () => {
  it('edits a record through the same dialog, pre-filled, with PUT', async () => {
    await seed(expense('e1', 20, 'transport', TODAY, '地铁'));
    await openScreen();
    const user = userEvent.setup();
    const recent = screen.getByRole('region', { name: '最近记录' });
    await user.click(within(recent).getByRole('button', { name: '编辑 地铁' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑记录' });
    expect(within(dialog).getByLabelText('金额')).toHaveValue('20.00');
    expect(typeRadio(dialog, '支出')).toBeChecked();
    expect(within(dialog).getByRole('button', { name: '交通' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).getByLabelText('备注')).toHaveValue('地铁');
    const amount = within(dialog).getByLabelText('金额');
    await user.clear(amount);
    await user.type(amount, '25.8');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(within(card('今日支出')).getByText('¥25.80')).toBeInTheDocument());
    expect(writes('PUT')).toHaveLength(1);
    await waitFor(async () =>
      expect(await demo.store.accounts.list('demo')).toMatchObject([{ id: 'e1', amount: 25.8 }]),
    );
  });

  it('deletes after confirming, and alerts when the server refuses', async () => {
    await seed(expense('e1', 20), expense('e2', 5, 'shopping'));
    await openScreen();
    const user = userEvent.setup();
    const recent = screen.getByRole('region', { name: '最近记录' });

    server.use(
      http.delete(/\/api\/accounts\/e2$/, () => HttpResponse.json({ error: 'x' }, { status: 422 })),
    );
    await user.click(within(recent).getByRole('button', { name: '删除 购物' }));
    const refused = await screen.findByRole('dialog', { name: '请确认' });
    // Named: category, amount and date, the same sentence on every list.
    expect(refused).toHaveTextContent(/^请确认.*确定要删除「购物 ¥5\.00 · \d+月\d+日」吗？/);
    await user.click(within(refused).getByRole('button', { name: '删除' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('删除记录失败，请重试');
    await waitFor(async () => expect(await demo.store.accounts.list('demo')).toHaveLength(2));

    server.resetHandlers();
    await user.click(within(recent).getByRole('button', { name: '删除 餐饮' }));
    const confirmDialog = await screen.findByRole('dialog', { name: '请确认' });
    await user.click(within(confirmDialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(1));
    await waitFor(async () =>
      expect((await demo.store.accounts.list('demo')).map((a) => a.id)).toEqual(['e2']),
    );
  });
});

describe('导入账单', () => {
  async function pickBill(user: ReturnType<typeof userEvent.setup>) {
    const file = new File([alipayCsvBytes(monthOf(TODAY)).slice()], '支付宝交易明细.csv', {
      type: 'text/csv',
    });
    await user.upload(screen.getByLabelText('选择账单文件'), file);
    const dialog = await screen.findByRole('dialog', { name: '导入账单' });
    await within(dialog).findByRole('list', { name: '账单明细' });
    return dialog;
  }

  it('goes to the server in one batch; the same file again adds nothing', async () => {
    await openScreen();
    const user = userEvent.setup();
    for (const [created, existing] of [
      [6, 0],
      [0, 6],
    ]) {
      const dialog = await pickBill(user);
      await user.click(within(dialog).getByRole('button', { name: '导入 6 条' }));
      await within(dialog).findByText(`导入完成：新增 ${created} 条，已存在 ${existing} 条`);
      await user.click(within(dialog).getByRole('button', { name: '完成' }));
    }
    expect(writes('POST').map((r) => new URL(r.url).pathname)).toEqual([
      '/api/accounts/batch',
      '/api/accounts/batch',
    ]);
    expect(await demo.store.accounts.list('demo')).toHaveLength(6);
    // The bookkeeping list caught up with what the server stored.
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: '全部记录' })).getByLabelText('筛选合计'),
      ).toHaveTextContent('6 条'),
    );
  });

  it('offline keeps the rows on the device, says so, and sends them once the server answers', async () => {
    await openScreen();
    const user = userEvent.setup();
    const dialog = await pickBill(user);
    server.use(http.post(/\/api\//, () => HttpResponse.error()));
    await user.click(within(dialog).getByRole('button', { name: '导入 6 条' }));
    await within(dialog).findByText('6 条已保存在本机，连接服务器后自动同步');
    expect(await demo.store.accounts.list('demo')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '完成' }));
    // The rows show at once, and reach the server when it answers.
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: '全部记录' })).getByLabelText('筛选合计'),
      ).toHaveTextContent('6 条'),
    );
    server.resetHandlers();
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await demo.store.accounts.list('demo')).toHaveLength(6));
  });
});
