import type { z } from 'zod';

// Records downloaded, and lists read back that another build stored, go through the kind's
// zod schema; but a full parse costs ~10 µs a record here (40k bookkeeping rows: over 400 ms).
// So the schema is first compiled into a check of each field's JavaScript type — what a
// screen needs not to crash — and only a record that fails it is parsed in full: repaired when
// the schema can (a missing default), dropped when it cannot. A list this code stored is not
// checked again (`Reader.shape`).

type Check = (value: unknown) => boolean;

/** A schema compiled: the check, and what it checks as text (equal texts check alike). */
interface Compiled {
  ok: Check;
  shape: string;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, unknown>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const typeOf = (type: 'string' | 'number' | 'boolean'): Compiled => ({
  ok: (v) => typeof v === type,
  shape: type,
});

function compile(schema: z.ZodType): Compiled {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return typeOf(def.type);
    case 'null':
      return { ok: (v) => v === null, shape: 'null' };
    case 'literal': {
      const values = def.values ?? [];
      return { ok: (v) => values.includes(v), shape: `literal${JSON.stringify(values)}` };
    }
    case 'enum': {
      const list = Object.values(def.entries ?? {});
      const values = new Set(list);
      return { ok: (v) => values.has(v), shape: `enum${JSON.stringify(list)}` };
    }
    case 'optional': {
      const inner = compile(def.innerType!);
      return { ok: (v) => v === undefined || inner.ok(v), shape: `${inner.shape}?` };
    }
    case 'nullable': {
      const inner = compile(def.innerType!);
      return { ok: (v) => v === null || inner.ok(v), shape: `${inner.shape}|null` };
    }
    // A stored record holds the default already; one without it is parsed and repaired.
    case 'default':
    case 'prefault':
      return compile(def.innerType!);
    // A transform's output is not described; its input's types are what it was made from.
    case 'pipe':
      return compile(def.in!);
    case 'union': {
      const options = (def.options ?? []).map(compile);
      return {
        ok: (v) => options.some((option) => option.ok(v)),
        shape: `(${options.map((o) => o.shape).join('|')})`,
      };
    }
    case 'record':
      return {
        ok: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
        shape: 'record',
      };
    case 'object': {
      // Two plain arrays and a counted loop: this runs for every field of every record read
      // back (ten years of bookkeeping: 39k records, ~400k fields), where `every` over
      // [key, check] pairs took 1.8 times as long (31 → 17 ms in Node).
      const entries = Object.entries(def.shape ?? {});
      const keys = entries.map(([key]) => key);
      const fields = entries.map(([, field]) => compile(field));
      const checks = fields.map((field) => field.ok);
      const count = keys.length;
      return {
        ok: (v) => {
          if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
          const record = v as Record<string, unknown>;
          for (let i = 0; i < count; i++) if (!checks[i]!(record[keys[i]!])) return false;
          return true;
        },
        shape: `{${keys.map((key, i) => `${JSON.stringify(key)}:${fields[i]!.shape}`).join(',')}}`,
      };
    }
    default:
      // What is not described is not checked; its name still tells two schemas apart.
      return { ok: () => true, shape: def.type };
  }
}

interface ReadBack<T> {
  items: T[];
  /** How many could not be made valid and were left out. */
  dropped: number;
}

/** Reads records back (see `readerFor`). */
export interface Reader<T> {
  (values: readonly unknown[]): ReadBack<T>;
  /**
   * What the reader checks, as text. A list this code stored holds only records that passed
   * it (read back, or written and validated here): stored with this text beside it, it need
   * not be checked again while the text is the same (engine.ts `readStored`).
   */
  shape: string;
}

/**
 * Reads records back through `schema`: fields of the right types pass as they are, the rest
 * are parsed in full and kept only when that succeeds.
 */
export function readerFor<S extends z.ZodType>(schema: S): Reader<z.output<S>> {
  const { ok, shape } = compile(schema);
  const read = (values: readonly unknown[]): ReadBack<z.output<S>> => {
    const items: z.output<S>[] = [];
    let dropped = 0;
    for (const value of values) {
      if (ok(value)) {
        items.push(value as z.output<S>);
        continue;
      }
      const parsed = schema.safeParse(value);
      if (parsed.success) items.push(parsed.data);
      else dropped += 1;
    }
    return { items, dropped };
  };
  return Object.assign(read, { shape });
}
