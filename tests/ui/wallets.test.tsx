import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { addDays, monthOf, todayString } from '../../src/domain/dates';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import { storedExpense, storedWallet } from '../fixtures/records';
import { renderApp, signIn, testServer } from './harness';

// 记账管理 → 账户 (issue 61): the entry form's 账户 picker starts from 设置's default and
// remembers the last account used, in the settings; a transfer's 手续费 is a 手续费 expense
// of the 转出账户 and nothing else of the transfer counts.

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
  onTestFinished(async () => {
    await demo.store.settings.put('demo', DEFAULT_SETTINGS, TODAY);
    for (const id of ['ali', 'cmb']) await demo.store.wallets.remove('demo', id);
  });
});

async function openScreen() {
  renderApp('/accounting');
  await screen.findByRole('region', { name: '今日支出' });
  return within(await screen.findByRole('region', { name: '账户' }));
}

const balance = (name: string) =>
  within(screen.getByTestId(`wallet-${name}`)).getByTestId('wallet-balance').textContent;

describe('记账管理 → 账户', () => {
  it('starts an entry from the default account and remembers the last one used', async () => {
    await demo.store.settings.put('demo', { ...DEFAULT_SETTINGS, defaultWalletId: 'cmb' }, TODAY);
    await openScreen();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '添加记录' }));
    const dialog = await screen.findByRole('dialog', { name: '添加记录' });
    const picker = within(dialog).getByLabelText('账户') as HTMLSelectElement;
    await waitFor(() => expect(picker.value).toBe('cmb'));
    await user.type(within(dialog).getByLabelText('金额'), '20');
    await user.click(
      within(within(dialog).getByRole('group', { name: '分类' })).getByRole('button', {
        name: '交通',
      }),
    );
    await user.selectOptions(picker, '支付宝');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(balance('支付宝')).toBe('¥980.00'));
    // The settings on the server now name 支付宝: the next device starts from it too.
    await waitFor(async () =>
      expect((await demo.store.settings.get('demo'))?.defaultWalletId).toBe('ali'),
    );
  });

  it('books a transfer’s fee as a 手续费 expense and nothing else of it', async () => {
    const section = await openScreen();
    const user = userEvent.setup();
    await user.click(await section.findByRole('button', { name: '转账' }));
    const dialog = await screen.findByRole('dialog', { name: '转账' });
    await user.selectOptions(within(dialog).getByLabelText('转出账户'), '招商银行');
    await user.selectOptions(within(dialog).getByLabelText('转入账户'), '支付宝');
    await user.type(within(dialog).getByLabelText('金额'), '500');
    await user.type(within(dialog).getByLabelText('手续费'), '2.5');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(balance('支付宝')).toBe('¥1,500.00'));
    await waitFor(() => expect(balance('招商银行')).toBe('¥4,497.50'));
    await waitFor(async () => expect(await demo.store.transfers.list('demo')).toHaveLength(1));
    await waitFor(async () => {
      const entries = await demo.store.accounts.list('demo');
      expect(entries.map((e) => [e.type, e.category, e.amount, e.walletId])).toEqual([
        ['expense', 'fee', 2.5, 'cmb'],
      ]);
    });
    expect(
      within(screen.getByRole('region', { name: '本月支出' })).getByText('¥2.50'),
    ).toBeInTheDocument();
  });

  it('repays a credit card’s bill with 还款, prefilled, and edits the transfer', async () => {
    const card = storedWallet('card', {
      name: '信用卡',
      type: 'credit',
      creditLimit: 10_000,
      statementDay: 1,
      dueDay: 20,
      order: 2,
    });
    await demo.store.wallets.create('demo', card);
    // Spent the day before this month's 1st, the statement day: all of it is on the bill.
    const lastMonth = addDays(`${monthOf(TODAY)}-01`, -1);
    await demo.store.accounts.create(
      'demo',
      storedExpense('buy', { amount: 300, date: lastMonth, walletId: 'card' }),
    );
    onTestFinished(() => demo.store.wallets.remove('demo', 'card').then(() => undefined));
    const section = await openScreen();
    const user = userEvent.setup();
    const bill = await section.findByTestId('credit-bill');
    await waitFor(() => expect(bill).toHaveTextContent('本期账单 ¥300.00'));
    await user.click(within(bill).getByRole('button', { name: '还款 信用卡' }));
    const dialog = await screen.findByRole('dialog', { name: '转账' });
    expect((within(dialog).getByLabelText('转入账户') as HTMLSelectElement).value).toBe('card');
    expect((within(dialog).getByLabelText('金额') as HTMLInputElement).value).toBe('300.00');
    await user.selectOptions(within(dialog).getByLabelText('转出账户'), '招商银行');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(balance('信用卡')).toBe('¥0.00'));
    expect(bill).toHaveTextContent('本期账单 ¥0.00');
    expect(balance('招商银行')).toBe('¥4,700.00');

    // The card's ledger: the repayment can be edited there.
    await user.click(section.getByRole('button', { name: /^信用卡，余额/ }));
    const ledger = await screen.findByRole('dialog', { name: '信用卡的流水' });
    await user.click(within(ledger).getByRole('button', { name: /编辑/ }));
    const edit = await screen.findByRole('dialog', { name: '编辑转账' });
    const amount = within(edit).getByLabelText('金额');
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(within(edit).getByRole('button', { name: '保存' }));
    await screen.findByRole('dialog', { name: '信用卡的流水' });
    await waitFor(() => expect(balance('信用卡')).toBe('-¥200.00'));
  });

  it('调整余额 brings the balance to the real one, as neither income nor expense', async () => {
    const section = await openScreen();
    const user = userEvent.setup();
    await user.click(await section.findByRole('button', { name: /^支付宝，余额/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '支付宝的流水' })).getByRole('button', {
        name: '调整余额',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: '调整余额 · 支付宝' });
    const actual = within(dialog).getByLabelText('实际余额');
    await user.type(actual, '1000');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('与当前余额相同，无需调整')).toBeInTheDocument();
    await user.clear(actual);
    await user.type(actual, '1200.5');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    const ledger = await screen.findByRole('dialog', { name: '支付宝的流水' });
    await within(ledger).findByText('余额调整');
    await waitFor(() => expect(balance('支付宝')).toBe('¥1,200.50'));
    for (const title of ['本月收入', '本月支出']) {
      expect(
        within(screen.getByRole('region', { name: title })).getByText('¥0.00'),
      ).toBeInTheDocument();
    }
    await waitFor(async () =>
      expect(await demo.store.transfers.list('demo')).toMatchObject([
        { fromWalletId: '', toWalletId: 'ali', amount: 200.5 },
      ]),
    );
    expect(await demo.store.accounts.list('demo')).toEqual([]);
  });

  it('says in Chinese what a new account lacks', async () => {
    const section = await openScreen();
    const user = userEvent.setup();
    await user.click(section.getByRole('button', { name: '添加账户' }));
    const dialog = await screen.findByRole('dialog', { name: '添加账户' });
    await user.selectOptions(within(dialog).getByLabelText('类型'), '信用卡');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写账户名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请填写账单日')).toBeInTheDocument();
    expect(within(dialog).getByText('请填写还款日')).toBeInTheDocument();
  });
});
