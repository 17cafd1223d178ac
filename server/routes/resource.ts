import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { clampStamp } from '../../src/domain/hlc';
import { MAX_BATCH } from '../../src/domain/resources';
import { storageProblemOf } from '../storage-health';
import type { JsonBytes, Page, RecordStore, Shape, Store } from '../store';
import { type AppEnv, fail, HttpError, issueMessage, readBody } from './http';

interface RecordContext<T> {
  id: string;
  /** ISO-8601 time of this request. */
  now: string;
  /** The stored record a PUT replaces. */
  existing?: T;
}

/** One REST resource: which store, which input schema, and the few rules that make it special. */
export interface Resource<D extends { id?: string }, T extends { id: string }> {
  store(store: Store): RecordStore<T>;
  input: z.ZodType<D>;
  /** Whether PUT /{id} exists. */
  updatable: boolean;
  /** Turns a validated body into the record to store (id, server-set timestamps). */
  toRecord(data: D, ctx: RecordContext<T>): T;
  /** Refuses a create or an update with a 400 message, e.g. a reference to a record that does not exist. */
  checkRecord?(store: Store, userId: string, record: T): Promise<string | undefined>;
  /** Replaces the plain delete of `existing`. */
  remove?(store: Store, userId: string, existing: T): Promise<void>;
  /** Runs before the list is read (the bookkeeping list first writes due 周期记账 entries). */
  beforeList?(store: Store, userId: string, now: Date): Promise<void>;
  /** Runs after a create, update or batch has been stored. */
  afterWrite?(store: Store, userId: string, now: Date): Promise<void>;
}

const NOT_FOUND = '记录不存在';
/** The largest page of a full download (GET ?since=0&limit=). */
const MAX_PAGE = 5000;

/**
 * `limit`, `after` and `upto` of a paged full download (see Page), or undefined without
 * `limit` (the whole list in one answer, as before paging). 400 on anything malformed.
 */
function pageOf(query: (name: string) => string | undefined): Page | undefined {
  const limit = query('limit');
  const after = query('after');
  const upto = query('upto');
  if (limit === undefined) {
    if (after !== undefined || upto !== undefined) {
      throw new HttpError(400, 'after、upto: 只能与 limit 一起使用');
    }
    return undefined;
  }
  if (!/^\d{1,4}$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_PAGE) {
    throw new HttpError(400, `limit: 应为 1 到 ${MAX_PAGE} 之间的整数`);
  }
  if (upto !== undefined && !/^[1-9]\d{0,14}$/.test(upto)) {
    throw new HttpError(400, 'upto: 应为正整数');
  }
  const key = after === undefined ? undefined : /^(\d{1,15})\.(.+)$/s.exec(after);
  if (after !== undefined && !key) throw new HttpError(400, 'after: 应为 <rev>.<id>');
  if (key && upto === undefined) throw new HttpError(400, 'after: 须与 upto 一起使用');
  return {
    limit: Number(limit),
    ...(key ? { after: { rev: Number(key[1]), id: key[2]! } } : {}),
    ...(upto === undefined ? {} : { upto: Number(upto) }),
  };
}
/**
 * `shape` of a GET ?since= (see Shape): 'columns', 'packed' or absent; 400 on anything else, or
 * on a plain list, which has no other shape.
 */
function shapeOf(shape: string | undefined, since: boolean): Shape | undefined {
  if (shape === undefined) return undefined;
  if (shape !== 'columns' && shape !== 'packed') {
    throw new HttpError(400, 'shape: 只能是 columns 或 packed');
  }
  if (!since) throw new HttpError(400, 'shape: 须与 since 一起使用');
  return shape;
}
const CONFLICT = '记录已在另一台设备上修改';
const GONE = '记录已在另一台设备上删除';

/**
 * Whether a create says it may have been taken before (?retry=1: an outbox's create sent
 * again after its answer was lost, or from a page reloaded before it stored the answer).
 * Such a create of a record deleted since is refused (410, or status 'deleted' in a batch):
 * taken, it brought back what another device had deleted. A create without it may bring back
 * a deleted id on purpose (a kept edit applied again, an export imported).
 */
const isRetry = (c: Context<AppEnv>) => c.req.query('retry') === '1';

/** Node's next turn of the event loop; the browser demo has no setImmediate. */
const nextTurn = () =>
  new Promise<void>((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve),
  );

/**
 * Pieces of JSON (see JsonBytes) as a body. One piece is made ahead, on a later turn than the
 * read that took the one before: made at once, inside that read, it kept the compressor
 * (compression.ts) waiting for it, and SQLite and zlib took turns instead of working at once.
 */
function streamOf(pieces: Iterable<Uint8Array<ArrayBuffer>>): ReadableStream<Uint8Array> {
  const iterator = pieces[Symbol.iterator]();
  return new ReadableStream({
    async pull(controller) {
      await nextTurn();
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel() {
      iterator.return?.();
    },
  });
}

const batchSchema = z.object({
  records: z
    .array(z.unknown(), { error: 'records: 应为记录数组' })
    .max(MAX_BATCH, { message: `一次最多上传 ${MAX_BATCH} 条记录` }),
});

interface BatchResult {
  id?: string;
  status: 'created' | 'existing' | 'invalid' | 'deleted';
  error?: string;
  /** With ?answer=records: the record as stored, as a single POST answers it (the outbox). */
  record?: unknown;
}

/**
 * If-Match names the version a client changed (its updatedAt): when another write came in
 * between, the client gets 409 with the current record and decides (docs/architecture.md, Decisions "Conflicts").
 * Without If-Match a write is unconditional, as docs/spec.md §7's calls are.
 */
function staleBase(c: Context<AppEnv>, existing: { id: string }) {
  const base = c.req.header('if-match');
  const current = (existing as { updatedAt?: string }).updatedAt ?? '';
  if (base === undefined || base.replace(/^"|"$/g, '') === current) return undefined;
  return c.json({ error: CONFLICT, current: existing }, 409);
}

/**
 * A record whose stamp runs more than MAX_DRIFT_MS ahead of the server's clock, stamped at
 * that limit instead (a device whose clock ran fast before it ever heard the server's): left
 * as it was, it would win every conflict until that time. Said in the server's log.
 */
function clamped<T extends { id: string }>(record: T, at: Date): T {
  const stamp = (record as { stamp?: unknown }).stamp;
  if (typeof stamp !== 'string' || !stamp) return record;
  const result = clampStamp(stamp, at.getTime());
  if (!result.clamped) return record;
  console.warn(`stamp clamped: ${stamp} is ahead of the server's clock (${at.toISOString()})`);
  return { ...record, stamp: result.stamp };
}

/** GET / · POST / · GET /:id · PUT /:id · DELETE /:id for one resource, scoped by the caller. */
export function resourceRouter<D extends { id?: string }, T extends { id: string }>(
  store: Store,
  resource: Resource<D, T>,
  now: () => Date,
) {
  const records = resource.store(store);
  const app = new Hono<AppEnv>();
  const userId = (c: { get(key: 'user'): { username: string } }) => c.get('user').username;

  // A store that builds the list's JSON text itself (SQLite) sends it as it is: reading 40k rows
  // into objects and stringifying them again took most of a ten-year list's time (docs/spec.md "Budgets").
  // With ?since=N the answer is what changed after change number N (0: everything) as
  // {records, deleted, cursor}; without it, the plain array of docs/spec.md §7. A full download can come
  // in pages (&limit=L&after=<rev>.<id>&upto=<cursor>, see Page) so that no list is built whole.
  // &shape=columns asks for the records as columns (see Shape), which compress to about half;
  // &shape=packed for those columns packed, an eighth smaller again.
  // A kind the server writes on its own (记账 entries of 周期记账) is brought up to date first,
  // so a delta answered now includes what fell due since the device last asked.
  app.get('/', async (c) => {
    const json = (body: JsonBytes) =>
      c.body(body instanceof Uint8Array ? body : streamOf(body), 200, {
        'content-type': 'application/json; charset=UTF-8',
      });
    const sinceParam = c.req.query('since');
    if (sinceParam !== undefined && !/^\d{1,15}$/.test(sinceParam)) {
      throw new HttpError(400, 'since: 应为非负整数');
    }
    const page = pageOf((name) => c.req.query(name));
    if (page && sinceParam === undefined) throw new HttpError(400, 'limit: 须与 since 一起使用');
    const shape = shapeOf(c.req.query('shape'), sinceParam !== undefined);
    await resource.beforeList?.(store, userId(c), now());
    if (sinceParam !== undefined) {
      const since = Number(sinceParam);
      return records.changesJson
        ? json(await records.changesJson(userId(c), since, page, shape))
        : c.json(await records.changes(userId(c), since, page));
    }
    return records.listJson
      ? json(await records.listJson(userId(c)))
      : c.json(await records.list(userId(c)));
  });

  app.post('/', async (c) => {
    const data = await readBody(c, resource.input);
    const record = clamped(
      resource.toRecord(data, { id: data.id ?? crypto.randomUUID(), now: now().toISOString() }),
      now(),
    );
    if (isRetry(c) && (await records.wasDeleted(userId(c), record.id))) {
      return fail(c, 410, GONE);
    }
    const refused = await resource.checkRecord?.(store, userId(c), record);
    if (refused) return fail(c, 400, refused);
    const result = await records.create(userId(c), record);
    await resource.afterWrite?.(store, userId(c), now());
    return c.json(result.record, result.created ? 201 : 200);
  });

  // Upload sends many records per request (docs/spec.md "Budgets": ten years in ≤ 30 s). Each record is
  // validated and reported on its own, so one bad record never costs the others.
  app.post('/batch', async (c) => {
    const { records: bodies } = await readBody(c, batchSchema);
    const time = now().toISOString();
    const retry = isRetry(c);
    const results: BatchResult[] = new Array(bodies.length);
    const accepted: { index: number; record: T }[] = [];
    for (const [index, body] of bodies.entries()) {
      const parsed = await resource.input.safeParseAsync(body);
      if (!parsed.success) {
        results[index] = { status: 'invalid', error: issueMessage(parsed.error) };
        continue;
      }
      const record = clamped(
        resource.toRecord(parsed.data, { id: parsed.data.id ?? crypto.randomUUID(), now: time }),
        now(),
      );
      if (retry && (await records.wasDeleted(userId(c), record.id))) {
        results[index] = { id: record.id, status: 'deleted' };
        continue;
      }
      const refused = await resource.checkRecord?.(store, userId(c), record);
      if (refused) results[index] = { id: record.id, status: 'invalid', error: refused };
      else accepted.push({ index, record });
    }
    let stored: ({ record: T; created: boolean } | undefined)[];
    try {
      stored = await records.createMany(
        userId(c),
        accepted.map((a) => a.record),
      );
    } catch (err) {
      if (storageProblemOf(err)) throw err;
      // A record the store refuses (one that validation let through) costs only itself: the
      // others are stored one by one, and it is reported with the rest of the invalid ones.
      stored = [];
      for (const { record } of accepted) {
        try {
          stored.push(await records.create(userId(c), record));
        } catch (one) {
          if (storageProblemOf(one)) throw one;
          console.error(`batch record refused by the store: ${(one as Error).message}`);
          stored.push(undefined);
        }
      }
    }
    const withRecords = c.req.query('answer') === 'records';
    for (const [i, { index, record }] of accepted.entries()) {
      const result = stored[i];
      results[index] = result
        ? {
            id: result.record.id,
            status: result.created ? 'created' : 'existing',
            ...(withRecords ? { record: result.record } : {}),
          }
        : { id: record.id, status: 'invalid', error: '无法保存这条记录' };
    }
    if (accepted.length > 0) await resource.afterWrite?.(store, userId(c), now());
    return c.json({ results });
  });

  // The kind's digest, kept by the store: a device compares it with the one of its copy on
  // each sync, and with ?ids=1 learns which records differ (docs/architecture.md, "The digest").
  app.get('/digest', async (c) =>
    c.json(await records.digest(userId(c), c.req.query('ids') === '1')),
  );

  app.get('/:id', async (c) => {
    const record = await records.get(userId(c), c.req.param('id'));
    return record ? c.json(record) : fail(c, 404, NOT_FOUND);
  });

  if (resource.updatable) {
    app.put('/:id', async (c) => {
      const id = c.req.param('id');
      const data = await readBody(c, resource.input);
      if (data.id !== undefined && data.id !== id) {
        throw new HttpError(400, 'id: 与路径中的 id 不一致');
      }
      const existing = await records.get(userId(c), id);
      if (!existing) return fail(c, 404, NOT_FOUND);
      const stale = staleBase(c, existing);
      if (stale) return stale;
      const record = clamped(
        resource.toRecord(data, { id, now: now().toISOString(), existing }),
        now(),
      );
      const refused = await resource.checkRecord?.(store, userId(c), record);
      if (refused) return fail(c, 400, refused);
      const updated = await records.update(userId(c), record);
      if (!updated) return fail(c, 404, NOT_FOUND);
      await resource.afterWrite?.(store, userId(c), now());
      return c.json(updated);
    });
  }

  app.delete('/:id', async (c) => {
    const existing = await records.get(userId(c), c.req.param('id'));
    if (!existing) return fail(c, 404, NOT_FOUND);
    const stale = staleBase(c, existing);
    if (stale) return stale;
    if (resource.remove) await resource.remove(store, userId(c), existing);
    else await records.remove(userId(c), existing.id);
    return c.body(null, 204);
  });

  return app;
}
