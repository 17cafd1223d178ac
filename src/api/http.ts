import type { KyInstance } from 'ky';
import { NOT_LOGGED_IN } from '../domain/messages';
import { notifySessionExpired, readSession } from './session';

export const REQUEST_TIMEOUT_MS = 30_000;

/** An error whose message is ready to show to the user (docs/spec.md §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The answer's JSON body, when it had one (a 409 carries the current record). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const TIMEOUT_MESSAGE = '请求超时，请重试';
const OFFLINE_MESSAGE = '无法连接服务器，请检查网络';

function apiBase(): string {
  const configured = import.meta.env.VITE_API_BASE as string | undefined;
  if (configured) return configured.replace(/\/$/, '');
  return globalThis.location?.origin ?? '';
}

// ky is loaded with the first request rather than with the page: the login route is held
// to 100 KB gzip (docs/spec.md "Budgets") and shows its form before anything is sent.
let kyModule: Promise<typeof import('ky')> | undefined;
let client: Promise<KyInstance> | undefined;

function loadKy() {
  kyModule ??= import('ky');
  client ??= kyModule.then(
    ({ default: ky }) =>
      ky.create({
        timeout: REQUEST_TIMEOUT_MS,
        retry: 0,
        headers: { 'Content-Type': 'application/json' },
        hooks: { afterResponse: [(_request, _options, response) => heardServer(response)] },
      }),
    (error: unknown) => {
      // The chunk could not be fetched (server down): try again with the next request.
      kyModule = undefined;
      client = undefined;
      throw error;
    },
  );
  return client;
}

const serverTimeListeners = new Set<(serverMs: number) => void>();

/** Calls `listener` with the server's clock at each of its answers (src/api/engine/clock.ts). */
export function onServerTime(listener: (serverMs: number) => void): () => void {
  serverTimeListeners.add(listener);
  return () => serverTimeListeners.delete(listener);
}

/** The server's clock from an answer: X-Server-Time in ms, else the Date header's second. */
function heardServer(response: Response) {
  const exact = Number(response.headers.get('x-server-time'));
  const at = exact > 0 ? exact : Date.parse(response.headers.get('date') ?? '');
  if (!Number.isFinite(at)) return;
  for (const listener of serverTimeListeners) listener(at);
}

/** Starts fetching ky before the first request: a signed-in page is about to send one. */
export function preloadHttpClient(): void {
  loadKy().catch(() => undefined);
}

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  const loaded = await kyModule?.catch(() => undefined);
  if (!loaded) return new ApiError(OFFLINE_MESSAGE, 0);
  const { HTTPError, TimeoutError } = loaded;
  if (error instanceof TimeoutError) return new ApiError(TIMEOUT_MESSAGE, 0);
  if (error instanceof HTTPError) {
    const { status } = error.response;
    let body: unknown;
    try {
      body = await error.response.json();
    } catch {
      return new ApiError('Network error', status);
    }
    const message = (body as { error?: unknown } | null)?.error;
    if (typeof message === 'string' && message) return new ApiError(message, status, body);
    return new ApiError(`HTTP error! status: ${status}`, status, body);
  }
  return new ApiError(OFFLINE_MESSAGE, 0);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function send<T>(
  method: Method,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<T> {
  try {
    const ky = await loadKy();
    const response = await ky(`${apiBase()}${path}`, { method, json: body, headers });
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  } catch (error) {
    throw await toApiError(error);
  }
}

/**
 * A call as the signed-in user: the token proves who it is, and x-user-id (docs/spec.md §6) names
 * the same user so the server can refuse a mismatch. Without a stored user nothing is sent.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const session = readSession();
  if (!session) throw new ApiError(NOT_LOGGED_IN, 0);
  try {
    return await send<T>(method, path, body, {
      ...headers,
      Authorization: `Bearer ${session.token}`,
      'x-user-id': session.user.username,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) notifySessionExpired();
    throw error;
  }
}

/** A call that needs no session: login and the health check. */
export function publicRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  return send<T>(method, path, body, {});
}
