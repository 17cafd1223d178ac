import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createToaster } from '../../src/components/toast';
import { todayString } from '../../src/domain/dates';
import { AddEntryDialog } from '../../src/features/calendar/DayAddDialogs';
import { storedExpense, storedWallet } from '../fixtures/records';
import { Providers, renderApp, signIn, testServer } from './harness';

// The phone form (issue 61, item 6): 支出 / 收入 / 转账 is a segmented control at the top of
// 添加记录, one tap each, a radio group for the keyboard and screen readers; 转账 there saves
// a transfer. 记一笔 from 今天 or the + sheet returns there once saved, with 已记一笔 and 撤销.

// The screens read the real clock, so the records are placed relative to it.
const TODAY = todayString(new Date());
const { demo } = await testServer({ today: TODAY, clear: ['accounts', 'wallets', 'transfers'] });
beforeEach(async () => {
  await signIn(demo);
  await demo.store.wallets.create(
    'demo',
    storedWallet('ali', { name: '支付宝', openingBalance: 1000 }),
  );
  await demo.store.wallets.create(
    'demo',
    storedWallet('cmb', { name: '招商银行', type: 'debit', openingBalance: 5000, order: 1 }),
  );
});

const typeGroup = (dialog: HTMLElement) => within(dialog).getByRole('radiogroup', { name: '类型' });
const typeRadio = (dialog: HTMLElement, label: string) =>
  within(typeGroup(dialog)).getByRole('radio', { name: label });
const categories = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('group', { name: '分类' }))
    .getAllByRole('button')
    .map((b) => b.textContent);
const balance = (name: string) =>
  within(screen.getByTestId(`wallet-${name}`)).getByTestId('wallet-balance').textContent;

async function openAccounting() {
  const view = renderApp('/accounting');
  await screen.findByRole('region', { name: '今日支出' });
  await screen.findByTestId('wallet-支付宝');
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: '添加记录' }));
  return { ...view, user, dialog: await screen.findByRole('dialog', { name: '添加记录' }) };
}

async function fillTransfer(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.selectOptions(within(dialog).getByLabelText('转出账户'), '招商银行');
  await user.selectOptions(within(dialog).getByLabelText('转入账户'), '支付宝');
  await user.type(within(dialog).getByLabelText('金额'), '500');
}

describe('类型 at the top of 添加记录', () => {
  it('is a radio group of 支出 / 收入 / 转账, and one click switches the type', async () => {
    const { user, dialog } = await openAccounting();
    const radios = within(typeGroup(dialog)).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['支出', '收入', '转账']);
    expect(typeRadio(dialog, '支出')).toBeChecked();
    expect(categories(dialog)[0]).toBe('餐饮');

    // To 转账 and back: 金额, left empty, is empty again (not "NaN").
    await user.click(within(dialog).getByLabelText('金额'));
    await user.click(typeRadio(dialog, '转账'));
    await user.click(within(dialog).getByLabelText('金额'));
    await user.click(typeRadio(dialog, '收入'));
    expect(within(dialog).getByLabelText('金额')).toHaveValue('');
    await user.click(typeRadio(dialog, '转账'));
    expect(within(dialog).getByLabelText('金额')).toHaveValue('');
    await user.click(typeRadio(dialog, '收入'));
    expect(typeRadio(dialog, '收入')).toBeChecked();
    expect(typeRadio(dialog, '支出')).not.toBeChecked();
    expect(categories(dialog)).toEqual(['工资', '奖金', '投资', '兼职', '礼金', '其他']);
    await user.type(within(dialog).getByLabelText('金额'), '300');
    await user.click(within(dialog).getByRole('button', { name: '兼职' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () =>
      expect(
        (await demo.store.accounts.list('demo')).map((a) => [a.type, a.category, a.amount]),
      ).toEqual([['income', 'part_time', 300]]),
    );
  });

  it('moves with the arrow keys, as a radio group does, keeping the focus on it', async () => {
    const { user, dialog } = await openAccounting();
    // Tab enters the group on the chosen one only: one stop, not three.
    typeRadio(dialog, '支出').focus();
    await user.keyboard('{ArrowRight}');
    expect(typeRadio(dialog, '收入')).toBeChecked();
    expect(typeRadio(dialog, '收入')).toHaveFocus();
    expect(categories(dialog)[0]).toBe('工资');
    await user.keyboard('{ArrowRight}');
    expect(typeRadio(dialog, '转账')).toBeChecked();
    // The transfer's fields take the place of the entry's, and the focus stays where it was.
    expect(typeRadio(dialog, '转账')).toHaveFocus();
    expect(within(dialog).getByLabelText('转出账户')).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: '分类' })).toBeNull();
    await user.keyboard('{ArrowLeft}');
    expect(typeRadio(dialog, '收入')).toBeChecked();
    expect(typeRadio(dialog, '收入')).toHaveFocus();
    expect(within(dialog).queryByLabelText('转出账户')).toBeNull();
    await user.keyboard('{ArrowLeft}');
    expect(typeRadio(dialog, '支出')).toBeChecked();
    expect(categories(dialog)[0]).toBe('餐饮');
  });

  it('转账 saves a transfer: both balances move, and no income or expense is booked', async () => {
    const { user, dialog } = await openAccounting();
    await user.click(typeRadio(dialog, '转账'));
    // 转出账户, 转入账户, 金额, 手续费, 日期, 备注: the fields of 转账 (TransferFields).
    for (const label of ['转出账户', '转入账户', '金额', '手续费', '日期', '备注']) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText('日期')).toHaveValue(TODAY);
    expect(within(dialog).queryByRole('button', { name: '再记一笔' })).toBeNull();
    await fillTransfer(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(balance('支付宝')).toBe('¥1,500.00'));
    expect(balance('招商银行')).toBe('¥4,500.00');
    await waitFor(async () =>
      expect(await demo.store.transfers.list('demo')).toMatchObject([
        { fromWalletId: 'cmb', toWalletId: 'ali', amount: 500, fee: 0, date: TODAY },
      ]),
    );
    expect(await demo.store.accounts.list('demo')).toEqual([]);
    expect(
      within(screen.getByRole('region', { name: '本月支出' })).getByText('¥0.00'),
    ).toBeInTheDocument();
    // Saved from 记账管理 itself: it stays here.
    expect(screen.getByRole('heading', { name: '记账管理' })).toBeInTheDocument();
  });

  it('says which account a transfer lacks', async () => {
    const { user, dialog } = await openAccounting();
    await user.click(typeRadio(dialog, '转账'));
    await user.selectOptions(within(dialog).getByLabelText('转入账户'), '支付宝');
    await user.type(within(dialog).getByLabelText('金额'), '5');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(
      await within(dialog).findByText('请选择转出账户', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(await demo.store.transfers.list('demo')).toEqual([]);
  });

  it('an edit offers 支出 / 收入 only', async () => {
    await demo.store.accounts.create(
      'demo',
      storedExpense('e1', { amount: 20, category: 'transport', description: '地铁', date: TODAY }),
    );
    renderApp('/accounting');
    const user = userEvent.setup();
    const recent = await screen.findByRole('region', { name: '最近记录' });
    await user.click(await within(recent).findByRole('button', { name: '编辑 地铁' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑记录' });
    expect(
      within(typeGroup(dialog))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['支出', '收入']);
    expect(typeRadio(dialog, '支出')).toBeChecked();
  });
});

describe('类型 in the other bookkeeping forms: 支出 / 收入 only', () => {
  it('添加周期记账', async () => {
    renderApp('/accounting');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: '周期记账' });
    await user.click(within(section).getByRole('button', { name: '添加周期记账' }));
    const dialog = await screen.findByRole('dialog', { name: '添加周期记账' });
    expect(
      within(typeGroup(dialog))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['支出', '收入']);
    await user.click(typeRadio(dialog, '收入'));
    expect(categories(dialog)[0]).toBe('工资');
    // Its entries name the 账户 chosen (issue 61).
    onTestFinished(async () => {
      for (const t of await demo.store.recurring.list('demo')) {
        await demo.store.recurring.remove('demo', t.id);
      }
      for (const e of await demo.store.accounts.list('demo')) {
        await demo.store.accounts.remove('demo', e.id);
      }
    });
    await user.type(within(dialog).getByLabelText('金额'), '8000');
    await user.click(within(dialog).getByRole('button', { name: '工资' }));
    await user.selectOptions(within(dialog).getByLabelText('账户'), '招商银行');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(async () =>
      expect(await demo.store.recurring.list('demo')).toMatchObject([
        { amount: 8000, category: 'salary', walletId: 'cmb' },
      ]),
    );
    // Started today, its first entry is written at once, naming the account.
    await waitFor(async () =>
      expect(await demo.store.accounts.list('demo')).toMatchObject([
        { amount: 8000, walletId: 'cmb' },
      ]),
    );
  });

  it('日历’s 记一笔', async () => {
    render(
      <Providers>
        <AddEntryDialog date={TODAY} onClose={() => undefined} />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: /^记一笔 · / });
    expect(
      within(typeGroup(dialog))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['支出', '收入']);
    expect(typeRadio(dialog, '支出')).toBeChecked();
    const category = within(dialog).getByLabelText('分类');
    await userEvent.setup().click(typeRadio(dialog, '收入'));
    expect(typeRadio(dialog, '收入')).toBeChecked();
    expect(within(category).getAllByRole('option')[1]).toHaveTextContent('工资');
  });
});

describe('日历’s 记一笔 names an 账户', () => {
  it('saves the account chosen, and none when 不指定账户', async () => {
    onTestFinished(async () => {
      for (const e of await demo.store.accounts.list('demo')) {
        await demo.store.accounts.remove('demo', e.id);
      }
    });
    const user = userEvent.setup();
    const save = async (account: string, amount: string) => {
      const closed = vi.fn();
      const view = render(
        <Providers>
          <AddEntryDialog date={TODAY} onClose={closed} />
        </Providers>,
      );
      const dialog = await screen.findByRole('dialog', { name: /^记一笔 · / });
      const select = await within(dialog).findByLabelText('账户');
      await user.selectOptions(select, account);
      await user.type(within(dialog).getByLabelText('金额'), amount);
      await user.selectOptions(within(dialog).getByLabelText('分类'), 'dining');
      await user.click(within(dialog).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(closed).toHaveBeenCalled());
      view.unmount();
    };
    await save('招商银行', '30');
    await save('不指定账户', '8');
    await waitFor(async () =>
      expect((await demo.store.accounts.list('demo')).map((e) => [e.amount, e.walletId])).toEqual([
        [30, 'cmb'],
        [8, null],
      ]),
    );
  });
});

describe('记一笔 from elsewhere returns there', () => {
  it('from 今天: saved, back on 今天 with 已记一笔; 撤销 deletes the entry', async () => {
    const { router } = renderApp('/');
    const user = userEvent.setup();
    const actions = await screen.findByRole('region', { name: '快捷操作' });
    await user.click(within(actions).getByRole('link', { name: '记一笔支出' }));
    const dialog = await screen.findByRole('dialog', { name: '添加记录' });
    expect(router.state.location.pathname).toBe('/accounting');
    await user.type(within(dialog).getByLabelText('金额'), '12.5');
    await user.click(within(dialog).getByRole('button', { name: '餐饮' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    const toast = (await screen.findByText('已记一笔')).closest('[role="alert"]') as HTMLElement;
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByRole('region', { name: '快捷操作' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () =>
      expect((await demo.store.accounts.list('demo')).map((a) => a.amount)).toEqual([12.5]),
    );
    const undo = within(toast).getByRole('button', { name: '撤销' });
    // Reached from the keyboard: a button in the page's tab order.
    undo.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('已撤销')).toBeInTheDocument();
    await waitFor(async () => expect(await demo.store.accounts.list('demo')).toEqual([]));
    expect(router.state.location.pathname).toBe('/');
  });

  it('from the + sheet: a 转账 saved returns to the screen it was on; 撤销 deletes it', async () => {
    const { router } = renderApp('/tasks');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '快速记录' }));
    const sheet = await screen.findByRole('dialog', { name: '快速记录' });
    await user.click(within(sheet).getByRole('link', { name: '记一笔' }));
    const dialog = await screen.findByRole('dialog', { name: '添加记录' });
    await user.click(typeRadio(dialog, '转账'));
    await waitFor(() =>
      expect(within(dialog).getAllByRole('option', { name: '招商银行' })).toHaveLength(2),
    );
    await fillTransfer(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    const toast = (await screen.findByText('已记一笔')).closest('[role="alert"]') as HTMLElement;
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks'));
    await waitFor(async () => expect(await demo.store.transfers.list('demo')).toHaveLength(1));
    await user.click(within(toast).getByRole('button', { name: '撤销' }));
    expect(await screen.findByText('已撤销')).toBeInTheDocument();
    await waitFor(async () => expect(await demo.store.transfers.list('demo')).toEqual([]));
  });

  it('from 记账管理’s own 添加记录: stays, and says nothing more', async () => {
    const { user, dialog, router } = await openAccounting();
    await user.type(within(dialog).getByLabelText('金额'), '8');
    await user.click(within(dialog).getByRole('button', { name: '交通' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/accounting');
    expect(screen.queryByText('已记一笔')).toBeNull();
  });
});

describe('a toast with an action', () => {
  it('stays 6 s (a plain one 3 s), and keeps while the pointer or focus holds it', () => {
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const toaster = createToaster();
    const onClick = vi.fn();
    toaster.show('已保存');
    toaster.show('已记一笔', 'success', { label: '撤销', onClick });
    const [plain, withAction] = toaster.list();
    vi.advanceTimersByTime(3000);
    expect(toaster.list()).toEqual([withAction]);
    expect(plain?.action).toBeUndefined();
    vi.advanceTimersByTime(2900);
    expect(toaster.list()).toEqual([withAction]);
    // Focus (or the pointer) on it holds it; leaving starts its 6 s again.
    toaster.hold(withAction!.id);
    vi.advanceTimersByTime(60_000);
    expect(toaster.list()).toEqual([withAction]);
    toaster.release(withAction!.id);
    vi.advanceTimersByTime(5900);
    expect(toaster.list()).toEqual([withAction]);
    vi.advanceTimersByTime(100);
    expect(toaster.list()).toEqual([]);
    expect(onClick).not.toHaveBeenCalled();
  });
});
