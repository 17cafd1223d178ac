// The domain's mutation run (stryker.shared.mjs says why the layers run apart): src/domain
// against the unit project only, which holds its table-driven tests.
import shared from './stryker.shared.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...shared,
  mutate: ['src/domain/**/*.ts'],
  vitest: { configFile: 'vitest.stryker-domain.config.ts' },
  incrementalFile: 'reports/stryker-incremental-domain.json',
  jsonReporter: { fileName: 'reports/mutation/domain.json' },
  htmlReporter: { fileName: 'reports/mutation/domain.html' },
};
