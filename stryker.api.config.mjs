// The api layer's mutation run (stryker.shared.mjs says why the layers run apart): src/api
// against the unit project and the api-level ui tests (vitest.stryker.config.ts).
import shared from './stryker.shared.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...shared,
  mutate: ['src/api/**/*.ts', 'src/api/**/*.tsx'],
  vitest: { configFile: 'vitest.stryker.config.ts' },
  // The name the single run over both layers used: its api results are reused.
  incrementalFile: 'reports/stryker-incremental.json',
  jsonReporter: { fileName: 'reports/mutation/api.json' },
  htmlReporter: { fileName: 'reports/mutation/api.html' },
};
