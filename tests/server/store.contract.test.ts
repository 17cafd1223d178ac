import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { createMemoryStore } from '../../server/memory-store';
import type { Store } from '../../server/store';
import type { Account } from '../../src/domain/schemas/account';
import type { Asset, AssetHistoryEntry } from '../../src/domain/schemas/asset';
import type { Category } from '../../src/domain/schemas/category';
import type { CheckinTask } from '../../src/domain/schemas/checkin';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import type { RecurringTemplate } from '../../src/domain/schemas/recurring';
import type { Settings } from '../../src/domain/schemas/settings';
import type { Task } from '../../src/domain/schemas/task';
import type { TimeRecord } from '../../src/domain/schemas/time-record';
import type { Transfer } from '../../src/domain/schemas/transfer';
import type { Wallet } from '../../src/domain/schemas/wallet';
import type { Workout } from '../../src/domain/schemas/workout';
import * as fixture from '../fixtures/records';

const dir = mkdtempSync(join(tmpdir(), 'pms-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;

const stamp = fixture.STORED;

const implementations: [string, () => Store][] = [
  ['memory', createMemoryStore],
  ['sqlite', () => openSqliteStore(join(dir, `store-${++fileNo}.sqlite`))],
];

const account = (id: string, amount = 12.34): Account => ({
  id,
  ...stamp,
  type: 'expense',
  amount,
  category: 'dining',
  description: '午饭',
  date: '2024-03-01',
  templateId: null,
  reimbursed: false,
  reimbursedBy: null,
  // 账户 (issue 61): none, as every entry written before it reads back.
  walletId: null,
  // 标签 (issue 63), in the JSON-coded column.
  tags: ['旅行', '成都'],
});
const asset = (id: string, version = 1, originalId: string | null = null): Asset =>
  fixture.storedAsset(id, { ...stamp, amount: 1000.5, version, originalId });
const history = (id: string): AssetHistoryEntry => ({
  id,
  ...stamp,
  assetId: 'a1',
  assetName: '招商银行',
  action: 'update',
  oldData: asset('a1'),
  newData: null,
  timestamp: '2024-01-02T03:04:05.000Z',
});
const workout = (id: string): Workout => ({
  id,
  ...stamp,
  type: 'running',
  duration: 30,
  calories: null,
  notes: '',
  date: '2024-03-01',
  tags: ['旅行'],
  createdAt: '2024-03-01T08:00:00.000Z',
});
const timeRecord = (id: string): TimeRecord => ({
  id,
  ...stamp,
  task: '专注时间',
  category: 'other',
  duration: 1500,
  date: '2024-03-01',
  createdAt: '2024-03-01T08:00:00.000Z',
  taskId: '',
  tags: [],
});
const task = (id: string): Task =>
  fixture.storedReport(id, {
    // Issue 36's fields, JSON-coded ones with content so the codec is exercised.
    repeat: 'FREQ=MONTHLY;BYDAY=-1FR',
    repeatFrom: 'due',
    seriesId: '',
    dueTime: '',
    subtasks: [{ id: 's1', title: '列提纲', done: true }],
    tags: ['论文'],
    reminders: [0, 30],
  });
const checkinTask = fixture.everyFieldHabit;
const template = (id: string, lastDate = ''): RecurringTemplate => ({
  id,
  ...stamp,
  type: 'expense',
  amount: 4200.07,
  category: 'housing',
  description: '房租',
  every: 1,
  unit: 'month',
  startDate: '2024-01-31',
  endDate: '',
  paused: false,
  lastDate,
  walletId: null,
});
const checkinRecord = fixture.everyFieldCheckin;

describe.each(implementations)('%s store', (_name, open) => {
  let store: Store;
  beforeEach(() => {
    store = open();
  });
  afterEach(() => store.close());

  // The generic record contract, once per resource, with a sample that exercises its columns.
  const resources = [
    ['accounts', account, (r: Account) => ({ ...r, amount: 99.99 })],
    ['assets', (id: string) => asset(id), (r: Asset) => ({ ...r, name: '工商银行', amount: 0 })],
    ['assetHistory', history, (r: AssetHistoryEntry) => ({ ...r, newData: asset('a2', 2, 'a1') })],
    ['workouts', workout, (r: Workout) => ({ ...r, calories: 300 })],
    ['timeRecords', timeRecord, (r: TimeRecord) => ({ ...r, duration: 60 })],
    [
      'tasks',
      task,
      (r: Task) => ({ ...r, completed: true, completedAt: '2024-03-02T00:00:00.000Z' }),
    ],
    ['checkinTasks', checkinTask, (r: CheckinTask) => ({ ...r, name: '早睡' })],
    [
      'recurring',
      (id: string) => template(id),
      (r: RecurringTemplate) => ({ ...r, amount: 0.1, paused: true, endDate: '2025-01-31' }),
    ],
    // 账户 and 转账 (issue 61): signed opening balance and 额度 in cents, nullable days, tags.
    [
      'wallets',
      (id: string) =>
        fixture.storedWallet(id, {
          type: 'credit',
          openingBalance: -1234.56,
          creditLimit: 30_000.5,
          statementDay: 5,
          dueDay: 23,
        }),
      (r: Wallet) => ({ ...r, name: '零钱', type: 'wechat', statementDay: null, archived: true }),
    ],
    [
      'transfers',
      (id: string) => fixture.storedTransfer(id, { fee: 0.07, tags: ['还款'] }),
      (r: Transfer) => ({ ...r, amount: 0.1, fee: 0, note: '余额宝', tags: [] }),
    ],
    // 分类 of one's own (issue 61): a nullable parent, a boolean hidden.
    [
      'categories',
      (id: string) => fixture.storedCategory(id, { parentId: 'cat-pet' }),
      (r: Category) => ({ ...r, name: '猫粮', parentId: null, hidden: true, order: 3 }),
    ],
  ] as const;

  describe.each(resources)('%s', (key, sample, change) => {
    // biome-ignore lint/suspicious/noExplicitAny: one table of cases over differently typed stores.
    const s = () => store[key] as any;
    const make = sample as (id: string) => { id: string };
    const edit = change as unknown as (r: { id: string }) => { id: string };

    it('creates, lists in insertion order, gets, updates and removes', async () => {
      expect(await s().list('alice')).toEqual([]);
      expect(await s().create('alice', make('r2'))).toEqual({ record: make('r2'), created: true });
      await s().create('alice', make('r1'));
      expect(await s().list('alice')).toEqual([make('r2'), make('r1')]);
      expect(await s().get('alice', 'r1')).toEqual(make('r1'));
      expect(await s().get('alice', 'nope')).toBeUndefined();

      expect(await s().update('alice', edit(make('r1')))).toEqual(edit(make('r1')));
      expect(await s().get('alice', 'r1')).toEqual(edit(make('r1')));
      expect(await s().update('alice', make('nope'))).toBeUndefined();
      expect(await s().list('alice')).toHaveLength(2);

      expect(await s().remove('alice', 'r1')).toBe(true);
      expect(await s().remove('alice', 'r1')).toBe(false);
      expect(await s().list('alice')).toEqual([make('r2')]);
    });

    it('answers a repeated id with the stored record and writes nothing', async () => {
      await s().create('alice', make('r1'));
      expect(await s().create('alice', edit(make('r1')))).toEqual({
        record: make('r1'),
        created: false,
      });
      expect(await s().list('alice')).toEqual([make('r1')]);
    });

    it('keeps users apart, even with the same id', async () => {
      await s().create('alice', make('r1'));
      expect(await s().list('bob')).toEqual([]);
      expect(await s().get('bob', 'r1')).toBeUndefined();
      expect(await s().update('bob', edit(make('r1')))).toBeUndefined();
      expect(await s().remove('bob', 'r1')).toBe(false);
      expect((await s().create('bob', edit(make('r1')))).created).toBe(true);
      expect(await s().get('alice', 'r1')).toEqual(make('r1'));
      expect(await s().get('bob', 'r1')).toEqual(edit(make('r1')));
    });

    it('knows a deleted record until it is written again, per user', async () => {
      await s().create('alice', make('r1'));
      await s().create('bob', make('r1'));
      expect(await s().wasDeleted('alice', 'r1')).toBe(false);
      await s().remove('alice', 'r1');
      expect(await s().wasDeleted('alice', 'r1')).toBe(true);
      expect(await s().wasDeleted('bob', 'r1')).toBe(false);
      expect(await s().wasDeleted('alice', 'never')).toBe(false);
      await s().create('alice', make('r1'));
      expect(await s().wasDeleted('alice', 'r1')).toBe(false);
    });

    it('does not let a caller change stored data through a returned object', async () => {
      const { record } = await s().create('alice', make('r1'));
      (record as { id: string }).id = 'changed';
      expect(await s().get('alice', 'r1')).toEqual(make('r1'));
    });
  });

  it('keeps amounts exact to the cent', async () => {
    const amounts = [0.1, 0.2, 0.07, 1234.56, 19.99, 1_000_000_000_000, 0.01];
    for (const [i, amount] of amounts.entries()) {
      await store.accounts.create('alice', account(`a${i}`, amount));
      await store.assets.create('alice', { ...asset(`s${i}`), amount });
    }
    expect((await store.accounts.list('alice')).map((a) => a.amount)).toEqual(amounts);
    expect((await store.assets.list('alice')).map((a) => a.amount)).toEqual(amounts);
  });

  it('keeps the 报销 status and the template of a bookkeeping record', async () => {
    const paidBack = {
      ...account('a1'),
      category: 'reimbursement',
      reimbursed: true,
      reimbursedBy: 'i1',
    };
    const rent = { ...account('a2'), templateId: 't1' };
    await store.accounts.createMany('alice', [paidBack, rent]);
    expect(await store.accounts.list('alice')).toEqual([paidBack, rent]);
    await store.accounts.update('alice', { ...paidBack, reimbursed: false, reimbursedBy: null });
    expect((await store.accounts.get('alice', 'a1'))?.reimbursed).toBe(false);
  });

  it('keeps the 账户 of an entry, and none for one written without (issue 61)', async () => {
    await store.accounts.create('alice', { ...account('a1'), walletId: 'w1' });
    await store.accounts.create('alice', account('a2'));
    const [paid, none] = await store.accounts.list('alice');
    expect(paid?.walletId).toBe('w1');
    expect(none?.walletId).toBeNull();
  });

  it('moves a template’s lastDate only forward', async () => {
    await store.recurring.create('alice', template('t1'));
    await store.recurring.markDone('alice', 't1', '2024-03-31');
    await store.recurring.markDone('alice', 't1', '2024-02-29');
    expect((await store.recurring.get('alice', 't1'))?.lastDate).toBe('2024-03-31');
    // An edit read before a catch-up must not take the catch-up back.
    const edited = { ...template('t1', '2024-01-31'), amount: 4300 };
    expect(await store.recurring.update('alice', edited)).toEqual({
      ...edited,
      lastDate: '2024-03-31',
    });
    await store.recurring.markDone('bob', 't1', '2025-01-01');
    expect(await store.recurring.get('bob', 't1')).toBeUndefined();
    await store.recurring.create('bob', template('t9'));
    expect((await store.recurring.userIds()).sort()).toEqual(['alice', 'bob']);
  });

  it('stores one settings record per user, exact to the cent', async () => {
    expect(await store.settings.get('alice')).toBeUndefined();
    const mine: Settings = {
      ...DEFAULT_SETTINGS,
      monthlyBudget: 5000.1,
      categoryBudgets: { dining: 1200.07, housing: 4200 },
      dailyBudgetMode: 'monthly',
      dailyBudget: 0.01,
      focusGoalMinutes: 90,
      focusCategories: ['reading', 'work'],
      importRules: { expense: { 餐饮美食: 'dining' }, income: {} },
      counterparties: { expense: { '星巴克 "上海"': 'entertainment' }, income: { 公司: 'salary' } },
      dailyGoals: { budget: false, workout: true, focus: false },
    };
    expect(await store.settings.put('alice', mine, '2024-03-01T00:00:00.000Z')).toEqual(mine);
    expect(await store.settings.get('alice')).toEqual(mine);
    expect(await store.settings.get('bob')).toBeUndefined();
    const changed = { ...mine, monthlyBudget: null, dailyBudgetMode: 'fixed' as const };
    await store.settings.put('alice', changed, '2024-03-02T00:00:00.000Z');
    expect(await store.settings.get('alice')).toEqual(changed);
    // The stamp of the change that wrote them orders two devices' saves (docs/architecture.md, Decisions "Conflicts").
    const stamped = { ...changed, stamp: '2024-03-03T00:00:00.000Z-0000-0123456789abcdef' };
    expect(await store.settings.put('alice', stamped, '2024-03-03T00:00:00.000Z')).toEqual(stamped);
    expect(await store.settings.get('alice')).toEqual(stamped);
  });

  it('removes a whole asset chain, and nothing else', async () => {
    await store.assets.create('alice', asset('a1'));
    await store.assets.create('alice', asset('a2', 2, 'a1'));
    await store.assets.create('alice', asset('a3', 3, 'a1'));
    await store.assets.create('alice', asset('b1'));
    await store.assets.create('bob', asset('a1'));
    await store.assets.create('bob', asset('a2', 2, 'a1'));
    expect(await store.assets.removeChain('alice', 'a1')).toBe(3);
    expect((await store.assets.list('alice')).map((a) => a.id)).toEqual(['b1']);
    expect(await store.assets.list('bob')).toHaveLength(2);
    expect(await store.assets.removeChain('alice', 'a1')).toBe(0);
  });

  it('removes the check-in records of a removed check-in task', async () => {
    for (const user of ['alice', 'bob']) {
      await store.checkinTasks.create(user, checkinTask('t1'));
      await store.checkinTasks.create(user, checkinTask('t2'));
      await store.checkinRecords.create(user, checkinRecord('r1', 't1', '2024-03-01'));
      await store.checkinRecords.create(user, checkinRecord('r2', 't1', '2024-03-02'));
      await store.checkinRecords.create(user, checkinRecord('r3', 't2', '2024-03-01'));
    }
    expect(await store.checkinTasks.remove('alice', 't1')).toBe(true);
    expect((await store.checkinRecords.list('alice')).map((r) => r.id)).toEqual(['r3']);
    expect(await store.checkinRecords.list('bob')).toHaveLength(3);
  });

  it('keeps one check-in record per task and day', async () => {
    await store.checkinTasks.create('alice', checkinTask('t1'));
    const first = checkinRecord('r1', 't1');
    await store.checkinRecords.create('alice', first);
    expect(await store.checkinRecords.create('alice', checkinRecord('r2', 't1'))).toEqual({
      record: first,
      created: false,
    });
    expect(
      (await store.checkinRecords.create('alice', checkinRecord('r3', 't1', '2024-03-02'))).created,
    ).toBe(true);
    expect(await store.checkinRecords.list('alice')).toHaveLength(2);
  });

  it("refuses a check-in record for a task the user doesn't have", async () => {
    await store.checkinTasks.create('bob', checkinTask('t1'));
    await expect(store.checkinRecords.create('alice', checkinRecord('r1', 't1'))).rejects.toThrow();
    expect(await store.checkinRecords.list('alice')).toEqual([]);
  });

  it('creates and updates users', async () => {
    expect(await store.users.count()).toBe(0);
    expect(await store.users.get('alice')).toBeUndefined();
    await store.users.upsert({ username: 'alice', displayName: '爱丽丝', passwordHash: 'h1' });
    await store.users.upsert({ username: 'bob', displayName: 'Bob', passwordHash: 'h2' });
    await store.users.upsert({ username: 'alice', displayName: '小爱', passwordHash: 'h3' });
    expect(await store.users.count()).toBe(2);
    expect(await store.users.get('alice')).toEqual({
      username: 'alice',
      displayName: '小爱',
      passwordHash: 'h3',
      twoFactor: null,
      appliedPassword: null,
      initialPassword: false,
    });
    // PM_USERS's applied password, like 两步验证, stays unless an upsert names it.
    await store.users.upsert({
      username: 'bob',
      displayName: 'Bob',
      passwordHash: 'h2',
      appliedPassword: 'p',
    });
    await store.users.upsert({ username: 'bob', displayName: 'Bob', passwordHash: 'h5' });
    expect((await store.users.get('bob'))?.appliedPassword).toBe('p');
    // 两步验证 stays through an upsert that does not name it (a password set from the CLI)…
    const twoFactor = { secret: 'JBSWY3DPEHPK3PXP', lastStep: 7, recoveryCodes: ['ab'] };
    await store.users.upsert({
      username: 'alice',
      displayName: '小爱',
      passwordHash: 'h3',
      twoFactor,
    });
    await store.users.upsert({ username: 'alice', displayName: '小爱', passwordHash: 'h4' });
    expect((await store.users.get('alice'))?.twoFactor).toEqual(twoFactor);
    // …and goes with one that sets it to null.
    await store.users.upsert({
      username: 'alice',
      displayName: '小爱',
      passwordHash: 'h4',
      twoFactor: null,
    });
    expect((await store.users.get('alice'))?.twoFactor).toBeNull();
  });

  it('spends a TOTP step and a recovery code once each, in parallel too', async () => {
    const twoFactor = {
      secret: 'JBSWY3DPEHPK3PXP',
      lastStep: 7,
      recoveryCodes: ['ab', 'cd', 'ef'],
    };
    await store.users.upsert({ username: 'alice', displayName: 'A', passwordHash: 'h', twoFactor });
    await store.users.upsert({ username: 'bob', displayName: 'B', passwordHash: 'h' });
    const { secret } = twoFactor;
    const steps = await Promise.all(
      [8, 8, 8].map((n) => store.users.spendTotpStep('alice', secret, n)),
    );
    expect(steps).toEqual([true, false, false]);
    expect(await store.users.spendTotpStep('alice', secret, 7)).toBe(false);
    expect(await store.users.spendTotpStep('alice', 'ANOTHERSECRET', 9)).toBe(false);
    expect(await store.users.spendTotpStep('bob', secret, 9)).toBe(false);
    expect(await store.users.spendTotpStep('nobody', secret, 9)).toBe(false);
    expect(await store.users.spendTotpStep('alice', secret, 9)).toBe(true);
    const codes = await Promise.all(
      ['cd', 'cd', 'ab', 'zz'].map((h) => store.users.spendRecoveryCode('alice', h)),
    );
    expect(codes).toEqual([true, false, true, false]);
    expect(await store.users.spendRecoveryCode('bob', 'ef')).toBe(false);
    expect((await store.users.get('alice'))?.twoFactor).toEqual({
      secret,
      lastStep: 9,
      recoveryCodes: ['ef'],
    });
    expect(await store.users.spendRecoveryCode('alice', 'ef')).toBe(true);
    expect((await store.users.get('alice'))?.twoFactor?.recoveryCodes).toEqual([]);
  });

  it('trims a user’s sessions to the newest, ties in the order stored', async () => {
    await store.users.upsert({ username: 'alice', displayName: 'A', passwordHash: 'h' });
    await store.users.upsert({ username: 'bob', displayName: 'B', passwordHash: 'h' });
    const create = (tokenHash: string, username: string, createdAt: string) =>
      store.sessions.create({
        tokenHash,
        username,
        createdAt,
        expiresAt: '2025-01-01T00:00:00.000Z',
      });
    // Stored out of time order, and two of them in one millisecond.
    await create('s2', 'alice', '2024-01-02T00:00:00.000Z');
    await create('s1', 'alice', '2024-01-01T00:00:00.000Z');
    await create('b1', 'bob', '2023-01-01T00:00:00.000Z');
    await create('s3b', 'alice', '2024-01-03T00:00:00.000Z');
    await create('s3a', 'alice', '2024-01-03T00:00:00.000Z');
    expect(await store.sessions.trimForUser('alice', 5)).toBe(0);
    expect(await store.sessions.trimForUser('alice', 2)).toBe(2);
    expect((await store.sessions.listForUser('alice')).map((s) => s.tokenHash).sort()).toEqual([
      's3a',
      's3b',
    ]);
    expect(await store.sessions.trimForUser('alice', 1)).toBe(1);
    expect((await store.sessions.listForUser('alice')).map((s) => s.tokenHash)).toEqual(['s3a']);
    expect(await store.sessions.get('b1')).toBeDefined();
  });

  it('stores, expires and revokes sessions', async () => {
    await store.users.upsert({ username: 'alice', displayName: 'A', passwordHash: 'h' });
    await store.users.upsert({ username: 'bob', displayName: 'B', passwordHash: 'h' });
    const session = (tokenHash: string, username: string, expiresAt: string) => ({
      tokenHash,
      username,
      createdAt: '2024-01-01T00:00:00.000Z',
      expiresAt,
      userAgent: '',
      lastUsedAt: '',
    });
    await store.sessions.create(session('s1', 'alice', '2024-02-01T00:00:00.000Z'));
    await store.sessions.create(session('s2', 'alice', '2024-04-01T00:00:00.000Z'));
    await store.sessions.create(session('s3', 'bob', '2024-04-01T00:00:00.000Z'));
    await store.sessions.create(session('s4', 'alice', '2024-04-01T00:00:00.000Z'));
    expect(await store.sessions.get('s1')).toEqual(
      session('s1', 'alice', '2024-02-01T00:00:00.000Z'),
    );
    // A session stored without the device fields (as before 登录设备) reads back with them empty.
    await store.sessions.create({
      tokenHash: 's5',
      username: 'bob',
      createdAt: '2024-01-01T00:00:00.000Z',
      expiresAt: '2024-04-01T00:00:00.000Z',
    });
    expect(await store.sessions.get('s5')).toMatchObject({ userAgent: '', lastUsedAt: '' });
    await store.sessions.touch('s2', '2024-01-02T00:00:00.000Z');
    expect(
      (await store.sessions.listForUser('alice')).map((s) => [s.tokenHash, s.lastUsedAt]),
    ).toEqual([
      ['s1', ''],
      ['s2', '2024-01-02T00:00:00.000Z'],
      ['s4', ''],
    ]);
    await store.sessions.removeExpired('2024-03-01T00:00:00.000Z');
    expect(await store.sessions.get('s1')).toBeUndefined();
    expect(await store.sessions.get('s2')).toBeDefined();
    await store.sessions.remove('s2');
    expect(await store.sessions.get('s2')).toBeUndefined();
    await store.sessions.removeForUser('alice');
    expect(await store.sessions.get('s4')).toBeUndefined();
    expect(await store.sessions.get('s3')).toBeDefined();
  });
});

describe('sqlite store', () => {
  it('keeps data across reopening, in WAL mode', async () => {
    const file = join(dir, 'reopen.sqlite');
    const first = openSqliteStore(file);
    await first.accounts.create('alice', account('a1'));
    first.close();
    const second = openSqliteStore(file);
    expect(await second.accounts.list('alice')).toEqual([account('a1')]);
    second.close();
    const raw = new Database(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });
});
