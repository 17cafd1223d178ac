import { describe, expect, it } from 'vitest';
import { JSON_SLICE, listJson } from '../../src/api/engine/local-db';

// How a list is serialised for the device's copy: in pieces with a yield between them, to the
// same text as one JSON.stringify (engine.ts reads it back with JSON.parse).

const records = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `r${i}`,
    title: `第${i}条 "引号" \\`,
    done: i % 2 === 0,
  }));

describe('listJson', () => {
  it.each([
    0,
    1,
    JSON_SLICE,
    JSON_SLICE + 1,
    2 * JSON_SLICE,
    2 * JSON_SLICE + 1,
    5 * JSON_SLICE - 7,
  ])('gives JSON.stringify’s text for %i records, yielding between pieces', async (n) => {
    let pauses = 0;
    const list = records(n);
    const text = await listJson(list, async () => {
      pauses += 1;
    });
    expect(text).toBe(JSON.stringify(list));
    expect(JSON.parse(text)).toEqual(list);
    expect(pauses).toBe(Math.max(0, Math.ceil(n / JSON_SLICE) - 1));
  });

  it('lets other work run between its pieces', async () => {
    const order: string[] = [];
    const list = records(3 * JSON_SLICE);
    const pause = () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          order.push('pause');
          resolve();
        }, 0),
      );
    const done = listJson(list, pause).then(() => order.push('done'));
    setTimeout(() => order.push('tap'), 0);
    await done;
    expect(order).toEqual(['pause', 'tap', 'pause', 'done']);
  });

  it('serialises at once where nothing can be yielded to', async () => {
    const list = records(3 * JSON_SLICE);
    expect(await listJson(list, undefined)).toBe(JSON.stringify(list));
  });
});
