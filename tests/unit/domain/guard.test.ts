import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readerFor } from '../../../src/domain/guard';
import { SCHEMAS } from '../../../src/domain/record-schemas';
import { RECORD_SHAPES, SETTINGS_SHAPE } from '../../../src/domain/record-shapes';
import { RESOURCE_NAMES } from '../../../src/domain/resources';
import { settingsSchema } from '../../../src/domain/schemas/settings';
import { shapeOf } from '../../../src/domain/shape-of';

// readerFor: a record whose fields have the right JavaScript types passes as it is (the same
// object: no parse, no copy); any other goes through the full schema, kept when it can be
// made valid, dropped when it cannot. Each row is one kind of schema node with a value that
// fits it and one that does not (and cannot be repaired).

/** A reader of `schema` as the engine makes one: from its shape, the schema loaded on demand. */
const readerOf = (schema: z.ZodType) => readerFor(shapeOf(schema), async () => schema);
const one = (schema: z.ZodType, value: unknown) => readerOf(schema)([value]);

const ROWS: { node: string; schema: z.ZodType; fits: unknown; fails: unknown }[] = [
  { node: 'string', schema: z.string().min(3), fits: 'abc', fails: 3 },
  { node: 'number', schema: z.number(), fits: 1.5, fails: '1.5' },
  { node: 'boolean', schema: z.boolean(), fits: false, fails: 0 },
  { node: 'null', schema: z.null(), fits: null, fails: undefined },
  { node: 'literal', schema: z.literal(['a', 'b']), fits: 'b', fails: 'c' },
  { node: 'enum', schema: z.enum(['red', 'green']), fits: 'green', fails: 'blue' },
  { node: 'optional', schema: z.string().optional(), fits: undefined, fails: 1 },
  { node: 'nullable', schema: z.number().nullable(), fits: null, fails: 'x' },
  { node: 'union', schema: z.union([z.string(), z.number()]), fits: 2, fails: true },
  { node: 'record', schema: z.record(z.string(), z.number()), fits: { a: 1 }, fails: [] },
  {
    node: 'object',
    schema: z.object({ id: z.string(), n: z.number() }),
    fits: { id: 'x', n: 1 },
    fails: { id: 'x', n: '1' },
  },
];

describe('readerFor: what a stored record needs to be shown as it is', () => {
  it.each(ROWS)('$node: a value of the right type passes as it is', async ({ schema, fits }) => {
    // Wrapped in an object, so that "as it is" can be told from a parsed copy.
    const record = { value: fits };
    const read = await one(z.object({ value: schema }), record);
    expect(read.dropped).toBe(0);
    expect(read.items[0]).toBe(record);
  });

  it.each(ROWS)('$node: a value of another type is dropped', async ({ schema, fails }) => {
    const read = await one(z.object({ value: schema }), { value: fails });
    expect(read).toEqual({ items: [], dropped: 1 });
  });

  it('null, undefined, arrays and strings are not records', async () => {
    const schema = z.object({ id: z.string() });
    const read = await readerOf(schema)([null, undefined, ['x'], 'x', { id: 'kept' }]);
    expect(read).toEqual({ items: [{ id: 'kept' }], dropped: 4 });
    expect((await one(z.record(z.string(), z.string()), null)).dropped).toBe(1);
  });

  it('checks only the types: rules beyond them are the parse’s, when a type is wrong', async () => {
    // 'ab' is a string: shown as stored although min(3) would refuse it; the screen can draw it.
    const short = { value: 'ab' };
    expect((await one(z.object({ value: z.string().min(3) }), short)).items[0]).toBe(short);
  });

  it('repairs a record that misses a field with a default, and keeps the repaired copy', async () => {
    const schema = z.object({ id: z.string(), done: z.boolean().default(false) });
    const read = await one(schema, { id: 't1' });
    expect(read).toEqual({ items: [{ id: 't1', done: false }], dropped: 0 });
    // A present field with a default is checked by its inner type.
    const stored = { id: 't2', done: true };
    expect((await one(schema, stored)).items[0]).toBe(stored);
    expect((await one(schema, { id: 't3', done: 'yes' })).dropped).toBe(1);
    const prefaulted = z.object({ note: z.string().prefault(''), n: z.number() });
    expect((await one(prefaulted, { n: 1 })).items[0]).toEqual({ note: '', n: 1 });
    const full = { note: 'x', n: 1 };
    expect((await one(prefaulted, full)).items[0]).toBe(full);
    expect((await one(z.object({ n: z.number().prefault(0) }), { n: 'x' })).dropped).toBe(1);
  });

  it('takes a transformed field by the type it was made from, without transforming it again', async () => {
    const schema = z.object({ name: z.string().transform((s) => s.toUpperCase()) });
    const stored = { name: 'kept as stored' };
    expect((await one(schema, stored)).items[0]).toBe(stored);
    // A wrong type goes through the pipe in full and fails.
    expect((await one(schema, { name: 5 })).dropped).toBe(1);
  });

  it('lets a node it does not know (arrays, dates, …) through to the screen', async () => {
    const stored = { list: 'not an array' };
    expect((await one(z.object({ list: z.array(z.string()) }), stored)).items[0]).toBe(stored);
  });

  it('keeps the order of what it keeps and counts each dropped one', async () => {
    const read = await readerOf(z.object({ n: z.number() }))([{ n: 1 }, { n: 'x' }, { n: 2 }, {}]);
    expect(read).toEqual({ items: [{ n: 1 }, { n: 2 }], dropped: 2 });
  });

  it.each(RESOURCE_NAMES)('%s: an empty object is not taken for a stored record', async (kind) => {
    const read = await readerFor(RECORD_SHAPES[kind], async () => SCHEMAS[kind].record)([{}]);
    expect(read).toEqual({ items: [], dropped: 1 });
  });
});

describe('Reader.shape: what a reader checks, as text', () => {
  const base = z.object({ id: z.string(), n: z.number(), kind: z.enum(['a', 'b']) });
  const shape = (schema: z.ZodType) => readerOf(schema).shape;

  it('is the same for the same schema built twice', async () => {
    const again = z.object({ id: z.string(), n: z.number(), kind: z.enum(['a', 'b']) });
    expect(shape(again)).toBe(shape(base));
  });

  // A list stored under one shape is read back unchecked only under the same shape, so every
  // change that makes the check differ must make the text differ.
  it.each([
    ['a field added', base.extend({ extra: z.string() })],
    ['a field removed', z.object({ id: z.string(), n: z.number() })],
    ['a field renamed', z.object({ id: z.string(), m: z.number(), kind: z.enum(['a', 'b']) })],
    ['a type changed', base.extend({ n: z.string() })],
    ['a field made optional', base.extend({ n: z.number().optional() })],
    ['a field made nullable', base.extend({ n: z.number().nullable() })],
    ['an enum value added', base.extend({ kind: z.enum(['a', 'b', 'c']) })],
    ['a union option added', base.extend({ n: z.union([z.number(), z.string()]) })],
    ['a literal changed', base.extend({ kind: z.literal('a') })],
    ['a node it does not check', base.extend({ n: z.array(z.number()) })],
  ])('differs when %s', (_, changed) => {
    expect(shape(changed)).not.toBe(shape(base));
  });

  it('tells every kind of record apart, each by its fields', async () => {
    const shapes = RESOURCE_NAMES.map((kind) => shape(SCHEMAS[kind].record));
    expect(new Set(shapes).size).toBe(RESOURCE_NAMES.length);
    for (const text of shapes) expect(text).toContain('"id":string');
  });
});

describe('the shapes the browser checks records against (record-shapes.ts)', () => {
  // Written from the schemas by `npm run gen:shapes`: a schema changed without running it
  // would let records of the old shape through, or drop valid ones.
  it.each(RESOURCE_NAMES)('%s: is what its record schema describes', (kind) => {
    expect(RECORD_SHAPES[kind], 'run npm run gen:shapes').toEqual(shapeOf(SCHEMAS[kind].record));
  });

  it('settings: is what the settings schema describes', () => {
    expect(SETTINGS_SHAPE, 'run npm run gen:shapes').toEqual(shapeOf(settingsSchema));
  });

  it('loads the schema only for a record that fails the check, once per read', async () => {
    const schema = z.object({ id: z.string(), done: z.boolean().default(false) });
    const parser = vi.fn(async () => schema);
    const read = readerFor(shapeOf(schema), parser);
    const stored = [
      { id: 'a', done: true },
      { id: 'b', done: false },
    ];
    expect((await read(stored)).items).toEqual(stored);
    expect(parser).not.toHaveBeenCalled();
    const mixed = await read([{ id: 'c' }, stored[0], { id: 'd' }, { id: 5 }]);
    expect(mixed).toEqual({
      items: [{ id: 'c', done: false }, stored[0], { id: 'd', done: false }],
      dropped: 1,
    });
    expect(parser).toHaveBeenCalledTimes(1);
  });
});
