import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from './vitest.config';

// Stryker re-runs the covering tests for every mutant, so it gets the in-process suites only:
// the server project spawns real processes on SQLite (and covers server/, which is not mutated),
// and the e2e suite needs a build and Chromium. The unit project runs first: it kills most domain
// mutants in milliseconds, and Stryker bails at the first failure before the slower screens load
// (vitest would otherwise order the projects by name, ui before unit).
const ORDER = ['unit', 'ui'];

// Of the ui project, only the files that drive `src/api` itself: its hooks through renderHook
// (`tests/ui/api-*`), the engine, the HTTP client and the warm-up. Every screen test reaches
// the hooks and the engine too, so with them a surviving api mutant re-ran some 100 screen
// tests (a run was estimated at seven hours on two cores); the sync dialog's screens alone take
// 11 s and the dashboard's 4 s per surviving mutant. The api layer is held to its bar by its
// own tests; the screens are held by `npm test`.
// The engine's digest, heal and fill files are its own (issue 58); its two property tests
// (engine-convergence, engine-concurrency: 30-70 s a run) are left to `npm test`.
const API_TESTS = [
  'tests/ui/engine.test.ts',
  'tests/ui/engine-digest.test.ts',
  'tests/ui/engine-heal.test.ts',
  'tests/ui/engine-fill.test.ts',
  'tests/ui/http.test.ts',
  'tests/ui/storage-trouble.test.tsx',
  'tests/ui/warm-up.test.ts',
  'tests/ui/api-*.test.{ts,tsx}',
];

/**
 * The in-process projects for one layer's run: the domain's the unit project alone (it is
 * pure, and its static mutants re-run every test given), the api's the unit project and the
 * api-level ui files.
 */
export function strykerConfig(layer: 'domain' | 'api') {
  const names = layer === 'domain' ? ['unit'] : ORDER;
  const projects = (base.test?.projects ?? [])
    .filter(
      (project): project is TestProjectInlineConfiguration =>
        typeof project === 'object' &&
        'test' in project &&
        names.includes(String(project.test?.name)),
    )
    .map((project) => ({
      ...project,
      test: {
        ...project.test,
        sequence: { groupOrder: ORDER.indexOf(String(project.test?.name)) },
        ...(project.test?.name === 'ui' && {
          include: API_TESTS,
          setupFiles: [...[project.test.setupFiles ?? []].flat(), 'stryker.ui-setup.ts'],
        }),
      },
    }));
  return defineConfig({ ...base, test: { ...base.test, projects } });
}

export default strykerConfig('api');
