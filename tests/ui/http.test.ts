import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, REQUEST_TIMEOUT_MS } from '../../src/api/http';
import { onSessionExpired, saveSession } from '../../src/api/session';

const url = (path: string) => `${location.origin}${path}`;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

beforeEach(() => {
  saveSession({ token: 'tok-123', user: { username: 'alice', displayName: '爱丽丝' } });
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiRequest', () => {
  it('sends JSON with the bearer token and x-user-id of the stored user', async () => {
    let seen: Request | undefined;
    server.use(
      http.post(url('/api/tasks'), async ({ request }) => {
        seen = request.clone();
        return HttpResponse.json({ id: 't1' }, { status: 201 });
      }),
    );
    await expect(apiRequest('POST', '/api/tasks', { title: '读书' })).resolves.toEqual({
      id: 't1',
    });
    expect(seen?.headers.get('content-type')).toBe('application/json');
    expect(seen?.headers.get('authorization')).toBe('Bearer tok-123');
    expect(seen?.headers.get('x-user-id')).toBe('alice');
    expect(await seen?.json()).toEqual({ title: '读书' });
  });

  it('returns nothing for 204', async () => {
    server.use(http.delete(url('/api/tasks/t1'), () => new HttpResponse(null, { status: 204 })));
    await expect(apiRequest('DELETE', '/api/tasks/t1')).resolves.toBeUndefined();
  });

  it('uses the error field of a JSON error body', async () => {
    server.use(
      http.post(url('/api/accounts'), () =>
        HttpResponse.json({ error: 'amount: 金额必须大于 0' }, { status: 400 }),
      ),
    );
    const error = await failure(apiRequest('POST', '/api/accounts', {}));
    expect(error.message).toBe('amount: 金额必须大于 0');
    expect(error.status).toBe(400);
  });

  it('says Network error when the error body is not JSON', async () => {
    server.use(
      http.get(
        url('/api/accounts'),
        () => new HttpResponse('<h1>bad gateway</h1>', { status: 502 }),
      ),
    );
    expect((await failure(apiRequest('GET', '/api/accounts'))).message).toBe('Network error');
  });

  it('says HTTP error! status: {code} for a JSON body without error', async () => {
    server.use(
      http.get(url('/api/accounts'), () => HttpResponse.json({ detail: 'x' }, { status: 500 })),
    );
    expect((await failure(apiRequest('GET', '/api/accounts'))).message).toBe(
      'HTTP error! status: 500',
    );
  });

  it('gives up after 30 seconds with 请求超时，请重试', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.get(url('/api/accounts'), async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const pending = failure(apiRequest('GET', '/api/accounts'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 10);
    expect((await pending).message).toBe('请求超时，请重试');
  });

  it('refuses with 用户未登录 and sends nothing without a stored user', async () => {
    localStorage.clear();
    const sent = vi.fn();
    server.events.on('request:start', sent);
    expect((await failure(apiRequest('GET', '/api/accounts'))).message).toBe('用户未登录');
    expect(sent).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('explains an unreachable server in Chinese', async () => {
    server.use(http.get(url('/api/accounts'), () => HttpResponse.error()));
    expect((await failure(apiRequest('GET', '/api/accounts'))).message).toBe(
      '无法连接服务器，请检查网络',
    );
  });

  it.each([
    ['an empty error field', { error: '' }, 400],
    ['an error field that is no string', { error: { code: 7 } }, 422],
    ['a JSON null body', null, 500],
  ])('says HTTP error! status: {code} for %s, keeping the body', async (_, body, status) => {
    server.use(http.get(url('/api/accounts'), () => HttpResponse.json(body, { status })));
    const error = await failure(apiRequest('GET', '/api/accounts'));
    expect(error.message).toBe(`HTTP error! status: ${status}`);
    expect(error.status).toBe(status);
    expect(error.body).toEqual(body);
    expect(error.name).toBe('ApiError');
  });

  it('a 401 ends the session everywhere; a 403 does not', async () => {
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    try {
      server.use(
        http.get(url('/api/accounts'), () =>
          HttpResponse.json({ error: '登录已过期' }, { status: 401 }),
        ),
        http.get(url('/api/tasks'), () =>
          HttpResponse.json({ error: '无权访问' }, { status: 403 }),
        ),
      );
      expect((await failure(apiRequest('GET', '/api/tasks'))).status).toBe(403);
      expect(expired).not.toHaveBeenCalled();
      expect((await failure(apiRequest('GET', '/api/accounts'))).status).toBe(401);
      expect(expired).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });
});
