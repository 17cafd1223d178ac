import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { monthOf, todayString } from '../../src/domain/dates';
import { alipayTransfersCsvBytes } from '../fixtures/bills';
import { storedWallet } from '../fixtures/records';
import { renderApp, signIn, testServer } from './harness';
import { recordRequests, writeLine } from './requests';

// Import maps transfers (issue 61): the real-format 支付宝 file's 余额宝 转入 and 信用卡还款
// (不计收支) are imported as 转账 between the user's accounts, matched by the card's last four
// and 余额宝 → the 支付宝 account, with the credit card it names made new. Balances move;
// 本月支出 does not.

// The screen reads the real clock, so the file is of this month.
const TODAY = todayString(new Date());
const { server, demo } = await testServer({
  today: TODAY,
  clear: ['accounts', 'wallets', 'transfers'],
});
const writes = recordRequests(server, writeLine);

beforeEach(async () => {
  await signIn(demo);
  await demo.store.wallets.create(
    'demo',
    storedWallet('ali', { name: '支付宝', type: 'alipay', openingBalance: 1000 }),
  );
  await demo.store.wallets.create(
    'demo',
    storedWallet('cmb', { name: '招商银行 1234', type: 'debit', openingBalance: 5000, order: 1 }),
  );
});

const balance = (name: string) =>
  within(screen.getByTestId(`wallet-${name}`)).getByTestId('wallet-balance').textContent;
const monthSpent = () => within(screen.getByRole('region', { name: '本月支出' }));

async function openBill() {
  renderApp('/accounting');
  await screen.findByRole('region', { name: '今日支出' });
  await waitFor(() => expect(balance('招商银行 1234')).toBe('¥5,000.00'));
  const user = userEvent.setup();
  const file = new File([alipayTransfersCsvBytes(monthOf(TODAY)).slice()], '支付宝交易明细.csv', {
    type: 'text/csv',
  });
  await user.upload(screen.getByLabelText('选择账单文件'), file);
  const dialog = await screen.findByRole('dialog', { name: '导入账单' });
  await within(dialog).findByRole('list', { name: '账单明细' });
  await within(dialog).findByRole('heading', { name: '账户' });
  return { user, dialog: within(dialog) };
}

describe('导入账单: 不计收支 moves between one’s own accounts', () => {
  it('imports the 余额宝 row as a transfer: both balances move, 本月支出 does not', async () => {
    const { user, dialog } = await openBill();
    expect(monthSpent().getByText('¥0.00')).toBeInTheDocument();

    // The accounts the bill names: matched, or offered as new.
    expect(dialog.getByLabelText('招商银行储蓄卡(1234) 对应账户')).toHaveValue('cmb');
    expect(dialog.getByLabelText('余额宝 对应账户')).toHaveValue('ali');
    expect(dialog.getByLabelText('招商银行信用卡 对应账户')).toHaveDisplayValue(
      '新建「招商银行信用卡」（信用卡）',
    );
    expect(dialog.getByText('将新建账户：招商银行信用卡（信用卡）')).toBeInTheDocument();
    const sides = dialog.getAllByTestId('transfer-sides').map((p) => p.textContent);
    expect(sides).toEqual([
      '转账：招商银行 1234 → 支付宝',
      '转账：支付宝 → 招商银行信用卡（新建）',
    ]);
    // The 收益 and the 退款 stay left out, as before.
    expect(dialog.getByText(/共 4 条，将导入 2 条/)).toHaveTextContent(
      '转账 2 笔 ¥800.00），跳过 2 条',
    );

    // A transfer can be left out like any row: without the repayment, no card is made.
    const repayment = dialog.getByRole('checkbox', { name: /信用卡还款$/ });
    await user.click(repayment);
    expect(dialog.queryByText(/将新建账户/)).toBeNull();
    expect(dialog.getByRole('button', { name: '导入 1 条' })).toBeEnabled();
    // …and taken back in from the keyboard.
    repayment.focus();
    await user.keyboard(' ');
    expect(repayment).toBeChecked();

    await user.click(dialog.getByRole('button', { name: '导入 2 条' }));
    await dialog.findByText('导入完成：新增 2 条，已存在 0 条');
    expect(dialog.getByText('新建账户 1 个')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: '完成' }));

    // The new account before the transfers naming it; no 记账 entry at all.
    expect(writes.filter((w) => w.startsWith('POST'))).toEqual([
      'POST /api/wallets/batch',
      'POST /api/transfers/batch',
    ]);
    const transfers = await demo.store.transfers.list('demo');
    const card = (await demo.store.wallets.list('demo')).find((w) => w.name === '招商银行信用卡');
    expect(card).toMatchObject({ type: 'credit', statementDay: 1, dueDay: 20 });
    expect(
      transfers
        .map((t) => [t.fromWalletId, t.toWalletId, t.amount, t.fee])
        .sort((a, b) => Number(b[2]) - Number(a[2])),
    ).toEqual([
      ['cmb', 'ali', 500, 0],
      ['ali', card!.id, 300, 0],
    ]);
    expect(await demo.store.accounts.list('demo')).toEqual([]);

    await waitFor(() => expect(balance('支付宝')).toBe('¥1,200.00'));
    expect(balance('招商银行 1234')).toBe('¥4,500.00');
    await waitFor(() => expect(balance('招商银行信用卡')).toBe('¥300.00'));
    expect(monthSpent().getByText('¥0.00')).toBeInTheDocument();
  });

  it('不指定 for 余额宝 holds its transfers back and says why; 取消 writes nothing', async () => {
    const { user, dialog } = await openBill();
    await user.selectOptions(dialog.getByLabelText('余额宝 对应账户'), '不指定');
    expect(dialog.getByRole('alert')).toHaveTextContent(
      '2 条转账缺少账户，不会导入：转账需要转出和转入两个账户：请为「余额宝」选择账户或新建，或不导入这一行',
    );
    expect(dialog.getByRole('button', { name: '导入 0 条' })).toBeDisabled();
    await user.selectOptions(dialog.getByLabelText('余额宝 对应账户'), '支付宝');
    expect(dialog.getByRole('button', { name: '导入 2 条' })).toBeEnabled();

    await user.click(dialog.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '导入账单' })).toBeNull());
    expect(writes).toEqual([]);
    expect(await demo.store.transfers.list('demo')).toEqual([]);
    expect((await demo.store.wallets.list('demo')).map((w) => w.id).sort()).toEqual(['ali', 'cmb']);
  });
});
