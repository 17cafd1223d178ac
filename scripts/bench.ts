// DESIGN.md §6, measured: ten years of data uploaded to a really started server the way the
// browser uploads it, then every list endpoint timed. Run with `npm run bench`.
//
//   node --import tsx scripts/bench.ts [--runs 15] [--keep]
//
// Budgets: upload ≤ 30 s, a second upload adds 0 rows, every list ≤ 100 ms (median).
// Exits 1 when one is missed. The server runs on a scratch DATA_DIR under os.tmpdir() that is
// removed at the end, whatever happens (--keep leaves it, to look at the database).

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dayjs from 'dayjs';
import { assetChain, type ChainSpec, generator } from '../mocks/seed';
import type { Account } from '../src/domain/schemas/account';
import type { Asset, AssetHistoryEntry } from '../src/domain/schemas/asset';
import type { CheckinRecord, CheckinTask } from '../src/domain/schemas/checkin';
import type { Task } from '../src/domain/schemas/task';
import type { TimeRecord } from '../src/domain/schemas/time-record';
import type { Workout } from '../src/domain/schemas/workout';
import {
  prepareRecord,
  requestChunks,
  SYNC_CATEGORIES,
  type SyncCategory,
  type UploadItem,
  uploadBatches,
} from '../src/domain/sync';

// The browser's upload settings (src/api/sync.ts). Not imported from there: that module pulls
// in React Query and the browser's storage.
const UPLOAD_BATCH_SIZE = 500;
const UPLOAD_BATCH_BYTES = 800_000;
const UPLOAD_CONCURRENCY = 2;

const BUDGET_UPLOAD_MS = 30_000;
const BUDGET_LIST_MS = 100;
const WARMUP = 2;

const ROOT = join(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const RUNS = Number(argv[argv.indexOf('--runs') + 1]) || 15;
const KEEP = argv.includes('--keep');

const USER = 'bench';
const PASSWORD = 'bench-password-2024';

// ---------------------------------------------------------------------------------------------
// Ten years of data ending today (a seeded generator, like mocks/seed.ts: every run is the same
// data relative to today).

type Data = {
  accounts: Account[];
  assets: Asset[];
  assetHistory: AssetHistoryEntry[];
  workouts: Workout[];
  timeRecords: TimeRecord[];
  tasks: Task[];
  checkinTasks: CheckinTask[];
  checkinRecords: CheckinRecord[];
};

function tenYears(today: string, seed = 42): Data {
  const rnd = generator(seed);
  const end = dayjs(today);
  const start = end.subtract(10, 'year').add(1, 'day');
  const days: dayjs.Dayjs[] = [];
  for (let d = start; !d.isAfter(end, 'day'); d = d.add(1, 'day')) days.push(d);
  let n = 0;
  const id = (prefix: string) => `${prefix}-${(++n).toString(36).padStart(6, '0')}`;
  const at = (d: dayjs.Dayjs, hour: number) =>
    d.hour(hour).minute(rnd.int(0, 59)).second(rnd.int(0, 59)).toISOString();

  // ~11 bookkeeping rows a day (~40k): three meals, commutes, the odd purchase, income now and then.
  const accounts: Account[] = [];
  const spend = (date: string, category: string, min: number, max: number, description = '') =>
    accounts.push({
      id: id('acc'),
      type: 'expense',
      category,
      amount: rnd.int(min * 100, max * 100) / 100,
      description,
      date,
    });
  for (const d of days) {
    const date = d.format('YYYY-MM-DD');
    if (d.date() === 10) {
      accounts.push({
        id: id('acc'),
        type: 'income',
        category: 'salary',
        amount: 12000 + 500 * (d.year() - start.year()),
        description: '月薪',
        date,
      });
    }
    if (d.date() === 1) spend(date, 'housing', 4200, 4200, '房租');
    spend(date, 'dining', 6, 20, rnd.pick(['早餐', '豆浆油条', '包子']));
    spend(date, 'dining', 18, 45, rnd.pick(['午餐', '食堂', '外卖午饭']));
    spend(date, 'dining', 25, 160, rnd.pick(['晚餐', '和朋友聚餐', '外卖', '']));
    if (rnd.chance(0.7)) spend(date, 'dining', 12, 38, rnd.pick(['咖啡', '奶茶', '水果']));
    spend(date, 'transport', 3, 8, '地铁');
    spend(date, 'transport', 3, 40, rnd.pick(['地铁', '打车', '公交']));
    if (rnd.chance(0.9)) spend(date, 'dining', 5, 30, rnd.pick(['零食', '水果', '下午茶']));
    if (rnd.chance(0.8)) spend(date, 'transport', 1.5, 3, '共享单车');
    if (rnd.chance(0.8)) spend(date, 'shopping', 5, 120, rnd.pick(['日用品', '超市', '便利店']));
    if (rnd.chance(0.6)) spend(date, 'shopping', 3, 60, rnd.pick(['网购', '快递代收', '']));
    if (rnd.chance(0.5)) spend(date, 'shopping', 30, 600, rnd.pick(['衣服', '数码配件', '书']));
    if (rnd.chance(0.4)) spend(date, 'entertainment', 20, 300, rnd.pick(['电影', '演出', '游戏']));
    if (rnd.chance(0.3)) spend(date, 'medical', 10, 400, rnd.pick(['药店', '挂号', '']));
    if (rnd.chance(0.3)) spend(date, 'education', 20, 500, rnd.pick(['网课', '教材', '']));
    if (rnd.chance(0.2)) spend(date, 'other', 5, 200, rnd.pick(['快递', '话费', '']));
    if (rnd.chance(0.1))
      spend(date, 'reimbursement', 80, 900, rnd.pick(['出差打车', '客户午餐', '差旅住宿']));
    if (rnd.chance(0.05)) {
      accounts.push({
        id: id('acc'),
        type: 'income',
        category: rnd.pick(['part_time', 'investment', 'gift', 'bonus'] as const),
        amount: rnd.int(200, 3000),
        description: '',
        date,
      });
    }
  }

  // Eight chains re-stated every month for ten years: ~1k versions, each with its history entry.
  const assets: Asset[] = [];
  const assetHistory: AssetHistoryEntry[] = [];
  const chains: ChainSpec[] = [
    ['asset', '招商银行储蓄卡', 'bank_deposit', 52000, 600],
    ['asset', '余额宝', 'funds', 18000, 120],
    ['asset', '股票账户', 'stocks', 36000, 400],
    ['asset', '钱包现金', 'cash', 800, 0],
    ['asset', '公积金', 'other_investment', 10000, 900],
    ['liability', '招行信用卡', 'credit_card', 6200, 0],
    ['liability', '房贷', 'mortgage', 900000, -5000],
    ['liability', '车贷', 'car_loan', 48000, -300],
  ];
  const months = Array.from({ length: 120 }, (_, i) =>
    end.subtract(119 - i, 'month').startOf('month'),
  );
  for (const spec of chains) {
    const chain = assetChain(rnd, id, spec, months);
    assets.push(...chain.assets);
    assetHistory.push(...chain.history);
  }

  // ~1.1 workouts a day.
  const workouts: Workout[] = [];
  const routine = [
    ['running', 30, 45, 280, 480],
    ['gym', 45, 80, 250, 450],
    ['yoga', 30, 60, 120, 200],
    ['swimming', 40, 60, 350, 550],
    ['cycling', 40, 90, 300, 700],
    ['badminton', 60, 90, 350, 600],
    ['walking', 20, 60, 80, 200],
  ] as const;
  for (const d of days) {
    for (let k = rnd.chance(0.1) ? 2 : 1; k > 0; k--) {
      const [type, minD, maxD, minC, maxC] = rnd.pick(routine);
      workouts.push({
        id: id('wko'),
        type,
        duration: rnd.int(minD, maxD),
        calories: rnd.chance(0.1) ? null : rnd.int(minC, maxC),
        notes: rnd.pick(['', '状态不错', '有点累', '配速提升', '']),
        date: d.format('YYYY-MM-DD'),
        createdAt: at(d, 18 + k),
      });
    }
  }

  // ~5.5 focus sessions a day.
  const timeRecords: TimeRecord[] = [];
  const focus = [
    ['撰写周报', 'writing'],
    ['需求评审', 'work'],
    ['重构同步模块', 'programming'],
    ['英语听力', 'study'],
    ['读《置身事内》', 'reading'],
    ['界面草图', 'design'],
    ['复盘', 'thinking'],
    ['专注时间', 'other'],
  ] as const;
  for (const d of days) {
    for (let k = rnd.int(3, 8); k > 0; k--) {
      const [task, category] = rnd.pick(focus);
      timeRecords.push({
        id: id('tim'),
        task,
        category,
        duration: rnd.int(20, 90) * 60 + rnd.int(0, 59),
        date: d.format('YYYY-MM-DD'),
        createdAt: at(d, 8 + k),
      });
    }
  }

  // ~1.4 tasks a day, most of them done by now.
  const tasks: Task[] = [];
  const titles = [
    ['提交季度总结', 'work'],
    ['预约体检', 'health'],
    ['续费宽带', 'life'],
    ['整理报销单据', 'work'],
    ['读完一本书', 'study'],
    ['买生日礼物', 'shopping'],
    ['准备技术分享', 'work'],
    ['周末看展', 'entertainment'],
    ['交电费', 'life'],
    ['整理照片', 'other'],
  ] as const;
  for (const d of days) {
    for (let k = rnd.int(0, 3) === 0 ? 0 : rnd.int(1, 3); k > 0; k--) {
      const [title, category] = rnd.pick(titles);
      const created = at(d, 8 + k);
      const due = d.add(rnd.int(0, 14), 'day');
      const completed = due.isBefore(end, 'day') ? rnd.chance(0.9) : rnd.chance(0.2);
      tasks.push({
        id: id('tsk'),
        title,
        description: rnd.chance(0.3) ? '记得带上相关材料，完成后在群里说一声' : '',
        priority: rnd.pick(['low', 'medium', 'high'] as const),
        category,
        dueDate: rnd.chance(0.2) ? '' : due.format('YYYY-MM-DD'),
        completed,
        completedAt: completed ? at(due, 17) : null,
        createdAt: created,
        updatedAt: created,
      });
    }
  }

  // 20 habits; together ~11 check-ins a day, at most one per habit per day.
  const habits: [string, CheckinTask['type'], number, CheckinTask['category'], number][] = [
    ['早起', 'daily', 1, 'health', 0.8],
    ['阅读 30 分钟', 'daily', 1, 'study', 0.7],
    ['健身', 'weekly', 3, 'health', 0.45],
    ['冥想', 'daily', 1, 'habit', 0.6],
    ['背单词', 'daily', 1, 'study', 0.75],
    ['喝八杯水', 'daily', 1, 'health', 0.85],
    ['写日记', 'daily', 1, 'habit', 0.55],
    ['不吃夜宵', 'daily', 1, 'health', 0.6],
    ['整理桌面', 'weekly', 2, 'habit', 0.3],
    ['练字', 'daily', 1, 'habit', 0.4],
    ['跑步', 'weekly', 3, 'health', 0.45],
    ['学习新技术', 'weekly', 5, 'work', 0.65],
    ['写周报', 'weekly', 1, 'work', 0.14],
    ['复盘', 'monthly', 1, 'habit', 0.04],
    ['早睡', 'daily', 1, 'health', 0.7],
    ['拉伸', 'daily', 1, 'health', 0.65],
    ['练琴', 'weekly', 4, 'habit', 0.55],
    ['读论文', 'weekly', 2, 'study', 0.3],
    ['给家人打电话', 'weekly', 2, 'habit', 0.3],
    ['清空收件箱', 'daily', 1, 'work', 0.8],
  ];
  const checkinTasks: CheckinTask[] = habits.map(([name, type, frequency, category]) => ({
    id: id('chk'),
    name,
    description: '',
    type,
    frequency,
    monthlyTarget: type === 'monthly' ? 1 : type === 'weekly' ? frequency * 4 : 25,
    category,
  }));
  const checkinRecords: CheckinRecord[] = [];
  for (const d of days) {
    const date = d.format('YYYY-MM-DD');
    for (const [i, habit] of checkinTasks.entries()) {
      if (rnd.chance(habits[i]![4])) checkinRecords.push({ id: id('rec'), taskId: habit.id, date });
    }
  }

  return {
    accounts,
    assets,
    assetHistory,
    workouts,
    timeRecords,
    tasks,
    checkinTasks,
    checkinRecords,
  };
}

/** Every record as the browser would post it, checked by the schema the server applies. */
function uploadItems(data: Data): UploadItem[] {
  const items: UploadItem[] = [];
  for (const category of SYNC_CATEGORIES) {
    for (const [index, raw] of data[category].entries()) {
      const prepared = prepareRecord(category, raw);
      if (!prepared.ok) {
        throw new Error(
          `generated ${category}[${index}] is invalid: ${prepared.field}: ${prepared.message}`,
        );
      }
      items.push({ category, record: prepared.record });
    }
  }
  return items;
}

function dataSet(today: string) {
  const data = tenYears(today);
  const expected = Object.fromEntries(SYNC_CATEGORIES.map((c) => [c, data[c].length]));
  return { items: uploadItems(data), expected: expected as Record<SyncCategory, number> };
}

// ---------------------------------------------------------------------------------------------
// The server.

const PATHS: Record<SyncCategory, string> = {
  accounts: '/api/accounts',
  assets: '/api/assets',
  assetHistory: '/api/assets/history',
  workouts: '/api/workouts',
  tasks: '/api/tasks',
  timeRecords: '/api/time-records',
  checkinTasks: '/api/checkin-tasks',
  checkinRecords: '/api/checkin-records',
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface Server {
  url: string;
  proc: ChildProcess;
  output: () => string;
}

async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  // node --import tsx, not npx tsx: the child is the server itself, so killing it is enough.
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PM_STATIC_DIR: dataDir,
      PM_USERS: JSON.stringify([{ username: USER, password: PASSWORD, displayName: '压测' }]),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}:\n${out}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, proc, output: () => out };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer /health within 30 s:\n${out}`);
}

async function stopServer(server: Server | undefined) {
  const proc = server?.proc;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = once(proc, 'exit');
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USER, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

type Api = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<Response>;

function api(url: string, token: string): Api {
  return (method, path, body) =>
    fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-user-id': USER,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

// ---------------------------------------------------------------------------------------------
// Upload, as src/api/sync.ts postAll does it: stage by stage (asset versions in version order,
// habits before their check-ins), each stage in requests of ≤ 500 records and ≤ 800 KB of one
// category, 2 requests in flight.

type Status = 'created' | 'existing' | 'invalid';

interface UploadReport {
  ms: number;
  requests: number;
  counts: Record<Status, number>;
  errors: string[];
}

async function upload(call: Api, items: UploadItem[]): Promise<UploadReport> {
  const counts: Record<Status, number> = { created: 0, existing: 0, invalid: 0 };
  const errors: string[] = [];
  let requests = 0;
  const started = performance.now();
  for (const stage of uploadBatches(items)) {
    const chunks = requestChunks(stage, UPLOAD_BATCH_SIZE, UPLOAD_BATCH_BYTES);
    let next = 0;
    const worker = async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++]!;
        const category = chunk[0]!.category;
        requests += 1;
        const res = await call('POST', `${PATHS[category]}/batch`, {
          records: chunk.map((item) => item.record),
        });
        if (res.status !== 200) {
          throw new Error(`POST ${PATHS[category]}/batch: ${res.status} ${await res.text()}`);
        }
        const { results } = (await res.json()) as { results: { status: Status; error?: string }[] };
        if (results.length !== chunk.length) {
          throw new Error(`${category}: ${results.length} results for ${chunk.length} records`);
        }
        for (const result of results) {
          counts[result.status] += 1;
          if (result.error && errors.length < 5) errors.push(`${category}: ${result.error}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, chunks.length) }, worker));
  }
  return { ms: performance.now() - started, requests, counts, errors };
}

// ---------------------------------------------------------------------------------------------
// Lists.

interface ListReport {
  path: string;
  rows: number;
  bytes: number;
  median: number;
  p95: number;
}

/** Nearest-rank percentile of sorted samples. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// Timed with node:http and kept as bytes: fetch's body handling and decoding a 4 MB string in
// this process (which also holds the generated data) would be measured along with the server.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string, token: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      agent,
      headers: { authorization: `Bearer ${token}`, 'x-user-id': USER },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function measureList(url: string, token: string, path: string): Promise<ListReport> {
  const samples: number[] = [];
  let body: Buffer = Buffer.alloc(0);
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const res = await get(`${url}${path}`, token);
    // Until the last byte has arrived: serialising the list is part of the server's work.
    const ms = performance.now() - started;
    body = res.body;
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${body.toString()}`);
    if (i >= WARMUP) samples.push(ms);
  }
  samples.sort((a, b) => a - b);
  return {
    path,
    rows: (JSON.parse(body.toString()) as unknown[]).length,
    bytes: body.length,
    median: percentile(samples, 50),
    p95: percentile(samples, 95),
  };
}

// ---------------------------------------------------------------------------------------------

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const row = (cells: (string | number)[], widths: number[]) =>
  cells
    .map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!)))
    .join('  ');

async function main(): Promise<boolean> {
  const today = dayjs().format('YYYY-MM-DD');
  let t = performance.now();
  const generated = dataSet(today);
  let items = generated.items;
  const { expected } = generated;
  const total = items.length;
  console.log(
    `ten years to ${today}: ${items.length} records (${SYNC_CATEGORIES.map((c) => `${c} ${expected[c]}`).join(', ')}); generated and validated in ${fmt(performance.now() - t)} ms`,
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'pms-bench-'));
  let server: Server | undefined;
  const onSignal = () => {
    server?.proc.kill('SIGKILL');
    if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    t = performance.now();
    server = await startServer(dataDir);
    const token = await login(server.url);
    const call = api(server.url, token);
    console.log(`server up and signed in in ${fmt(performance.now() - t)} ms (${dataDir})`);

    const first = await upload(call, items);
    const second = await upload(call, items);
    items = []; // the lists are timed without a heap full of records in this process
    const lists: ListReport[] = [];
    for (const category of SYNC_CATEGORIES) {
      lists.push(await measureList(server.url, token, PATHS[category]));
    }

    const failures: string[] = [];
    const uploadLine = (name: string, r: UploadReport) =>
      `${name}: ${fmt(r.ms)} ms, ${r.requests} requests — created ${r.counts.created}, existing ${r.counts.existing}, invalid ${r.counts.invalid}`;
    console.log(`\n${uploadLine('upload 1', first)}  (budget ≤ ${BUDGET_UPLOAD_MS} ms)`);
    console.log(`${uploadLine('upload 2', second)}  (budget: 0 added)`);
    if (first.ms > BUDGET_UPLOAD_MS) failures.push(`upload took ${fmt(first.ms)} ms`);
    if (first.counts.created !== total) {
      failures.push(`first upload created ${first.counts.created} of ${total}`);
    }
    if (second.counts.created !== 0 || second.counts.existing !== total) {
      failures.push(
        `second upload: ${second.counts.created} added, ${second.counts.existing} existing of ${total}`,
      );
    }
    for (const error of [...first.errors, ...second.errors]) failures.push(`refused: ${error}`);

    const widths = [22, 7, 9, 9, 9, 6];
    console.log(
      `\n${row(['GET', 'rows', 'size', 'median', 'p95', ''], widths)}   (${RUNS} runs after ${WARMUP} warm-ups, ms; budget median ≤ ${BUDGET_LIST_MS})`,
    );
    for (const [i, r] of lists.entries()) {
      const ok = r.median <= BUDGET_LIST_MS;
      console.log(
        row([r.path, r.rows, kb(r.bytes), fmt(r.median), fmt(r.p95), ok ? 'ok' : 'SLOW'], widths),
      );
      if (!ok) failures.push(`${r.path} median ${fmt(r.median)} ms`);
      const want = expected[SYNC_CATEGORIES[i]!];
      if (r.rows !== want) failures.push(`${r.path} lists ${r.rows} rows, ${want} uploaded`);
    }

    if (failures.length > 0) {
      console.log(`\nBUDGET MISSED:\n  ${failures.join('\n  ')}`);
      return false;
    }
    console.log('\nall budgets met');
    return true;
  } catch (err) {
    if (server) console.error(`server output:\n${server.output().slice(-4000)}`);
    throw err;
  } finally {
    await stopServer(server);
    if (KEEP) console.log(`kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
