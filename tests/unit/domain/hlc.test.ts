import { describe, expect, it } from 'vitest';
import {
  clampStamp,
  editOrder,
  formatStamp,
  type Hlc,
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

// The rules one by one, as a table: a mutation run found receive's cases and the counter's
// overflow untested (src/domain/hlc.ts).
describe('tick and receive, case by case', () => {
  const N = '0123456789abcdef';
  const R = 'fedcba9876543210';
  const h = (millis: number, counter: number, node = N): Hlc => ({ millis, counter, node });

  it.each([
    ['the clock ahead of the last stamp starts a new millisecond', h(100, 7), 200, h(200, 0)],
    ['the clock at the last stamp counts on', h(100, 7), 100, h(100, 8)],
    ['the clock behind the last stamp counts on from it', h(100, 7), 50, h(100, 8)],
    ['a fraction of a millisecond is dropped', h(100, 7), 100.9, h(100, 8)],
    ['the last counter of a millisecond moves to the next one', h(100, 0xffff), 100, h(101, 0)],
    ['the counter below the last counts on', h(100, 0xfffe), 100, h(100, 0xffff)],
  ])('tick: %s', (_name, last, physical, expected) => {
    expect(tick(last, physical)).toEqual(expected);
  });

  it.each([
    ['all three at one millisecond: past both counters', h(100, 3), h(100, 9, R), 100, h(100, 10)],
    [
      'all three at one millisecond, this clock ahead in count',
      h(100, 9),
      h(100, 3, R),
      100,
      h(100, 10),
    ],
    ['the last stamp ahead of the remote and the clock', h(300, 4), h(200, 9, R), 100, h(300, 5)],
    ['the remote ahead of the last stamp and the clock', h(100, 4), h(300, 9, R), 200, h(300, 10)],
    ['the clock ahead of both', h(100, 4), h(200, 9, R), 500, h(500, 0)],
    ['the clock ahead, with a fraction', h(100, 4), h(200, 9, R), 500.7, h(500, 0)],
    ['the last counter of a millisecond received', h(100, 0), h(100, 0xffff, R), 100, h(101, 0)],
    ['the last counter of a millisecond kept', h(300, 0xffff), h(100, 0, R), 100, h(301, 0)],
  ])('receive: %s', (_name, last, remote, physical, expected) => {
    // The node stays this clock's.
    expect(receive(last, remote, physical)).toEqual(expected);
  });

  it.each([
    ['a number', 42],
    ['undefined', undefined],
    ['a stamp with a lower-case counter', `2026-11-27T12:00:00.000Z-00ab-${N}`],
    ['a stamp in a 13th month', `2026-13-01T12:00:00.000Z-0000-${N}`],
    ['a stamp without its node', '2026-11-27T12:00:00.000Z-0000-'],
  ])('parseStamp refuses %s', (_name, stamp) => {
    expect(parseStamp(stamp)).toBeNull();
  });

  it('writes the counter in upper-case hex, which parseStamp reads back', () => {
    const stamp = formatStamp(h(Date.parse('2026-11-27T12:00:00.000Z'), 0xab));
    expect(stamp).toBe(`2026-11-27T12:00:00.000Z-00AB-${N}`);
    expect(parseStamp(stamp)).toEqual(h(Date.parse('2026-11-27T12:00:00.000Z'), 0xab));
  });

  it('clamps a stamp only past the drift allowed, not at it', () => {
    const now = Date.parse('2026-11-27T12:00:00.000Z');
    const at = formatStamp(h(now + MAX_DRIFT_MS, 1));
    expect(clampStamp(at, now)).toEqual({ stamp: at, clamped: false });
    const past = formatStamp(h(now + MAX_DRIFT_MS + 1, 1));
    expect(clampStamp(past, now)).toEqual({
      stamp: formatStamp(h(now + MAX_DRIFT_MS, 1)),
      clamped: true,
    });
    expect(clampStamp('not a stamp', now)).toEqual({ stamp: 'not a stamp', clamped: false });
  });

  it('orders by editedAt when the stamp is empty or not text', () => {
    expect(editOrder({ stamp: '', editedAt: '2026-11-27T12:00:00.000Z' })).toBe(
      '2026-11-27T12:00:00.000Z',
    );
    expect(editOrder({ stamp: 7, editedAt: '2026-11-27T12:00:00.000Z' })).toBe(
      '2026-11-27T12:00:00.000Z',
    );
    expect(editOrder({ stamp: 7 })).toBe('');
  });
});
