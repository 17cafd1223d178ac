import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { createApp } from '../../server/app';
import { openSqliteStore } from '../../server/db/sqlite-store';
import type { Store } from '../../server/store';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import { accountSchema } from '../../src/domain/schemas/account';
import { assetHistorySchema, assetSchema } from '../../src/domain/schemas/asset';
import {
  accountTypes,
  assetCategories,
  assetTypes,
  checkinCategories,
  checkinTypes,
  expenseCategories,
  incomeCategories,
  liabilityCategories,
  taskCategories,
  taskPriorities,
  timeCategories,
  workoutTypes,
} from '../../src/domain/schemas/categories';
import { checkinRecordSchema, checkinTaskSchema } from '../../src/domain/schemas/checkin';
import { taskSchema } from '../../src/domain/schemas/task';
import { timeRecordSchema } from '../../src/domain/schemas/time-record';
import { workoutSchema } from '../../src/domain/schemas/workout';

// Property-based fuzzing of every POST, PUT, DELETE and batch route (and the login body), and
// of the delta list (GET ?since=), against the app over a real SQLite file. Bodies are valid
// records with one field swapped for something hostile, arbitrary JSON, values nested thousands
// deep, and text that is not JSON at all; PUT and DELETE carry an If-Match that is absent, the
// record's version, or anything else. Whatever comes in: never a 5xx, never a row, tombstone or
// change number from a refused request, a 409 leaves the record as it was, every row stored
// reads back valid, the delta since the request's change number reports what it wrote or
// deleted, and every list still answers. `npm test` runs FUZZ_RUNS (default 500) cases;
// `npm run fuzz` runs 12 000 with a fresh seed and prints the counts.

const RUNS = Number(process.env.FUZZ_RUNS) || 500;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const scratch = mkdtempSync(join(tmpdir(), 'pms-fuzz-'));
const file = join(scratch, 'pms.sqlite');
let store: Store;
let rows: Database.Database;
let app: ReturnType<typeof createApp>;
let token = '';

const TABLES = {
  accounts: 'accounts',
  assets: 'assets',
  'assets/history': 'asset_history',
  workouts: 'workouts',
  tasks: 'tasks',
  'time-records': 'time_records',
  'checkin-tasks': 'checkin_tasks',
  'checkin-records': 'checkin_records',
} as const;
type Path = keyof typeof TABLES;
const UPDATABLE: Path[] = [
  'accounts',
  'assets',
  'workouts',
  'tasks',
  'time-records',
  'checkin-tasks',
];

const STORED: Record<Path, z.ZodType> = {
  accounts: accountSchema,
  assets: assetSchema,
  'assets/history': assetHistorySchema,
  workouts: workoutSchema,
  tasks: taskSchema,
  'time-records': timeRecordSchema,
  'checkin-tasks': checkinTaskSchema,
  'checkin-records': checkinRecordSchema,
};

// Ids the seed stores, so that PUTs, duplicates, chain links and check-ins hit real records.
const SEEDED = { asset: 'seed-asset', habit: 'seed-habit', other: 'seed-other' };

function counts(): Record<Path, number> {
  const out = {} as Record<Path, number>;
  for (const [path, table] of Object.entries(TABLES)) {
    out[path as Path] = rows.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  }
  return out;
}

/** What delta sync keeps beside the records: the change number and the deletions. */
function syncState() {
  return {
    rev: rows.prepare('SELECT rev FROM sync_rev WHERE id = 1').pluck().get() as number,
    tombstones: rows.prepare('SELECT count(*) FROM tombstones').pluck().get() as number,
  };
}

// ---------------------------------------------------------------------------------------------
// Values.

/** An object nested `depth` levels deep, built without recursion. */
function nested(depth: number, array: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = array ? [value] : { x: value };
  return value;
}

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -0,
    -1,
    1e-9,
    -1e-9,
    0.005,
    0.001,
    1.005,
    1e21,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    2 ** 53 + 2,
    '',
    ' ',
    '0000-01-01',
    '9999-12-31',
    '1899-12-31',
    '2101-01-01',
    '2024-02-30',
    '2024-2-3',
    '0000-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
    'not a date',
    '12.5',
    '<script>alert(1)</script>',
    "'; DROP TABLE accounts; --",
    '__proto__',
    'constructor',
    '\u0000',
    '💥'.repeat(300),
    'x'.repeat(20_000),
    [],
    {},
    { __proto__: { polluted: true } },
  ),
  fc.jsonValue({ maxDepth: 4 }),
  fc.integer({ min: 500, max: 2500 }).chain((d) => fc.boolean().map((a) => nested(d, a))),
  fc.string({ maxLength: 80 }),
  fc.double(),
);

const idArb = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/) },
  { weight: 2, arbitrary: fc.constantFrom(SEEDED.asset, SEEDED.habit, SEEDED.other, 'a', 'b') },
  { weight: 1, arbitrary: fc.string({ maxLength: 70 }) },
);
/** A chain link: mostly none, else the seeded chain or any id. */
const linkArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.constant(SEEDED.asset) },
  { weight: 1, arbitrary: idArb },
);
const dateArb = fc.oneof(
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('0000-01-01', '9999-12-31', '2024-02-29', '2023-02-29', ''),
);
const timestampArb = fc.oneof(
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom('2024-01-01', '2024-01-01T08:00:00+08:00', '0000-01-01T00:00:00Z'),
);
const amountArb = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 100_000_000 }).map((cents) => cents / 100) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0.01, 0.1 + 0.2, 1e-9, 0, 1_000_000_000_000, 1_000_000_000_000.01),
  },
);
/** Mostly text a form would send; now and then blank or a little too long. */
const text = (max: number) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.string({ minLength: 1, maxLength: Math.min(max, 40) }) },
    { weight: 1, arbitrary: fc.constantFrom('', '   ', 'x'.repeat(max), 'x'.repeat(max + 1)) },
  );

const assetArb = fc.record(
  {
    id: idArb,
    type: fc.constantFrom(...assetTypes),
    name: text(100),
    category: fc.constantFrom(...assetCategories, ...liabilityCategories, 'other'),
    amount: amountArb,
    description: text(500),
    date: dateArb,
    effectiveDate: fc.oneof(dateArb, fc.constant(null)),
    version: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, fc.integer({ min: 2, max: 4 })),
    originalId: linkArb,
    previousVersionId: linkArb,
  },
  { requiredKeys: ['type', 'name', 'category', 'amount', 'date'] },
);

const records: Record<Path, fc.Arbitrary<Record<string, unknown>>> = {
  accounts: fc.constantFrom(...accountTypes).chain((type) =>
    fc.record(
      {
        id: idArb,
        type: fc.constant(type),
        amount: amountArb,
        category: fc.constantFrom(
          ...(type === 'expense' ? expenseCategories : incomeCategories),
          'salary',
        ),
        description: text(500),
        date: dateArb,
      },
      { requiredKeys: ['type', 'amount', 'category', 'date'] },
    ),
  ),
  assets: assetArb,
  'assets/history': fc.record(
    {
      id: idArb,
      assetId: idArb,
      assetName: text(100),
      action: fc.constantFrom('create', 'update', 'delete', 'rename'),
      oldData: fc.oneof(fc.constant(null), assetArb),
      newData: fc.oneof(fc.constant(null), assetArb),
      timestamp: timestampArb,
    },
    { requiredKeys: ['assetId', 'assetName', 'action', 'timestamp'] },
  ),
  workouts: fc.record(
    {
      id: idArb,
      type: fc.constantFrom(...workoutTypes),
      duration: fc.integer({ min: 0, max: 1500 }),
      calories: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 100_001 })),
      notes: text(500),
      date: dateArb,
      createdAt: timestampArb,
    },
    { requiredKeys: ['type', 'duration', 'date'] },
  ),
  tasks: fc.tuple(fc.boolean(), fc.boolean(), timestampArb).chain(([completed, agreeing, at]) =>
    fc.record(
      {
        id: idArb,
        title: text(200),
        description: text(2000),
        priority: fc.constantFrom(...taskPriorities),
        category: fc.constantFrom(...taskCategories),
        dueDate: fc.oneof(dateArb, fc.constant(null)),
        completed: fc.constant(completed),
        // Mostly as a client sends it; now and then disagreeing with `completed`.
        completedAt: fc.constant(completed === agreeing ? at : null),
        createdAt: timestampArb,
        updatedAt: timestampArb,
      },
      { requiredKeys: ['title', 'completed', 'completedAt'] },
    ),
  ),
  'time-records': fc.record(
    {
      id: idArb,
      task: text(100),
      category: fc.constantFrom(...timeCategories),
      duration: fc.integer({ min: 0, max: 90_000 }),
      date: dateArb,
      createdAt: timestampArb,
    },
    { requiredKeys: ['task', 'category', 'duration', 'date'] },
  ),
  'checkin-tasks': fc.record(
    {
      id: idArb,
      name: text(100),
      description: text(500),
      type: fc.constantFrom(...checkinTypes),
      frequency: fc.integer({ min: 0, max: 40 }),
      monthlyTarget: fc.integer({ min: 0, max: 40 }),
      category: fc.constantFrom(...checkinCategories),
    },
    { requiredKeys: ['name'] },
  ),
  'checkin-records': fc.record(
    {
      id: idArb,
      taskId: fc.oneof(fc.constant(SEEDED.habit), idArb),
      date: dateArb,
    },
    { requiredKeys: ['taskId', 'date'] },
  ),
};

/** A record of `path`, sometimes with one field replaced by a hostile value, dropped or added. */
const body = (path: Path): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: records[path] },
    {
      weight: 5,
      arbitrary: fc
        .tuple(records[path], fc.string({ maxLength: 12 }), hostile, fc.nat(20))
        .map(([record, extra, value, pick]) => {
          const fields = Object.keys(record);
          const field = pick < fields.length ? fields[pick]! : extra;
          return { ...record, [field]: value };
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(records[path], fc.nat(20))
        .map(([record, pick]) =>
          Object.fromEntries(Object.entries(record).filter((_, i) => i !== pick)),
        ),
    },
    { weight: 1, arbitrary: hostile },
  );

interface Case {
  method: 'POST' | 'PUT' | 'DELETE' | 'GET';
  path: string;
  resource?: Path;
  kind: 'one' | 'put' | 'batch' | 'login' | 'delete' | 'since';
  /** JSON text, or raw text that is not JSON. */
  text?: string;
  contentType: string;
  /**
   * PUT and DELETE: the If-Match to send. `current` and `quoted` stand for the record's
   * updatedAt as the request goes out (bare or in quotes); anything else is sent as it is.
   */
  ifMatch?: string;
  /** GET: the `since` query value, sent as it is. */
  since?: string;
}

const CURRENT = '\u0000current';
const QUOTED = '\u0000quoted';

const json = (value: unknown) => {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '{}';
  }
};
const rawText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.integer({ min: 10_000, max: 300_000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
  fc.integer({ min: 10_000, max: 200_000 }).map((d) => `{"records":${'['.repeat(d)}`),
  fc.constant(`{"title":"${'x'.repeat(1024 * 1024)}"}`),
);
const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/json; charset=utf-8', '') },
);
const path = fc.constantFrom(...(Object.keys(TABLES) as Path[]));
/** If-Match: none, the record's version, or a stale or hostile one. */
const ifMatchArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constantFrom(CURRENT, QUOTED) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      timestampArb,
      fc.constantFrom('', '""', '*', 'W/"x"', '"2024-01-01T00:00:00.000Z"'),
      fc.string({ maxLength: 40 }).filter((v) => /^[\x20-\x7e]*$/.test(v)),
    ),
  },
);
/** `since`: mostly a change number (0, near the current one, far past it), else anything. */
const sinceArb = fc.oneof(
  { weight: 4, arbitrary: fc.nat(50).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '999999999999999',
      '1000000000000000',
      '9007199254740993',
      '-1',
      '1.5',
      '1e3',
      '0x10',
      ' 1',
      '',
      'NaN',
      '00000000000000000001',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

const caseArb: fc.Arbitrary<Case> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(path, contentType).chain(([resource, type]) =>
      body(resource).map(
        (b): Case => ({
          method: 'POST',
          path: `/api/${resource}`,
          resource,
          kind: 'one',
          text: json(b),
          contentType: type,
        }),
      ),
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...UPDATABLE),
        fc.oneof(fc.constantFrom(SEEDED.asset, SEEDED.habit, SEEDED.other), idArb),
        contentType,
      )
      .chain(([resource, id, type]) =>
        body(resource).map(
          (b): Case => ({
            method: 'PUT',
            path: `/api/${resource}/${encodeURIComponent(id)}`,
            resource,
            kind: 'put',
            text: json(b),
            contentType: type,
          }),
        ),
      ),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...UPDATABLE), ifMatchArb, contentType)
      .chain(([resource, ifMatch, type]) =>
        // Mostly a body that passes, so that the version decides.
        fc.oneof({ weight: 3, arbitrary: records[resource] }, body(resource)).map(
          (b): Case => ({
            method: 'PUT',
            // A seeded record, so that the If-Match meets a version to agree or disagree with.
            path: `/api/${resource}/${resource === 'assets' ? SEEDED.asset : resource === 'checkin-tasks' ? SEEDED.habit : SEEDED.other}`,
            resource,
            kind: 'put',
            text: json(b),
            contentType: type,
            ifMatch,
          }),
        ),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        path,
        fc.oneof(fc.constantFrom(SEEDED.asset, SEEDED.habit, SEEDED.other), idArb),
        // Mostly a version that does not match: a delete that goes through costs the seeds.
        fc.oneof({ weight: 3, arbitrary: timestampArb }, { weight: 1, arbitrary: ifMatchArb }),
      )
      .map(
        ([resource, id, ifMatch]): Case => ({
          method: 'DELETE',
          path: `/api/${resource}/${encodeURIComponent(id)}`,
          resource,
          kind: 'delete',
          contentType: '',
          ifMatch,
        }),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(path, sinceArb).map(
      ([resource, since]): Case => ({
        method: 'GET',
        path: `/api/${resource}?since=${encodeURIComponent(since)}`,
        resource,
        kind: 'since',
        contentType: '',
        since,
      }),
    ),
  },
  {
    weight: 3,
    arbitrary: fc.tuple(path, contentType).chain(([resource, type]) =>
      fc
        .oneof(
          {
            weight: 6,
            arbitrary: fc.array(body(resource), { maxLength: 12 }).map((records) => ({ records })),
          },
          { weight: 1, arbitrary: hostile.map((records) => ({ records })) },
          { weight: 1, arbitrary: hostile },
        )
        .map(
          (b): Case => ({
            method: 'POST',
            path: `/api/${resource}/batch`,
            resource,
            kind: 'batch',
            text: json(b),
            contentType: type,
          }),
        ),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.record({ username: fc.oneof(hostile, fc.constant('fuzz')), password: hostile }),
        contentType,
      )
      .map(
        ([b, type]): Case => ({
          method: 'POST',
          path: '/api/auth/login',
          kind: 'login',
          text: json(b),
          contentType: type,
        }),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...(Object.keys(TABLES) as Path[])),
        fc.boolean(),
        rawText,
        contentType,
      )
      .map(
        ([resource, batch, t, type]): Case => ({
          method: 'POST',
          path: `/api/${resource}${batch ? '/batch' : ''}`,
          resource,
          kind: batch ? 'batch' : 'one',
          text: t,
          contentType: type,
        }),
      ),
  },
);

// ---------------------------------------------------------------------------------------------

const tally = {
  cases: 0,
  byStatus: {} as Record<number, number>,
  serverErrors: 0,
  storedFromRejected: 0,
  rowsStored: 0,
  conflicts: 0,
};

beforeAll(async () => {
  store = openSqliteStore(file);
  rows = new Database(file, { readonly: true });
  const hasher = createWebPasswordHasher({ iterations: 1000 });
  await setUser(store, hasher, { username: 'fuzz', password: 'fuzz-password' });
  app = createApp({ store, auth: hasher, loginRefusalDelayMs: 0 });
  const res = await app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'fuzz', password: 'fuzz-password' }),
  });
  token = ((await res.json()) as { token: string }).token;
  const seed = (path: string, record: unknown) =>
    app.request(`/api/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-user-id': 'fuzz',
      },
      body: JSON.stringify(record),
    });
  for (const [path, record] of [
    [
      'assets',
      {
        id: SEEDED.asset,
        type: 'asset',
        name: '招行',
        category: 'bank_deposit',
        amount: 1,
        date: '2024-01-01',
      },
    ],
    ['checkin-tasks', { id: SEEDED.habit, name: '早起' }],
    [
      'accounts',
      { id: SEEDED.other, type: 'expense', amount: 1, category: 'dining', date: '2024-01-01' },
    ],
    ['workouts', { id: SEEDED.other, type: 'running', duration: 30, date: '2024-01-01' }],
    ['tasks', { id: SEEDED.other, title: '写周报' }],
    [
      'time-records',
      { id: SEEDED.other, task: '写作', category: 'writing', duration: 60, date: '2024-01-01' },
    ],
  ] as const) {
    expect((await seed(path, record)).status).toBe(201);
  }
});

afterAll(() => {
  rows?.close();
  store?.close();
  rmSync(scratch, { recursive: true, force: true });
  console.log(
    `fuzz: ${tally.cases} requests, ${tally.serverErrors} answered 5xx, ${tally.storedFromRejected} stored rows from a refused request, ${tally.rowsStored} rows stored from accepted ones, ${tally.conflicts} If-Match conflicts (409); by status ${JSON.stringify(tally.byStatus)}`,
  );
});

const call = (
  method: string,
  path: string,
  text?: string,
  contentType = 'application/json',
  extra: Record<string, string> = {},
) =>
  app.request(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-user-id': 'fuzz',
      ...(contentType ? { 'content-type': contentType } : {}),
      ...extra,
    },
    body: text,
  });

/** The record at `path` as JSON text, or undefined when there is none. */
async function current(path: string): Promise<string | undefined> {
  const res = await call('GET', path);
  return res.status === 200 ? await res.text() : undefined;
}

interface Delta {
  records: { id: string }[];
  deleted: string[];
  cursor: number;
}

/** GET ?since=: a well-formed answer whose every record reads as a stored one. */
async function delta(resource: Path, since: number | string): Promise<Delta> {
  const res = await call('GET', `/api/${resource}?since=${encodeURIComponent(since)}`);
  const text = await res.text();
  expect(res.status, `GET ${resource}?since=${since}: ${text.slice(0, 300)}`).toBe(200);
  const answer = JSON.parse(text) as Delta;
  expect(Array.isArray(answer.records) && Array.isArray(answer.deleted)).toBe(true);
  expect(Number.isSafeInteger(answer.cursor)).toBe(true);
  for (const record of answer.records) {
    const parsed = STORED[resource].safeParse(record);
    expect(parsed.success, `${resource}?since: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  }
  return answer;
}

/** Every record `ids` names reads back, and as a valid stored record of its kind. */
async function readsBack(resource: Path, ids: string[]) {
  for (const id of ids) {
    const res = await call('GET', `/api/${resource}/${encodeURIComponent(id)}`);
    expect(res.status, `GET ${resource}/${id}`).toBe(200);
    const parsed = STORED[resource].safeParse(await res.json());
    expect(parsed.success, `${resource}/${id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  }
}

describe('fuzzing every POST, PUT, DELETE and batch route and the delta list', () => {
  it(
    `${RUNS} requests: no 5xx, no row from a refused one, everything stored reads back and is in the delta`,
    async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        await fc.assert(
          fc.asyncProperty(caseArb, async (c) => {
            const headers: Record<string, string> = {};
            const target = c.kind === 'put' || c.kind === 'delete' ? c.path : undefined;
            const was = target ? await current(target) : undefined;
            if (c.ifMatch !== undefined) {
              const version = was ? (JSON.parse(was) as { updatedAt?: string }).updatedAt : '';
              headers['if-match'] =
                c.ifMatch === CURRENT
                  ? (version ?? '')
                  : c.ifMatch === QUOTED
                    ? `"${version ?? ''}"`
                    : c.ifMatch;
            }
            const before = counts();
            const sync = syncState();
            const res = await call(c.method, c.path, c.text, c.contentType, headers);
            const answer = await res.text();
            const after = counts();
            tally.cases += 1;
            tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
            if (res.status >= 500) tally.serverErrors += 1;
            expect(res.status, `${c.method} ${c.path}: ${answer.slice(0, 300)}`).toBeLessThan(500);

            if (c.kind === 'since') {
              // The query's rule (server/routes/resource.ts): a non-negative integer, ≤ 15 digits.
              const wellFormed = /^\d{1,15}$/.test(c.since!);
              expect(res.status, `?since=${c.since}`).toBe(wellFormed ? 200 : 400);
              if (wellFormed) await delta(c.resource!, c.since!);
              expect(syncState()).toEqual(sync);
              return;
            }

            const added = Object.fromEntries(
              (Object.keys(TABLES) as Path[]).map((p) => [p, after[p] - before[p]]),
            ) as Record<Path, number>;
            const total = Object.values(added).reduce((a, b) => a + b, 0);
            if (res.status >= 400) {
              if (total !== 0) tally.storedFromRejected += total;
              expect(added, `${res.status} ${c.method} ${c.path} stored rows`).toEqual(
                Object.fromEntries(Object.keys(TABLES).map((p) => [p, 0])),
              );
              // Nor a change number or a tombstone: devices would fetch a change that is not there.
              expect(syncState(), `${res.status} ${c.method} ${c.path} sync state`).toEqual(sync);
              if (target) expect(await current(target), `${c.path} after ${res.status}`).toBe(was);
              if (res.status === 409) {
                tally.conflicts += 1;
                // The current record comes with the refusal, for the device to decide on.
                expect((JSON.parse(answer) as { current: unknown }).current).toEqual(
                  JSON.parse(was!),
                );
              }
              return;
            }
            tally.rowsStored += total;
            if (c.kind === 'login') return;
            const resource = c.resource!;
            if (c.kind === 'delete') {
              expect(res.status).toBe(204);
              expect(Object.values(added).every((n) => n <= 0)).toBe(true);
              expect(await current(c.path)).toBeUndefined();
              const id = decodeURIComponent(c.path.slice(c.path.lastIndexOf('/') + 1));
              expect((await delta(resource, sync.rev)).deleted).toContain(id);
              return;
            }
            for (const other of Object.keys(TABLES) as Path[]) {
              if (other !== resource) expect(added[other], `${c.path} touched ${other}`).toBe(0);
            }
            const parsed = JSON.parse(answer);
            // What this request wrote, which the delta since its change number must report.
            let written: string[];
            if (c.kind === 'one') {
              expect(added[resource]).toBe(res.status === 201 ? 1 : 0);
              await readsBack(resource, [parsed.id]);
              written = res.status === 201 ? [parsed.id] : [];
            } else if (c.kind === 'put') {
              expect(added[resource]).toBe(0);
              await readsBack(resource, [parsed.id]);
              written = [parsed.id];
            } else {
              const results = parsed.results as { id?: string; status: string }[];
              expect(added[resource]).toBe(results.filter((r) => r.status === 'created').length);
              await readsBack(
                resource,
                results.filter((r) => r.status !== 'invalid').map((r) => r.id!),
              );
              written = results.filter((r) => r.status === 'created').map((r) => r.id!);
            }
            if (written.length > 0) {
              const changes = await delta(resource, sync.rev);
              expect(changes.cursor).toBeGreaterThan(sync.rev);
              const ids = new Set(changes.records.map((r) => r.id));
              for (const id of written) expect(ids, `${c.path}: ${id} in the delta`).toContain(id);
            }
            const list = await call('GET', `/api/${resource}`);
            expect(list.status).toBe(200);
            expect(Array.isArray(await list.json())).toBe(true);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      } finally {
        errors.mockRestore();
      }
      for (const resource of Object.keys(TABLES)) {
        expect((await call('GET', `/api/${resource}`)).status).toBe(200);
      }
    },
    Math.max(60_000, RUNS * 50),
  );
});
