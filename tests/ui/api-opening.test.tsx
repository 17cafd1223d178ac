import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterOpeningScreen, OPENING_MAX_MS, useAfterOpeningScreen } from '../../src/api/opening';
import { hookClient } from './harness';

// What waits for the opening screen's data (the device copy's fill, the inbox): it starts once
// a query has settled and none is fetching, in an idle moment, and never later than the cap.

let idle: (() => void)[];
beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const runIdle = () => {
  for (const callback of idle.splice(0)) callback();
};
const flush = () => act(async () => undefined);

/** A query whose answer the test gives. */
function pendingQuery(client: QueryClient, key: string) {
  let answer: (value: number) => void = () => undefined;
  void client.fetchQuery({
    queryKey: [key],
    queryFn: () =>
      new Promise<number>((resolve) => {
        answer = resolve;
      }),
  });
  return (value: number) => answer(value);
}

describe('afterOpeningScreen', () => {
  it('waits while the screen’s lists load, then for an idle moment', async () => {
    const client = new QueryClient();
    const opened = vi.fn();
    void afterOpeningScreen(client).then(opened);
    // Nothing loaded yet: an empty cache is a screen whose code is still on its way.
    runIdle();
    await flush();
    expect(opened).not.toHaveBeenCalled();

    const answerList = pendingQuery(client, 'list');
    const answerSettings = pendingQuery(client, 'settings');
    answerList(1);
    await flush();
    runIdle();
    await flush();
    expect(opened).not.toHaveBeenCalled(); // settings still fetching

    answerSettings(2);
    await flush();
    expect(opened).not.toHaveBeenCalled(); // settled, not yet idle
    runIdle();
    await flush();
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('is one moment per client: a later caller gets the same, at once once it has come', async () => {
    const client = new QueryClient();
    client.setQueryData(['list'], []);
    const first = afterOpeningScreen(client);
    expect(afterOpeningScreen(client)).toBe(first);
    runIdle();
    await expect(first).resolves.toBeUndefined();
    expect(afterOpeningScreen(client)).toBe(first);
    expect(afterOpeningScreen(new QueryClient())).not.toBe(first);
  });

  it('holds nothing up longer than the cap when a list never answers', async () => {
    const client = new QueryClient();
    pendingQuery(client, 'hangs');
    const opened = vi.fn();
    void afterOpeningScreen(client).then(opened);
    vi.advanceTimersByTime(OPENING_MAX_MS - 1);
    runIdle();
    await flush();
    expect(opened).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    runIdle();
    await flush();
    expect(opened).toHaveBeenCalledTimes(1);
  });
});

it('useAfterOpeningScreen turns true once the screen has its data', async () => {
  const { client, wrapper } = hookClient();
  const { result } = renderHook(() => useAfterOpeningScreen(), { wrapper });
  expect(result.current).toBe(false);
  act(() => client.setQueryData(['list'], []));
  await flush();
  expect(result.current).toBe(false);
  runIdle();
  await flush();
  expect(result.current).toBe(true);
});
