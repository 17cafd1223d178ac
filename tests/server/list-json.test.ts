import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openSqliteStore, WHOLE_READ_ROWS } from '../../server/db/sqlite-store';
import type { Changes, JsonBytes, RecordStore, Store } from '../../server/store';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import { fromColumns } from '../../src/domain/columns';
import type { ResourceName } from '../../src/domain/resources';
import type { Account } from '../../src/domain/schemas/account';
import type { Asset, AssetHistoryEntry } from '../../src/domain/schemas/asset';
import type { RecurringTemplate } from '../../src/domain/schemas/recurring';
import type { Task } from '../../src/domain/schemas/task';
import type { TimeRecord } from '../../src/domain/schemas/time-record';
import type { Workout } from '../../src/domain/schemas/workout';
import {
  everyFieldCheckin,
  everyFieldHabit,
  STORED,
  storedAsset,
  storedCategory,
  storedReport,
  storedTransfer,
  storedWallet,
} from '../fixtures/records';
import { utf8 } from './json-bytes';
import { tokenFor } from './sign-in';

// The SQLite store builds each list's JSON text in SQL (`listJson`, sent as it is by GET /api/x).
// That text must parse to exactly what `list` returns, record for record and in the same order.

const dir = mkdtempSync(join(tmpdir(), 'pms-list-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;

const stamp = STORED;

/** Text that JSON has to escape, and text it does not. */
const awkward = '引号 " 反斜杠 \\ 换行\n制表\t控制\u0001 分隔\u2028 emoji 🏃 </script>';

const account = (id: string, amount: number, description = '午饭'): Account => ({
  id,
  ...stamp,
  type: 'expense',
  amount,
  category: 'dining',
  description,
  date: '2024-03-01',
  templateId: null,
  reimbursed: false,
  reimbursedBy: null,
  // 账户 (issue 61): every other one paid from a wallet.
  walletId: id.length % 2 ? 'w1' : null,
  // 标签 (issue 63), in the JSON-coded column.
  tags: ['旅行', '成都'],
});
const template = (id: string, more: Partial<RecurringTemplate> = {}): RecurringTemplate => ({
  id,
  ...stamp,
  type: 'expense',
  amount: 4200.5,
  category: 'housing',
  description: awkward,
  every: 1,
  unit: 'month',
  startDate: '2024-01-31',
  endDate: '',
  paused: false,
  lastDate: '',
  walletId: null,
  ...more,
});
const asset = (id: string, amount: number, more: Partial<Asset> = {}): Asset =>
  storedAsset(id, { ...stamp, amount, ...more });
const history = (id: string, more: Partial<AssetHistoryEntry> = {}): AssetHistoryEntry => ({
  id,
  ...stamp,
  assetId: 'a1',
  assetName: '招商银行',
  action: 'update',
  oldData: asset('a1', 1000.5),
  newData: null,
  timestamp: '2024-01-02T03:04:05.000Z',
  ...more,
});
const workout = (id: string, calories: number | null): Workout => ({
  id,
  ...stamp,
  type: 'running',
  duration: 30,
  calories,
  notes: '',
  date: '2024-03-01',
  tags: ['旅行'],
  createdAt: '2024-03-01T08:00:00.000Z',
});
const timeRecord = (id: string, duration: number): TimeRecord => ({
  id,
  ...stamp,
  task: '专注时间',
  category: 'other',
  duration,
  date: '2024-03-01',
  createdAt: '2024-03-01T08:00:00.000Z',
  taskId: '',
  tags: [],
});
const task = (id: string, completedAt: string | null): Task =>
  storedReport(id, {
    completed: completedAt !== null,
    completedAt,
    repeat: 'FREQ=WEEKLY;BYDAY=MO',
    repeatFrom: 'completion',
    seriesId: 'series-1',
    dueTime: '',
    subtasks: [{ id: 's1', title: '列提纲', done: false }],
    tags: ['论文'],
    reminders: [5],
  });
const checkinTask = everyFieldHabit;
const checkinRecord = everyFieldCheckin;

/** Amounts whose text a float formatter could get wrong. */
const AMOUNTS = [12.34, 0.3, 0.1, 0.07, 1_000_000_000.99, 12, 0, 0.01, 19.99, 1_000_000_000_000];

/** Many more, of every magnitude up to 10^13 yuan, from a seeded generator. */
function manyAmounts(count: number): number[] {
  let state = 42;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, () => {
    const cents = Math.floor(next() * 10 ** Math.floor(next() * 16));
    return cents / 100;
  });
}

// Ids out of alphabetical order, so that insertion order is not also id order.
const samples: { [K in ResourceName]: () => Store[K] extends RecordStore<infer T> ? T[] : never } =
  {
    accounts: () => [
      ...AMOUNTS.map((amount, i) => account(`z${i}`, amount)),
      account('a-awkward', 5.5, awkward),
      { ...account('a-template', 4200.5), templateId: 't1' },
      {
        ...account('a-reimbursed', 88.8),
        category: 'reimbursement',
        reimbursed: true,
        reimbursedBy: 'z1',
      },
      ...manyAmounts(2000).map((amount, i) => account(`m${i}`, amount)),
    ],
    assets: () => [
      asset('s2', 0.3, { effectiveDate: '2024-02-01' }),
      asset('s1', 1_000_000_000.99, {
        version: 2,
        originalId: 's2',
        previousVersionId: 's2',
        effectiveDate: '',
      }),
      ...AMOUNTS.map((amount, i) => asset(`a${i}`, amount, { description: awkward })),
    ],
    assetHistory: () => [
      history('h2'),
      history('h1', {
        action: 'create',
        oldData: null,
        newData: asset('a2', 0.3, { originalId: 'a1', version: 2, description: awkward }),
      }),
      history('h0', { oldData: asset('a1', 12), newData: asset('a1', 1_000_000_000.99) }),
      history('h3', { oldData: null, newData: null }),
    ],
    workouts: () => [workout('w2', null), workout('w1', 300), workout('w0', 0)],
    tasks: () => [
      task('t2', null),
      task('t1', '2024-03-02T00:00:00.000Z'),
      { ...task('t0', null), description: awkward, dueDate: '2024-03-05' },
      // Neither prints back as it is: shape=packed sends them as they are, between steps.
      { ...task('t3', '2024-03-02T08:00:00+08:00'), dueDate: '2024-02-30' },
      // SQLite's strftime prints hour 24 back as it is; Date#toISOString as the next day.
      task('t4', '2024-03-02T24:00:00.000Z'),
    ],
    timeRecords: () => [timeRecord('r2', 1500), timeRecord('r1', 0), timeRecord('r0', 86_400)],
    checkinTasks: () => [checkinTask('c2'), checkinTask('c1', awkward), checkinTask('c0')],
    recurring: () => [
      template('t2', { paused: true, endDate: '2024-12-31', lastDate: '2024-03-31' }),
      template('t1', { type: 'income', category: 'salary', every: 2, unit: 'week' }),
    ],
    wallets: () => [
      storedWallet('w2', {
        name: '招行信用卡',
        type: 'credit',
        openingBalance: -1234.56,
        archived: false,
        order: 1,
        creditLimit: 30_000,
        statementDay: 5,
        dueDay: 23,
      }),
      storedWallet('w1', {
        name: '支付宝 "余额"',
        type: 'alipay',
        openingBalance: 0.07,
        archived: true,
        order: 0,
        creditLimit: 0,
        statementDay: null,
        dueDay: null,
      }),
    ],
    categories: () => [
      storedCategory('income-other', { name: '其他收入', type: 'income', order: 9, icon: '' }),
      storedCategory('cat-pet'),
      storedCategory('cat-food', { name: '猫粮 "主粮"', parentId: 'cat-pet', hidden: true }),
    ],
    transfers: () =>
      AMOUNTS.filter((a) => a > 0).map((amount, i) =>
        storedTransfer(`tr${9 - i}`, {
          fromWalletId: 'w1',
          toWalletId: 'w2',
          amount,
          fee: i % 2 ? 0.3 : 0,
          date: '2024-03-01',
          note: i ? '' : '还款\n"引号"',
          tags: i ? [] : ['信用卡'],
        }),
      ),
    checkinRecords: () => [
      checkinRecord('k2', 'c1', '2024-03-02'),
      checkinRecord('k1', 'c2', '2024-03-01'),
      checkinRecord('k0', 'c1', '2024-03-01'),
    ],
  };

// Check-in records need their tasks first.
const KEYS = Object.keys(samples).sort(
  (a, b) => Number(a === 'checkinRecords') - Number(b === 'checkinRecords'),
) as ResourceName[];

/** One more record of the kind, with the given id (a check-in on another day, of task `taskId`). */
const another = (key: ResourceName, id: string, taskId = 'c1') =>
  key === 'checkinRecords'
    ? checkinRecord(id, taskId, '2024-03-09')
    : { ...samples[key]()[0]!, id };

describe('sqlite store: listJson', () => {
  let store: Store;
  // biome-ignore lint/suspicious/noExplicitAny: one table of cases over differently typed stores.
  const s = (key: ResourceName) => store[key] as RecordStore<any>;
  beforeEach(async () => {
    store = openSqliteStore(join(dir, `store-${++fileNo}.sqlite`));
    for (const key of KEYS) {
      await s(key).createMany('alice', samples[key]());
      // bob's rows follow alice's in the same tables (bob's check-in task is 'b').
      await s(key).create('bob', another(key, 'b', 'b'));
    }
  });
  afterEach(() => store.close());

  it.each(KEYS)('%s: parses to exactly what list returns, in insertion order', async (key) => {
    const list = await s(key).list('alice');
    expect(list).toEqual(samples[key]());
    const text = utf8(await s(key).listJson!('alice'));
    expect(JSON.parse(text)).toEqual(list);
  });

  it.each(KEYS)('%s: only the caller’s rows, and [] for a user with none', async (key) => {
    expect((await s(key).create('alice', another(key, 'late'))).created).toBe(true);
    const ids = JSON.parse(utf8(await s(key).listJson!('alice'))).map((r: { id: string }) => r.id);
    expect(ids).toEqual([...samples[key]().map((r) => r.id), 'late']);
    expect(JSON.parse(utf8(await s(key).listJson!('bob')))).toEqual([another(key, 'b', 'b')]);
    expect(utf8(await s(key).listJson!('carol'))).toBe('[]');
  });

  // Deletions reach other devices only through the tombstone trigger that each table's
  // migration adds by hand (drizzle-kit writes none): a kind without one would never tell a
  // device that a record went away. So every kind of the registry is checked here.
  it.each(KEYS)('%s: a delete travels as a deletion, edits and creates as records', async (key) => {
    const [first, second] = samples[key]();
    const { cursor } = await s(key).changes('alice', 0);
    expect(await s(key).remove('alice', first!.id)).toBe(true);
    if (second) await s(key).update('alice', second);
    await s(key).create('alice', another(key, 'late'));
    const since = await s(key).changes('alice', cursor);
    expect(since.deleted).toContain(first!.id);
    expect(since.records.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining(second ? [second.id, 'late'] : ['late']),
    );
    expect(JSON.parse(utf8(await s(key).changesJson!('alice', cursor)))).toEqual(since);
    // bob saw none of it.
    expect((await s(key).changes('bob', cursor)).deleted).toEqual([]);
  });

  // The column forms (shape=columns and shape=packed, src/domain/columns.ts) are the same answer
  // with the records turned into one array per field: read back, it must be record for record
  // what `changes` gives, money, booleans, JSON fields, awkward text and timestamps or dates
  // that do not print back as they are included, whole, in pages and since a cursor.
  it.each(
    KEYS.flatMap((key) => (['columns', 'packed'] as const).map((shape) => [key, shape] as const)),
  )('%s: the %s form reads back to exactly the records', async (key, shape) => {
    const asColumns = async (
      since: number,
      page?: Parameters<RecordStore<never>['changes']>[2],
    ) => {
      const { columns, ...rest } = JSON.parse(
        utf8(await s(key).changesJson!('alice', since, page, shape)),
      ) as Omit<Changes<unknown>, 'records'> & { columns: unknown };
      return { records: fromColumns(columns), ...rest };
    };
    expect(await asColumns(0)).toEqual(await s(key).changes('alice', 0));

    let page = { limit: 3 } as {
      limit: number;
      after?: { rev: number; id: string };
      upto?: number;
    };
    for (let pages = 0; pages < 1000; pages++) {
      const rows = await s(key).changes('alice', 0, page);
      expect(await asColumns(0, page)).toEqual(rows);
      if (!rows.more) break;
      const [rev, id] = [
        Number(rows.after!.split('.')[0]),
        rows.after!.slice(rows.after!.indexOf('.') + 1),
      ];
      page = { limit: 3, after: { rev, id }, upto: rows.cursor };
    }

    const [first, second] = samples[key]();
    const { cursor } = await s(key).changes('alice', 0);
    await s(key).remove('alice', first!.id);
    if (second) await s(key).update('alice', second);
    await s(key).create('alice', another(key, 'late'));
    expect(await asColumns(cursor)).toEqual(await s(key).changes('alice', cursor));
    // A user with nothing gets columns of no rows, not a row of nulls.
    const none = JSON.parse(utf8(await s(key).changesJson!('carol', 0, { limit: 3 }, shape)));
    expect(fromColumns(none.columns)).toEqual([]);
  });

  it('packs timestamps and dates as steps and repeated texts as dictionaries, and sends what would not print back as it is', async () => {
    const packed = async (key: ResourceName) =>
      JSON.parse(utf8(await s(key).changesJson!('alice', 0, { limit: 3000 }, 'packed'))).columns;
    const accounts = await packed('accounts');
    expect(accounts.date.days.slice(0, 2)).toEqual([19783, 0]);
    expect(accounts.updatedAt.ms.slice(0, 2)).toEqual([Date.parse(stamp.updatedAt), 0]);
    expect(accounts.category.dict).toEqual(['dining', 'reimbursement']);
    expect(accounts.templateId.dict).toEqual([null, 't1']);
    // Ids and money: as they are.
    expect(accounts.id).toHaveLength(samples.accounts().length);
    expect(accounts.amount).toHaveLength(samples.accounts().length);
    const tasks = await packed('tasks');
    expect(tasks.completedAt.ms).toEqual([
      null,
      Date.parse('2024-03-02T00:00:00.000Z'),
      null,
      '2024-03-02T08:00:00+08:00',
      '2024-03-02T24:00:00.000Z',
    ]);
    expect(tasks.dueDate.days.at(-2)).toBe('2024-02-30');
  });

  it('follows updates and removes', async () => {
    await store.tasks.update('alice', task('t2', '2024-04-01T00:00:00.000Z'));
    await store.accounts.remove('alice', 'z0');
    await store.assetHistory.update('alice', history('h3', { oldData: asset('x', 0.3) }));
    for (const key of ['tasks', 'accounts', 'assetHistory'] as const) {
      expect(JSON.parse(utf8(await s(key).listJson!('alice')))).toEqual(await s(key).list('alice'));
    }
  });
});

// A long list is read in pieces as it is sent (sqlite-store.ts, `wholeJson`): 1,500 记账 with
// long descriptions make ~0.9 MB of JSON, several reads of rows and two pieces.
describe('sqlite store: a whole list in pieces', () => {
  let store: Store;
  const LONG = 1500;
  const long = () =>
    Array.from({ length: LONG }, (_, i) =>
      account(`p${String(i).padStart(4, '0')}`, i + 0.5, `${awkward} ${'长'.repeat(160)} ${i}`),
    );
  beforeEach(async () => {
    store = openSqliteStore(join(dir, `store-${++fileNo}.sqlite`));
    await store.accounts.createMany('alice', long().slice(0, 700));
    // bob's rows between alice's, so that a read of alice's rows passes over them.
    await store.accounts.createMany('bob', [account('b1', 1), account('b2', 2)]);
    await store.accounts.createMany('alice', long().slice(700));
  });
  afterEach(() => store.close());

  const pieces = (json: JsonBytes) => {
    expect(json).not.toBeInstanceOf(Uint8Array);
    return [...(json as Iterable<Uint8Array>)];
  };

  it('parses to exactly what list and changes(0) return, in more than one piece', async () => {
    const list = await store.accounts.list('alice');
    expect(list).toHaveLength(LONG);
    const taken = pieces(await store.accounts.listJson!('alice'));
    expect(taken.length).toBeGreaterThan(1);
    expect(JSON.parse(utf8(taken))).toEqual(list);
    const all = await store.accounts.changes('alice', 0);
    expect(JSON.parse(utf8(await store.accounts.changesJson!('alice', 0)))).toEqual(all);
  });

  it('is one piece when the list is short', async () => {
    expect(await store.accounts.listJson!('bob')).toBeInstanceOf(Uint8Array);
    expect(JSON.parse(utf8(await store.accounts.listJson!('bob')))).toEqual(
      await store.accounts.list('bob'),
    );
  });

  // Writes that land while the pieces are being read: a record edited before it is read comes
  // once, in its new version; one deleted before it is read is not there; the rest are there
  // once each. The answer's cursor brings a device the rest in the next delta, exactly.
  it('stays exact through writes made while it is read', async () => {
    const json = await store.accounts.changesJson!('alice', 0);
    const iterator = (json as Iterable<Uint8Array>)[Symbol.iterator]();
    const first = iterator.next().value!;
    const edited = { ...long()[1400]!, description: '改过' };
    await store.accounts.update('alice', edited);
    await store.accounts.remove('alice', 'p1450');
    await store.accounts.remove('alice', 'p0000');
    await store.accounts.create('alice', account('new', 9));
    const rest = [...{ [Symbol.iterator]: () => iterator }];
    const answer = JSON.parse(utf8([first, ...rest])) as Changes<Account>;
    const ids = answer.records.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(answer.records.find((r) => r.id === 'p1400')).toEqual(
      await store.accounts.get('alice', 'p1400'),
    );
    expect(ids).not.toContain('p1450');
    for (const record of long()) {
      if (!['p1400', 'p1450', 'p0000'].includes(record.id)) expect(ids).toContain(record.id);
    }
    // A device that applies the next delta holds exactly the list.
    const held = new Map(answer.records.map((r) => [r.id, r]));
    const delta = await store.accounts.changes('alice', answer.cursor);
    for (const id of delta.deleted) held.delete(id);
    for (const record of delta.records) held.set(record.id, record);
    const list = await store.accounts.list('alice');
    expect([...held.values()].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      list.sort((a, b) => a.id.localeCompare(b.id)),
    );
  });
});

describe('GET /api/<resource> over the sqlite store', () => {
  it('sends the text of listJson, with the headers of every API response', async () => {
    const store = openSqliteStore(join(dir, `store-${++fileNo}.sqlite`));
    try {
      const auth = createWebPasswordHasher({ iterations: 1000 });
      const app = createApp({ store, auth });
      await setUser(store, auth, { username: 'alice', password: 'alice-pass', displayName: 'A' });
      await store.accounts.createMany('alice', samples.accounts());
      await store.tasks.createMany('alice', samples.tasks());
      const token = await tokenFor(app);
      const get = async (path: string) =>
        app.fetch(
          new Request(`http://localhost${path}`, {
            headers: { authorization: `Bearer ${token}`, 'x-user-id': 'alice' },
          }),
        );

      for (const [path, key] of [
        ['/api/accounts', 'accounts'],
        ['/api/tasks', 'tasks'],
        ['/api/workouts', 'workouts'],
      ] as const) {
        const res = await get(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        const text = await res.text();
        expect(text).toBe(utf8(await store[key].listJson!('alice')));
        expect(JSON.parse(text)).toEqual(await store[key].list('alice'));
      }
      // More than one read of rows (sqlite-store.ts, `wholeJson`), sent as they are read.
      expect(samples.accounts().length).toBeGreaterThan(WHOLE_READ_ROWS);
      const all = await get('/api/accounts?since=0');
      expect(all.headers.get('content-type')).toBe('application/json; charset=UTF-8');
      expect(await all.json()).toEqual(await store.accounts.changes('alice', 0));
      expect(await get('/api/workouts').then((r) => r.text())).toBe('[]');
      expect((await app.fetch(new Request('http://localhost/api/accounts'))).status).toBe(401);
    } finally {
      store.close();
    }
  });
});
