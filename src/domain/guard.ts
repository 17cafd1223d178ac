import type { z } from 'zod';

// Records read back from the browser's store go through the kind's zod schema, but a full
// parse costs ~10 µs a record here (40k bookkeeping rows: over 400 ms), on every load. So the
// schema is first compiled into a check of each field's JavaScript type — what a screen needs
// not to crash — and only a record that fails it is parsed in full: repaired when the schema
// can (a missing default), dropped when it cannot.

type Check = (value: unknown) => boolean;

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

function check(schema: z.ZodType): Check {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return (v) => typeof v === 'string';
    case 'number':
      return (v) => typeof v === 'number';
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'null':
      return (v) => v === null;
    case 'literal': {
      const values = def.values ?? [];
      return (v) => values.includes(v);
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      return (v) => values.has(v);
    }
    case 'optional': {
      const inner = check(def.innerType!);
      return (v) => v === undefined || inner(v);
    }
    case 'nullable': {
      const inner = check(def.innerType!);
      return (v) => v === null || inner(v);
    }
    // A stored record holds the default already; one without it is parsed and repaired.
    case 'default':
    case 'prefault':
      return check(def.innerType!);
    // A transform's output is not described; its input's types are what it was made from.
    case 'pipe':
      return check(def.in!);
    case 'union': {
      const options = (def.options ?? []).map(check);
      return (v) => options.some((option) => option(v));
    }
    case 'record':
      return (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'object': {
      // Two plain arrays and a counted loop: this runs for every field of every record read
      // back (ten years of bookkeeping: 39k records, ~400k fields), where `every` over
      // [key, check] pairs took 1.8 times as long (31 → 17 ms in Node).
      const entries = Object.entries(def.shape ?? {});
      const keys = entries.map(([key]) => key);
      const checks = entries.map(([, field]) => check(field));
      const count = keys.length;
      return (v) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
        const record = v as Record<string, unknown>;
        for (let i = 0; i < count; i++) if (!checks[i]!(record[keys[i]!])) return false;
        return true;
      };
    }
    default:
      return () => true;
  }
}

export interface ReadBack<T> {
  items: T[];
  /** How many could not be made valid and were left out. */
  dropped: number;
}

/**
 * Reads records back through `schema`: fields of the right types pass as they are, the rest
 * are parsed in full and kept only when that succeeds.
 */
export function readerFor<S extends z.ZodType>(schema: S) {
  const quick = check(schema);
  return (values: readonly unknown[]): ReadBack<z.output<S>> => {
    const items: z.output<S>[] = [];
    let dropped = 0;
    for (const value of values) {
      if (quick(value)) {
        items.push(value as z.output<S>);
        continue;
      }
      const parsed = schema.safeParse(value);
      if (parsed.success) items.push(parsed.data);
      else dropped += 1;
    }
    return { items, dropped };
  };
}
