import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { openingChunks } from '../../../scripts/vite-opening-preloads';

// What /boot.js asks for on a signed-in page (scripts/vite-opening-preloads.ts): the shell's and
// the screen's chunks with what they import statically, never what the entry already brings.

const ROOT = '/app';

function chunk(fileName: string, imports: string[], extra: Partial<Rolldown.OutputChunk> = {}) {
  return {
    type: 'chunk',
    fileName,
    imports,
    dynamicImports: [] as string[],
    isEntry: false,
    facadeModuleId: null,
    ...extra,
  };
}

function bundleOf(...chunks: ReturnType<typeof chunk>[]): Rolldown.OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as Rolldown.OutputBundle;
}

const bundle = bundleOf(
  chunk('assets/index.js', ['assets/runtime.js'], { isEntry: true }),
  chunk('assets/runtime.js', []),
  chunk('assets/Layout.js', ['assets/shared.js', 'assets/runtime.js'], {
    facadeModuleId: `${ROOT}/src/app/Layout.tsx`,
  }),
  chunk('assets/shared.js', ['assets/login-shared.js']),
  chunk('assets/login-shared.js', ['assets/runtime.js']),
  chunk('assets/TasksScreen.js', ['assets/shared.js', 'assets/zod.js'], {
    facadeModuleId: `${ROOT}/src/features/tasks/TasksScreen.tsx`,
  }),
  chunk('assets/zod.js', ['assets/zod.js']),
  chunk('assets/DashboardScreen.js', ['assets/shared.js'], {
    facadeModuleId: `${ROOT}/src/features/dashboard/DashboardScreen.tsx`,
    dynamicImports: ['assets/TaskDialog.js'],
  }),
  // A form dialog, asked for by the dashboard when it is opened.
  chunk('assets/TaskDialog.js', ['assets/zod.js', 'assets/shared.js', 'assets/runtime.js'], {
    facadeModuleId: `${ROOT}/src/features/tasks/TaskDialog.tsx`,
  }),
  // Loaded on demand (a chart, a dialog): never part of an opening.
  chunk('assets/PieChart.js', ['assets/nivo.js'], {
    facadeModuleId: `${ROOT}/src/components/charts/PieChart.tsx`,
  }),
);

const SCREENS = { '/': 'dashboard/DashboardScreen', '/tasks': 'tasks/TasksScreen' };

describe('openingChunks', () => {
  const opening = openingChunks(bundle, ROOT, '/', SCREENS, 'src/app/Layout.tsx');

  it.each([
    ['/', ['Layout', 'shared', 'login-shared', 'DashboardScreen']],
    ['/tasks', ['Layout', 'shared', 'login-shared', 'TasksScreen', 'zod']],
  ])('%s opens with the shell, its screen and their static imports', (path, names) => {
    expect(opening.paths[path]).toEqual(names.map((n) => `/assets/${n}.js`));
  });

  it('leaves out what the entry brings, and lists each file once', () => {
    for (const files of [opening.shell, ...Object.values(opening.paths)]) {
      expect(files).not.toContain('/assets/index.js');
      expect(files).not.toContain('/assets/runtime.js');
      expect(new Set(files).size).toBe(files.length);
    }
  });

  it('names the shell alone for any other signed-in path', () => {
    expect(opening.shell).toEqual([
      '/assets/Layout.js',
      '/assets/shared.js',
      '/assets/login-shared.js',
    ]);
  });

  it("lists a screen's on-demand chunks with their imports, less what its path opens with", () => {
    expect(opening.later['/']).toEqual(['/assets/TaskDialog.js', '/assets/zod.js']);
    // /tasks opens with zod already, and asks for nothing on demand.
    expect(opening.later['/tasks']).toEqual([]);
  });

  it('puts the files under the base the app is served from', () => {
    const under = openingChunks(bundle, ROOT, '/pms/', SCREENS, 'src/app/Layout.tsx');
    expect(under.paths['/tasks']?.[0]).toBe('/pms/assets/Layout.js');
  });

  it('fails the build when a screen has no chunk of its own', () => {
    expect(() =>
      openingChunks(bundle, ROOT, '/', { '/x': 'x/XScreen' }, 'src/app/Layout.tsx'),
    ).toThrow('no chunk for src/features/x/XScreen.tsx');
  });
});
