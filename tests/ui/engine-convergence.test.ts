import fc from 'fast-check';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { firstVersion, historyEntry, nextVersion } from '../../src/domain/asset-versioning';
import type { ResourceName } from '../../src/domain/resources';
import type { Asset } from '../../src/domain/schemas/asset';
import type { Category } from '../../src/domain/schemas/category';
import type { CheckinRecord } from '../../src/domain/schemas/checkin';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import type { Task } from '../../src/domain/schemas/task';
import type { Wallet } from '../../src/domain/schemas/wallet';
import { canonical } from './canonical';
import { type Device, device, storedTask, task } from './engine-harness';
import { seedHabit, signIn, testServer } from './harness';

// Convergence of the client engine against the real app over the memory store, by property:
// two or three devices of one user make random creates, edits, deletes, check-ins and asset
// versions, with the network going and coming, reloads, and check-ins the server refuses. At
// the end every device and the server hold the same records; every task's last change is
// there, or kept as a conflict; no record is doubled; nobody sees another user's record.
// CONVERGENCE_RUNS=200 runs it longer; CONVERGENCE_SEED and CONVERGENCE_PATH replay a failure
// fast-check reported (its seed and path).

const RUNS = Number(process.env.CONVERGENCE_RUNS ?? 10);
/** Runs so far, shrinking included. */
let runs = 0;
const KINDS = [
  'tasks',
  'checkinTasks',
  'checkinRecords',
  'assets',
  'assetHistory',
  // Issue 61's kinds: 账户, 转账 between them, and 分类 of one's own.
  'wallets',
  'transfers',
  'categories',
] as const;
/** The server refuses every check-in on this day (a write it will never take). */
const REFUSED_DAY = '2026-11-13';
const { server, demo } = await testServer({ today: '2026-11-22', clear: [...KINDS] });

type Op =
  | { type: 'createTask'; dev: number }
  | { type: 'editTask'; dev: number; pick: number }
  | { type: 'deleteTask'; dev: number; pick: number }
  | { type: 'toggle'; dev: number; day: number }
  | { type: 'newAsset'; dev: number }
  | { type: 'newVersion'; dev: number; pick: number }
  | { type: 'deleteAsset'; dev: number; pick: number }
  | { type: 'network'; up: boolean }
  /**
   * Offline on one device, changes whose order matters: a habit then its check-in, an asset
   * then a version of it (the server refuses either second one first), and a task created,
   * edited and deleted. Replayed in any other order, the check-in or the version is refused.
   */
  | { type: 'offlineBurst'; dev: number }
  /** A task edited twice, the second time while the first edit is on the wire. */
  | { type: 'editWhileSending'; dev: number; pick: number }
  /** A task another device holds, deleted: that device learns of it by a tombstone. */
  | { type: 'deleteHeldElsewhere'; dev: number; pick: number }
  /** 设置 saved (the monthly budget set to the op's number): the last save made wins. */
  | { type: 'settings'; dev: number }
  | { type: 'reload'; dev: number }
  /** 记账's own kinds: an 账户 opened, a 转账 between two, a 分类 added or renamed. */
  | { type: 'money'; dev: number; pick: number };

const dev = fc.nat(2);
const pick = fc.nat(20);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('createTask' as const), dev }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('editTask' as const), dev, pick }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('deleteTask' as const), dev, pick }) },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('toggle' as const),
      dev,
      day: fc.integer({ min: 12, max: 14 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('newAsset' as const), dev }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('newVersion' as const), dev, pick }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('deleteAsset' as const), dev, pick }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('network' as const), up: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('offlineBurst' as const), dev }) },
  {
    weight: 4,
    arbitrary: fc.record({ type: fc.constant('editWhileSending' as const), dev, pick }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('deleteHeldElsewhere' as const), dev, pick }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('settings' as const), dev }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('reload' as const), dev }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('money' as const), dev, pick }) },
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const latestOf = (assets: readonly Asset[]) => {
  const newest = new Map<string, Asset>();
  for (const a of assets) {
    const chain = a.originalId ?? a.id;
    if ((newest.get(chain)?.version ?? 0) < a.version) newest.set(chain, a);
  }
  return [...newest.values()];
};

/** Every task change in the order made: what the last of each record's says must hold. */
type TaskChange = { id: string; title: string | null };

/** Device `n`'s asset fields: one name a device, so its versions make one chain. */
const assetFields = (n: number) => ({
  type: 'asset' as const,
  name: `资产${n}`,
  category: 'bank_deposit',
  amount: n,
  description: '',
  date: '2026-11-20',
  effectiveDate: '',
});

async function run(ops: Op[], deviceCount: number) {
  await clearServer();
  let down = false;
  /** Requests take a while on the wire (so that a change can be made while one is). */
  let slow = false;
  server.use(
    http.all(/\/api\//, async ({ request }) => {
      if (down) return HttpResponse.error();
      if (request.method === 'POST' && request.url.includes('/checkin-records')) {
        const body = (await request.clone().json()) as { date?: string };
        if (body.date === REFUSED_DAY) {
          return HttpResponse.json({ error: '这一天不能打卡' }, { status: 400 });
        }
      }
      // On the wire for a moment: the network may go before the server has the request, or
      // after, with the answer lost.
      await sleep(slow ? 20 : 1);
      if (down) return HttpResponse.error();
      const response = await demo.app.fetch(request);
      await sleep(1);
      return down ? HttpResponse.error() : response;
    }),
  );
  // Another user's record, which no device of this one may ever show.
  await demo.store.tasks.create('guest', storedTask('guest-only', '访客的任务'));
  const devices: Device[] = [];
  const pin = (d: Device) => {
    // One clock for every device: the order the changes are made in is the order of their
    // stamps (clock correction has its own tests, api-engine-clock.test.ts).
    d.engine.clock.heard = () => {};
    return d;
  };
  for (let i = 0; i < deviceCount; i++) {
    const d = pin(device());
    await d.engine.list('tasks');
    devices.push(d);
  }
  const changes: TaskChange[] = [];
  /** The monthly budget of the last 设置 save made, if any. */
  let budget: number | undefined;
  /** Check-ins a user took back: a check-in is never edited, so nothing brings one back. */
  const uncheckedIds = new Set<string>();
  /** Made in an offline burst after what they depend on: each must reach the server. */
  const dependents: { kind: 'checkinRecords' | 'assets'; id: string; chain?: string }[] = [];
  /** Asset chains someone deleted: their versions are gone with them. */
  const deletedChains = new Set<string>();
  // Ids of one run only, as a device's random ids are: the ids of an earlier run are
  // tombstones on the server, and a create sent again of one of those is refused as deleted.
  runs += 1;
  const run = runs;
  let n = 0;
  for (const o of ops) {
    await sleep(2);
    n += 1;
    if (o.type === 'network') {
      down = !o.up;
      if (o.up) for (const d of devices) d.engine.wake();
      continue;
    }
    const i = o.dev % deviceCount;
    const d = devices[i]!;
    const e = d.engine;
    if (o.type === 'offlineBurst') {
      const wasDown = down;
      down = true;
      const habit = `hb${n}-${i}_${run}`;
      await e.create('checkinTasks', {
        id: habit,
        name: `习惯${n}`,
        description: '',
        type: 'daily',
        category: 'habit',
        monthlyTarget: 20,
      });
      const { record: checkin } = await e.create('checkinRecords', {
        taskId: habit,
        date: '2026-11-20',
      });
      dependents.push({ kind: 'checkinRecords', id: checkin.id });
      const fields = assetFields(n);
      const { record: first } = await e.create(
        'assets',
        firstVersion(fields, `ba${n}-${i}_${run}`),
        { group: `bg${n}a` },
      );
      await e.create(
        'assetHistory',
        { ...historyEntry('create', null, first as Asset, new Date()), id: `bh${n}a-${i}_${run}` },
        { group: `bg${n}a` },
      );
      const version = nextVersion(
        first as Asset,
        { ...fields, amount: n + 1 },
        `bv${n}-${i}_${run}`,
      );
      const { record: second } = await e.create('assets', version, { group: `bg${n}b` });
      await e.create(
        'assetHistory',
        {
          ...historyEntry('update', first as Asset, second as Asset, new Date()),
          id: `bh${n}b-${i}_${run}`,
        },
        { group: `bg${n}b` },
      );
      dependents.push({ kind: 'assets', id: second.id, chain: first.id });
      const { record: made } = await e.create('tasks', task(`b${n}`));
      await e.update('tasks', made.id, task(`be${n}`));
      await e.remove('tasks', { ...made, title: `be${n}` } as Task);
      changes.push({ id: made.id, title: null });
      down = wasDown;
      if (!down) for (const other of devices) other.engine.wake();
      continue;
    }
    if (o.type === 'deleteHeldElsewhere') {
      const wasDown = down;
      down = false;
      const { record, seq } = await e.create('tasks', task(`d${n}`));
      await e.settled(seq);
      const other = devices[(i + 1) % deviceCount]!.engine;
      await other.pull('tasks');
      const { seq: gone } = await e.remove('tasks', record as Task);
      changes.push({ id: record.id, title: null });
      await e.settled(gone);
      down = wasDown;
      continue;
    }
    if (o.type === 'editWhileSending') {
      // A moment with the network up, whatever it was before.
      const wasDown = down;
      down = false;
      let shown = (await e.list('tasks')).items as readonly Task[];
      if (!shown.length) {
        const { record, seq } = await e.create('tasks', task(`c${n}`));
        changes.push({ id: record.id, title: `c${n}` });
        await e.settled(seq);
        shown = [record as Task];
      }
      const target = shown[o.pick % shown.length]!;
      slow = true;
      await e.update('tasks', target.id, task(`w${n}`));
      changes.push({ id: target.id, title: `w${n}` });
      // The first edit leaves; the second is made while it is on the wire.
      for (let t = 0; t < 50 && e.sending === undefined; t++) await sleep(1);
      await e.update('tasks', target.id, task(`x${n}`));
      changes.push({ id: target.id, title: `x${n}` });
      slow = false;
      down = wasDown;
      continue;
    }
    if (o.type === 'money') {
      const wallets = (await e.list('wallets')).items as readonly Wallet[];
      const categories = (await e.list('categories')).items as readonly Category[];
      const step = o.pick % 4;
      if (step === 0 || wallets.length < 2) {
        await e.create('wallets', {
          id: `w${n}-${i}_${run}`,
          name: `账户${n}`,
          type: 'alipay',
          openingBalance: n,
          order: n,
        });
      } else if (step === 1) {
        const from = wallets[o.pick % wallets.length]!;
        const to = wallets[(o.pick + 1) % wallets.length]!;
        await e.create('transfers', {
          fromWalletId: from.id,
          toWalletId: to.id,
          amount: n + 0.5,
          fee: 0,
          date: '2026-11-20',
          note: '',
          tags: [],
        });
      } else if (step === 2 || categories.length === 0) {
        await e.create('categories', {
          id: `c${n}-${i}_${run}`,
          name: `分类${n}`,
          type: 'expense',
          parentId: null,
          icon: '',
          order: n,
          hidden: false,
        });
      } else {
        const target = categories[o.pick % categories.length]!;
        await e.update('categories', target.id, { ...target, name: `改名${n}` });
      }
      continue;
    }
    if (o.type === 'settings') {
      await e.put('settings', { ...DEFAULT_SETTINGS, monthlyBudget: n });
      budget = n;
      continue;
    }
    if (o.type === 'reload') {
      await d.stop();
      devices[i] = pin(device(d.idb));
    } else if (o.type === 'createTask') {
      const { record } = await e.create('tasks', task(`t${n}`));
      changes.push({ id: record.id, title: `t${n}` });
    } else if (o.type === 'editTask' || o.type === 'deleteTask') {
      const shown = (await e.list('tasks')).items as readonly Task[];
      const target = shown[o.pick % Math.max(shown.length, 1)];
      if (!target) continue;
      if (o.type === 'editTask') {
        await e.update('tasks', target.id, task(`e${n}`));
        changes.push({ id: target.id, title: `e${n}` });
      } else {
        await e.remove('tasks', target);
        changes.push({ id: target.id, title: null });
      }
    } else if (o.type === 'toggle') {
      const date = `2026-11-${o.day}`;
      const shown = (await e.list('checkinRecords')).items as readonly CheckinRecord[];
      const existing = shown.find((r) => r.taskId === 'habit' && r.date === date);
      if (existing) {
        await e.remove('checkinRecords', existing, { delayMs: 0 });
        uncheckedIds.add(existing.id);
      } else await e.create('checkinRecords', { taskId: 'habit', date });
    } else {
      const latest = latestOf((await e.list('assets')).items as readonly Asset[]);
      const target = latest[('pick' in o ? o.pick : 0) % Math.max(latest.length, 1)];
      const group = `g${n}-${i}`;
      const fields = assetFields(n);
      if (o.type === 'newAsset') {
        const { record } = await e.create('assets', firstVersion(fields, `a${n}-${i}_${run}`), {
          group,
        });
        const entry = historyEntry('create', null, record as Asset, new Date());
        await e.create('assetHistory', { ...entry, id: `h${n}-${i}_${run}` }, { group });
      } else if (target && o.type === 'newVersion') {
        const version = nextVersion(target, fields, `a${n}-${i}_${run}`);
        const { record } = await e.create('assets', version, { group });
        const entry = historyEntry('update', target, record as Asset, new Date());
        await e.create('assetHistory', { ...entry, id: `h${n}-${i}_${run}` }, { group });
      } else if (target) {
        deletedChains.add(target.originalId ?? target.id);
        await e.remove('assets', target, { group });
        const entry = historyEntry('delete', target, null, new Date());
        await e.create('assetHistory', { ...entry, id: `h${n}-${i}_${run}` }, { group });
      }
    }
  }

  // The network comes back for good: every device sends what waits and catches up, twice
  // over (what one device sent last, another pulls).
  down = false;
  for (let round = 0; round < 3; round++) {
    for (const d of devices) {
      for (let tries = 0; tries < 20 && d.waiting() > 0; tries++) await d.engine.flush();
      expect(d.waiting()).toBe(0);
      for (const kind of KINDS) await d.engine.pull(kind);
    }
  }

  const conflicts = devices.flatMap((d) => d.engine.status().conflicts);
  for (const kind of KINDS) {
    const onServer = canonical(await demo.store[kind as ResourceName].list('demo'));
    // Nothing doubled.
    expect(new Set(onServer).size).toBe(onServer.length);
    const ids = (await demo.store[kind as ResourceName].list('demo')).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const d of devices) {
      const shown = (await d.engine.list(kind)).items;
      expect(canonical(shown), `${kind} on a device`).toEqual(onServer);
      expect(shown.some((r) => r.id === 'guest-only')).toBe(false);
    }
  }
  // Of the 设置 saves, the last made is the server's (stamps follow the order they were made).
  if (budget !== undefined) {
    expect((await demo.store.settings.get('demo'))?.monthlyBudget, '设置').toBe(budget);
  }
  // A check-in the server refused is nowhere.
  const checkins = await demo.store.checkinRecords.list('demo');
  expect(checkins.filter((r) => r.date === REFUSED_DAY)).toEqual([]);
  expect(checkins.filter((r) => uncheckedIds.has(r.id))).toEqual([]);
  // What was made after what it depends on reached the server, whatever the network did.
  for (const { kind, id, chain } of dependents) {
    if (chain && deletedChains.has(chain)) continue;
    const held = await demo.store[kind].get('demo', id);
    expect(held, `${kind} ${id} made after what it depends on`).toBeDefined();
  }
  // Each task ends as its last change left it, or, when another device deleted it, that change
  // is kept as a conflict.
  const tasks = new Map((await demo.store.tasks.list('demo')).map((t) => [t.id, t]));
  const last = new Map<string, TaskChange>();
  for (const change of changes) last.set(change.id, change);
  for (const { id, title } of last.values()) {
    if (title === null) {
      expect(tasks.has(id), `task ${id} deleted last`).toBe(false);
    } else if (tasks.get(id)?.title !== title) {
      const kept = conflicts.some(
        (c) => c.id === id && (c.lost as { title?: string }).title === title,
      );
      expect(changes.some((c) => c.id === id && c.title === null)).toBe(true);
      expect(kept, `task ${id} last set to ${title}`).toBe(true);
    }
  }

  for (const d of devices) await d.stop();
  await demo.store.tasks.remove('guest', 'guest-only');
  server.resetHandlers();
  await clearServer();
}

/** The records a run made, gone (also those of a run that failed half-way, while shrinking). */
async function clearServer() {
  for (const kind of KINDS) {
    const store = demo.store[kind as ResourceName];
    for (const record of await store.list('demo')) {
      // The habit the toggles check in on stays for the next run.
      if (record.id !== 'habit') await store.remove('demo', record.id);
    }
  }
  await demo.store.settings.put('demo', DEFAULT_SETTINGS, new Date().toISOString());
}

it('every device and the server end with the same records', {
  timeout: Math.max(120_000, RUNS * 2_000),
}, async () => {
  await signIn(demo);
  await seedHabit(demo, 'habit');
  await fc.assert(
    fc.asyncProperty(
      fc.array(op, { minLength: 4, maxLength: 16 }),
      fc.integer({ min: 2, max: 3 }),
      run,
    ),
    {
      numRuns: RUNS,
      ...(process.env.CONVERGENCE_SEED
        ? {
            seed: Number(process.env.CONVERGENCE_SEED),
            path: process.env.CONVERGENCE_PATH,
            endOnFailure: true,
          }
        : {}),
    },
  );
});
