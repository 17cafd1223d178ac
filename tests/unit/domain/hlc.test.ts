import { describe, expect, it } from 'vitest';
import {
  clampStamp,
  editOrder,
  formatStamp,
  MAX_DRIFT_MS,
  parseStamp,
  receive,
  tick,
} from '../../../src/domain/hlc';

const T = Date.parse('2026-11-27T12:00:00.000Z');
const A = 'aaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbb';

describe('hybrid logical clock stamps', () => {
  it('round-trip through their text, which sorts as the stamps order', () => {
    const one = { millis: T, counter: 3, node: A };
    expect(formatStamp(one)).toBe('2026-11-27T12:00:00.000Z-0003-aaaaaaaaaaaaaaaa');
    expect(parseStamp(formatStamp(one))).toEqual(one);
    const later = [
      { millis: T, counter: 4, node: A },
      { millis: T + 1, counter: 0, node: A },
      { millis: T, counter: 3, node: B },
    ];
    for (const other of later) expect(formatStamp(other) > formatStamp(one)).toBe(true);
    expect(parseStamp('2026-11-27T12:00:00.000Z')).toBeNull();
  });

  it('never go back: a clock behind its last stamp counts on', () => {
    const last = { millis: T, counter: 0, node: A };
    expect(tick(last, T - 5000)).toEqual({ millis: T, counter: 1, node: A });
    expect(tick(last, T + 10)).toEqual({ millis: T + 10, counter: 0, node: A });
  });

  it('move past every stamp received', () => {
    const mine = { millis: T, counter: 2, node: A };
    const theirs = { millis: T + 1000, counter: 5, node: B };
    const after = receive(mine, theirs, T);
    expect(after).toEqual({ millis: T + 1000, counter: 6, node: A });
    expect(formatStamp(tick(after, T)) > formatStamp(theirs)).toBe(true);
  });

  it('ahead of the server by more than the drift allowed are clamped', () => {
    const far = formatStamp({ millis: T + 86_400_000, counter: 0, node: B });
    const near = formatStamp({ millis: T + 1000, counter: 0, node: B });
    expect(clampStamp(near, T)).toEqual({ stamp: near, clamped: false });
    const clamped = clampStamp(far, T);
    expect(clamped.clamped).toBe(true);
    expect(parseStamp(clamped.stamp)?.millis).toBe(T + MAX_DRIFT_MS);
  });

  it('order against records from before stamps by their editedAt', () => {
    const old = { editedAt: '2026-11-27T12:00:00.001Z' };
    const stamped = { stamp: formatStamp({ millis: T, counter: 0, node: A }), editedAt: 'x' };
    expect(editOrder(old) > editOrder(stamped)).toBe(true);
    expect(editOrder({ editedAt: '2026-11-27T12:00:00.000Z' }) < editOrder(stamped)).toBe(true);
    expect(editOrder({})).toBe('');
  });
});
