import { type Reader, readerFor } from '../../domain/guard';
import type { KindSchemas } from '../../domain/record-schemas';
import { RECORD_SHAPES } from '../../domain/record-shapes';
import { RESOURCE_NAMES, type ResourceName } from '../../domain/resources';
import { SCHEMA_LOADERS } from '../../domain/schema-loaders';
import { ApiError } from '../http';

// How the engine checks what it is given: a record read back or received against its kind's
// shape, a write against its kind's input schema.

/**
 * A kind's zod schemas, loaded the first time a write of it is validated or a record of it
 * fails its shape's check (guard.ts): not on the way to a screen, where zod's ~95 ms at 1× CPU
 * was the longest task of a first visit; and a kind's alone, not every kind's (schema-loaders.ts).
 * A failed load (a chunk missing offline) is tried again.
 */
const schemasLoads = new Map<ResourceName, Promise<KindSchemas>>();
function loadSchemas(kind: ResourceName): Promise<KindSchemas> {
  let load = schemasLoads.get(kind);
  if (!load) {
    load = SCHEMA_LOADERS[kind]().catch((error: unknown) => {
      schemasLoads.delete(kind);
      throw error;
    });
    schemasLoads.set(kind, load);
  }
  return load;
}

/** Each kind's records, checked against their shape (guard.ts). */
export const readers = Object.fromEntries(
  RESOURCE_NAMES.map((kind) => [
    kind,
    readerFor(RECORD_SHAPES[kind], async () => (await loadSchemas(kind)).record),
  ]),
) as Record<ResourceName, Reader<unknown>>;

/** `input` through its kind's schema, or an ApiError naming the first field it refuses. */
export async function validated(
  kind: ResourceName,
  input: unknown,
): Promise<Record<string, unknown>> {
  const { input: schema } = await loadSchemas(kind);
  try {
    return schema.parse(input) as Record<string, unknown>;
  } catch (error) {
    throw validationError(error);
  }
}

/** `input` through `schema`, or an ApiError naming the first field it refuses. */
export function validatedWith<T>(schema: { parse(input: unknown): T }, input: unknown): T {
  try {
    return schema.parse(input);
  } catch (error) {
    throw validationError(error);
  }
}

function validationError(error: unknown): ApiError {
  const issue = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0];
  if (!issue) return new ApiError(error instanceof Error ? error.message : '数据无效', 400);
  const field = issue.path.map(String).join('.');
  return new ApiError(field ? `${field}: ${issue.message}` : issue.message, 400);
}
