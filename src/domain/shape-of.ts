import type { z } from 'zod';
import type { Shape } from './guard';

// A zod schema described as the JavaScript types its values must have (guard.ts): how
// record-shapes.ts is written (`npm run gen:shapes`) and checked against the schemas.

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

export function shapeOf(schema: z.ZodType): Shape {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'record':
      return def.type;
    case 'literal':
      return { literal: def.values ?? [] };
    case 'enum':
      return { enum: Object.values(def.entries ?? {}) };
    case 'optional':
      return { optional: shapeOf(def.innerType!) };
    case 'nullable':
      return { nullable: shapeOf(def.innerType!) };
    // A stored record holds the default already; one without it is parsed and repaired.
    case 'default':
    case 'prefault':
      return shapeOf(def.innerType!);
    // A transform's output is not described; its input's types are what it was made from.
    case 'pipe':
      return shapeOf(def.in!);
    case 'union':
      return { union: (def.options ?? []).map(shapeOf) };
    case 'object':
      return {
        object: Object.fromEntries(
          Object.entries(def.shape ?? {}).map(([key, field]) => [key, shapeOf(field)]),
        ),
      };
    default:
      return { unchecked: def.type };
  }
}
