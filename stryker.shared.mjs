// Mutation testing (`npm run test:mutation`): one Stryker run per layer, each against the tests
// that are that layer's own, then scripts/mutation-score.mjs holds src/domain and src/api to
// their own bars (issue 11), so Stryker's own break is off. This file is what both runs share;
// stryker.domain.config.mjs and stryker.api.config.mjs say what each mutates and tests with
// (`npx stryker run stryker.api.config.mjs --mutate src/api/engine/engine.ts` for one file).
//
// Why two runs: a mutant of module-level code (a zod schema, a label table, a constant) is
// "static": Stryker cannot tell which tests reach it and re-runs the whole test set for it. In
// one run over both layers that set held the api's hook tests (37 s a run on two cores), and the
// domain's ~840 static mutants were estimated at 71 % of a run of several hours. The domain is
// pure and held by the unit tests (1,111 of them, 1 s): its static mutants cost that much only.
//
// Stryker 9, not 10: 10 requires Node 22 and the machines run Node 20.
// Incremental: each run keeps its results (reports/stryker-incremental*.json) and the next one
// re-tests only the mutants whose code or covering tests changed (a clean clone has no such
// file, so its first run is a full one). `--force` re-tests everything; `--mutate <file>`
// narrows a run while working on one file.
// `npm run test:mutation` starts Stryker with TZ=Asia/Shanghai: its vitest runner runs the tests
// in worker threads, where a test file's own `process.env.TZ = …` does not reach the clock's
// zone (tests/unit/domain/quick-add-dates.test.ts checks it), so the zone is the process's.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // perTest: each mutant runs only the tests that reached it, which is what keeps a run practical.
  coverageAnalysis: 'perTest',
  // Static mutants (module-level code: a zod schema, a label table) are reported as Ignored
  // and left out of the score: each re-runs every test of the layer, 1,798 of the domain's
  // 10,121, and with them a run was estimated at hours where without it took 27 minutes.
  // Their code is still held by the tests that import it; scripts/mutation-score.mjs counts
  // Killed and Timeout over Killed, Timeout, Survived and NoCoverage.
  ignoreStatic: true,
  incremental: true,
  // The machine has two shared cores.
  concurrency: 2,
  // Above the default 5 s: on a loaded machine a slow run must not pass for a killed mutant.
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  tempDirName: '.stryker-tmp',
  thresholds: { high: 85, low: 75, break: null },
};
