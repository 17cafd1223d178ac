// Mutation testing (`npm run test:mutation`); scripts/mutation-score.mjs reads the JSON report and
// holds src/domain and src/api to their own bars (issue 11), so Stryker's own break is off.
// Stryker 9, not 10: 10 requires Node 22 and the machines run Node 20.
// Incremental: a run keeps its results in reports/stryker-incremental.json and the next one
// re-tests only the mutants whose code or covering tests changed (a clean clone has no such
// file, so its first run is a full one). `--force` re-tests everything; `--mutate <file>`
// narrows a run while working on one file.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['src/domain/**/*.ts', 'src/api/**/*.ts', 'src/api/**/*.tsx'],
  // perTest: each mutant runs only the tests that reached it, which is what keeps a run practical.
  coverageAnalysis: 'perTest',
  incremental: true,
  // The machine has two shared cores.
  concurrency: 2,
  // Above the default 5 s: on a loaded machine a slow run must not pass for a killed mutant.
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  tempDirName: '.stryker-tmp',
  thresholds: { high: 85, low: 75, break: null },
};
