import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../server/db/sqlite-store';

// A database written by the version before delta sync (migration 0000 only) opens, keeps
// every record, and serves them through the new protocol with their stamps filled in.

const MIGRATIONS = join(import.meta.dirname, '..', '..', 'server', 'db', 'migrations');
const dir = mkdtempSync(join(tmpdir(), 'pms-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function databaseAtFirstMigration(file: string) {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const first = journal.entries[0]!;
  const db = new Database(file);
  for (const statement of readFileSync(join(MIGRATIONS, `${first.tag}.sql`), 'utf8').split(
    '--> statement-breakpoint',
  )) {
    db.exec(statement);
  }
  // What drizzle's migrator records for an applied migration.
  db.exec(
    'CREATE TABLE "__drizzle_migrations" (id INTEGER PRIMARY KEY AUTOINCREMENT, hash text NOT NULL, created_at numeric)',
  );
  db.prepare('INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES (?, ?)').run(
    'before-delta-sync',
    first.when,
  );
  return db;
}

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
    store.close();
  });
});
