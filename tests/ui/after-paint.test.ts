import { notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { afterPaint } from '../../src/api/idle';

afterEach(() => {
  vi.unstubAllGlobals();
});

// A toggle's write waits for the paint of what it showed at once (checkin-records.ts). TanStack
// Query tells the screen of that data in a timer of its own: a frame asked for before that
// timer ran could be painted without the change, and the write would run before the one that
// showed it.
it('asks for its frame only once the data shown at once has reached the screen', async () => {
  const order: string[] = [];
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.push(callback);
    order.push('frame asked');
    return frames.length;
  });
  const client = new QueryClient();
  const key = ['list'];
  client.setQueryData(key, ['before']);
  const observer = new QueryObserver(client, { queryKey: key, enabled: false });
  // As useQuery subscribes a component (useBaseQuery): through notifyManager's batchCalls.
  const stop = observer.subscribe(notifyManager.batchCalls(() => order.push('screen told')));

  client.setQueryData(key, ['before', 'toggled']);
  const painted = afterPaint().then(() => order.push('resolved'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(order).toEqual(['screen told', 'frame asked']);

  frames.shift()!(performance.now());
  await painted;
  expect(order).toEqual(['screen told', 'frame asked', 'resolved']);
  stop();
});
