import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DemoServer } from '../../mocks/demo-server';
import { createTestServer } from '../../mocks/node';
import { Layout } from '../../src/app/Layout';
import { ErrorBoundary, ErrorMessage } from '../../src/components/ErrorBoundary';
import { lazyDialog, lazyWithRetry, RETRY_DELAYS_MS } from '../../src/components/lazy-with-retry';
import { Providers, renderApp, signIn } from './harness';

// The sync dialog's chunk: failing as a dropped connection would, `failures` times in a row.
const syncChunk = vi.hoisted(() => ({ failures: 0, attempts: 0 }));
vi.mock('../../src/features/sync/SyncDialog', async (importOriginal) => {
  syncChunk.attempts += 1;
  if (syncChunk.attempts <= syncChunk.failures) {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/SyncDialog.js');
  }
  return importOriginal();
});

const MESSAGE = '无法加载页面，请检查网络后重试';
const RETRY_TIME = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);

let demo: DemoServer;
let server: Awaited<ReturnType<typeof createTestServer>>['server'];

beforeAll(async () => {
  ({ server, ...demo } = await createTestServer({ today: '2026-11-21', seed: false }));
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());
beforeEach(async () => {
  await signIn(demo);
  // React reports every error a boundary catches; these are expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

let renders = 0;
function Boom({ times }: { times: number }) {
  renders += 1;
  if (renders <= times) throw new Error('render failed');
  return <h1>恢复了</h1>;
}

/** The signed-in layout with one screen that throws, beside a working one. */
function renderLayout(path: string, throwTimes = Number.POSITIVE_INFINITY) {
  renders = 0;
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="accounting" element={<Boom times={throwTimes} />} />
            <Route path="tasks" element={<h1>任务屏幕</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

describe('route error boundary', () => {
  it('shows the message inside the layout, keeps the navigation bar, and resets on navigation', async () => {
    const user = userEvent.setup();
    renderLayout('/accounting');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGE);
    expect(within(alert).getByRole('button', { name: '重试' })).toBeInTheDocument();
    // A render error is not a download problem: no reload offered.
    expect(within(alert).queryByRole('button', { name: '刷新' })).toBeNull();

    const nav = screen.getByRole('navigation', { name: '主导航' });
    await user.click(within(nav).getByRole('link', { name: '任务管理' }));
    expect(await screen.findByRole('heading', { name: '任务屏幕' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGE)).toBeNull();

    await user.click(within(nav).getByRole('link', { name: '记账管理' }));
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
  });

  it('renders the screen again on 重试', async () => {
    const user = userEvent.setup();
    // Twice: React renders a component again once before giving up on it.
    renderLayout('/accounting', 2);
    await user.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '恢复了' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });
});

describe('lazyWithRetry', () => {
  function renderLazy(load: () => Promise<{ default: () => React.ReactNode }>) {
    const Screen = lazyWithRetry(() => load().then((m) => m.default));
    return render(
      <ErrorBoundary fallback={(props) => <ErrorMessage {...props} />}>
        <Suspense fallback={<p>加载中...</p>}>
          <Screen />
        </Suspense>
      </ErrorBoundary>,
    );
  }

  const chunk = { default: () => <h1>懒加载的屏幕</h1> };
  const networkError = () => new TypeError('Failed to fetch dynamically imported module');

  it('tries a failing chunk again after a pause, and shows it when a later try succeeds', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(networkError())
      .mockRejectedValueOnce(networkError())
      .mockResolvedValue(chunk);
    const started = Date.now();
    renderLazy(load);
    expect(
      await screen.findByRole('heading', { name: '懒加载的屏幕' }, { timeout: RETRY_TIME + 2000 }),
    ).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(RETRY_TIME - 50);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers 刷新 once every try failed, and 重试 starts a fresh round', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const load = vi.fn().mockRejectedValue(networkError());
    const user = userEvent.setup();
    renderLazy(load);

    const alert = await screen.findByRole('alert', {}, { timeout: RETRY_TIME + 2000 });
    expect(alert).toHaveTextContent(MESSAGE);
    expect(load).toHaveBeenCalledTimes(3);
    await user.click(within(alert).getByRole('button', { name: '刷新' }));
    expect(reload).toHaveBeenCalledTimes(1);

    load.mockResolvedValue(chunk);
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '懒加载的屏幕' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(4);
  });

  // The opening screen is preloaded before the first render (src/main.tsx): drawn at once, it
  // spares React's ~300 ms wait before a fallback is replaced.
  const inSuspense = (Screen: React.ComponentType) => (
    <Suspense fallback={<p>加载中...</p>}>
      <Screen />
    </Suspense>
  );

  it('draws a preloaded chunk in its first render, never its fallback', async () => {
    const load = vi.fn<() => Promise<typeof chunk>>().mockResolvedValue(chunk);
    const Preloaded = lazyWithRetry(() => load().then((m) => m.default));
    const NotPreloaded = lazyWithRetry(() => load().then((m) => m.default));
    await Preloaded.preload();

    const { unmount } = render(inSuspense(Preloaded));
    expect(screen.getByRole('heading', { name: '懒加载的屏幕' })).toBeInTheDocument();
    expect(screen.queryByText('加载中...')).toBeNull();
    unmount();
    // The same chunk through a lazy that was not preloaded suspends first.
    render(inSuspense(NotPreloaded));
    expect(screen.getByText('加载中...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '懒加载的屏幕' })).toBeInTheDocument();
  });

  it('resolves a preload that fails, and the render then tries the chunk again', async () => {
    const load = vi
      .fn<() => Promise<typeof chunk>>()
      .mockRejectedValueOnce(networkError())
      .mockResolvedValue(chunk);
    const Screen = lazyWithRetry(() => load().then((m) => m.default));
    await expect(Screen.preload()).resolves.toBeUndefined();
    render(inSuspense(Screen));
    expect(screen.getByText('加载中...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '懒加载的屏幕' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyDialog', () => {
  const chunk = () => <h2>懒加载的对话框</h2>;
  const outer = (Dialog: React.ComponentType) => (
    <Suspense fallback={<p>加载中...</p>}>
      <p>屏幕</p>
      <Dialog />
    </Suspense>
  );

  // Suspending would show the screen's fallback, or with a fallback of its own, make React hold
  // the dialog back ~300 ms after its chunk arrived.
  it('draws nothing while its chunk loads, never suspending, then the dialog', async () => {
    let arrive: (c: typeof chunk) => void = () => undefined;
    const Dialog = lazyDialog(() => new Promise<typeof chunk>((resolve) => (arrive = resolve)));
    render(outer(Dialog));
    expect(screen.getByText('屏幕')).toBeInTheDocument();
    expect(screen.queryByText('加载中...')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();

    arrive(chunk);
    expect(await screen.findByRole('heading', { name: '懒加载的对话框' })).toBeInTheDocument();
    expect(screen.queryByText('加载中...')).toBeNull();
  });

  it('draws a preloaded dialog in its first render', async () => {
    const load = vi.fn(async () => chunk);
    const Dialog = lazyDialog(load);
    await Dialog.preload();
    render(outer(Dialog));
    expect(screen.getByRole('heading', { name: '懒加载的对话框' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

// Layout's lazy dialog lives as long as the module: these cases run in order on one chunk.
describe('sync dialog chunk', () => {
  it('shows the message in a dialog that closes, with the app still there', async () => {
    syncChunk.failures = 3;
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: '同步' }));
    await waitFor(() => expect(syncChunk.attempts).toBe(3), { timeout: RETRY_TIME + 2000 });
    const dialog = await screen.findByRole('dialog', { name: '数据同步' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGE);
    expect(within(dialog).getByRole('button', { name: '刷新' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: /^今天 · / })).toBeInTheDocument();
  });

  it('downloads the chunk afresh when the dialog is opened again, retrying twice', async () => {
    syncChunk.failures = syncChunk.attempts + 2;
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: '同步' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: '数据同步' },
      { timeout: RETRY_TIME + 2000 },
    );
    expect(within(dialog).getByText('服务器状态')).toBeInTheDocument();
    expect(syncChunk.attempts).toBe(6);
  });
});
