import type { SetupServer } from 'msw/node';
import { beforeEach } from 'vitest';

/**
 * What the app sent during the current test, as msw saw it. `pick` turns a request into what
 * the test looks at; undefined leaves it out. The list is emptied before every test (and can
 * be emptied mid-test with `list.length = 0`).
 */
export function recordRequests<T = Request>(
  server: SetupServer,
  pick: (request: Request) => T | undefined = (request) => request as T,
): T[] {
  const seen: T[] = [];
  server.events.on('request:start', ({ request }) => {
    const value = pick(request);
    if (value !== undefined) seen.push(value);
  });
  beforeEach(() => {
    seen.length = 0;
  });
  return seen;
}

/** `METHOD /path` of a write (anything but a GET). */
export const writeLine = (request: Request) =>
  request.method === 'GET' ? undefined : `${request.method} ${new URL(request.url).pathname}`;

/** The recorded requests to `method path`. */
export const requestsTo = (requests: readonly Request[], method: string, path: string) =>
  requests.filter((r) => r.method === method && new URL(r.url).pathname === path);

/** The If-Match header of a PUT (null when it went without one); other requests left out. */
export const putIfMatch = (request: Request) =>
  request.method === 'PUT' ? request.headers.get('If-Match') : undefined;
