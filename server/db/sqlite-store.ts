import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { fromCents, toCents } from '../../src/domain/money';
import type { Account } from '../../src/domain/schemas/account';
import type { Asset, AssetHistoryEntry } from '../../src/domain/schemas/asset';
import type { CheckinRecord, CheckinTask } from '../../src/domain/schemas/checkin';
import type { Task } from '../../src/domain/schemas/task';
import type { TimeRecord } from '../../src/domain/schemas/time-record';
import type { Workout } from '../../src/domain/schemas/workout';
import type { AssetStore, RecordStore, SessionStore, Store, UserStore } from '../store';
import * as schema from './schema';

type Db = BetterSQLite3Database<typeof schema>;
type ResourceTable =
  | typeof schema.accounts
  | typeof schema.assets
  | typeof schema.assetHistory
  | typeof schema.workouts
  | typeof schema.timeRecords
  | typeof schema.tasks
  | typeof schema.checkinTasks
  | typeof schema.checkinRecords;

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

// Money crosses this boundary as yuan (≤ 2 decimals, checked by the schemas) and is stored
// as integer cents (toCents / fromCents).

/** Opens (creating if needed) the database file, applies pending migrations, and returns the store. */
export function openSqliteStore(file: string): Store {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a write acknowledged to the client has been fsynced, even with WAL (DESIGN §6: kill -9 safe).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // The backup and user CLIs may touch the file while the server runs.
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS });

  return {
    accounts: recordStore<Account>(db, schema.accounts, {
      toRow: (userId, a) => ({ ...a, userId, amountCents: toCents(a.amount) }),
      fromRow: (r: typeof schema.accounts.$inferSelect): Account => ({
        id: r.id,
        type: r.type as Account['type'],
        amount: fromCents(r.amountCents),
        category: r.category,
        description: r.description,
        date: r.date,
      }),
    }),
    assets: assetStore(db),
    assetHistory: recordStore<AssetHistoryEntry>(db, schema.assetHistory, {
      toRow: (userId, h) => ({
        ...h,
        userId,
        oldData: h.oldData === null ? null : JSON.stringify(h.oldData),
        newData: h.newData === null ? null : JSON.stringify(h.newData),
      }),
      fromRow: (r: typeof schema.assetHistory.$inferSelect): AssetHistoryEntry => ({
        id: r.id,
        assetId: r.assetId,
        assetName: r.assetName,
        action: r.action as AssetHistoryEntry['action'],
        oldData: r.oldData === null ? null : JSON.parse(r.oldData),
        newData: r.newData === null ? null : JSON.parse(r.newData),
        timestamp: r.timestamp,
      }),
    }),
    workouts: recordStore<Workout>(db, schema.workouts, {
      toRow: (userId, w) => ({ ...w, userId }),
      fromRow: ({ userId: _, ...w }: typeof schema.workouts.$inferSelect) =>
        ({ ...w, type: w.type as Workout['type'] }) satisfies Workout,
    }),
    tasks: recordStore<Task>(db, schema.tasks, {
      toRow: (userId, t) => ({ ...t, userId }),
      fromRow: ({ userId: _, ...t }: typeof schema.tasks.$inferSelect) =>
        ({
          ...t,
          priority: t.priority as Task['priority'],
          category: t.category as Task['category'],
        }) satisfies Task,
    }),
    timeRecords: recordStore<TimeRecord>(db, schema.timeRecords, {
      toRow: (userId, t) => ({ ...t, userId }),
      fromRow: ({ userId: _, ...t }: typeof schema.timeRecords.$inferSelect) =>
        ({ ...t, category: t.category as TimeRecord['category'] }) satisfies TimeRecord,
    }),
    // The foreign key from checkin_records cascades the delete to the task's records.
    checkinTasks: recordStore<CheckinTask>(db, schema.checkinTasks, {
      toRow: (userId, t) => ({ ...t, userId }),
      fromRow: ({ userId: _, ...t }: typeof schema.checkinTasks.$inferSelect) =>
        ({
          ...t,
          type: t.type as CheckinTask['type'],
          category: t.category as CheckinTask['category'],
        }) satisfies CheckinTask,
    }),
    checkinRecords: recordStore<CheckinRecord>(db, schema.checkinRecords, {
      toRow: (userId, r) => ({ ...r, userId }),
      fromRow: ({ userId: _, ...r }: typeof schema.checkinRecords.$inferSelect) => r,
      // The unique index on (user, task, date) makes the insert a no-op; find what it collided with.
      duplicateOf: (userId, r) =>
        and(
          eq(schema.checkinRecords.userId, userId),
          or(
            eq(schema.checkinRecords.id, r.id),
            and(eq(schema.checkinRecords.taskId, r.taskId), eq(schema.checkinRecords.date, r.date)),
          ),
        ),
    }),
    users: userStore(db),
    sessions: sessionStore(db),
    close() {
      sqlite.pragma('optimize');
      sqlite.close();
    },
  };
}

interface Mapping<R> {
  toRow(userId: string, record: R): Record<string, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: each table's row type differs; the mapping is typed at its call site.
  fromRow(row: any): R;
  duplicateOf?(userId: string, record: R): ReturnType<typeof and>;
}

function recordStore<R extends { id: string }>(
  db: Db,
  table: ResourceTable,
  mapping: Mapping<R>,
): RecordStore<R> {
  const byId = (userId: string, id: string) => and(eq(table.userId, userId), eq(table.id, id));
  const find = (userId: string, id: string): R | undefined => {
    const row = db.select().from(table).where(byId(userId, id)).get();
    return row && mapping.fromRow(row);
  };
  // Lists are the hot path (ten years of bookkeeping is ~40k rows): prepare the query once.
  const listStatement = db
    .select()
    .from(table)
    .where(eq(table.userId, sql.placeholder('userId')))
    .orderBy(asc(sql`rowid`))
    .prepare();
  const rowOf = (userId: string, record: R) =>
    mapping.toRow(userId, record) as typeof table.$inferInsert;
  const insertOne = (tx: Pick<Db, 'insert' | 'select'>, userId: string, record: R) => {
    const inserted = tx.insert(table).values(rowOf(userId, record)).onConflictDoNothing().run();
    if (inserted.changes > 0) return { record: find(userId, record.id)!, created: true };
    const where = mapping.duplicateOf?.(userId, record) ?? byId(userId, record.id);
    const existing = tx.select().from(table).where(where).limit(1).get();
    return { record: mapping.fromRow(existing) as R, created: false };
  };

  return {
    async list(userId) {
      return listStatement.all({ userId }).map(mapping.fromRow);
    },
    async get(userId, id) {
      return find(userId, id);
    },
    async create(userId, record) {
      return db.transaction((tx) => insertOne(tx, userId, record));
    },
    async createMany(userId, records) {
      return db.transaction((tx) => records.map((record) => insertOne(tx, userId, record)));
    },
    async update(userId, record) {
      const { userId: _u, id: _i, ...values } = rowOf(userId, record) as Record<string, unknown>;
      const result = db.update(table).set(values).where(byId(userId, record.id)).run();
      return result.changes > 0 ? find(userId, record.id) : undefined;
    },
    async remove(userId, id) {
      return db.delete(table).where(byId(userId, id)).run().changes > 0;
    },
  };
}

function assetStore(db: Db): AssetStore {
  const t = schema.assets;
  const base = recordStore<Asset>(db, t, {
    toRow: (userId, a) => ({ ...a, userId, amountCents: toCents(a.amount) }),
    fromRow: (r: typeof t.$inferSelect): Asset => ({
      id: r.id,
      type: r.type as Asset['type'],
      name: r.name,
      category: r.category,
      amount: fromCents(r.amountCents),
      description: r.description,
      date: r.date,
      effectiveDate: r.effectiveDate,
      version: r.version,
      originalId: r.originalId,
      previousVersionId: r.previousVersionId,
    }),
  });
  return {
    ...base,
    async removeChain(userId, chainId) {
      return db
        .delete(t)
        .where(and(eq(t.userId, userId), or(eq(t.id, chainId), eq(t.originalId, chainId))))
        .run().changes;
    },
  };
}

function userStore(db: Db): UserStore {
  const t = schema.users;
  return {
    async get(username) {
      return db.select().from(t).where(eq(t.username, username)).get();
    },
    async count() {
      return db.select({ n: sql<number>`count(*)` }).from(t).get()?.n ?? 0;
    },
    async upsert(user) {
      db.insert(t)
        .values(user)
        .onConflictDoUpdate({
          target: t.username,
          set: { displayName: user.displayName, passwordHash: user.passwordHash },
        })
        .run();
    },
  };
}

function sessionStore(db: Db): SessionStore {
  const t = schema.sessions;
  return {
    async create(session) {
      db.insert(t).values(session).run();
    },
    async get(tokenHash) {
      return db.select().from(t).where(eq(t.tokenHash, tokenHash)).get();
    },
    async remove(tokenHash) {
      db.delete(t).where(eq(t.tokenHash, tokenHash)).run();
    },
    async removeForUser(username) {
      db.delete(t).where(eq(t.username, username)).run();
    },
    async removeExpired(now) {
      // ISO-8601 UTC strings of the same shape sort like the instants they name.
      db.delete(t).where(lt(t.expiresAt, now)).run();
    },
  };
}
