import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { device, onDeviceDb, seedTask, task } from './engine-harness';
import { signIn, testServer } from './harness';
import { recordRequests } from './requests';

// A device copy that heals itself (docs/architecture.md, "The digest"): on each sync the
// device compares the digest of what it stores with the server's, and where a record was
// damaged, lost or added in its IndexedDB copy, fetches what differs and stores the repaired
// copy, keeping its waiting changes.

const TODAY = '2026-11-22';
const { server, demo } = await testServer({ today: TODAY, clear: ['tasks', 'accounts'] });
const gets = recordRequests(server, (r) => {
  if (r.method !== 'GET') return undefined;
  const url = new URL(r.url);
  return url.pathname + (url.searchParams.get('ids') ? '?ids=1' : '');
});
beforeEach(async () => {
  await signIn(demo);
});

type Row = { id: string; title?: string } & Record<string, unknown>;

/** The device's stored copy of the tasks, as IndexedDB holds it. */
const storedTasks = (d: ReturnType<typeof device>) =>
  onDeviceDb(d, async (db) => JSON.parse((await db.get('lists', 'tasks'))!.json) as Row[]);

/** Rewrites the stored copy of the tasks by hand, as a tool or a bug might. */
const damage = (d: ReturnType<typeof device>, change: (rows: Row[]) => Row[]) =>
  onDeviceDb(d, async (db) => {
    const list = (await db.get('lists', 'tasks'))!;
    await db.put('lists', { ...list, json: JSON.stringify(change(JSON.parse(list.json))) });
  });

const titles = (rows: readonly Row[]) => rows.map((r) => `${r.id}:${r.title}`).sort();

describe('the digest on each sync', () => {
  it('repairs a record changed, lost or added in the stored copy, keeping the outbox', async () => {
    await seedTask(demo, 's1', '服务器的标题');
    await seedTask(demo, 's2', '第二条');
    const d = device();
    expect((await d.engine.list('tasks')).items).toHaveLength(2);
    await expect.poll(() => storedTasks(d).then((rows) => rows.length)).toBe(2);

    // A change that waits: the server takes no writes for now.
    server.use(http.post(/\/api\/tasks$/, () => HttpResponse.error()));
    await d.engine.create('tasks', task('还在等待'));
    await expect.poll(() => d.waiting()).toBe(1);

    await damage(d, (rows) => [
      ...rows
        .filter((r) => r.id !== 's2')
        .map((r) => (r.id === 's1' ? { ...r, title: '坏了' } : r)),
      { ...rows[0]!, id: 'ghost', title: '服务器没有的' },
    ]);
    gets.length = 0;
    d.engine.wake();
    await expect
      .poll(() => storedTasks(d).then(titles), { timeout: 8000 })
      .toEqual(['s1:服务器的标题', 's2:第二条']);
    // What differed was fetched one by one; the outbox kept its change.
    expect(gets).toContain('/api/tasks/digest?ids=1');
    expect(gets).toContain('/api/tasks/s1');
    expect(gets).toContain('/api/tasks/s2');
    expect(d.waiting()).toBe(1);
    const shown = (await d.engine.list('tasks')).items.map((t) => t.title).sort();
    expect(shown).toEqual(['服务器的标题', '第二条', '还在等待'].sort());
  });

  it('a copy that holds what the server does asks for the digest only', async () => {
    await seedTask(demo, 's1', '一');
    const d = device();
    await d.engine.list('tasks');
    await d.engine.list('accounts');
    // Written through the engine and answered by the server: the copy holds its answers.
    await d.engine.create('tasks', task('二'));
    await d.engine.create('accounts', {
      type: 'expense',
      amount: 12.5,
      category: 'dining',
      description: '午餐',
      date: TODAY,
    } as never);
    await expect.poll(() => d.waiting(), { timeout: 8000 }).toBe(0);
    // A first sync (this file's server forgets its records between tests without a restore's
    // `reset`, which may leave its kept digest behind: asking for the ids rebuilds it).
    d.engine.wake();
    await expect
      .poll(() => gets.filter((g) => g === '/api/accounts/digest').length, { timeout: 8000 })
      .toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    gets.length = 0;
    d.engine.wake();
    await expect
      .poll(() => gets.filter((g) => g.endsWith('/digest')).sort(), { timeout: 8000 })
      .toEqual(['/api/accounts/digest', '/api/tasks/digest']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(gets.filter((g) => g.endsWith('?ids=1'))).toEqual([]);
  });
  it('fetches only the record that differs, and drops one the server lacks without asking', async () => {
    for (const id of ['s1', 's2', 's3']) await seedTask(demo, id, `标题${id}`);
    const d = device();
    await d.engine.list('tasks');
    await expect.poll(() => storedTasks(d).then((rows) => rows.length)).toBe(3);
    await damage(d, (rows) => [
      ...rows.map((r) => (r.id === 's2' ? { ...r, title: '坏了' } : r)),
      { ...rows[0]!, id: 'ghost', title: '服务器没有的' },
    ]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    gets.length = 0;
    d.engine.wake();
    await expect
      .poll(() => storedTasks(d).then(titles), { timeout: 8000 })
      .toEqual(['s1:标题s1', 's2:标题s2', 's3:标题s3']);
    const fetched = gets.filter((g) => g.startsWith('/api/tasks/') && !g.includes('digest'));
    expect(fetched).toEqual(['/api/tasks/s2']);
    expect(warn).toHaveBeenCalledWith(
      '[同步] tasks: 本机副本与服务器不一致（1 条不同，1 条多余），正在修复',
    );
    warn.mockRestore();
  });

  it('with a record the server lacks alone, drops it and fetches nothing', async () => {
    await seedTask(demo, 's1', '一');
    const d = device();
    await d.engine.list('tasks');
    await expect.poll(() => storedTasks(d).then((rows) => rows.length)).toBe(1);
    await damage(d, (rows) => [...rows, { ...rows[0]!, id: 'ghost', title: '多余的' }]);
    gets.length = 0;
    d.engine.wake();
    await expect.poll(() => storedTasks(d).then(titles), { timeout: 8000 }).toEqual(['s1:一']);
    expect(gets).toContain('/api/tasks/digest?ids=1');
    expect(gets.filter((g) => g.startsWith('/api/tasks/') && !g.includes('digest'))).toEqual([]);
    expect((await d.engine.list('tasks')).items.map((t) => t.title)).toEqual(['一']);
  });

  it('with more than 50 records that differ, downloads the list again instead', async () => {
    const ids = Array.from({ length: 51 }, (_, i) => `t${i}`);
    for (const id of ids) await seedTask(demo, id, '原标题');
    const d = device();
    await d.engine.list('tasks');
    await expect.poll(() => storedTasks(d).then((rows) => rows.length)).toBe(51);
    await damage(d, (rows) => rows.map((r) => ({ ...r, title: '坏了' })));
    gets.length = 0;
    d.engine.wake();
    await expect
      .poll(() => storedTasks(d).then((rows) => rows.every((r) => r.title === '原标题')), {
        timeout: 8000,
      })
      .toBe(true);
    expect(gets).toContain('/api/tasks');
    expect(gets.filter((g) => /^\/api\/tasks\/t\d+$/.test(g))).toEqual([]);
  });
});
