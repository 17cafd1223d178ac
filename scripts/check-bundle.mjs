// DESIGN.md §6: the login route loads at most 100 KB of gzip JS, and no chart code. Reads the
// built dist/: the scripts index.html loads or preloads, plus the login screen's own chunks.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 100 * 1024;
const dist = process.argv[2] ?? 'dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);

// The login chunk and whatever it imports statically, transitively.
const seen = new Set(entry);
const queue = [
  ...entry,
  ...readdirSync(join(dist, 'assets'))
    .filter((f) => f.startsWith('LoginScreen-') && f.endsWith('.js'))
    .map((f) => `assets/${f}`),
];
for (const file of queue) {
  seen.add(file);
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

let total = 0;
for (const file of seen) {
  const size = gzipSync(readFileSync(join(dist, file))).length;
  total += size;
  if (/nivo|d3-|BarChart|PieChart|LineChart/.test(file)) {
    console.error(`login route loads chart code: ${file}`);
    process.exit(1);
  }
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`login route JS: ${kb(total)} gzip in ${seen.size} files (budget ${kb(BUDGET)})`);
if (total > BUDGET) {
  console.error('over budget');
  process.exit(1);
}
