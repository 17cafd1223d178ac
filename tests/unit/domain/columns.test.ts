import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromColumns, packColumns } from '../../../src/domain/columns';

// shape=packed (src/domain/columns.ts): whatever the columns hold, packed and read back they
// are the very records the plain columns give, and each form is used where it applies.

const read = (columns: Record<string, unknown[]>) => fromColumns(packColumns(columns));

describe('packColumns', () => {
  it.each([
    {
      name: 'timestamps as ms between them, nulls kept, the next step from 0',
      column: [
        '2016-11-29T11:55:40.000Z',
        '2016-11-29T10:21:42.000Z',
        null,
        '2016-11-29T10:21:43.000Z',
        '1969-12-31T23:59:59.999Z',
      ],
      packed: { ms: [1480420540000, -5638000, null, 1480414903000, -1480414903001] },
    },
    {
      name: 'dates as days between them, empty and null kept, the next step from 0',
      column: ['2024-03-01', '', '2024-02-28', null, '2024-02-28', '2000-02-29', '0000-01-01'],
      packed: { days: [19783, '', 19781, null, 19781, 11016 - 19781, -719528 - 11016] },
    },
    {
      name: 'of timestamps, anything else as it is, the next step from 0',
      column: [
        '2024-02-01T00:00:00.000Z',
        '2024-02-01',
        '2024-02-30T00:00:00.000Z',
        '2024-02-01T00:00:01.000Z',
      ],
      packed: { ms: [1706745600000, '2024-02-01', '2024-02-30T00:00:00.000Z', 1706745601000] },
    },
    {
      name: 'texts that repeat as a dictionary, in the order they first come',
      column: [
        '餐饮',
        '交通',
        '餐饮',
        '餐饮',
        null,
        '交通',
        '餐饮',
        '餐饮',
        '餐饮',
        '餐饮',
        '餐饮',
        '餐饮',
      ],
      packed: { dict: ['餐饮', '交通', null], at: [0, 1, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0] },
    },
  ])('$name', ({ column, packed }) => {
    expect(packColumns({ f: column }).f).toEqual(packed);
    expect(read({ f: column })).toEqual(column.map((f) => ({ f })));
  });

  it.each([
    ['texts that repeat too little', ['a', 'b', 'a', 'a', 'a', 'a', 'a', 'c']],
    ['fewer texts than a dictionary needs', ['a', 'a', 'a']],
    ['timestamps that would not print back the same', ['2024-02-30T00:00:00.000Z']],
    ['an offset or a shorter timestamp', ['2024-02-01T00:00:00+08:00', '2024-02-01T00:00:00Z']],
    ['a date that is not a day', ['2024-02-30', '2024-13-01', '1900-02-29', '2023-02-29']],
    ['a timestamp of a day that is not', ['2100-02-29T00:00:00.000Z', '2024-04-31T00:00:00.000Z']],
    ['nothing but empty and null', ['', null, '']],
    ['numbers, booleans and objects', [1, 2.5, true, { a: 1 }, null]],
  ])('leaves %s as they are', (_name, column) => {
    expect(packColumns({ f: column }).f).toBe(column);
  });

  it('reads back to exactly the records of the plain columns, whatever they hold', () => {
    const real = fc
      .date({
        min: new Date(-62_000_000_000_000), // the year 0005
        max: new Date(253_000_000_000_000), // 9987
        noInvalidDate: true,
      })
      .map((d) => d.toISOString());
    // Timestamps in form only: every field a little past its range (month 13, day 0 or 32,
    // hour 24, second 60, 29 February of any year), which must go as they are.
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    const shaped = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 999 }),
      )
      .map(
        ([y, mo, d, h, mi, s, ms]) =>
          `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}.${pad(ms, 3)}Z`,
      );
    const iso = fc.oneof(real, shaped);
    const value = fc.oneof(
      iso,
      iso.map((t) => t.slice(0, 10)),
      fc.constantFrom('', '餐饮', '交通', '2024-02-30', '2024-02-01T00:00:00Z'),
      fc.string(),
      fc.constant(null),
      fc.integer(),
      fc.boolean(),
    );
    // Columns of one kind each (as the server's are), or of anything mixed.
    const column = (length: number) =>
      fc.oneof(
        fc.array(fc.oneof(iso, fc.constant(null)), { minLength: length, maxLength: length }),
        fc.array(
          fc.oneof(
            iso.map((t) => t.slice(0, 10)),
            fc.constantFrom('', null),
          ),
          {
            minLength: length,
            maxLength: length,
          },
        ),
        fc.array(fc.constantFrom('餐饮', '交通', '', null, 'null', '0'), {
          minLength: length,
          maxLength: length,
        }),
        fc.array(value, { minLength: length, maxLength: length }),
      );
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 40 })
          .chain((length) => fc.dictionary(fc.string({ minLength: 1 }), column(length))),
        (columns) => {
          const wire = JSON.parse(JSON.stringify(packColumns(columns)));
          expect(fromColumns(wire)).toEqual(fromColumns(columns));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('fromColumns', () => {
  it.each([
    ['a step that is not a whole number', { f: { ms: [1.5] } }],
    ['a step out of Date’s range', { f: { ms: [8.64e15, 1] } }],
    ['a day out of Date’s range', { f: { days: [1e9] } }],
    ['an object that is no packed form', { f: { values: [1] } }],
    ['an index outside the dictionary', { f: { dict: ['a'], at: [0, 1] } }],
    ['an index that is not a whole number', { f: { dict: ['a', 'b'], at: ['0', 0.5] } }],
    ['columns of different lengths', { f: { ms: [0, 1] }, g: ['x'] }],
  ])('refuses %s', (_name, columns) => {
    expect(fromColumns(columns)).toBeNull();
  });
});
