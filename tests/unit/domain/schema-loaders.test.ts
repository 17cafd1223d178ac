import { describe, expect, it } from 'vitest';
import { SCHEMAS } from '../../../src/domain/record-schemas';
import { RESOURCE_NAMES } from '../../../src/domain/resources';
import { SCHEMA_LOADERS } from '../../../src/domain/schema-loaders';

// The browser loads one kind's schemas at a time (api/engine.ts); the server and the upload
// checks use record-schemas.ts whole. Both must hand out the same pair for every kind.
describe('SCHEMA_LOADERS', () => {
  it.each(RESOURCE_NAMES)('loads the schemas record-schemas.ts holds for %s', async (kind) => {
    const loaded = await SCHEMA_LOADERS[kind]();
    expect(loaded.record).toBe(SCHEMAS[kind].record);
    expect(loaded.input).toBe(SCHEMAS[kind].input);
  });
});
