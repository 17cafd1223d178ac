import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { MAX_BATCH } from '../../src/domain/resources';
import type { RecordStore, Store } from '../store';
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
  /** Refuses a create with a 400 message, e.g. a reference to a record that does not exist. */
  checkCreate?(store: Store, userId: string, record: T): Promise<string | undefined>;
  /** Replaces the plain delete of `existing`. */
  remove?(store: Store, userId: string, existing: T): Promise<void>;
}

const NOT_FOUND = '记录不存在';
const CONFLICT = '记录已在另一台设备上修改';

const batchSchema = z.object({
  records: z
    .array(z.unknown(), { error: 'records: 应为记录数组' })
    .max(MAX_BATCH, { message: `一次最多上传 ${MAX_BATCH} 条记录` }),
});

interface BatchResult {
  id?: string;
  status: 'created' | 'existing' | 'invalid';
  error?: string;
}

/**
 * If-Match names the version a client changed (its updatedAt): when another write came in
 * between, the client gets 409 with the current record and decides (DESIGN §1 "Conflicts").
 * Without If-Match a write is unconditional, as SPEC §7's calls are.
 */
function staleBase(c: Context<AppEnv>, existing: { id: string }) {
  const base = c.req.header('if-match');
  const current = (existing as { updatedAt?: string }).updatedAt ?? '';
  if (base === undefined || base.replace(/^"|"$/g, '') === current) return undefined;
  return c.json({ error: CONFLICT, current: existing }, 409);
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
  // into objects and stringifying them again took most of a ten-year list's time (DESIGN §6).
  // With ?since=N the answer is what changed after change number N (0: everything) as
  // {records, deleted, cursor}; without it, the plain array of SPEC §7.
  app.get('/', async (c) => {
    const json = (text: string) =>
      c.body(text, 200, { 'content-type': 'application/json; charset=UTF-8' });
    const sinceParam = c.req.query('since');
    if (sinceParam !== undefined) {
      if (!/^\d{1,15}$/.test(sinceParam)) throw new HttpError(400, 'since: 应为非负整数');
      const since = Number(sinceParam);
      return records.changesJson
        ? json(await records.changesJson(userId(c), since))
        : c.json(await records.changes(userId(c), since));
    }
    return records.listJson
      ? json(await records.listJson(userId(c)))
      : c.json(await records.list(userId(c)));
  });

  app.post('/', async (c) => {
    const data = await readBody(c, resource.input);
    const record = resource.toRecord(data, {
      id: data.id ?? crypto.randomUUID(),
      now: now().toISOString(),
    });
    const refused = await resource.checkCreate?.(store, userId(c), record);
    if (refused) return fail(c, 400, refused);
    const result = await records.create(userId(c), record);
    return c.json(result.record, result.created ? 201 : 200);
  });

  // Upload sends many records per request (DESIGN §6: ten years in ≤ 30 s). Each record is
  // validated and reported on its own, so one bad record never costs the others.
  app.post('/batch', async (c) => {
    const { records: bodies } = await readBody(c, batchSchema);
    const time = now().toISOString();
    const results: BatchResult[] = new Array(bodies.length);
    const accepted: { index: number; record: T }[] = [];
    for (const [index, body] of bodies.entries()) {
      const parsed = await resource.input.safeParseAsync(body);
      if (!parsed.success) {
        results[index] = { status: 'invalid', error: issueMessage(parsed.error) };
        continue;
      }
      const record = resource.toRecord(parsed.data, {
        id: parsed.data.id ?? crypto.randomUUID(),
        now: time,
      });
      const refused = await resource.checkCreate?.(store, userId(c), record);
      if (refused) results[index] = { id: record.id, status: 'invalid', error: refused };
      else accepted.push({ index, record });
    }
    const stored = await records.createMany(
      userId(c),
      accepted.map((a) => a.record),
    );
    for (const [i, { index }] of accepted.entries()) {
      const { record, created } = stored[i]!;
      results[index] = { id: record.id, status: created ? 'created' : 'existing' };
    }
    return c.json({ results });
  });

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
      const record = resource.toRecord(data, { id, now: now().toISOString(), existing });
      const updated = await records.update(userId(c), record);
      return updated ? c.json(updated) : fail(c, 404, NOT_FOUND);
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
