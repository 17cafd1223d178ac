import { describe, expect, it } from 'vitest';
import type { ListResult } from '../../../src/api/engine';
import { keepUnchanged } from '../../../src/api/resource';

const a = { id: 'a', title: '读书' };
const b = { id: 'b', title: '跑步' };
const list = (items: object[], pending: string[] = [], extra: object = {}) =>
  ({
    items,
    complete: true,
    local: false,
    pending: new Set(pending),
    cursor: 7,
    ...extra,
  }) as ListResult<object>;

describe('keepUnchanged (the lists’ structural sharing)', () => {
  it('keeps the cached list when the same records come back in a new array', () => {
    const old = list([a, b], ['a']);
    expect(keepUnchanged(old, list([a, b], ['a']))).toBe(old);
  });

  it('a changed record gives a new array, with the other records the same objects', () => {
    const old = list([a, b]);
    const edited = { ...b, title: '游泳' };
    const shared = keepUnchanged(old, list([a, edited])) as ListResult<object>;
    expect(shared).not.toBe(old);
    expect(shared.items).toEqual([a, edited]);
    expect(shared.items[0]).toBe(a);
    expect(shared.pending).toBe(old.pending);
  });

  // By reference, not by content: an equal copy is a record the engine replaced (and the row
  // showing it draws again), which costs less than comparing ten years of fields.
  it('compares records by reference', () => {
    const old = list([a, b]);
    const shared = keepUnchanged(old, list([a, { ...b }])) as ListResult<object>;
    expect(shared.items).not.toBe(old.items);
  });

  it.each([
    ['a record added', list([a, b, { id: 'c' }])],
    ['a record removed', list([a])],
    ['the order changed', list([b, a])],
    ['a change waiting', list([a, b], ['b'])],
    ['the server out of reach', list([a, b], [], { local: true, error: '网络错误' })],
    ['a newer cursor', list([a, b], [], { cursor: 8 })],
    ['not complete', list([a, b], [], { complete: false })],
  ])('gives a new list for %s', (_case, next) => {
    const old = list([a, b]);
    const shared = keepUnchanged(old, next) as ListResult<object>;
    expect(shared).not.toBe(old);
    expect(shared).toEqual(next);
  });

  it('keeps the cached items when only the status changes', () => {
    const old = list([a, b]);
    const shared = keepUnchanged(old, list([a, b], [], { local: true })) as ListResult<object>;
    expect(shared.items).toBe(old.items);
  });

  it('takes the new value when there is nothing cached to share with', () => {
    const next = list([a]);
    expect(keepUnchanged(undefined, next)).toBe(next);
  });
});
