import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { createMemoryStore } from '../../server/memory-store';
import { catchUpAll, catchUpUser } from '../../server/recurring';
import type { Store } from '../../server/store';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import type { RecurringTemplate } from '../../src/domain/schemas/recurring';
import { storedRent } from '../fixtures/records';
import { tokenFor } from './sign-in';

// 周期记账 catch-up against the real stores with an injected clock: "today" is the server's
// local date of `now`, so the instants below are local times.

const dir = mkdtempSync(join(tmpdir(), 'pms-recurring-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;

const at = (date: string) => new Date(`${date}T10:00:00`);

const rent = (more: Partial<RecurringTemplate> = {}): RecurringTemplate =>
  storedRent('rent', { amount: 4200, ...more });

const dates = async (store: Store, user = 'alice') =>
  (await store.accounts.list(user)).map((a) => a.date).sort();

describe.each([
  ['memory', () => createMemoryStore()],
  ['sqlite', () => openSqliteStore(join(dir, `catch-up-${++fileNo}.sqlite`))],
] as const)('catchUpUser over the %s store', (_name, open) => {
  it('after three months down writes each missed occurrence once, and a rerun writes none', async () => {
    const store = open();
    // The last catch-up before the outage wrote August's rent.
    await store.recurring.create('alice', rent({ lastDate: '2026-08-01' }));
    expect(await catchUpUser(store, 'alice', at('2026-11-21'))).toBe(3);
    expect(await dates(store)).toEqual(['2026-09-01', '2026-10-01', '2026-11-01']);
    expect(await catchUpUser(store, 'alice', at('2026-11-21'))).toBe(0);
    expect(await catchUpAll(store, at('2026-11-30'))).toBe(0);
    expect(await dates(store)).toHaveLength(3);
    const record = (await store.accounts.get('alice', 'rent-2026-10-01'))!;
    expect(record).toMatchObject({ templateId: 'rent', amount: 4200, category: 'housing' });
    expect((await store.recurring.get('alice', 'rent'))?.lastDate).toBe('2026-11-01');
    store.close();
  });

  it('two catch-ups at once still write each occurrence once', async () => {
    const store = open();
    await store.recurring.create('alice', rent());
    const counts = await Promise.all([
      catchUpUser(store, 'alice', at('2026-11-21')),
      catchUpUser(store, 'alice', at('2026-11-21')),
      catchUpAll(store, at('2026-11-21')),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(11);
    expect(await dates(store)).toHaveLength(11);
    store.close();
  });

  it('does not bring back a deleted occurrence, and skips what falls due while paused', async () => {
    const store = open();
    await store.recurring.create('alice', rent());
    await catchUpUser(store, 'alice', at('2026-03-15'));
    expect(await store.accounts.remove('alice', 'rent-2026-02-01')).toBe(true);
    await store.recurring.update('alice', { ...rent(), paused: true });
    await catchUpUser(store, 'alice', at('2026-05-15'));
    await store.recurring.update('alice', { ...rent(), paused: false });
    await catchUpUser(store, 'alice', at('2026-06-15'));
    expect(await dates(store)).toEqual(['2026-01-01', '2026-03-01', '2026-06-01']);
    store.close();
  });

  it('stops at the end date and leaves other users alone', async () => {
    const store = open();
    await store.recurring.create('alice', rent({ endDate: '2026-02-15' }));
    await store.recurring.create('bob', rent({ startDate: '2026-11-01', every: 2, unit: 'week' }));
    expect(await catchUpAll(store, at('2026-11-21'))).toBe(2 + 2);
    expect(await dates(store, 'alice')).toEqual(['2026-01-01', '2026-02-01']);
    expect(await dates(store, 'bob')).toEqual(['2026-11-01', '2026-11-15']);
    store.close();
  });
});

describe('catch-up from two processes on one database', () => {
  it('writes each occurrence once however the two interleave', async () => {
    const file = join(dir, 'two-processes.sqlite');
    const first = openSqliteStore(file);
    const second = openSqliteStore(file);
    await first.recurring.create('alice', rent({ unit: 'day', startDate: '2026-08-23' }));
    const counts = await Promise.all([
      catchUpUser(first, 'alice', at('2026-11-21')),
      catchUpUser(second, 'alice', at('2026-11-21')),
    ]);
    // 2026-08-23 … 2026-11-21 is 91 days, three months of downtime.
    expect(counts[0]! + counts[1]!).toBe(91);
    expect(await dates(first)).toHaveLength(91);
    expect(new Set(await dates(second)).size).toBe(91);
    first.close();
    second.close();
  });
});

describe('the API', () => {
  const hasher = createWebPasswordHasher({ iterations: 1000 });

  async function signedIn(store: Store, now: () => Date) {
    const app = createApp({ store, auth: hasher, now });
    await setUser(store, hasher, { username: 'alice', password: 'alice-pass', displayName: 'A' });
    const token = await tokenFor(app);
    return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      app.fetch(
        new Request(`http://localhost${path}`, {
          method,
          headers: {
            ...headers,
            authorization: `Bearer ${token}`,
            'x-user-id': 'alice',
            'content-type': 'application/json',
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
  }

  it('writes due occurrences when a template is saved and when the list is read', async () => {
    let now = at('2026-11-21');
    const store = openSqliteStore(join(dir, `api-${++fileNo}.sqlite`));
    const call = await signedIn(store, () => now);
    const { id: _id, lastDate: _last, ...body } = rent({ startDate: '2026-10-01' });
    const created = await call('POST', '/api/recurring', { ...body, id: 'rent' });
    expect(created.status).toBe(201);
    expect(await dates(store)).toEqual(['2026-10-01', '2026-11-01']);
    // A replayed request changes nothing, nor does a replayed batch.
    expect((await call('POST', '/api/recurring', { ...body, id: 'rent' })).status).toBe(200);
    await call('POST', '/api/recurring/batch', { records: [{ ...body, id: 'rent' }] });
    expect(await dates(store)).toHaveLength(2);

    now = at('2026-12-02');
    const list = (await (await call('GET', '/api/accounts')).json()) as { id: string }[];
    expect(list.map((r) => r.id)).toEqual([
      'rent-2026-10-01',
      'rent-2026-11-01',
      'rent-2026-12-01',
    ]);
    const template = (await (await call('GET', '/api/recurring/rent')).json()) as RecurringTemplate;
    expect(template.lastDate).toBe('2026-12-01');

    // An edit cannot move lastDate back: nothing already written comes again.
    const edited = await call('PUT', '/api/recurring/rent', {
      ...body,
      amount: 4500,
      lastDate: '',
    });
    expect(((await edited.json()) as RecurringTemplate).lastDate).toBe('2026-12-01');
    expect(await dates(store)).toHaveLength(3);

    // A template that names an 账户 (issue 61) writes it on each entry.
    const named = await call('PUT', '/api/recurring/rent', { ...body, walletId: 'bank' });
    expect(((await named.json()) as RecurringTemplate).walletId).toBe('bank');
    expect(await catchUpUser(store, 'alice', at('2027-01-02'))).toBe(1);
    const written = await store.accounts.get('alice', 'rent-2027-01-01');
    expect(written).toMatchObject({ walletId: 'bank' });
    store.close();
  });

  it('a device following by delta receives what fell due, and edits from its copy', async () => {
    let now = at('2026-11-21');
    const store = openSqliteStore(join(dir, `api-${++fileNo}.sqlite`));
    const call = await signedIn(store, () => now);
    const changes = async (kind: string, since: number) =>
      (await (await call('GET', `/api/${kind}?since=${since}`)).json()) as {
        records: { id: string; updatedAt: string; lastDate?: string }[];
        deleted: string[];
        cursor: number;
      };
    const { id: _id, lastDate: _last, ...body } = rent({ startDate: '2026-10-01' });
    const saved = (await (
      await call('POST', '/api/recurring', { ...body, id: 'rent' })
    ).json()) as RecurringTemplate;
    const accounts = await changes('accounts', 0);
    expect(accounts.records.map((r) => r.id)).toEqual(['rent-2026-10-01', 'rent-2026-11-01']);
    // Stamped like any write, so a device can edit them with If-Match.
    for (const r of accounts.records) expect(r.updatedAt).toBe(now.toISOString());
    const templates = await changes('recurring', 0);

    // The server was not asked for two weeks: the delta answered now includes December's.
    now = at('2026-12-05');
    const later = await changes('accounts', accounts.cursor);
    expect(later).toMatchObject({ records: [{ id: 'rent-2026-12-01' }], deleted: [] });
    // The template's new lastDate is a change, in the same version.
    const moved = await changes('recurring', templates.cursor);
    expect(moved.records).toEqual([
      expect.objectContaining({ id: 'rent', lastDate: '2026-12-01', updatedAt: saved.updatedAt }),
    ]);
    // So an edit from the copy made before the catch-up is no conflict, and keeps lastDate.
    const edited = await call(
      'PUT',
      '/api/recurring/rent',
      { ...body, amount: 4500, lastDate: '2026-11-01' },
      { 'If-Match': `"${saved.updatedAt}"` },
    );
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ amount: 4500, lastDate: '2026-12-01' });

    // The dashboard's sums, asked of the server, count what fell due too: a template that
    // no request has caught up yet (stored straight, as one restored from a backup).
    now = at('2026-12-15');
    await store.recurring.create('alice', {
      ...rent({ id: 'gym', amount: 30, startDate: '2026-12-15', unit: 'day' }),
      updatedAt: '',
      editedAt: '',
    });
    const summary = (await (await call('GET', '/api/summary?today=2026-12-15')).json()) as {
      todayExpenseCents: number;
    };
    expect(summary.todayExpenseCents).toBe(30_00);
    store.close();
  });

  it('GET /api/settings answers the defaults, PUT validates and keeps them per user', async () => {
    const store = createMemoryStore();
    const call = await signedIn(store, () => at('2026-11-21'));
    const defaults = await (await call('GET', '/api/settings')).json();
    expect(defaults).toMatchObject({
      dailyBudget: 200,
      focusGoalMinutes: 120,
      monthlyBudget: null,
    });
    const bad = await call('PUT', '/api/settings', { dailyBudgetMode: 'monthly' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain('monthlyBudget');
    const saved = await call('PUT', '/api/settings', { monthlyBudget: 3000, dailyBudget: 99.99 });
    expect(saved.status).toBe(200);
    expect(await (await call('GET', '/api/settings')).json()).toMatchObject({
      monthlyBudget: 3000,
      dailyBudget: 99.99,
    });
    expect(await store.settings.get('bob')).toBeUndefined();
  });
});
