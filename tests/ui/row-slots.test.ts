import { describe, expect, it } from 'vitest';
import { assignSlots } from '../../src/components/row-slots';

function counter() {
  let next = 0;
  return () => next++;
}

describe('assignSlots', () => {
  it.each([
    {
      name: 'first rows take new keys in order',
      was: {},
      ids: ['a', 'b', 'c'],
      want: { a: 0, b: 1, c: 2 },
    },
    {
      name: 'a row still drawn keeps its key',
      was: { a: 0, b: 1, c: 2 },
      ids: ['c', 'a', 'b'],
      want: { a: 0, b: 1, c: 2 },
    },
    {
      name: 'a scroll by one hands the row that left to the row that came',
      was: { a: 0, b: 1, c: 2 },
      ids: ['b', 'c', 'd'],
      want: { b: 1, c: 2, d: 0 },
    },
    {
      name: 'a view of other records reuses every row',
      was: { a: 0, b: 1, c: 2 },
      ids: ['x', 'y'],
      want: { x: 0, y: 1 },
    },
    {
      name: 'more rows than before: the rest take new keys',
      was: { a: 0 },
      ids: ['x', 'y', 'z'],
      want: { x: 0, y: 3, z: 4 },
      fresh: 3,
    },
    {
      name: 'the focused row is not handed on',
      was: { a: 0, b: 1 },
      ids: ['x', 'y'],
      keep: 1,
      want: { x: 0, y: 7 },
      fresh: 7,
    },
    {
      name: 'the focused row keeps its own record when still drawn',
      was: { a: 0, b: 1 },
      ids: ['b', 'x'],
      keep: 1,
      want: { b: 1, x: 0 },
    },
  ])('$name', ({ was, ids, want, keep, fresh = 0 }) => {
    let next = fresh;
    const slots = assignSlots(
      new Map(Object.entries(was as Record<string, number>)),
      ids,
      () => next++,
      keep,
    );
    expect(Object.fromEntries(slots)).toEqual(want);
  });

  it('never gives two drawn records one key, whatever came before', () => {
    const fresh = counter();
    let slots = new Map<string, number>();
    const all = Array.from({ length: 40 }, (_, i) => `t${i}`);
    for (let step = 0; step < 200; step++) {
      const start = (step * 7) % 30;
      const ids = all.slice(start, start + 3 + (step % 9)).filter((_, i) => (i + step) % 4 !== 0);
      slots = assignSlots(
        slots,
        ids,
        fresh,
        step % 5 === 0 ? slots.values().next().value : undefined,
      );
      expect(new Set(slots.values()).size).toBe(ids.length);
      expect([...slots.keys()]).toEqual(ids);
    }
  });
});
