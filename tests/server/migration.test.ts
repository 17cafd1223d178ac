import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../server/db/sqlite-store';
import type { Store } from '../../server/store';
import { digestOf, recordHash } from '../../src/domain/digest';
import type { RecurringTemplate } from '../../src/domain/schemas/recurring';
import { storedRent } from '../fixtures/records';

// A database written by the version before delta sync (migration 0000 only) opens, keeps
// every record, and serves them through the new protocol with their stamps filled in; one
// written by the version before bookkeeping (0000 and 0001) gains 周期记账 and 报销 status.

const MIGRATIONS = join(import.meta.dirname, '..', '..', 'server', 'db', 'migrations');
const dir = mkdtempSync(join(tmpdir(), 'pms-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database written by a version that had applied the first `count` migrations. */
function databaseAtMigration(file: string, count: number) {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const db = new Database(file);
  // What drizzle's migrator records for an applied migration.
  db.exec(
    'CREATE TABLE "__drizzle_migrations" (id INTEGER PRIMARY KEY AUTOINCREMENT, hash text NOT NULL, created_at numeric)',
  );
  for (const entry of journal.entries.slice(0, count)) {
    for (const statement of readFileSync(join(MIGRATIONS, `${entry.tag}.sql`), 'utf8').split(
      '--> statement-breakpoint',
    )) {
      db.exec(statement);
    }
    db.prepare('INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES (?, ?)').run(
      `applied-${entry.tag}`,
      entry.when,
    );
  }
  return db;
}

const databaseAtFirstMigration = (file: string) => databaseAtMigration(file, 1);

describe('migration 0001 (delta sync) on an existing database', () => {
  it('keeps the records, stamps them, and serves deletions made after it', async () => {
    const file = join(dir, 'old.sqlite');
    const old = databaseAtFirstMigration(file);
    old
      .prepare(
        `INSERT INTO accounts (user_id, id, type, amount_cents, category, description, date)
         VALUES ('alice', 'a1', 'expense', 1234, 'dining', '', '2024-03-01'),
                ('alice', 'a2', 'income', 500000, 'salary', '', '2024-03-01')`,
      )
      .run();
    old
      .prepare(
        `INSERT INTO workouts (user_id, id, type, duration, calories, notes, date, created_at)
         VALUES ('alice', 'w1', 'running', 30, NULL, '', '2024-03-01', '2024-03-01T08:00:00.000Z')`,
      )
      .run();
    old.close();

    const store = openSqliteStore(file);
    const accounts = await store.accounts.changes('alice', 0);
    expect(accounts.records.map((r) => [r.id, r.amount])).toEqual([
      ['a1', 12.34],
      ['a2', 5000],
    ]);
    for (const r of accounts.records) {
      expect(r.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(r.editedAt).toBe(r.updatedAt);
    }
    // A workout's stamps are its creation time.
    expect((await store.workouts.list('alice'))[0]).toMatchObject({
      updatedAt: '2024-03-01T08:00:00.000Z',
      editedAt: '2024-03-01T08:00:00.000Z',
    });

    await store.accounts.remove('alice', 'a1');
    expect(await store.accounts.changes('alice', accounts.cursor)).toMatchObject({
      records: [],
      deleted: ['a1'],
    });
    // Migration 0002 applied too: bookkeeping records are 待报销 and written by no template…
    expect(accounts.records[0]).toMatchObject({
      templateId: null,
      reimbursed: false,
      reimbursedBy: null,
    });
    // …and 周期记账 templates sync like every kind, deletions included.
    await expectTemplatesSync(store);
    store.close();
  });
});

async function expectTemplatesSync(store: Store) {
  const template: RecurringTemplate = storedRent('rent', {
    amount: 4200,
    startDate: '2024-01-01',
  });
  const before = await store.recurring.changes('alice', 0);
  await store.recurring.create('alice', template);
  const created = await store.recurring.changes('alice', before.cursor);
  expect(created.records.map((r) => r.id)).toEqual(['rent']);
  await store.recurring.remove('alice', 'rent');
  expect(await store.recurring.changes('alice', created.cursor)).toMatchObject({
    records: [],
    deleted: ['rent'],
  });
}

describe('migration 0002 (bookkeeping) on a database with delta sync', () => {
  it('keeps the records and their change numbers, and adds templates that sync', async () => {
    const file = join(dir, 'synced.sqlite');
    const old = databaseAtMigration(file, 2);
    old
      .prepare(
        `INSERT INTO accounts (user_id, id, type, amount_cents, category, description, date,
           rev, updated_at, edited_at)
         VALUES ('alice', 'a1', 'expense', 1234, 'reimbursement', '', '2024-03-01',
           1, '2024-03-01T08:00:00.000Z', '2024-03-01T08:00:00.000Z')`,
      )
      .run();
    old.close();

    const store = openSqliteStore(file);
    // A device that had everything up to change 1 is told of nothing new: the upgrade
    // rewrote no record.
    expect(await store.accounts.changes('alice', 1)).toMatchObject({ records: [], deleted: [] });
    expect(await store.accounts.get('alice', 'a1')).toEqual({
      id: 'a1',
      type: 'expense',
      amount: 12.34,
      category: 'reimbursement',
      description: '',
      date: '2024-03-01',
      templateId: null,
      reimbursed: false,
      reimbursedBy: null,
      updatedAt: '2024-03-01T08:00:00.000Z',
      editedAt: '2024-03-01T08:00:00.000Z',
      // Added by a later migration (hlc_stamp): '' until the record is next edited.
      stamp: '',
      // Added by migration 0012 (tags): none for a record from before tags.
      tags: [],
      // Added by migration 0014 (wallets): no 账户 for a record from before them.
      walletId: null,
    });
    await expectTemplatesSync(store);
    expect(await store.settings.get('alice')).toBeUndefined();
    store.close();
  });
});

describe('migration 0005 (change numbers per user) on a database with one counter', () => {
  it('keeps every cursor handed out before working, and stops moving it for others’ writes', async () => {
    const file = join(dir, 'global-revs.sqlite');
    const old = databaseAtMigration(file, 5);
    const row = (user: string, id: string, rev: number) =>
      old
        .prepare(
          `INSERT INTO accounts (user_id, id, type, amount_cents, category, description, date,
             rev, updated_at, edited_at)
           VALUES (?, ?, 'expense', 100, 'dining', '', '2024-03-01', ?,
             '2024-03-01T08:00:00.000Z', '2024-03-01T08:00:00.000Z')`,
        )
        .run(user, id, rev);
    // One counter for both: alice wrote at 2 and 3, bob at 4, alice deleted at 5, bob wrote at 6.
    row('alice', 'a1', 2);
    row('alice', 'a2', 3);
    row('alice', 'a3', 4);
    row('bob', 'b1', 4);
    old.prepare('DELETE FROM accounts WHERE user_id = ? AND id = ?').run('alice', 'a3');
    old.prepare('UPDATE tombstones SET rev = 5').run();
    row('bob', 'b2', 6);
    old.prepare('UPDATE sync_rev SET rev = 6 WHERE id = 1').run();
    old.close();

    const store = openSqliteStore(file);
    // Cursors alice's device may hold from before: each still gets exactly what came after it.
    expect(await store.accounts.changes('alice', 2)).toMatchObject({
      records: [{ id: 'a2' }],
      deleted: ['a3'],
      cursor: 6,
    });
    expect(await store.accounts.changes('alice', 5)).toEqual({
      records: [],
      deleted: [],
      cursor: 6,
    });
    const bobBefore = await store.accounts.changes('bob', 6);
    // Her writes from now on are above every number handed out before…
    await store.accounts.remove('alice', 'a1');
    await store.accounts.update('alice', {
      ...(await store.accounts.get('alice', 'a2'))!,
      amount: 2,
    });
    for (const since of [2, 5, 6]) {
      const answer = await store.accounts.changes('alice', since);
      expect(answer.deleted, `since ${since}`).toContain('a1');
      expect(answer.records.map((r) => r.id)).toContain('a2');
      expect(answer.cursor).toBe(8);
    }
    // …and bob's cursor and answer do not move.
    expect(await store.accounts.changes('bob', 6)).toEqual(bobBefore);
    expect(bobBefore).toEqual({ records: [], deleted: [], cursor: 6 });
    store.close();
  });
});

describe('migration 0016 (record hashes) on an existing database', () => {
  it('counts the rows at once and hashes them at the first digest', async () => {
    const file = join(dir, 'before-hashes.sqlite');
    const old = databaseAtMigration(file, 16);
    expect(
      old.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'kind_digests'").pluck().get(),
    ).toBe(0);
    const insert = old.prepare(
      `INSERT INTO accounts (user_id, id, type, amount_cents, category, description, date, rev,
         updated_at, edited_at)
       VALUES (?, ?, 'expense', ?, 'dining', '', '2024-03-01', 1, '2024-03-01T08:00:00.000Z',
         '2024-03-01T08:00:00.000Z')`,
    );
    for (let i = 0; i < 30; i++) insert.run('alice', `a${i}`, 100 * i + 1);
    insert.run('bob', 'b1', 5);
    old.close();

    const store = openSqliteStore(file);
    const db = new Database(file, { readonly: true });
    // Counted by the migration; not hashed until asked for.
    expect(
      db.prepare('SELECT user_id, count, hash_hi, hash_lo FROM kind_digests ORDER BY 1').all(),
    ).toEqual([
      { user_id: 'alice', count: 30, hash_hi: 0, hash_lo: 0 },
      { user_id: 'bob', count: 1, hash_hi: 0, hash_lo: 0 },
    ]);
    const list = await store.accounts.list('alice');
    expect(list).toHaveLength(30);
    expect(await store.accounts.digest('alice')).toMatchObject(digestOf(list));
    expect(
      db
        .prepare("SELECT count(*) FROM accounts WHERE user_id = 'alice' AND hash_hi IS NULL")
        .pluck()
        .get(),
    ).toBe(0);
    // Bob's rows wait for his own first digest.
    expect(db.prepare('SELECT count(*) FROM accounts WHERE hash_hi IS NULL').pluck().get()).toBe(1);
    expect(await store.accounts.digest('bob')).toMatchObject(
      digestOf(await store.accounts.list('bob')),
    );
    db.close();
    store.close();
  });
});

describe('migration 0017 (a 周期记账 template’s 账户) on a hashed database', () => {
  it('reads walletId null for a template from before, and its digest still matches', async () => {
    const file = join(dir, 'before-recurring-wallet.sqlite');
    const old = databaseAtMigration(file, 17);
    // A template as the version before 0017 stored and hashed it: the API had no walletId.
    const before = {
      id: 't1',
      type: 'expense',
      amount: 4200,
      category: 'housing',
      description: '房租',
      every: 1,
      unit: 'month',
      startDate: '2024-01-01',
      endDate: '',
      paused: false,
      lastDate: '',
      updatedAt: '',
      editedAt: '',
      stamp: '',
    };
    const hash = recordHash(before);
    old
      .prepare(
        `INSERT INTO recurring (user_id, id, type, amount_cents, category, description, every,
           unit, start_date, end_date, paused, last_date, rev, hash_hi, hash_lo)
         VALUES ('alice', 't1', 'expense', 420000, 'housing', '房租', 1, 'month', '2024-01-01',
           '', 0, '', 1, ?, ?)`,
      )
      .run(Number.parseInt(hash.slice(0, 8), 16), Number.parseInt(hash.slice(8), 16));
    expect(
      old.prepare("SELECT hash_hi FROM kind_digests WHERE kind = 'recurring'").pluck().get(),
    ).toBe(Number.parseInt(hash.slice(0, 8), 16));
    old.close();

    const store = openSqliteStore(file);
    const list = await store.recurring.list('alice');
    expect(list).toEqual([{ ...before, walletId: null }]);
    // The hash 0016 kept covers no walletId: 0017 drops it, and the digest hashes the row again.
    expect(await store.recurring.digest('alice')).toEqual(expect.objectContaining(digestOf(list)));
    store.close();
  });
});
