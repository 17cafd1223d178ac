// Writes src/domain/record-shapes.ts from each kind's record schema and the settings schema
// (src/domain/shape-of.ts): what the browser checks a downloaded or read-back record, and the
// settings kept on the device, against without loading zod.
// Run it after changing a schema in src/domain/schemas; tests/unit/domain/guard.test.ts fails
// until then.
//
//   npm run gen:shapes
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS } from '../src/domain/record-schemas';
import { RESOURCE_NAMES } from '../src/domain/resources';
import { settingsSchema } from '../src/domain/schemas/settings';
import { shapeOf } from '../src/domain/shape-of';

const file = join(import.meta.dirname, '../src/domain/record-shapes.ts');
const shapes = Object.fromEntries(
  RESOURCE_NAMES.map((kind) => [kind, shapeOf(SCHEMAS[kind].record)]),
);
writeFileSync(
  file,
  `// Written by \`npm run gen:shapes\` (scripts/gen-record-shapes.ts) from record-schemas.ts and
// schemas/settings.ts: do not edit. What each kind's stored record, and the settings, must be
// field by field (guard.ts).
import type { Shape } from './guard';
import type { ResourceName } from './resources';

export const RECORD_SHAPES: Record<ResourceName, Shape> = ${JSON.stringify(shapes)};

export const SETTINGS_SHAPE: Shape = ${JSON.stringify(shapeOf(settingsSchema))};
`,
);
execFileSync('npx', ['biome', 'format', '--write', file], { stdio: 'inherit' });
