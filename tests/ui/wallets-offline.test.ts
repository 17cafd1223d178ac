import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CategoryBook } from '../../src/domain/categories';
import { walletBalances } from '../../src/domain/wallets';
import { type Device, device, offline } from './engine-harness';
import { signIn, testServer } from './harness';

// 账户 and 转账 (issue 61) ride the engine like every kind: made offline they show at once,
// survive a reload, reach the server in order on reconnect, and another device receives them
// by delta with the same balances.

const TODAY = '2026-11-22';
const { server, demo } = await testServer({
  today: TODAY,
  clear: ['accounts', 'wallets', 'transfers', 'categories'],
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

// 分类 of one's own the same way: a 子分类 made offline after its parent reaches the server in
// that order, an entry filed under it keeps its id, and another device names it alike.
describe('分类 offline', () => {
  it('replays a parent, its 子分类 and an entry under it, and another device rolls it up', async () => {
    const a = device();
    for (const kind of ['categories', 'accounts'] as const) await a.engine.list(kind);
    offline(server);
    await a.engine.create('categories', {
      id: 'pet',
      name: '宠物',
      type: 'expense',
      icon: '🐱',
      order: 20,
    });
    await a.engine.create('categories', {
      id: 'food',
      name: '猫粮',
      type: 'expense',
      parentId: 'pet',
      order: 0,
    });
    // A built-in renamed: its first record.
    await a.engine.create('categories', { id: 'dining', name: '吃饭', type: 'expense' });
    await a.engine.create('accounts', {
      id: 'e2',
      type: 'expense',
      amount: 89,
      category: 'food',
      date: TODAY,
    });
    const bookOn = async (d: Device) => new CategoryBook((await d.engine.list('categories')).items);
    expect((await bookOn(a)).label('expense', 'food')).toBe('宠物 / 猫粮');
    await waitFor(() => expect(a.engine.status().reachable).toBe(false));
    await a.stop();

    const reloaded = device(a.idb);
    expect((await bookOn(reloaded)).label('expense', 'food')).toBe('宠物 / 猫粮');
    expect(reloaded.waiting()).toBe(4);
    server.resetHandlers();
    reloaded.engine.wake();
    await waitFor(() => expect(reloaded.waiting()).toBe(0));
    expect((await demo.store.categories.list('demo')).map((c) => c.id)).toEqual([
      'pet',
      'food',
      'dining',
    ]);
    expect((await demo.store.accounts.get('demo', 'e2'))?.category).toBe('food');

    const b = device();
    const book = await bookOn(b);
    expect(book.label('expense', 'food')).toBe('宠物 / 猫粮');
    expect(book.label('expense', 'dining')).toBe('吃饭');
    expect(book.rollUp('expense', 'food')).toBe('pet');
    await reloaded.stop();
    await b.stop();
  });
});
