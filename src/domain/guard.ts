// Records downloaded, and lists read back that another build stored, must be of their kind's
// shape before a screen draws them; but a full zod parse costs ~10 µs a record here (40k
// bookkeeping rows: over 400 ms), and loading zod and the schemas ~95 ms of a page load at 1×
// CPU. So each kind's schema is described as the JavaScript types of its fields — what a
// screen needs not to crash — in record-shapes.ts (written from the schemas by
// `npm run gen:shapes`; a test fails when the two differ), and a record is checked against
// that. Only one that fails it is parsed in full, with the schema loaded then: repaired when
// the schema can (a missing default), dropped when it cannot. A list this code stored is not
// checked again (`Reader.shape`).

/** What a schema requires of a value's JavaScript type (shape-of.ts makes one from zod). */
export type Shape =
  | 'string'
  | 'number'
  | 'boolean'
  | 'null'
  | 'record'
  | { literal: readonly unknown[] }
  | { enum: readonly unknown[] }
  | { optional: Shape }
  | { nullable: Shape }
  | { union: readonly Shape[] }
  | { object: { readonly [field: string]: Shape } }
  /** A node not checked (arrays, dates, …), by its name: it still tells two schemas apart. */
  | { unchecked: string };

type Check = (value: unknown) => boolean;

/** A shape compiled: the check, and what it checks as text (equal texts check alike). */
interface Compiled {
  ok: Check;
  text: string;
}

const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

function compile(shape: Shape): Compiled {
  if (typeof shape === 'string') {
    if (shape === 'null') return { ok: (v) => v === null, text: 'null' };
    if (shape === 'record') return { ok: isObject, text: 'record' };
    return { ok: (v) => typeof v === shape, text: shape };
  }
  if ('literal' in shape) {
    const values = shape.literal;
    return { ok: (v) => values.includes(v), text: `literal${JSON.stringify(values)}` };
  }
  if ('enum' in shape) {
    const values = new Set(shape.enum);
    return { ok: (v) => values.has(v), text: `enum${JSON.stringify(shape.enum)}` };
  }
  if ('optional' in shape) {
    const inner = compile(shape.optional);
    return { ok: (v) => v === undefined || inner.ok(v), text: `${inner.text}?` };
  }
  if ('nullable' in shape) {
    const inner = compile(shape.nullable);
    return { ok: (v) => v === null || inner.ok(v), text: `${inner.text}|null` };
  }
  if ('union' in shape) {
    const options = shape.union.map(compile);
    return {
      ok: (v) => options.some((option) => option.ok(v)),
      text: `(${options.map((o) => o.text).join('|')})`,
    };
  }
  if ('object' in shape) {
    // Two plain arrays and a counted loop: this runs for every field of every record read
    // back (ten years of bookkeeping: 39k records, ~400k fields), where `every` over
    // [key, check] pairs took 1.8 times as long (31 → 17 ms in Node).
    const keys = Object.keys(shape.object);
    const fields = keys.map((key) => compile(shape.object[key]!));
    const checks = fields.map((field) => field.ok);
    const count = keys.length;
    return {
      ok: (v) => {
        if (!isObject(v)) return false;
        const record = v as Record<string, unknown>;
        for (let i = 0; i < count; i++) if (!checks[i]!(record[keys[i]!])) return false;
        return true;
      },
      text: `{${keys.map((key, i) => `${JSON.stringify(key)}:${fields[i]!.text}`).join(',')}}`,
    };
  }
  return { ok: () => true, text: shape.unchecked };
}

interface ReadBack<T> {
  items: T[];
  /** How many could not be made valid and were left out. */
  dropped: number;
}

/** The full parse of a record that fails its check (a zod schema, loaded when first needed). */
type Parser = () => Promise<{
  safeParse(value: unknown): { success: true; data: unknown } | { success: false };
}>;

/** Reads records back (see `readerFor`). */
export interface Reader<T> {
  (values: readonly unknown[]): Promise<ReadBack<T>>;
  /**
   * What the reader checks, as text. A list this code stored holds only records that passed
   * it (read back, or written and validated here): stored with this text beside it, it need
   * not be checked again while the text is the same (engine.ts `readStored`).
   */
  shape: string;
}

/**
 * Reads records back against `shape`: fields of the right types pass as they are, the rest
 * are parsed in full by `parser`'s schema and kept only when that succeeds.
 */
export function readerFor<T>(shape: Shape, parser: Parser): Reader<T> {
  const { ok, text } = compile(shape);
  const read = async (values: readonly unknown[]): Promise<ReadBack<T>> => {
    const items: T[] = [];
    let dropped = 0;
    let schema: Awaited<ReturnType<Parser>> | undefined;
    for (const value of values) {
      if (ok(value)) {
        items.push(value as T);
        continue;
      }
      schema ??= await parser();
      const parsed = schema.safeParse(value);
      if (parsed.success) items.push(parsed.data as T);
      else dropped += 1;
    }
    return { items, dropped };
  };
  return Object.assign(read, { shape: text });
}
