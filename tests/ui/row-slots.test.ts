import { describe, expect, it } from 'vitest';
import { assignSlots } from '../../src/components/row-slots';

function counter() {
  let next = 0;
  return () => next++;
}

type Case = [name: string, was: Record<string, number>, ids: string, want: object, keep?: number];

describe('assignSlots', () => {
  // Records are letters; new keys count from 7.
  it.each<Case>([
    ['first rows take new keys in order', {}, 'abc', { a: 7, b: 8, c: 9 }],
    ['a row still drawn keeps its key', { a: 0, b: 1, c: 2 }, 'cab', { a: 0, b: 1, c: 2 }],
    ['a scroll hands on the row that left', { a: 0, b: 1, c: 2 }, 'bcd', { b: 1, c: 2, d: 0 }],
    ['a view of other records reuses every row', { a: 0, b: 1, c: 2 }, 'xy', { x: 0, y: 1 }],
    ['more rows than before: the rest take new keys', { a: 0 }, 'xyz', { x: 0, y: 7, z: 8 }],
    ['the focused row is not handed on', { a: 0, b: 1 }, 'xy', { x: 0, y: 7 }, 1],
    ['the focused row keeps its own record when drawn', { a: 0, b: 1 }, 'bx', { b: 1, x: 0 }, 1],
  ])('%s', (_, was, ids, want, keep) => {
    let next = 7;
    const slots = assignSlots(new Map(Object.entries(was)), [...ids], () => next++, keep);
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
