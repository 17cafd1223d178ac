// The layering of DESIGN.md §2, checked in `npm test` (npm run lint:deps): what may import what.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        'src/domain is pure TypeScript the server also runs: it imports only itself, zod and dayjs (DESIGN §2), and the bill import (src/domain/bills) its CSV and XLSX readers.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: {
        // rrule and chrono-node: the repeat rules and the quick add's dates (issue 36).
        pathNot: [
          '^src/domain/',
          '^node_modules/(zod|dayjs|papaparse|@e965/xlsx|rrule|chrono-node)/',
        ],
      },
    },
    {
      name: 'only-the-bill-import-reads-files',
      comment: 'Only the bill import may read CSV and XLSX (papaparse, SheetJS).',
      severity: 'error',
      from: { path: '^src/domain/', pathNot: '^src/domain/bills/' },
      to: { path: '^node_modules/(papaparse|@e965/xlsx)/' },
    },
    {
      name: 'no-feature-imports-another',
      comment:
        'A screen never imports another screen (DESIGN §2 rule 5): shared code goes to components/api/domain.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'http-only-inside-api',
      comment:
        'Components never touch the HTTP client (DESIGN §2 rule 1); they use the hooks of src/api.',
      severity: 'error',
      from: { pathNot: ['^src/api/', '^tests/'] },
      to: { path: '^src/api/http\\.ts$' },
    },
    {
      name: 'ky-only-inside-api',
      comment: 'Only src/api talks HTTP.',
      severity: 'error',
      from: { pathNot: '^src/api/' },
      to: { path: '^node_modules/ky/' },
    },
    {
      name: 'api-below-the-ui',
      comment: 'src/api serves the screens; it does not know them.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/(features|components|app)/' },
    },
    {
      name: 'engine-has-one-entry',
      comment:
        'The sync engine (src/api/engine) is used through its index.ts only: the hooks and the rest of the app never reach a file inside it (docs/architecture.md, "The sync engine"). Tests of its parts may.',
      severity: 'error',
      from: { pathNot: ['^src/api/engine/', '^tests/'] },
      to: { path: '^src/api/engine/', pathNot: '^src/api/engine/index\\.ts$' },
    },
    {
      name: 'engine-below-the-hooks',
      comment:
        'The engine serves the resource hooks of src/api; it imports only the HTTP client, the session and the other plain modules beside them, never a hook.',
      severity: 'error',
      from: { path: '^src/api/engine/' },
      to: {
        path: '^src/api/[^/]+$',
        pathNot: '^src/api/(http|session|keys|idle|ids|storage-trouble|legacy-data)\\.ts$',
      },
    },
    {
      name: 'components-below-features',
      comment: 'Shared UI does not depend on a screen or on the app shell.',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'server-uses-only-the-domain',
      comment:
        'The server shares rules with the client through src/domain, never its UI or HTTP client.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    exclude: { path: '^(dist|dist-demo)/' },
  },
};
