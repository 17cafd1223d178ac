import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from './vitest.config';

// Stryker re-runs the covering tests for every mutant, so it gets the in-process suites only:
// the server project spawns real processes on SQLite (and covers server/, which is not mutated),
// and the e2e suite needs a build and Chromium. The unit project runs first: it kills most domain
// mutants in milliseconds, and Stryker bails at the first failure before the slower screens load
// (vitest would otherwise order the projects by name, ui before unit).
const ORDER = ['unit', 'ui'];

const projects = (base.test?.projects ?? [])
  .filter(
    (project): project is TestProjectInlineConfiguration =>
      typeof project === 'object' &&
      'test' in project &&
      ORDER.includes(String(project.test?.name)),
  )
  .map((project) => ({
    ...project,
    test: {
      ...project.test,
      sequence: { groupOrder: ORDER.indexOf(String(project.test?.name)) },
      ...(project.test?.name === 'ui' && {
        setupFiles: [...[project.test.setupFiles ?? []].flat(), 'stryker.ui-setup.ts'],
      }),
    },
  }));

export default defineConfig({ ...base, test: { ...base.test, projects } });
