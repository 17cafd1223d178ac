import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import {
  MIN_COMPRESS_BYTES,
  negotiate,
  THOROUGH_UP_TO_BYTES,
  withCompression,
} from '../../server/compression';
import { createMemoryStore } from '../../server/memory-store';
import { spaStaticFiles } from '../../server/static';
import { createWebPasswordHasher } from '../../server/web-auth';
import { login, type RunningServer, startServer } from './server-process';

// Issue 16 item 1: what travels is compressed when the client takes it, and says that it
// varies by Accept-Encoding; the built files go as the .br/.gz twins the build wrote.

const CHROME = 'gzip, deflate, br, zstd';

describe('negotiate', () => {
  it.each([
    [CHROME, 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['*', 'br'],
    ['gzip;q=0.2, *;q=0.8', 'br'],
    ['*;q=0', null],
    ['identity', null],
    ['deflate, zstd', null],
    ['', null],
    [null, null],
  ])('%j → %s', (header, expected) => {
    expect(negotiate(header)).toBe(expected);
  });
});

/** A JSON body of about `bytes`, compressible as real lists are. */
const json = (bytes: number) =>
  JSON.stringify(
    Array.from({ length: Math.ceil(bytes / 60) }, (_, i) => ({ id: `acc-${i}`, amount: i * 3 })),
  );

describe('withCompression', () => {
  const big = json(20_000);
  const app = new Hono()
    .get('/big', (c) => c.body(big, 200, { 'Content-Type': 'application/json' }))
    .get('/small', (c) => c.json({ ok: true }))
    .get('/png', (c) => c.body(new Uint8Array(5000).fill(7), 200, { 'Content-Type': 'image/png' }))
    .get('/encoded', (c) =>
      c.body(gzipSync(big), 200, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
      }),
    )
    .get('/no-transform', (c) =>
      c.body(big, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-transform' }),
    )
    .get('/tagged', (c) =>
      c.body(big, 200, { 'Content-Type': 'text/html', ETag: '"v1"', 'Cache-Control': 'no-store' }),
    );
  const fetch = withCompression(app.fetch);
  const get = (path: string, acceptEncoding?: string, method = 'GET') =>
    fetch(
      new Request(`http://x${path}`, {
        method,
        headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {},
      }),
    );
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('sends brotli to a browser, gzip to a gzip-only client, identity to the rest', async () => {
    const br = await get('/big', CHROME);
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBody = await bytes(br);
    expect(Number(br.headers.get('content-length'))).toBe(brBody.length);
    expect(brotliDecompressSync(brBody).toString()).toBe(big);
    expect(brBody.length).toBeLessThan(big.length / 4);

    const gz = await get('/big', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(big);

    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/big', header);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(big);
    }
  });

  // A page or a delta (at most THOROUGH_UP_TO_BYTES) is worth brotli 5 and gzip 6; a whole
  // ten-year list, which only a client from before paging asks for, gets the fast settings.
  it('compresses a page thoroughly and a whole list fast', async () => {
    const sizes = (body: string) => {
      const params = (quality: number) => ({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      });
      return {
        thorough: [brotliCompressSync(body, params(5)).length, gzipSync(body, { level: 6 }).length],
        fast: [brotliCompressSync(body, params(2)).length, gzipSync(body, { level: 1 }).length],
      };
    };
    const page = json(THOROUGH_UP_TO_BYTES);
    const whole = json(THOROUGH_UP_TO_BYTES * 2);
    expect(Buffer.byteLength(page)).toBeLessThanOrEqual(THOROUGH_UP_TO_BYTES);
    expect(Buffer.byteLength(whole)).toBeGreaterThan(THOROUGH_UP_TO_BYTES);
    const sent = async (body: string) => {
      const served = withCompression(
        new Hono().get('/', (c) => c.body(body, 200, { 'Content-Type': 'application/json' })).fetch,
      );
      const at = async (encoding: string) =>
        (
          await bytes(
            await served(new Request('http://x/', { headers: { 'Accept-Encoding': encoding } })),
          )
        ).length;
      return [await at(CHROME), await at('gzip')];
    };
    expect(await sent(page)).toEqual(sizes(page).thorough);
    expect(await sent(whole)).toEqual(sizes(whole).fast);
  });

  // A whole list from the SQLite store comes in pieces (sqlite-store.ts, `wholeJson`): past
  // THOROUGH_UP_TO_BYTES it is compressed as it comes, not read whole first.
  it('compresses a long body as its pieces come, and stops the source when the client goes', async () => {
    const PIECES = 60;
    // Rows that differ from piece to piece, so that the compressor has output as it goes.
    const piece = (i: number) =>
      Buffer.from(
        JSON.stringify(
          Array.from({ length: 1600 }, (_, k) => ({
            id: `p${i}-${k}`,
            n: (k * 7919 * (i + 1)) % 100_003,
          })),
        ),
      );
    const source = (msPerPiece = 0, failAt = -1) => {
      const state = { pulled: 0, cancelled: false };
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (msPerPiece) await new Promise((resolve) => setTimeout(resolve, msPerPiece));
          if (state.pulled === failAt) throw new Error('disk I/O error');
          if (state.pulled === PIECES) controller.close();
          else controller.enqueue(piece(state.pulled++));
        },
        cancel() {
          state.cancelled = true;
        },
      });
      const fetch = withCompression(
        async () => new Response(body, { headers: { 'Content-Type': 'application/json' } }),
      );
      return { state, fetch };
    };
    const all = Buffer.concat(Array.from({ length: PIECES }, (_, i) => piece(i)));
    expect(all.length).toBeGreaterThan(THOROUGH_UP_TO_BYTES * 2);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const { state, fetch } = source();
      const res = await fetch(
        new Request('http://x/', { headers: { 'Accept-Encoding': encoding } }),
      );
      // Answered once the first megabyte was read, with the rest still to come.
      expect(state.pulled).toBeLessThan(PIECES / 2);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-length')).toBeNull();
      expect(decode(await bytes(res)).equals(all)).toBe(true);
      expect(state.pulled).toBe(PIECES);
    }

    // A source that fails after the headers were sent: the body breaks off, it never ends
    // as if the list were complete.
    const failing = source(0, PIECES - 5);
    const broken = await failing.fetch(
      new Request('http://x/', { headers: { 'Accept-Encoding': CHROME } }),
    );
    await expect(bytes(broken)).rejects.toThrow();

    // A source that takes its time, as SQLite does on a long list: the client that goes away
    // after the first bytes leaves most of it unread.
    const { state, fetch } = source(5);
    const res = await fetch(new Request('http://x/', { headers: { 'Accept-Encoding': CHROME } }));
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(PIECES / 2);
  });

  it('marks every compressible response Vary: Accept-Encoding, compressed or not', async () => {
    for (const [path, header] of [
      ['/big', CHROME],
      ['/big', undefined],
      ['/small', CHROME],
    ] as const) {
      expect((await get(path, header)).headers.get('vary')).toBe('Accept-Encoding');
    }
  });

  it(`leaves alone bodies under ${MIN_COMPRESS_BYTES} bytes, other types, encoded bodies, HEAD and no-transform`, async () => {
    const small = await get('/small', CHROME);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });

    const png = await get('/png', CHROME);
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('vary')).toBeNull();
    expect((await bytes(png)).length).toBe(5000);

    const encoded = await get('/encoded', CHROME);
    expect(encoded.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(encoded)).toString()).toBe(big);

    const head = await get('/big', CHROME, 'HEAD');
    expect(head.headers.get('content-encoding')).toBeNull();

    const kept = await get('/no-transform', CHROME);
    expect(kept.headers.get('content-encoding')).toBeNull();
    expect(await kept.text()).toBe(big);
  });

  it('keeps the other headers and weakens a strong ETag it no longer matches', async () => {
    const res = await get('/tagged', CHROME);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect((await get('/tagged')).headers.get('etag')).toBe('"v1"');
  });
});

describe('the built SPA', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pms-static-'));
  const index = `<!doctype html><title>个人管理系统</title>${'<!-- padding -->'.repeat(100)}`;
  const script = `console.log(${JSON.stringify(json(8000))});`;
  const worker = `self.addEventListener('fetch', () => {});${'/* padding */'.repeat(200)}`;
  const twins = (path: string, body: string) => {
    writeFileSync(path, body);
    writeFileSync(`${path}.br`, brotliCompressSync(body));
    writeFileSync(`${path}.gz`, gzipSync(body));
  };
  mkdirSync(join(dir, 'assets'));
  twins(join(dir, 'index.html'), index);
  twins(join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'tiny-abc123.js'), 'export{}');
  // Written after the build's compression step (a service worker, say): no twins.
  writeFileSync(join(dir, 'sw.js'), worker);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const app = createApp({
    store: createMemoryStore(),
    auth: createWebPasswordHasher({ iterations: 1000 }),
    staticFiles: spaStaticFiles(dir),
  });
  const fetch = withCompression(app.fetch);
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(new Request(`http://x${path}`, { method, headers }));
  const file = (path: string) => readFileSync(join(dir, path));

  it('sends the .br twin to a browser and the .gz twin to a gzip-only client', async () => {
    const br = await get('/assets/index-abc123.js', { 'Accept-Encoding': CHROME });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await br.arrayBuffer()).equals(file('assets/index-abc123.js.br'))).toBe(
      true,
    );

    const gz = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await gz.arrayBuffer()).equals(file('assets/index-abc123.js.gz'))).toBe(
      true,
    );

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(script);
  });

  it('answers client routes with index.html, never cached without revalidation', async () => {
    for (const path of ['/', '/tasks', '/checkin']) {
      const res = await get(path, { 'Accept-Encoding': CHROME });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(index);
    }
  });

  it('revalidates with a 304 and no body when the ETag still matches', async () => {
    const first = await get('/tasks', { 'Accept-Encoding': CHROME });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/tasks', { 'Accept-Encoding': CHROME, 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(again.headers.get('vary')).toBe('Accept-Encoding');

    // The identity file has another tag: a tag of the brotli body does not validate it.
    const plain = await get('/tasks', { 'If-None-Match': etag! });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('etag')).not.toBe(etag);
    expect(await plain.text()).toBe(index);
    const stale = await get('/tasks', { 'Accept-Encoding': CHROME, 'If-None-Match': 'W/"old"' });
    expect(stale.status).toBe(200);
  });

  it('compresses a large file that has no twins on the fly, and leaves a tiny one', async () => {
    const sw = await get('/sw.js', { 'Accept-Encoding': CHROME });
    expect(sw.headers.get('content-encoding')).toBe('br');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await sw.arrayBuffer())).toString()).toBe(worker);

    const tiny = await get('/assets/tiny-abc123.js', { 'Accept-Encoding': CHROME });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('export{}');
  });

  it('answers HEAD with the headers of what GET would send, and a missing chunk with 404', async () => {
    const head = await get('/assets/index-abc123.js', { 'Accept-Encoding': CHROME }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(Number(head.headers.get('content-length'))).toBe(
      file('assets/index-abc123.js.br').length,
    );
    expect((await get('/assets/missing.js', { 'Accept-Encoding': CHROME })).status).toBe(404);
  });
});

describe('the Node server', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'pms-compress-'));
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({
      DATA_DIR: scratch,
      PM_STATIC_DIR: scratch,
      PM_USERS: JSON.stringify([{ username: 'carol', password: 'carol-password' }]),
    });
  });
  afterAll(async () => {
    expect(await server?.stop()).toBe(0);
    rmSync(scratch, { recursive: true, force: true });
  });

  /** Raw bytes and headers, as sent: node:http decodes nothing. */
  const raw = (path: string, headers: Record<string, string>) =>
    new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = request(`${server.url}${path}`, { headers });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('compresses API lists for a browser, and not a small answer', async () => {
    const { body } = await login(server.url, 'carol', 'carol-password');
    const auth = { authorization: `Bearer ${body.token}`, 'x-user-id': 'carol' };
    const records = Array.from({ length: 60 }, (_, i) => ({
      id: `acc-${i}`,
      type: 'expense',
      category: 'dining',
      amount: 10 + i,
      description: '午餐',
      date: '2024-05-01',
    }));
    const batch = await fetch(`${server.url}/api/accounts/batch`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ records }),
    });
    expect(batch.status).toBe(200);

    const list = await raw('/api/accounts', { ...auth, 'accept-encoding': CHROME });
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers.vary).toBe('Accept-Encoding');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(list.body).toString())).toHaveLength(60);

    const plain = await raw('/api/accounts', auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toHaveLength(60);

    const health = await raw('/health', { 'accept-encoding': CHROME });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
  });
});
