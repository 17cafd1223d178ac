import Database from 'better-sqlite3';
import { and, eq, getTableColumns, getTableName, lt, sql } from 'drizzle-orm';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { assetTotals, latestPerChain } from '../../src/domain/asset-versioning';
import { asDictionary, asSteps } from '../../src/domain/columns';
import { recordHash } from '../../src/domain/digest';
import { fromCents, toCents } from '../../src/domain/money';
import { RECORD_SHAPES } from '../../src/domain/record-shapes';
import type { ResourceName } from '../../src/domain/resources';
import type { Account } from '../../src/domain/schemas/account';
import type { Asset, AssetHistoryEntry } from '../../src/domain/schemas/asset';
import type { Category } from '../../src/domain/schemas/category';
import type { CheckinRecord, CheckinTask } from '../../src/domain/schemas/checkin';
import type { RecurringTemplate } from '../../src/domain/schemas/recurring';
import { type Settings, settingsSchema } from '../../src/domain/schemas/settings';
import type { Task } from '../../src/domain/schemas/task';
import type { TimeRecord } from '../../src/domain/schemas/time-record';
import type { Transfer } from '../../src/domain/schemas/transfer';
import type { Wallet } from '../../src/domain/schemas/wallet';
import type { Workout } from '../../src/domain/schemas/workout';
import type { DashboardAggregates } from '../../src/domain/stats';
import type {
  AssetStore,
  DigestAnswer,
  JsonBytes,
  Page,
  PasskeyRecord,
  PasskeyStore,
  RecordStore,
  RecurringStore,
  SessionStore,
  SettingsStore,
  Shape,
  Store,
  UserStore,
} from '../store';
import { MIGRATIONS } from './migrations-dir';
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
  | typeof schema.checkinRecords
  | typeof schema.recurring
  | typeof schema.wallets
  | typeof schema.transfers
  | typeof schema.categories;

// Money crosses this boundary as yuan (≤ 2 decimals, checked by the schemas) and is stored
// as integer cents (toCents / fromCents).

/**
 * Opens (creating if needed) the database file, applies pending migrations, and returns the store.
 * `maxPageCount` caps the file's size in pages: past it writes fail as on a full disk (SQLITE_FULL).
 */
export function openSqliteStore(
  file: string,
  { maxPageCount }: { maxPageCount?: number } = {},
): Store {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a write acknowledged to the client has been fsynced, even with WAL (docs/spec.md "Budgets": kill -9 safe).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // The backup and user CLIs may touch the file while the server runs.
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS });
  if (maxPageCount) sqlite.pragma(`max_page_count = ${Math.floor(maxPageCount)}`);
  // A column packed, for shape=packed (see recordStore): from the column's JSON text, which
  // SQLite's json_group_array makes, to the packed form's JSON text. Called once per column of
  // an answer; as an aggregate of the rows' values, one call per value added ~2 ms to a page of
  // 3000 records (3–5 ms in all).
  const packed = (pack: (values: unknown[]) => unknown) => (column: unknown) =>
    JSON.stringify(pack(JSON.parse(column as string) as unknown[]));
  const deterministic = { deterministic: true };
  sqlite.function(
    'steps_ms',
    deterministic,
    packed((values) => asSteps(values, 'ms')),
  );
  sqlite.function(
    'steps_days',
    deterministic,
    packed((values) => asSteps(values, 'days')),
  );
  sqlite.function('dictionary', deterministic, packed(asDictionary));

  // Every write takes its user's next change number in its own transaction (user_revs): the
  // triggers stamp deletions with it, the statements below stamp inserts and updates. A user's
  // first number follows sync_rev's row 1, above every cursor of the global numbering before.
  const revs = {
    next: sqlite
      .prepare(
        'INSERT INTO user_revs (user_id, rev) VALUES (?, (SELECT rev FROM sync_rev WHERE id = 1) + 1) ' +
          'ON CONFLICT (user_id) DO UPDATE SET rev = rev + 1 RETURNING rev',
      )
      .pluck(true),
    current: sqlite
      .prepare(
        'SELECT coalesce((SELECT rev FROM user_revs WHERE user_id = ?), (SELECT rev FROM sync_rev WHERE id = 1))',
      )
      .pluck(true),
    // Row 2, once a backup has been restored: the number the restored history starts from.
    floor: sqlite.prepare('SELECT rev FROM sync_rev WHERE id = 2').pluck(true),
  };

  // Records of every kind go through raw better-sqlite3 statements prepared once (see recordStore).
  const resources = (kind: ResourceName, table: ResourceTable, codec: Codec = {}) => ({
    sqlite,
    revs,
    kind,
    table,
    codec,
  });
  const stores = {
    accounts: recordStore<Account>(
      resources('accounts', schema.accounts, {
        money: ['amount'],
        boolean: ['reimbursed'],
        json: ['tags'],
      }),
    ),
    assets: assetStore(resources('assets', schema.assets, { money: ['amount'] })),
    // Snapshots are stored as JSON text.
    assetHistory: recordStore<AssetHistoryEntry>(
      resources('assetHistory', schema.assetHistory, { json: ['oldData', 'newData'] }),
    ),
    workouts: recordStore<Workout>(resources('workouts', schema.workouts, { json: ['tags'] })),
    tasks: recordStore<Task>(
      resources('tasks', schema.tasks, {
        boolean: ['completed'],
        json: ['subtasks', 'reminders', 'tags'],
      }),
    ),
    timeRecords: recordStore<TimeRecord>(
      resources('timeRecords', schema.timeRecords, { json: ['tags'] }),
    ),
    // The foreign key from checkin_records cascades the delete to the task's records.
    checkinTasks: recordStore<CheckinTask>(
      resources('checkinTasks', schema.checkinTasks, {
        boolean: ['archived'],
        json: ['schedule', 'vacations'],
      }),
    ),
    checkinRecords: recordStore<CheckinRecord>({
      ...resources('checkinRecords', schema.checkinRecords, { boolean: ['skipped'] }),
      // The unique index on (user, task, date) makes the insert a no-op; find what it collided with.
      duplicateOf: {
        where: '(id = @id OR (task_id = @taskId AND date = @date))',
        params: (r) => ({ id: r.id, taskId: r.taskId, date: r.date }),
      },
    }),
    recurring: recurringStore(
      resources('recurring', schema.recurring, { money: ['amount'], boolean: ['paused'] }),
    ),
    wallets: recordStore<Wallet>(
      resources('wallets', schema.wallets, {
        money: ['openingBalance', 'creditLimit'],
        boolean: ['archived'],
      }),
    ),
    transfers: recordStore<Transfer>(
      resources('transfers', schema.transfers, { money: ['amount', 'fee'], json: ['tags'] }),
    ),
    categories: recordStore<Category>(
      resources('categories', schema.categories, { boolean: ['hidden'] }),
    ),
  };
  const dashboard = dashboardStatements(sqlite);
  return {
    ...stores,
    settings: settingsStore(sqlite),
    users: userStore(db, sqlite),
    sessions: sessionStore(db, sqlite),
    passkeys: passkeyStore(db),
    async dashboard(userId, today) {
      // Assets are a few hundred versions: the domain's own latest-per-chain rule counts them.
      return dashboard(userId, today, await stores.assets.list(userId));
    },
    close() {
      // On a damaged or full file optimize fails; the connection (and its locks) must go regardless.
      try {
        sqlite.pragma('optimize');
      } finally {
        sqlite.close();
      }
    },
  };
}

/**
 * The highest change number the file has handed out to anyone: the global one of before, or a
 * user's. A file from before per-user numbers has no user_revs table.
 */
export function lastChangeNumberIn(sqlite: Database.Database): number {
  const global = Number(sqlite.prepare('SELECT rev FROM sync_rev WHERE id = 1').pluck().get()) || 0;
  const hasUserRevs = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'user_revs'")
    .get();
  if (!hasUserRevs) return global;
  const perUser = Number(sqlite.prepare('SELECT max(rev) FROM user_revs').pluck().get()) || 0;
  return Math.max(global, perUser);
}

/**
 * Starts a new sync history in a database file put back from a backup (npm run restore), with
 * no server running. Devices hold cursors the replaced file handed out: asked from as they are,
 * the restored file would answer with the changes after a number that meant something else in
 * it, and a device would keep records the backup never saw and miss ones deleted since. So the
 * change number jumps to at least `past` (a number above any the replaced file can have handed
 * out) and is kept as row 2 of sync_rev, the floor: a cursor below it, or above the current
 * number, is answered with everything and `reset` (see Changes.reset). Applies pending
 * migrations first, so that a backup from before delta sync gets its tables. Returns the floor.
 */
export function restartSyncHistory(file: string, past: number): number {
  openSqliteStore(file).close();
  const sqlite = new Database(file, { fileMustExist: true });
  try {
    return sqlite.transaction(() => {
      const floor = Math.max(Math.floor(past), lastChangeNumberIn(sqlite) + 1);
      sqlite.prepare('UPDATE sync_rev SET rev = ? WHERE id = 1').run(floor);
      sqlite.prepare('INSERT OR REPLACE INTO sync_rev (id, rev) VALUES (2, ?)').run(floor);
      // Every user starts over from the floor.
      sqlite.prepare('UPDATE user_revs SET rev = ?').run(floor);
      return floor;
    })();
  } finally {
    sqlite.close();
  }
}

/**
 * How a record's API fields differ from its table's columns. Every other field is stored as
 * it is, in the column whose drizzle property has the field's name.
 */
interface Codec {
  /** Yuan in the API, integer cents in the `<field>_cents` column. */
  money?: string[];
  /** true/false in the API, 1/0 in SQLite. */
  boolean?: string[];
  /** Objects (or null) in the API, JSON text in SQLite. */
  json?: string[];
}

interface ResourceSpec<R> {
  sqlite: Database.Database;
  revs: { next: Database.Statement; current: Database.Statement; floor: Database.Statement };
  /** The registry's name, as the tombstones record it. */
  kind: ResourceName;
  table: ResourceTable;
  codec: Codec;
  /** A second way an insert can collide (a unique index besides the key), as SQL over named params. */
  duplicateOf?: { where: string; params(record: R): Record<string, unknown> };
}

type Row = Record<string, unknown>;

/** Columns of a record table that are the store's bookkeeping, not fields of the record. */
const BOOKKEEPING = new Set(['userId', 'rev', 'hashHi', 'hashLo']);
/** Rows hashed per read when a digest finds rows not hashed yet. */
const HASH_BATCH = 2000;
/** recordHash's 16 hex digits as two unsigned 32-bit numbers, as hash_hi and hash_lo hold them. */
const hashHalves = (record: object): [number, number] => {
  const hash = recordHash(record);
  return [Number.parseInt(hash.slice(0, 8), 16), Number.parseInt(hash.slice(8), 16)];
};
const hexOf = (hi: number, lo: number) =>
  (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');

/**
 * Rows per read of a whole list sent in pieces (see `wholeJson` in recordStore): ~100 KB of
 * 记账 JSON. SQLite builds a longer text in memory that the server's malloc settings
 * (MALLOC_MMAP_THRESHOLD_ 128 KB, scripts/build-server.mjs) map and unmap on every read: in
 * reads of 1000 rows ten years of 记账 took 55–67 ms instead of ~40.
 */
export const WHOLE_READ_ROWS = 400;
/**
 * A piece of a whole list is at least this long (but the last): reads are joined so that each
 * trip to zlib's thread pool is worth it, and the compressor still starts early.
 */
const WHOLE_PIECE_BYTES = 512 * 1024;
const NOTHING = Buffer.alloc(0);
/** The JSON bytes `records` between the texts `before` and `after`. */
const enclose = (before: string, records: Buffer, after: string): Buffer<ArrayBuffer> =>
  Buffer.concat([Buffer.from(before), records, Buffer.from(after)]);

// Why raw statements and not drizzle's query builder here (docs/spec.md "Budgets", measured with
// `npm run bench`): building a drizzle query and preparing its SQL cost ~0.1 ms per call,
// which makes the per-record work of a ten-year upload (~110k inserts, each followed by a
// read-back, plus a habit lookup per check-in) take ~20 s of its 30 s budget; raw, ~3 s. Lists:
// a 40k-row list spends ~100 ms in better-sqlite3's row objects, drizzle's mapping and an
// ORDER BY sort; here rows come back as arrays, in rowid order without a sort, and become
// records through one generated object literal per table (`read`): ~50 ms.
function recordStore<R extends { id: string }>({
  sqlite,
  revs,
  kind: resource,
  table,
  codec,
  duplicateOf,
}: ResourceSpec<R>): RecordStore<R> {
  const name = getTableName(table);
  const kindOf = (field: string): keyof Codec | 'plain' =>
    (['money', 'boolean', 'json'] as const).find((kind) => codec[kind]?.includes(field)) ?? 'plain';
  // API field, drizzle property (the statements' named parameter), SQL column; user_id and the
  // change number (sync bookkeeping, not part of a record) left out. A column the kind's
  // record does not have (yet) keeps its default and is not sent: the push scheduler reads
  // such columns straight from the table.
  const shape = RECORD_SHAPES[resource];
  const known = typeof shape === 'object' && 'object' in shape ? shape.object : undefined;
  const fields = Object.entries(getTableColumns(table))
    .filter(([property]) => !BOOKKEEPING.has(property))
    .filter(([property]) => !known || property.replace(/Cents$/, '') in known)
    .map(([property, column]) => {
      const field = property.replace(/Cents$/, '');
      const kind = kindOf(field);
      if ((property !== field) !== (kind === 'money')) {
        throw new Error(`${name}.${property}: money is stored in a *_cents column`);
      }
      // A column added after records existed has a default, which also stands in for the
      // field when a record put straight into the store lacks it (as the migration did for rows).
      const fallback = column.hasDefault ? (column.default as unknown) : null;
      return {
        field,
        property,
        column: column.name,
        kind,
        fallback,
        text: column.columnType === 'SQLiteText',
      };
    });

  const q = (identifier: string) => `"${identifier}"`;
  // Selects return each row as an array (better-sqlite3's raw mode), in `fields` order.
  const columnList = fields.map((f) => q(f.column)).join(', ');
  const select = (where: string) =>
    sqlite.prepare(`SELECT ${columnList} FROM ${q(name)} ${where}`).raw(true);
  // Insertion order is rowid order. `WHERE user_id = ? ORDER BY rowid` reads the user's rows
  // through an index ordered by (user_id, date) and then sorts them all in a temp b-tree; the
  // rowid set walks the table in rowid order instead, and sorts nothing (since migration 0004
  // the plain form would walk the (user_id) index, to the same effect). A delta reads its rows
  // through the (user_id, rev) index: few rows, then sorted by rowid.
  const inOrder = (where: string) =>
    `SELECT ${columnList} FROM ${q(name)} WHERE rowid IN ` +
    `(SELECT rowid FROM ${q(name)} WHERE ${where}) ORDER BY rowid`;
  const listStatement = sqlite.prepare(inOrder('user_id = ?')).raw(true);
  const changedStatement = sqlite.prepare(inOrder('user_id = ? AND rev > ?')).raw(true);
  // A row's values in SQL as `read` makes them in JS: cents / 100.0 is the same correctly
  // rounded double as cents / 100, and SQLite prints reals so that they parse back to it.
  const jsonValue = ({ column, kind }: (typeof fields)[number]) =>
    kind === 'money'
      ? `${q(column)} / 100.0`
      : kind === 'boolean'
        ? `CASE ${q(column)} WHEN 1 THEN json('true') ELSE json('false') END`
        : kind === 'json'
          ? `json(${q(column)})`
          : q(column);
  // Lists as JSON text, built by SQLite (`listJson`, `changesJson`), so that the route sends
  // them as they are. A subquery picks the rows in the order the text lists them (the
  // aggregates read them in that order: tests/server/list-json.test.ts), and the outer query
  // makes its text in one of two shapes (see Shape):
  // - records: each row one json_object with the API's field names, e.g. for accounts
  //   `json_object('id', "id", 'type', "type", 'amount', "amount_cents" / 100.0, …)`, joined
  //   with commas: each is JSON text already, and json_group_array(json(obj)) would parse each
  //   one again (39k rows: +15 ms);
  // - columns (src/domain/columns.ts): one json_group_array per field.
  // Values become JSON in the outer query, because a json() value's subtype does not cross a
  // subquery: a boolean's json('true') would arrive as the text "true".
  // The text leaves SQLite as a BLOB, i.e. the UTF-8 bytes it holds, which is what the route
  // sends: as a JS string, a ten-year list (10 MB) cost ~35 ms more, decoded from UTF-8 into a
  // two-byte string and encoded back for the socket or the compressor.
  const bytes = (text: string) => `CAST(${text} AS BLOB)`;
  const joinedRecords = `group_concat(json_object(${fields
    .map((f) => `'${f.field}', ${jsonValue(f)}`)
    .join(', ')}), ',')`;
  const SHAPES = {
    records: bytes(`'[' || coalesce(${joinedRecords}, '') || ']'`),
    columns: bytes(
      `json_object(${fields
        .map((f) => `'${f.field}', json_group_array(${jsonValue(f)})`)
        .join(', ')})`,
    ),
  };
  // - packed (src/domain/columns.ts): the columns, with a text column of timestamps (a name
  //   ending in At, or `timestamp`) or of dates (ending in Date, or `date`) as steps, and any
  //   other text column but the id as a dictionary where its values repeat, made from the
  //   column's JSON by `asSteps` and `asDictionary` (the functions `steps_ms`, `steps_days`,
  //   `dictionary`). Steps send as it is any value that would not print back the same. In SQL
  //   (lag() over the rows, strftime to check each value, dense_rank for a dictionary's
  //   indexes) a page of 3000 records took 3–5 times as long to build as plain columns: SQLite
  //   copied every field of every row for each window. This way, 1.6–2.2 times (+1.3–2.6 ms).
  const packingOf = (f: (typeof fields)[number]) =>
    f.kind !== 'plain' || !f.text || f.field === 'id'
      ? undefined
      : /At$|^timestamp$/.test(f.field)
        ? 'steps_ms'
        : /Date$|^date$/.test(f.field)
          ? 'steps_days'
          : 'dictionary';
  const packed = bytes(
    `json_object(${fields
      .map((f) => {
        const pack = packingOf(f);
        return `'${f.field}', ${pack ? `json(${pack}(json_group_array(${q(f.column)})))` : `json_group_array(${jsonValue(f)})`}`;
      })
      .join(', ')})`,
  );

  // A page of a full download (see Page): the user's rows up to the snapshot number, after the
  // key (rev, id), in key order: one seek in the (user_id, rev, id) index and a walk along it, no
  // sort. The key is a row value so that SQLite seeks to it; spelled as rev > a OR (rev = a AND
  // id > b) it started at the first row of the number, and 39k migrated rows all have rev 1.
  const pageWhere = 'user_id = @userId AND rev <= @upto AND (rev, id) > (@afterRev, @afterId)';
  const pageStatement = sqlite
    .prepare(
      `SELECT ${columnList}, rev FROM ${q(name)} WHERE ${pageWhere} ORDER BY rev, id LIMIT @limit`,
    )
    .raw(true);
  // Per shape, a delta, a whole list (columns only: records come in pieces, `wholeJson`) and a
  // page with its last key (rev zero-padded so that text order is key order).
  const textStatements = (shape: string) => ({
    changed: sqlite
      .prepare(`SELECT ${shape} FROM (${inOrder('user_id = ? AND rev > ?')})`)
      .pluck(true),
    whole: sqlite.prepare(`SELECT ${shape} FROM (${inOrder('user_id = ?')})`).pluck(true),
    page: sqlite
      .prepare(
        `SELECT ${shape}, max(key) FROM (SELECT ${columnList}, printf('%015d', rev) || '.' || id ` +
          `AS key FROM ${q(name)} WHERE ${pageWhere} ORDER BY rev, id LIMIT @limit)`,
      )
      .raw(true),
  });
  const texts = {
    records: textStatements(SHAPES.records),
    columns: textStatements(SHAPES.columns),
    packed: textStatements(packed),
  };
  // A whole list as records (docs/spec.md §7's array, and everything since 0 asked for without pages,
  // by a client from before paging) is read in pieces, each when the one before has been taken
  // (`wholeJson`): the compressor (compression.ts) works on one piece on zlib's thread pool
  // while SQLite makes the next, and no ten-year list is held whole. Ten years of 记账 (39k
  // rows, 10 MB of JSON) with brotli, median of 15 on the 2-core machine: 215 ms read whole as a
  // string and compressed after; 140 ms as bytes; 72–95 ms in pieces. Reads walk the user's
  // rows in rowid order (insertion order, as `list`) along the (user_id) index, from the last
  // one read, each on its own. An
  // update keeps a row's rowid, so a row that exists throughout the answer is in it exactly
  // once, in one of its versions; one deleted on the way may be missing, one created on the
  // way may be there. An answer since 0 stays exact through its cursor, read with the first
  // piece: what changed after it comes in the next delta, as after a paged download.
  const readStatement = sqlite
    .prepare(
      `SELECT ${bytes(`@lead || ${joinedRecords}`)}, count(*), max(read_rowid) FROM (SELECT ` +
        `${columnList}, rowid AS read_rowid FROM ${q(name)} WHERE user_id = @userId AND ` +
        `rowid > @after ORDER BY rowid LIMIT ${WHOLE_READ_ROWS})`,
    )
    .raw(true);
  /**
   * `before`, the user's records as JSON objects joined by commas, and `after`, as bytes: whole
   * when one read holds them all, else in pieces read as they are taken (see readStatement).
   * The first read is made now, in the caller's transaction.
   */
  const wholeJson = (userId: string, before: string, after: string): JsonBytes => {
    const read = (from: number, lead: string) =>
      readStatement.get({ userId, after: from, lead }) as [
        Buffer<ArrayBuffer> | null,
        number,
        number | null,
      ];
    const [first, rows, last] = read(0, '');
    if (rows < WHOLE_READ_ROWS) return enclose(before, first ?? NOTHING, after);
    return (function* pieces(): Generator<Buffer<ArrayBuffer>> {
      let held = [Buffer.from(before), first!];
      let size = first!.length;
      for (let from = last!, more = true; more; ) {
        const [text, rows, end] = read(from, ',');
        more = rows === WHOLE_READ_ROWS;
        if (text) held.push(text);
        size += text?.length ?? 0;
        if (!more) held.push(Buffer.from(after));
        if (size >= WHOLE_PIECE_BYTES || !more) {
          yield Buffer.concat(held);
          held = [];
          size = 0;
        }
        from = end ?? from;
      }
    })();
  };
  const pageMoreStatement = sqlite
    .prepare(`SELECT 1 FROM ${q(name)} WHERE ${pageWhere} LIMIT 1`)
    .pluck(true);
  const idColumn = fields.findIndex((f) => f.field === 'id');
  const deletedStatement = sqlite
    .prepare('SELECT id FROM tombstones WHERE user_id = ? AND kind = ? AND rev > ?')
    .pluck(true);
  const tombstoneStatement = sqlite
    .prepare('SELECT 1 FROM tombstones WHERE user_id = ? AND kind = ? AND id = ?')
    .pluck(true);
  const getStatement = select('WHERE user_id = ? AND id = ?');
  const duplicateStatement =
    duplicateOf && select(`WHERE user_id = @userId AND ${duplicateOf.where} LIMIT 1`);
  const insertStatement = sqlite.prepare(
    `INSERT INTO ${q(name)} (user_id, rev, ${columnList}) ` +
      `VALUES (@userId, @rev, ${fields.map((f) => `@${f.property}`).join(', ')}) ON CONFLICT DO NOTHING`,
  );
  // The hash is NULLed with the write and set from the row read back (`hashed`), in one
  // transaction: the triggers XOR the old hash out of kind_digests and the new one in.
  const updateStatement = sqlite.prepare(
    `UPDATE ${q(name)} SET rev = @rev, hash_hi = NULL, hash_lo = NULL, ${fields
      .filter((f) => f.field !== 'id')
      .map((f) => `${q(f.column)} = @${f.property}`)
      .join(', ')} WHERE user_id = @userId AND id = @id`,
  );
  const removeStatement = sqlite.prepare(`DELETE FROM ${q(name)} WHERE user_id = ? AND id = ?`);
  // The digest (docs/architecture.md, "The digest"): each row's recordHash in hash_hi/hash_lo,
  // each user's count and XOR in kind_digests, kept by the triggers of migration 0016.
  const setHashStatement = sqlite.prepare(
    `UPDATE ${q(name)} SET hash_hi = ?, hash_lo = ? WHERE user_id = ? AND id = ?`,
  );
  const setHashAtStatement = sqlite.prepare(
    `UPDATE ${q(name)} SET hash_hi = ?, hash_lo = ? WHERE rowid = ?`,
  );
  // Rows not hashed yet, through the partial index on (user_id) WHERE hash_hi IS NULL.
  const unhashedStatement = sqlite
    .prepare(
      `SELECT ${columnList}, rowid FROM ${q(name)} WHERE user_id = ? AND hash_hi IS NULL LIMIT ${HASH_BATCH}`,
    )
    .raw(true);
  const keptStatement = sqlite
    .prepare('SELECT count, hash_hi, hash_lo FROM kind_digests WHERE user_id = ? AND kind = ?')
    .raw(true);
  const idsStatement = sqlite
    .prepare(`SELECT id, hash_hi, hash_lo FROM ${q(name)} WHERE user_id = ?`)
    .raw(true);
  const putKeptStatement = sqlite.prepare(
    'INSERT INTO kind_digests (user_id, kind, count, hash_hi, hash_lo) VALUES (?, ?, ?, ?, ?) ' +
      'ON CONFLICT (user_id, kind) DO UPDATE SET count = excluded.count, ' +
      'hash_hi = excluded.hash_hi, hash_lo = excluded.hash_lo',
  );

  /**
   * A selected row as the API record. Generated once per table, because it is the hot loop of
   * every list: one object literal per row, e.g. for accounts
   * `(r) => ({ "id": r[0], "type": r[1], "amount": fromCents(r[2]), … })`.
   */
  const read = new Function(
    'fromCents',
    `return (r) => ({ ${fields
      .map(({ field, kind }, i) => {
        const value = `r[${i}]`;
        const converted =
          kind === 'money'
            ? `fromCents(${value})`
            : kind === 'boolean'
              ? `${value} === 1`
              : kind === 'json'
                ? `${value} === null ? null : JSON.parse(${value})`
                : value;
        return `${JSON.stringify(field)}: ${converted}`;
      })
      .join(', ')} });`,
  )(fromCents) as (row: unknown[]) => R;
  /** A record as the named parameters of the insert and update statements. */
  const params = (userId: string, record: R): Row => {
    const values = record as unknown as Row;
    const out: Row = { userId };
    for (const { field, property, kind, fallback } of fields) {
      const value = values[field] ?? null;
      if (value === null && fallback !== null && fallback !== undefined) out[property] = fallback;
      else if (kind === 'money') out[property] = toCents(value as number);
      else if (kind === 'boolean') out[property] = value ? 1 : 0;
      else if (kind === 'json') {
        out[property] = value === null ? fallback : JSON.stringify(value);
      } else if (value === null && fallback !== null) out[property] = fallback;
      else out[property] = value;
    }
    // Written by the API on every record; a record put straight into the store may lack them.
    out.updatedAt ??= '';
    out.editedAt ??= '';
    out.stamp ??= '';
    return out;
  };
  const find = (userId: string, id: string) => {
    const row = getStatement.get(userId, id) as unknown[] | undefined;
    return row && read(row);
  };
  /** The stored record read back, its hash written beside it. */
  const hashed = (userId: string, id: string) => {
    const stored = find(userId, id)!;
    const [hi, lo] = hashHalves(stored);
    setHashStatement.run(hi, lo, userId, id);
    return stored;
  };
  const insertOne = (userId: string, record: R, rev: number) => {
    if (insertStatement.run({ ...params(userId, record), rev }).changes > 0) {
      return { record: hashed(userId, record.id), created: true };
    }
    const existing = duplicateStatement
      ? duplicateStatement.get({ userId, ...duplicateOf!.params(record) })
      : getStatement.get(userId, record.id);
    return { record: read(existing as unknown[]), created: false };
  };
  // better-sqlite3 transactions: BEGIN … COMMIT, rolled back when the function throws. Each
  // write takes one change number; all rows of a batch share it.
  const nextRev = (userId: string) => revs.next.get(userId) as number;
  const createOne = sqlite.transaction((userId: string, record: R) =>
    insertOne(userId, record, nextRev(userId)),
  );
  const createMany = sqlite.transaction((userId: string, records: R[]) => {
    const rev = nextRev(userId);
    return records.map((record) => insertOne(userId, record, rev));
  });
  const updateOne = sqlite.transaction((userId: string, record: R) =>
    updateStatement.run({ ...params(userId, record), rev: nextRev(userId) }).changes > 0
      ? hashed(userId, record.id)
      : undefined,
  );
  /**
   * Hashes the user's rows whose hash is NULL (from before migration 0016, changed by SQL
   * outside the store, or a 周期记账 template's lastDate moved by markDone), in batches read
   * through the partial index: none on a digest after writes through the store.
   */
  const hashPending = (userId: string) => {
    for (;;) {
      const rows = unhashedStatement.all(userId) as unknown[][];
      for (const row of rows) {
        const [hi, lo] = hashHalves(read(row));
        setHashAtStatement.run(hi, lo, row[fields.length]);
      }
      if (rows.length < HASH_BATCH) return;
    }
  };
  const digestOne = sqlite.transaction((userId: string, ids: boolean): DigestAnswer => {
    hashPending(userId);
    const cursor = revs.current.get(userId) as number;
    const [count, hi, lo] = (keptStatement.get(userId, resource) as
      | [number, number, number]
      | undefined) ?? [0, 0, 0];
    if (!ids) return { count, hash: hexOf(hi, lo), cursor };
    // Asked by a device whose digest differed: the answer is made of the rows themselves, and
    // a kept digest gone wrong (kind_digests edited by hand) is put right.
    let allHi = 0;
    let allLo = 0;
    const listed = (idsStatement.all(userId) as [string, number, number][]).map(
      ([id, h, l]): [string, string] => {
        allHi ^= h;
        allLo ^= l;
        return [id, hexOf(h, l)];
      },
    );
    const hash = hexOf(allHi, allLo);
    if (listed.length !== count || hash !== hexOf(hi, lo)) {
      putKeptStatement.run(userId, resource, listed.length, allHi >>> 0, allLo >>> 0);
    }
    return { count: listed.length, hash, cursor, ids: listed };
  });
  // The delete trigger stamps the tombstone with the number taken first.
  const removeOne = sqlite.transaction((userId: string, id: string) => {
    nextRev(userId);
    return removeStatement.run(userId, id).changes > 0;
  });
  /** A cursor handed out by a history a restore replaced (see Changes.reset), or one never handed out. */
  const replaced = (since: number, cursor: number) =>
    since !== 0 && (since > cursor || since < ((revs.floor.get() as number | undefined) ?? 0));
  /**
   * Where a page of a full download starts (see Page): `upto` the first page's cursor, or the
   * current number on a first page and on a restart (an `upto` never handed out here).
   */
  const pageStart = (page: Page, cursor: number) => {
    const restart = page.upto !== undefined && (page.upto === 0 || replaced(page.upto, cursor));
    const first = page.upto === undefined || restart;
    return {
      restart,
      params: {
        limit: page.limit,
        upto: first ? cursor : page.upto!,
        afterRev: first || !page.after ? -1 : page.after.rev,
        afterId: first || !page.after ? '' : page.after.id,
      },
    };
  };
  type PageParams = ReturnType<typeof pageStart>['params'];
  /** Whether rows are left after the key `last` (`<rev>.<id>`), and the key to ask from. */
  const pageRest = (
    userId: string,
    params: PageParams,
    last: { rev: number; id: string } | undefined,
  ) => {
    const more =
      last !== undefined &&
      pageMoreStatement.get({ ...params, userId, afterRev: last.rev, afterId: last.id }) !==
        undefined;
    return more ? { more, after: `${last.rev}.${last.id}` } : { more };
  };
  // One snapshot for the rows, the deletions and the cursor, so nothing falls between them.
  const changesAt = sqlite.transaction((userId: string, asked: number, page?: Page) => {
    const cursor = revs.current.get(userId) as number;
    const reset = replaced(asked, cursor);
    if ((asked === 0 || reset) && page) {
      const { restart, params } = pageStart(page, cursor);
      const rows = pageStatement.all({ ...params, userId }) as unknown[][];
      const row = rows.at(-1);
      const last = row && { rev: row[fields.length] as number, id: row[idColumn] as string };
      return {
        rows,
        deleted: [],
        cursor: params.upto,
        ...(reset || restart ? { reset: true as const } : {}),
        ...pageRest(userId, params, last),
      };
    }
    if (asked === 0 || reset) {
      const rows = listStatement.all(userId) as unknown[][];
      return reset ? { rows, deleted: [], cursor, reset } : { rows, deleted: [], cursor };
    }
    return {
      rows: changedStatement.all(userId, asked) as unknown[][],
      deleted: deletedStatement.all(userId, resource, asked) as string[],
      cursor,
    };
  });
  const changesJsonAt = sqlite.transaction(
    (userId: string, asked: number, page?: Page, shape: Shape | 'records' = 'records') => {
      const cursor = revs.current.get(userId) as number;
      const reset = replaced(asked, cursor);
      const since = reset ? 0 : asked;
      const text = texts[shape];
      if (since === 0 && page) {
        const { restart, params } = pageStart(page, cursor);
        const [records, key] = text.page.get({ ...params, userId }) as [Buffer, string | null];
        const dot = key?.indexOf('.') ?? -1;
        const last = key ? { rev: Number(key.slice(0, dot)), id: key.slice(dot + 1) } : undefined;
        const rest = pageRest(userId, params, last);
        return enclose(
          `{"${shape === 'records' ? 'records' : 'columns'}":`,
          records,
          `,"deleted":[],"cursor":${params.upto}${reset || restart ? ',"reset":true' : ''},"more":${rest.more}${rest.after === undefined ? '' : `,"after":${JSON.stringify(rest.after)}`}}`,
        );
      }
      if (since === 0 && shape === 'records') {
        return wholeJson(
          userId,
          '{"records":[',
          `],"deleted":[],"cursor":${cursor}${reset ? ',"reset":true' : ''}}`,
        );
      }
      const records = (
        since === 0 ? text.whole.get(userId) : text.changed.get(userId, since)
      ) as Buffer;
      const deleted =
        since === 0 ? [] : (deletedStatement.all(userId, resource, since) as string[]);
      return enclose(
        `{"${shape === 'records' ? 'records' : 'columns'}":`,
        records,
        `,"deleted":${JSON.stringify(deleted)},"cursor":${cursor}${reset ? ',"reset":true' : ''}}`,
      );
    },
  );

  return {
    async list(userId) {
      return (listStatement.all(userId) as unknown[][]).map(read);
    },
    async listJson(userId) {
      return wholeJson(userId, '[', ']');
    },
    async changes(userId, since, page) {
      const { rows, ...rest } = changesAt(userId, since, page);
      return { records: rows.map(read), ...rest };
    },
    async changesJson(userId, since, page, shape) {
      return changesJsonAt(userId, since, page, shape);
    },
    async get(userId, id) {
      return find(userId, id);
    },
    async create(userId, record) {
      return createOne(userId, record);
    },
    async createMany(userId, records) {
      return createMany(userId, records);
    },
    async update(userId, record) {
      return updateOne(userId, record);
    },
    async remove(userId, id) {
      return removeOne(userId, id);
    },
    async wasDeleted(userId, id) {
      return tombstoneStatement.get(userId, resource, id) !== undefined;
    },
    async digest(userId, ids = false) {
      return digestOne(userId, ids);
    },
  };
}

function assetStore(spec: ResourceSpec<Asset>): AssetStore {
  const removeStatement = spec.sqlite.prepare(
    'DELETE FROM assets WHERE user_id = ? AND (id = ? OR original_id = ?)',
  );
  const removeChain = spec.sqlite.transaction((userId: string, chainId: string) => {
    spec.revs.next.get(userId);
    return removeStatement.run(userId, chainId, chainId).changes;
  });
  return {
    ...recordStore<Asset>(spec),
    async removeChain(userId, chainId) {
      return removeChain(userId, chainId);
    },
  };
}

function recurringStore(spec: ResourceSpec<RecurringTemplate>): RecurringStore {
  const base = recordStore<RecurringTemplate>(spec);
  const lastDate = spec.sqlite
    .prepare('SELECT last_date FROM recurring WHERE user_id = ? AND id = ?')
    .pluck(true);
  const markDoneStatement = spec.sqlite.prepare(
    'UPDATE recurring SET last_date = @date, rev = @rev, hash_hi = NULL, hash_lo = NULL ' +
      'WHERE user_id = @userId AND id = @id AND last_date < @date',
  );
  // A new change number, so devices receive the template's new lastDate by delta; not a new
  // updatedAt: lastDate is the server's own bookkeeping, which an edit never overwrites (see
  // `update`), so an edit made from the version before the catch-up is not a conflict.
  const markDone = spec.sqlite.transaction((userId: string, id: string, date: string) => {
    const stored = lastDate.get(userId, id) as string | undefined;
    if (stored === undefined || stored >= date) return;
    markDoneStatement.run({ userId, id, date, rev: spec.revs.next.get(userId) });
  });
  const userIds = spec.sqlite.prepare('SELECT DISTINCT user_id FROM recurring').pluck(true);
  return {
    ...base,
    async update(userId, record) {
      // Read and write with no await between them: nothing else runs in this process meanwhile.
      const stored = lastDate.get(userId, record.id) as string | undefined;
      const keep = stored !== undefined && stored > record.lastDate ? stored : record.lastDate;
      return base.update(userId, { ...record, lastDate: keep });
    },
    async markDone(userId, id, date) {
      markDone(userId, id, date);
    },
    async userIds() {
      return userIds.all() as string[];
    },
  };
}

/** Settings rows: budgets in cents, maps as JSON; read back through the schema (its defaults). */
function settingsStore(sqlite: Database.Database): SettingsStore {
  const select = sqlite.prepare('SELECT * FROM settings WHERE user_id = ?');
  const upsert = sqlite.prepare(
    `INSERT INTO settings (user_id, monthly_budget_cents, category_budgets_cents, daily_budget_mode,
       daily_budget_cents, month_start_day, default_wallet_id, focus_goal_minutes, focus_categories, import_rules,
       counterparties, notifications, pomodoro, daily_goals, stamp, updated_at)
     VALUES (@userId, @monthlyBudgetCents, @categoryBudgetsCents, @dailyBudgetMode,
       @dailyBudgetCents, @monthStartDay, @defaultWalletId, @focusGoalMinutes, @focusCategories, @importRules,
       @counterparties, @notifications, @pomodoro, @dailyGoals, @stamp, @updatedAt)
     ON CONFLICT (user_id) DO UPDATE SET
       monthly_budget_cents = excluded.monthly_budget_cents,
       category_budgets_cents = excluded.category_budgets_cents,
       daily_budget_mode = excluded.daily_budget_mode,
       daily_budget_cents = excluded.daily_budget_cents,
       month_start_day = excluded.month_start_day,
       default_wallet_id = excluded.default_wallet_id,
       focus_goal_minutes = excluded.focus_goal_minutes,
       focus_categories = excluded.focus_categories,
       import_rules = excluded.import_rules,
       counterparties = excluded.counterparties,
       notifications = excluded.notifications,
       pomodoro = excluded.pomodoro,
       daily_goals = excluded.daily_goals,
       stamp = excluded.stamp,
       updated_at = excluded.updated_at`,
  );
  const mapValues = (map: Record<string, number | undefined>, f: (n: number) => number) =>
    Object.fromEntries(Object.entries(map).map(([k, v]) => [k, f(v ?? 0)]));
  const read = (userId: string): Settings | undefined => {
    const row = select.get(userId) as Record<string, unknown> | undefined;
    if (!row) return undefined;
    return settingsSchema.parse({
      monthlyBudget:
        row.monthly_budget_cents === null ? null : fromCents(row.monthly_budget_cents as number),
      categoryBudgets: mapValues(JSON.parse(row.category_budgets_cents as string), fromCents),
      dailyBudgetMode: row.daily_budget_mode,
      dailyBudget: fromCents(row.daily_budget_cents as number),
      monthStartDay: row.month_start_day ?? 1,
      defaultWalletId: row.default_wallet_id ?? '',
      focusGoalMinutes: row.focus_goal_minutes,
      focusCategories: JSON.parse(row.focus_categories as string),
      importRules: JSON.parse(row.import_rules as string),
      counterparties: JSON.parse(row.counterparties as string),
      notifications: JSON.parse(row.notifications as string),
      pomodoro: JSON.parse((row.pomodoro as string | undefined) || '{}'),
      dailyGoals: JSON.parse((row.daily_goals as string | undefined) || '{}'),
      ...(row.stamp ? { stamp: row.stamp } : {}),
    });
  };
  return {
    async get(userId) {
      return read(userId);
    },
    async put(userId, value, now) {
      upsert.run({
        userId,
        monthlyBudgetCents: value.monthlyBudget === null ? null : toCents(value.monthlyBudget),
        categoryBudgetsCents: JSON.stringify(mapValues(value.categoryBudgets, toCents)),
        dailyBudgetMode: value.dailyBudgetMode,
        dailyBudgetCents: toCents(value.dailyBudget),
        monthStartDay: value.monthStartDay,
        defaultWalletId: value.defaultWalletId || null,
        focusGoalMinutes: value.focusGoalMinutes,
        focusCategories: JSON.stringify(value.focusCategories),
        importRules: JSON.stringify(value.importRules),
        counterparties: JSON.stringify(value.counterparties),
        notifications: JSON.stringify(value.notifications),
        pomodoro: JSON.stringify(value.pomodoro),
        dailyGoals: JSON.stringify(value.dailyGoals),
        stamp: value.stamp ?? '',
        updatedAt: now,
      });
      return read(userId)!;
    },
  };
}

/**
 * The dashboard's sums in SQL (GET /api/summary): the same figures dashboardAggregates
 * computes from the lists, without reading ten years of rows into objects. The contract
 * suite holds the two to the same answers.
 */
function dashboardStatements(sqlite: Database.Database) {
  const accounts = sqlite.prepare(
    `SELECT coalesce(sum(CASE WHEN type = 'income' THEN amount_cents END), 0),
            coalesce(sum(CASE WHEN type = 'expense' THEN amount_cents END), 0),
            coalesce(sum(CASE WHEN type = 'income' AND date = @today THEN amount_cents END), 0),
            coalesce(sum(CASE WHEN type = 'expense' AND date = @today THEN amount_cents END), 0)
       FROM accounts WHERE user_id = @userId`,
  );
  const workouts = sqlite
    .prepare('SELECT count(*) FROM workouts WHERE user_id = @userId AND date = @today')
    .pluck(true);
  const tasks = sqlite.prepare(
    'SELECT count(*), coalesce(sum(completed), 0) FROM tasks WHERE user_id = @userId',
  );
  const focus = sqlite.prepare(
    `SELECT category, sum(duration) FROM time_records
      WHERE user_id = @userId AND date = @today GROUP BY category`,
  );
  return (userId: string, today: string, assets: Asset[]): DashboardAggregates => {
    const at = { userId, today };
    const [income, expense, todayIncome, todayExpense] = accounts.raw(true).get(at) as number[];
    const [tasksTotal, tasksCompleted] = tasks.raw(true).get(at) as number[];
    const { assetsCents, liabilitiesCents } = assetTotals(latestPerChain(assets));
    return {
      incomeCents: income!,
      expenseCents: expense!,
      todayIncomeCents: todayIncome!,
      todayExpenseCents: todayExpense!,
      todayWorkouts: workouts.get(at) as number,
      tasksTotal: tasksTotal!,
      tasksCompleted: tasksCompleted!,
      focusSecondsToday: Object.fromEntries(focus.raw(true).all(at) as [string, number][]),
      assetsCents,
      liabilitiesCents,
    };
  };
}

function userStore(db: Db, sqlite: Database.Database): UserStore {
  const t = schema.users;
  // Spending a second factor is one UPDATE that checks and writes at once: a read in the route
  // and a write after it let three parallel sign-ins with one code all succeed (issue 57).
  const spendStep = sqlite.prepare(
    "UPDATE users SET two_factor = json_set(two_factor, '$.lastStep', CAST(@step AS INTEGER)) " +
      "WHERE username = @username AND json_extract(two_factor, '$.secret') = @secret " +
      "AND json_extract(two_factor, '$.lastStep') < @step",
  );
  const spendCode = sqlite.prepare(
    "UPDATE users SET two_factor = json_set(two_factor, '$.recoveryCodes', " +
      "(SELECT json_group_array(value) FROM json_each(users.two_factor, '$.recoveryCodes') " +
      'WHERE value <> @hash)) ' +
      'WHERE username = @username AND EXISTS (SELECT 1 FROM ' +
      "json_each(users.two_factor, '$.recoveryCodes') WHERE value = @hash)",
  );
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
          set: {
            displayName: user.displayName,
            passwordHash: user.passwordHash,
            ...(user.twoFactor === undefined ? {} : { twoFactor: user.twoFactor }),
            ...(user.appliedPassword === undefined
              ? {}
              : { appliedPassword: user.appliedPassword }),
            ...(user.initialPassword === undefined
              ? {}
              : { initialPassword: user.initialPassword }),
          },
        })
        .run();
    },
    async spendTotpStep(username, secret, step) {
      return spendStep.run({ username, secret, step }).changes > 0;
    },
    async spendRecoveryCode(username, hash) {
      return spendCode.run({ username, hash }).changes > 0;
    },
  };
}

function sessionStore(db: Db, sqlite: Database.Database): SessionStore {
  const t = schema.sessions;
  // rowid breaks ties of createdAt (sign-ins within one millisecond): the later stored is newer.
  const trim = sqlite.prepare(
    'DELETE FROM sessions WHERE username = @username AND rowid NOT IN ' +
      '(SELECT rowid FROM sessions WHERE username = @username ' +
      'ORDER BY created_at DESC, rowid DESC LIMIT @keep)',
  );
  // Subscriptions stored before they had a session (session_hash NULL) cannot follow one:
  // they end when the account's other sessions are ended, so none outlives a sign-out of all.
  const dropUnowned = sqlite.prepare(
    'DELETE FROM push_subscriptions WHERE user_id = ? AND session_hash IS NULL',
  );
  const removeOthers = sqlite.prepare(
    'DELETE FROM sessions WHERE username = ? AND token_hash <> ?',
  );
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
      sqlite.transaction(() => {
        db.delete(t).where(eq(t.username, username)).run();
        dropUnowned.run(username);
      })();
    },
    async removeOthers(username, keep) {
      sqlite.transaction(() => {
        removeOthers.run(username, keep);
        dropUnowned.run(username);
      })();
    },
    async listForUser(username) {
      return db.select().from(t).where(eq(t.username, username)).orderBy(t.createdAt).all();
    },
    async touch(tokenHash, at) {
      db.update(t).set({ lastUsedAt: at }).where(eq(t.tokenHash, tokenHash)).run();
    },
    async removeExpired(now) {
      // ISO-8601 UTC strings of the same shape sort like the instants they name.
      db.delete(t).where(lt(t.expiresAt, now)).run();
    },
    async trimForUser(username, keep) {
      return trim.run({ username, keep }).changes;
    },
  };
}

function passkeyStore(db: Db): PasskeyStore {
  const t = schema.passkeys;
  type Row = typeof t.$inferSelect;
  const fromRow = (row: Row): PasskeyRecord => ({
    ...row,
    transports: row.transports ? row.transports.split(',') : [],
  });
  return {
    async create(passkey) {
      db.insert(t)
        .values({ ...passkey, transports: passkey.transports.join(',') })
        .run();
    },
    async get(id) {
      const row = db.select().from(t).where(eq(t.id, id)).get();
      return row && fromRow(row);
    },
    async listForUser(username) {
      return db
        .select()
        .from(t)
        .where(eq(t.username, username))
        .orderBy(t.createdAt)
        .all()
        .map(fromRow);
    },
    async remove(username, id) {
      return (
        db
          .delete(t)
          .where(and(eq(t.username, username), eq(t.id, id)))
          .run().changes > 0
      );
    },
    async markUsed(id, counter, at) {
      db.update(t).set({ counter, lastUsedAt: at }).where(eq(t.id, id)).run();
    },
  };
}
