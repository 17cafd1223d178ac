// docs/spec.md "Budgets", measured: ten years of data uploaded to a really started server the way the
// browser uploads it, then every list endpoint timed. Run with `npm run bench`.
//
//   node --import tsx scripts/bench.ts [--runs 15] [--keep]
//
// Budgets: upload ≤ 30 s, a second upload adds 0 rows, every list (?since=0) and every empty
// delta (?since=<cursor>) ≤ 100 ms (median), the digest after it ≤ 20 ms (median), server
// RSS ≤ 120 MB while it serves the lists of ten years in pages, as the app downloads them (the
// upload's own peak, and the peak serving each list whole, are reported).
// Exits 1 when one is missed. The server runs on a scratch DATA_DIR under os.tmpdir() that is
// removed at the end, whatever happens (--keep leaves it, to look at the database).

import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import dayjs from 'dayjs';
import { HEAVY_PROFILE } from '../mocks/generate';
import { fromColumns } from '../src/domain/columns';
import { RESOURCE_NAMES } from '../src/domain/resources';
import {
  api,
  dataSet,
  describeCounts,
  fmt,
  kb,
  login,
  mb,
  memoryOf,
  onInterrupt,
  PATHS,
  percentile,
  resetPeak,
  row,
  type Server,
  startServer,
  stopServer,
  type UploadReport,
  USER,
  upload,
} from './bench-common';

const BUDGET_UPLOAD_MS = 30_000;
const BUDGET_LIST_MS = 100;
/**
 * The digest a device asks for after a delta on each sync (docs/architecture.md, "The digest"):
 * its round trip, with nothing changed since the server last brought it up to date, ≤ 20 ms.
 */
const BUDGET_DIGEST_MS = 20;
const BUDGET_RSS = 120 * 1024 * 1024;
const WARMUP = 2;

const argv = process.argv.slice(2);
const RUNS = Number(argv[argv.indexOf('--runs') + 1]) || 15;
const KEEP = argv.includes('--keep');

// ---------------------------------------------------------------------------------------------
// Lists as the app asks for them: everything (?since=0, a device's first download), timed twice,
// as a client that takes no compression and with the Accept-Encoding Chromium sends, which is
// what the app's users get (compression is part of the server's work); then what a device that
// holds the list asks on every visit (?since=<its cursor>: nothing changed).

const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

interface ListReport {
  path: string;
  rows: number;
  bytes: number;
  /** Bytes of body received with the browser's Accept-Encoding, and how they were encoded. */
  wire: number;
  encoding: string;
  identity: number;
  median: number;
  p95: number;
  /** ?since=<cursor> with nothing changed: median ms and bytes of body received. */
  delta: number;
  deltaWire: number;
  /** GET <path>/digest after warm-ups, median (nothing changed: one indexed look-up), ms. */
  digest: number;
  digestCount: number;
}

// Timed with node:http and kept as bytes: fetch's body handling and decoding a 4 MB string in
// this process would be measured along with the server.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

interface Got {
  status: number;
  body: Buffer;
  encoding: string;
}

function get(url: string, token: string, acceptEncoding?: string): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      agent,
      headers: {
        authorization: `Bearer ${token}`,
        'x-user-id': USER,
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode({ body, encoding }: Got): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'identity') return body;
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

async function time(url: string, token: string, acceptEncoding?: string) {
  const samples: number[] = [];
  let last: Got | undefined;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const res = await get(url, token, acceptEncoding);
    // Until the last byte has arrived: serialising the list is part of the server's work.
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${res.body.toString()}`);
    if (i >= WARMUP) samples.push(ms);
    last = res;
  }
  samples.sort((a, b) => a - b);
  return { samples, last: last! };
}

async function measureList(url: string, token: string, path: string): Promise<ListReport> {
  const plain = await time(`${url}${path}?since=0`, token);
  const browser = await time(`${url}${path}?since=0`, token, BROWSER_ENCODINGS);
  const body = decode(browser.last);
  if (!body.equals(plain.last.body)) throw new Error(`GET ${path}: the encoded body differs`);
  const { records, cursor } = JSON.parse(body.toString()) as { records: unknown[]; cursor: number };
  const delta = await time(`${url}${path}?since=${cursor}`, token, BROWSER_ENCODINGS);
  const changes = JSON.parse(decode(delta.last).toString()) as { records: []; deleted: [] };
  if (changes.records.length + changes.deleted.length > 0) {
    throw new Error(`GET ${path}?since=${cursor}: changes where none were made`);
  }
  const digest = await time(`${url}${path}/digest`, token, BROWSER_ENCODINGS);
  const { count } = JSON.parse(decode(digest.last).toString()) as { count: number };
  return {
    path,
    rows: records.length,
    bytes: body.length,
    wire: browser.last.body.length,
    encoding: browser.last.encoding,
    identity: percentile(plain.samples, 50),
    median: percentile(browser.samples, 50),
    p95: percentile(browser.samples, 95),
    delta: percentile(delta.samples, 50),
    deltaWire: delta.last.body.length,
    digest: percentile(digest.samples, 50),
    digestCount: count,
  };
}

// A full download as the app makes it since issue 16: pages of PAGE (?since=0&limit=), each after
// the last one's key, up to the first one's cursor, in packed columns (&shape=packed). Timed once
// per list, to the last byte of the last page, with the browser's Accept-Encoding.

const PAGE = 3000;

interface PagedReport {
  path: string;
  rows: number;
  pages: number;
  /** Bytes of JSON received in all the pages (decoded). */
  bytes: number;
  /** The same as they travelled (compressed), bodies only. */
  wire: number;
  ms: number;
  /** The slowest page. */
  slowest: number;
  /**
   * GET <path>/digest right after, as a device asks at its next sync: the first since the
   * server started (one row of kind_digests, the rows' hashes written with them), ms.
   */
  digestCold: number;
}

async function pagedDownload(url: string, token: string, path: string): Promise<PagedReport> {
  let query = `?since=0&limit=${PAGE}&shape=packed`;
  const report = { path, rows: 0, pages: 0, bytes: 0, wire: 0, ms: 0, slowest: 0, digestCold: 0 };
  const started = performance.now();
  for (;;) {
    const pageStarted = performance.now();
    const res = await get(`${url}${path}${query}`, token, BROWSER_ENCODINGS);
    report.slowest = Math.max(report.slowest, performance.now() - pageStarted);
    if (res.status !== 200) throw new Error(`GET ${path}${query}: ${res.status}`);
    const body = decode(res);
    const page = JSON.parse(body.toString()) as {
      columns: unknown;
      cursor: number;
      more?: boolean;
      after?: string;
    };
    report.pages++;
    report.rows += fromColumns(page.columns)?.length ?? Number.NaN;
    report.bytes += body.length;
    report.wire += res.body.length;
    if (page.more !== true) break;
    query = `?since=0&limit=${PAGE}&after=${encodeURIComponent(page.after!)}&upto=${page.cursor}&shape=packed`;
  }
  report.ms = performance.now() - started;
  // The digest a device asks for after its download: the RSS budget below includes it.
  const digestStarted = performance.now();
  const digest = await get(`${url}${path}/digest`, token, BROWSER_ENCODINGS);
  report.digestCold = performance.now() - digestStarted;
  if (digest.status !== 200) throw new Error(`GET ${path}/digest: ${digest.status}`);
  return report;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<boolean> {
  const today = dayjs().format('YYYY-MM-DD');
  let t = performance.now();
  let { items, counts: expected } = dataSet(HEAVY_PROFILE, today, { years: 10 });
  const total = items.length;
  console.log(
    `ten years to ${today}: ${total} records (${describeCounts(expected)}); generated and validated in ${fmt(performance.now() - t)} ms`,
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'pms-bench-'));
  let server: Server | undefined;
  onInterrupt(() => {
    server?.proc.kill('SIGKILL');
    if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
  });
  try {
    t = performance.now();
    server = await startServer(dataDir);
    const { token } = await login(server.url);
    const call = api(server.url, token);
    console.log(`server up and signed in in ${fmt(performance.now() - t)} ms (${dataDir})`);
    const started = memoryOf(server.proc.pid);

    const first = await upload(call, items);
    const second = await upload(call, items);
    const uploaded = memoryOf(server.proc.pid);
    items = []; // the lists are timed without a heap full of records in this process
    // The lists are served by a server started on the ten years, as after any restart: the
    // upload's garbage (~130 MB of RSS) would otherwise be the floor of every peak after it.
    await stopServer(server);
    server = await startServer(dataDir);
    const restarted = memoryOf(server.proc.pid);
    resetPeak(server.proc.pid);
    // First as the app downloads them (in pages): the RSS budget is about what the app does.
    const paged: PagedReport[] = [];
    for (const category of RESOURCE_NAMES) {
      paged.push(await pagedDownload(server.url, token, PATHS[category]));
    }
    const pagedServed = memoryOf(server.proc.pid);
    resetPeak(server.proc.pid);
    const lists: ListReport[] = [];
    for (const category of RESOURCE_NAMES) {
      lists.push(await measureList(server.url, token, PATHS[category]));
    }
    const served = memoryOf(server.proc.pid);

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

    const widths = [22, 6, 8, 14, 9, 9, 9, 9, 8, 8, 8, 5];
    console.log(
      `\n${row(['GET ?since=0', 'rows', 'size', 'wire', 'identity', 'median', 'p95', 'delta', 'd. wire', 'digest', 'cold', ''], widths)}   (${RUNS} runs after ${WARMUP} warm-ups, ms; median with the browser's Accept-Encoding ≤ ${BUDGET_LIST_MS}; delta: ?since=<cursor>, nothing changed; digest: GET <path>/digest after it ≤ ${BUDGET_DIGEST_MS}, cold: the first after the restart, following the paged download)`,
    );
    for (const [i, r] of lists.entries()) {
      const ok =
        r.median <= BUDGET_LIST_MS && r.delta <= BUDGET_LIST_MS && r.digest <= BUDGET_DIGEST_MS;
      const wire = `${kb(r.wire)} ${r.encoding === 'identity' ? 'raw' : r.encoding}`;
      console.log(
        row(
          [
            r.path,
            r.rows,
            kb(r.bytes),
            wire,
            fmt(r.identity),
            fmt(r.median),
            fmt(r.p95),
            fmt(r.delta),
            `${r.deltaWire} B`,
            fmt(r.digest),
            fmt(paged[i]!.digestCold),
            ok ? 'ok' : 'SLOW',
          ],
          widths,
        ),
      );
      if (!ok) {
        failures.push(
          `${r.path} median ${fmt(r.median)} ms, delta ${fmt(r.delta)} ms, digest ${fmt(r.digest)} ms`,
        );
      }
      const want = expected[RESOURCE_NAMES[i]!];
      if (r.rows !== want) failures.push(`${r.path} lists ${r.rows} rows, ${want} uploaded`);
      if (r.digestCount !== want) failures.push(`${r.path} digest counts ${r.digestCount}`);
    }

    const pagedWidths = [22, 6, 6, 8, 8, 9, 9];
    console.log(
      `\n${row(['paged ?since=0', 'rows', 'pages', 'size', 'wire', 'total', 'slowest'], pagedWidths)}   (limit=${PAGE}&shape=packed, as the app downloads a list; once, ms, with the browser's Accept-Encoding)`,
    );
    for (const [i, r] of paged.entries()) {
      console.log(
        row(
          [r.path, r.rows, r.pages, kb(r.bytes), kb(r.wire), fmt(r.ms), fmt(r.slowest)],
          pagedWidths,
        ),
      );
      const want = expected[RESOURCE_NAMES[i]!];
      if (r.rows !== want) failures.push(`${r.path} pages ${r.rows} rows, ${want} uploaded`);
    }

    if (started && uploaded && restarted && pagedServed && served) {
      const ok = pagedServed.peak <= BUDGET_RSS;
      console.log(
        `\nserver RSS: ${mb(started.rss)} signed in; uploading: ${mb(uploaded.rss)} after, peak ${mb(uploaded.peak)}; restarted on ten years: ${mb(restarted.rss)}; serving the lists in pages: ${mb(pagedServed.rss)} after, peak ${mb(pagedServed.peak)} (budget ≤ ${mb(BUDGET_RSS)} with ten years loaded) ${ok ? 'ok' : 'OVER'}; serving them whole (clients from before paging, not budgeted): ${mb(served.rss)} after, peak ${mb(served.peak)}`,
      );
      if (!ok)
        failures.push(`server RSS peaked at ${mb(pagedServed.peak)} serving the lists in pages`);
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
