import { describe, expect, it } from 'vitest';
import { digestOf, EMPTY_HASH, recordHash, xorHash } from '../../../src/domain/digest';

// The digest a device and the server compare on each sync (src/domain/digest.ts). The server
// keeps every row's hash in its database (migration 0016), so a record's hash must stay the
// same from one version to the next: a change would make every device see a mismatch and
// download its lists again. These values pin it.

describe('recordHash', () => {
  it.each([
    ['an empty record', {}, '5465b825f8c3f8bb'],
    ['one field', { id: 'a' }, 'ac71927ddaf77bbd'],
    ['another id', { id: 'b' }, 'ee871b90047d40e3'],
    ['Chinese text and a number', { id: 'a', title: '买菜', n: 1 }, 'e28858a6324c04c3'],
    [
      'an array, a boolean and null',
      { id: 'a', tags: ['x', 'y'], done: false, note: null },
      '6a321e295fa5072c',
    ],
  ])('pins %s', (_name, record, hash) => {
    expect(recordHash(record)).toBe(hash);
  });

  it('is one hash for one content, in whatever order the keys were set', () => {
    const built = { title: '买菜', n: 1, id: 'a' };
    expect(recordHash(built)).toBe(recordHash({ id: 'a', title: '买菜', n: 1 }));
    // Nested objects too.
    expect(recordHash({ a: { y: 1, x: 2 } })).toBe(recordHash({ a: { x: 2, y: 1 } }));
  });

  it('leaves out a field that is undefined, as JSON does', () => {
    expect(recordHash({ id: 'a', note: undefined })).toBe(recordHash({ id: 'a' }));
  });

  it('tells apart what differs in any field, an array order, a type or null', () => {
    const hashes = [
      { id: 'a' },
      { id: 'a', note: null },
      { id: 'a', note: '' },
      { id: 'a', n: 1 },
      { id: 'a', n: '1' },
      { id: 'a', tags: ['x', 'y'] },
      { id: 'a', tags: ['y', 'x'] },
      { id: 'a', nested: { x: 1 } },
      { id: 'a', nested: { x: 2 } },
      { id: 'A' },
    ].map(recordHash);
    expect(new Set(hashes).size).toBe(hashes.length);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('differs in both halves for a one-character change', () => {
    const [x, y] = [recordHash({ id: 'task-1' }), recordHash({ id: 'task-2' })];
    expect(x.slice(0, 8)).not.toBe(y.slice(0, 8));
    expect(x.slice(8)).not.toBe(y.slice(8));
  });
});

describe('digestOf and xorHash', () => {
  const a = { id: 'a' };
  const b = { id: 'b' };
  const c = { id: 'c', title: '跑步' };

  it('is the count and the XOR of the hashes, in any order', () => {
    expect(digestOf([a, b])).toEqual({ count: 2, hash: '42f689edde8a3b5e' });
    expect(digestOf([b, a])).toEqual(digestOf([a, b]));
    expect(digestOf([a, b, c]).hash).toBe(
      xorHash(xorHash(recordHash(a), recordHash(b)), recordHash(c)),
    );
  });

  it('of nothing is zero records and the empty hash', () => {
    expect(digestOf([])).toEqual({ count: 0, hash: EMPTY_HASH });
    expect(EMPTY_HASH).toBe('0000000000000000');
  });

  it('lets a record come and go by XOR alone, as the server keeps it', () => {
    const both = digestOf([a, b]).hash;
    expect(xorHash(both, recordHash(b))).toBe(recordHash(a));
    expect(xorHash(recordHash(a), recordHash(a))).toBe(EMPTY_HASH);
    expect(xorHash(EMPTY_HASH, recordHash(c))).toBe(recordHash(c));
  });

  it('XORs each half apart, keeping the leading zeros', () => {
    expect(xorHash('00000000ffffffff', '0000000100000001')).toBe('00000001fffffffe');
    expect(xorHash('ffffffff00000000', 'ffffffff00000000')).toBe(EMPTY_HASH);
  });

  it('a record twice is not the record once: the count tells them apart', () => {
    expect(digestOf([a, a]).hash).toBe(EMPTY_HASH);
    expect(digestOf([a, a]).count).toBe(2);
  });
});
