import { pipeline, Readable, type Transform } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';

// Node only: the app itself (app.ts) also runs in the browser demo, where a compressed body
// handed to the page through msw would arrive undecoded. main.ts wraps the app's fetch with this.
//
// The built SPA travels pre-compressed (static.ts serves the .br/.gz files the build wrote);
// this compresses what is made per request: the API's JSON above all (the whole
// /api/accounts list is 9.6 MB at ten years, 457 KB in brotli).

export type Encoding = 'br' | 'gzip';

/** Below this a compressed body saves less than the headers and the work cost. */
export const MIN_COMPRESS_BYTES = 1024;

const COMPRESSIBLE =
  /^\s*(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

export const isCompressible = (contentType: string | null) =>
  contentType !== null && COMPRESSIBLE.test(contentType);

/**
 * The coding to send for an Accept-Encoding header (RFC 9110 §12.5.3): the client's most
 * preferred of br and gzip, brotli on a tie; null for identity. `*` stands for any coding
 * not named, and q=0 refuses one.
 */
export function negotiate(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const weight = params
      .map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1])
      .find((v) => v !== undefined);
    const value = weight === undefined ? 1 : Number(weight);
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding) => q.get(name) ?? q.get('*') ?? 0;
  const [best] = (['br', 'gzip'] as const)
    .filter((name) => weight(name) > 0)
    .sort((a, b) => weight(b) - weight(a));
  return best ?? null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Up to this size a body gets the thorough settings (brotli 5, gzip 6), compressed whole: the
 * pages and deltas devices ask for are all below it (a page of 2000 bookkeeping records in
 * columns is ~250 KB), and ten years of pages in columns take ~110 ms of compression in all, no
 * page more than 6 ms, for 621 KB of brotli where the fast settings made 774 KB (gzip: 944 KB
 * against 1202 KB).
 */
export const THOROUGH_UP_TO_BYTES = 1024 * 1024;

function compress(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipAsync(body, { level: 6 });
}

/**
 * A longer body is compressed as it comes, with the fast settings: such a body is a whole list
 * asked for by a client from before paging, and the list API has 100 ms (docs/spec.md "Budgets"). The SQLite
 * store sends a long list in pieces (sqlite-store.ts, `wholeJson`), so the compressor, on
 * zlib's thread pool, works on one piece while the next is read. On a 7.5 MB JSON list,
 * measured on a busy 2-core machine: brotli quality 2 takes 36 ms for 432 KB (quality 4: 150 ms
 * for the same size), gzip level 1 25 ms for 538 KB (level 6: 67–110 ms for 451 KB). gzip
 * matters more than it seems: Chromium offers brotli only to secure or local origins, so a
 * browser reaching the server over plain HTTP on a LAN asks for gzip.
 */
function compressor(encoding: Encoding): Transform {
  // Room for a piece's whole output: with the default 16 KB, zlib came back to the event loop
  // for every 16 KB it wrote, and waited there while SQLite made the next piece.
  const chunkSize = 256 * 1024;
  return encoding === 'br'
    ? createBrotliCompress({
        chunkSize,
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 2,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : createGzip({ level: 1, chunkSize });
}

/**
 * The body's bytes while they come to at most THOROUGH_UP_TO_BYTES: all of them with `more`
 * undefined, or those read so far and `more`, the whole body's pieces from the first.
 */
async function readUpTo(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const held: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { held, size, more: undefined };
    held.push(value);
    size += value.byteLength;
    if (size > THOROUGH_UP_TO_BYTES) break;
  }
  // The source's pieces, the held ones first. Given up early (the client went away), the
  // source is cancelled too, so that nothing goes on making pieces no one will read.
  async function* more() {
    try {
      yield* held;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.cancel().catch(() => {});
    }
  }
  return { held, size, more };
}

function addVary(headers: Headers) {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) {
    headers.set('Vary', `${vary}, Accept-Encoding`);
  }
}

type Fetch<A extends unknown[]> = (request: Request, ...rest: A) => Response | Promise<Response>;

/**
 * Compresses every compressible response of at least MIN_COMPRESS_BYTES that is not encoded
 * yet, as the request's Accept-Encoding allows. Every compressible response says that it
 * varies by Accept-Encoding, whichever form it took.
 */
export function withCompression<A extends unknown[]>(fetch: Fetch<A>): Fetch<A> {
  return async (request, ...rest) => {
    const response = await fetch(request, ...rest);
    const headers = response.headers;
    if (
      !response.body ||
      request.method === 'HEAD' ||
      response.status === 206 ||
      headers.has('Content-Encoding') ||
      !isCompressible(headers.get('Content-Type')) ||
      /(^|,)\s*no-transform\s*(,|$)/i.test(headers.get('Cache-Control') ?? '')
    ) {
      return response;
    }
    const length = Number(headers.get('Content-Length') ?? Number.NaN);
    const encoding = negotiate(request.headers.get('Accept-Encoding'));
    const out = new Headers(headers);
    addVary(out);
    if (encoding === null || length < MIN_COMPRESS_BYTES) {
      return new Response(response.body, { status: response.status, headers: out });
    }
    const { held, size, more } = await readUpTo(response.body);
    if (!more && size < MIN_COMPRESS_BYTES) {
      return new Response(Buffer.concat(held, size), { status: response.status, headers: out });
    }
    out.set('Content-Encoding', encoding);
    // A validator of the identity body must not validate the compressed one (RFC 9110 §8.8.1).
    const etag = out.get('ETag');
    if (etag && !etag.startsWith('W/')) out.set('ETag', `W/${etag}`);
    if (more) {
      out.delete('Content-Length');
      // Two pieces read ahead: enough to keep the compressor busy, and no more held in memory.
      const source = Readable.from(more(), { objectMode: true, highWaterMark: 2 });
      const compressed = compressor(encoding);
      // An error of the source (a failed read of the database) cuts the body short: the
      // headers are gone by then, and the client sees a broken answer, not a wrong one.
      pipeline(source, compressed, () => {});
      return new Response(Readable.toWeb(compressed) as ReadableStream<Uint8Array>, {
        status: response.status,
        headers: out,
      });
    }
    const compressed = await compress(Buffer.concat(held, size), encoding);
    out.set('Content-Length', String(compressed.byteLength));
    return new Response(new Uint8Array(compressed), { status: response.status, headers: out });
  };
}
