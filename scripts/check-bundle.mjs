// docs/spec.md "Budgets": the login route loads at most 100 KB of JS as transferred (gzip), and no chart
// code; and (issue 16) no screen but 设置 loads zod or react-hook-form before its first dialog
// or write: they wait in the 'zod' chunk (vite.config.ts); nor chart code before its chart.
// Reads the built dist/: the scripts index.html loads or preloads (/boot.js among them), plus
// the login screen's own chunks. What travels is what server/static.ts sends a browser: the .gz
// or .br twin the build wrote next to each file (scripts/vite-precompress.ts), or the file
// itself when it is too small to be worth compressing (server/compression.ts
// MIN_COMPRESS_BYTES). The budget holds for gzip, the larger, which every browser accepts;
// brotli's figure is printed beside it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUDGET = 100 * 1024;
const MIN_COMPRESS_BYTES = 1024;
const dist = process.argv[2] ?? 'dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
// /boot.js included: the login page runs it too (it asks for no chunk there).
const entry = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
const styles = [...html.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1]);

const chunks = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const chunksOf = (prefix) => chunks.filter((f) => f.startsWith(prefix)).map((f) => `assets/${f}`);

/** `files` and whatever they import statically, transitively. */
function closure(files) {
  const seen = new Set(files);
  const queue = [...files];
  for (const file of queue) {
    const code = readFileSync(join(dist, file), 'utf8');
    for (const m of code.matchAll(
      /(?:^|[;\s}])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g,
    )) {
      const dep = `assets/${m[1]}`;
      if (!seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  return seen;
}

// A first write or dialog builds its own kind's schemas only (issue 16): each schema module has a
// chunk (vite.config.ts), and none brings another kind's along (all of them at once: a first
// check-in's module evaluation at 4× CPU was 146 ms, its own kind's alone 48 ms).
const schemaChunks = chunks.filter((f) => f.startsWith('schema-'));
if (schemaChunks.length === 0) {
  console.error('no schema-* chunks: the schemas are built all at once again');
  process.exit(1);
}
for (const file of schemaChunks) {
  const others = [...closure([`assets/${file}`])].filter(
    (f) => f !== `assets/${file}` && /^assets\/(schema-|upload-)/.test(f),
  );
  if (others.length) {
    console.error(`${file} brings other kinds' schemas: ${others.join(', ')}`);
    process.exit(1);
  }
}

// What a signed-in screen loads to open: the shell, the screen, and their static imports.
for (const screen of chunks.filter(
  (f) => /^[A-Z]\w*Screen-/.test(f) && !/^(Login|Settings)Screen-/.test(f),
)) {
  const opening = closure([...entry, ...chunksOf('Layout-'), `assets/${screen}`]);
  const zod = [...opening].filter(
    (file) =>
      file.startsWith('assets/zod-') || readFileSync(join(dist, file), 'utf8').includes('_zod'),
  );
  if (zod.length) {
    console.error(`${screen} loads zod or react-hook-form as it opens: ${zod.join(', ')}`);
    process.exit(1);
  }
  // No screen loads a chart library (the charts are plain SVG, components/charts): d3's
  // formats once rode in 'shared' and were evaluated on every screen ('%x, %X' is
  // d3-time-format's locale).
  const charts = [...opening].filter(
    (file) =>
      /^assets\/(nivo|d3-)/.test(file) || readFileSync(join(dist, file), 'utf8').includes('%x, %X'),
  );
  if (charts.length) {
    console.error(`${screen} loads chart code as it opens: ${charts.join(', ')}`);
    process.exit(1);
  }
}

// The forms' chunks are marked for eager compilation (scripts/vite-compile-hints.ts), and
// nothing a route opens with is: there, compiling every function would cost each load. 设置
// is the exception, as above: it opens with its forms, whose code its first render calls.
const HINT = '//# allFunctionsCalledOnLoad\n';
const hinted = chunks.filter((f) => readFileSync(join(dist, 'assets', f), 'utf8').startsWith(HINT));
for (const prefix of ['zod-', 'schema-task-', 'TaskDialog-', 'AccountDialog-']) {
  if (!hinted.some((f) => f.startsWith(prefix))) {
    console.error(`${prefix}*.js lacks the compile hint: a form's first open compiles it lazily`);
    process.exit(1);
  }
}
const opening = closure([
  ...entry,
  ...chunksOf('Layout-'),
  ...chunksOf('LoginScreen-'),
  ...chunks
    .filter((f) => /^[A-Z]\w*Screen-/.test(f) && !/^SettingsScreen-/.test(f))
    .map((f) => `assets/${f}`),
]);
const eager = hinted.filter((f) => opening.has(`assets/${f}`));
if (eager.length) {
  console.error(`a route opens with chunks compiled eagerly: ${eager.join(', ')}`);
  process.exit(1);
}

// The login chunk and whatever it imports statically, transitively.
const seen = closure([...entry, ...chunksOf('LoginScreen-')]);

/** Bytes of body a browser receives for a built file: its `twin` (.gz or .br) if it has one. */
function transferred(file, twin) {
  const path = join(dist, file);
  if (existsSync(`${path}${twin}`)) return statSync(`${path}${twin}`).size;
  const size = statSync(path).size;
  if (size >= MIN_COMPRESS_BYTES) {
    console.error(`${file} has no ${twin} twin: the build did not pre-compress it`);
    process.exit(1);
  }
  return size;
}

let gzip = 0;
let brotli = 0;
for (const file of seen) {
  gzip += transferred(file, '.gz');
  brotli += transferred(file, '.br');
  if (/nivo|d3-|BarChart|PieChart|LineChart/.test(file)) {
    console.error(`login route loads chart code: ${file}`);
    process.exit(1);
  }
}
const page = (twin) =>
  ['index.html', ...styles].reduce((sum, file) => sum + transferred(file, twin), 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `login route JS: ${kb(gzip)} as gzip (${kb(brotli)} as brotli) in ${seen.size} files, budget ${kb(BUDGET)} gzip; with the HTML and CSS ${kb(gzip + page('.gz'))} gzip, ${kb(brotli + page('.br'))} brotli`,
);
if (gzip > BUDGET) {
  console.error(`over budget: ${kb(gzip)} of gzip`);
  process.exit(1);
}
