import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { walletBalances } from '../../src/domain/wallets';
import { type Device, device, offline } from './engine-harness';
import { signIn, testServer } from './harness';

// 账户 and 转账 (issue 61) ride the engine like every kind: made offline they show at once,
// survive a reload, reach the server in order on reconnect, and another device receives them
// by delta with the same balances.

const TODAY = '2026-11-22';
const { server, demo } = await testServer({
  today: TODAY,
  clear: ['accounts', 'wallets', 'transfers'],
});
beforeEach(async () => {
  await signIn(demo);
});

async function balancesOn(d: Device) {
  const [wallets, entries, transfers] = await Promise.all([
    d.engine.list('wallets'),
    d.engine.list('accounts'),
    d.engine.list('transfers'),
  ]);
  return Object.fromEntries(walletBalances(wallets.items, entries.items, transfers.items));
}

async function balancesOnServer() {
  const [wallets, entries, transfers] = await Promise.all([
    demo.store.wallets.list('demo'),
    demo.store.accounts.list('demo'),
    demo.store.transfers.list('demo'),
  ]);
  return Object.fromEntries(walletBalances(wallets, entries, transfers));
}

describe('账户 and 转账 offline', () => {
  it('are shown at once, kept over a reload, replayed in order and pulled by another device', async () => {
    const a = device();
    for (const kind of ['wallets', 'accounts', 'transfers'] as const) await a.engine.list(kind);
    offline(server);
    await a.engine.create('wallets', {
      id: 'ali',
      name: '支付宝',
      type: 'alipay',
      openingBalance: 1000,
    });
    await a.engine.create('wallets', {
      id: 'card',
      name: '招行信用卡',
      type: 'credit',
      openingBalance: -200,
      creditLimit: 10_000,
      statementDay: 5,
      dueDay: 23,
    });
    await a.engine.create('accounts', {
      id: 'e1',
      type: 'expense',
      amount: 12.5,
      category: 'dining',
      date: TODAY,
      walletId: 'ali',
    });
    await a.engine.create('transfers', {
      id: 't1',
      fromWalletId: 'ali',
      toWalletId: 'card',
      amount: 200,
      date: TODAY,
    });
    // A 调整余额: money from outside the books.
    await a.engine.create('transfers', {
      id: 't2',
      fromWalletId: '',
      toWalletId: 'ali',
      amount: 0.5,
      date: TODAY,
    });
    const expected = { ali: 78_800, card: 0 };
    expect(await balancesOn(a)).toEqual(expected);
    await waitFor(() => expect(a.engine.status().reachable).toBe(false));
    expect(await demo.store.wallets.list('demo')).toEqual([]);

    await a.stop();
    const reloaded = device(a.idb);
    expect(await balancesOn(reloaded)).toEqual(expected);
    expect(reloaded.waiting()).toBe(5);
    server.resetHandlers();
    reloaded.engine.wake();
    await waitFor(() => expect(reloaded.waiting()).toBe(0));
    expect(await balancesOnServer()).toEqual(expected);
    expect((await demo.store.accounts.get('demo', 'e1'))?.walletId).toBe('ali');

    // Another device: everything by delta, the same balances.
    const b = device();
    expect(await balancesOn(b)).toEqual(expected);
    await reloaded.stop();
    await b.stop();
  });
});
