// Where a CPU profile's time went: self time per function (and per script), heaviest first.
// For the profiles `npm run bench:web -- --profile DIR` writes.
//
//   node scripts/profile-summary.mjs FILE.cpuprofile [--top 30]
import { readFileSync } from 'node:fs';

const [file] = process.argv.slice(2);
const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 30;
if (!file) {
  console.error('usage: node scripts/profile-summary.mjs FILE.cpuprofile [--top 30]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
// Sample i lasted timeDeltas[i + 1]; the last one's length is unknown and left out.
const self = new Map();
for (let i = 0; i < profile.samples.length - 1; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + profile.timeDeltas[i + 1] / 1000);
}
const fn = new Map();
const script = new Map();
let total = 0;
for (const [id, ms] of self) {
  const { callFrame: f } = byId.get(id);
  if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
  total += ms;
  const url = f.url.replace(/^.*\//, '') || '(native)';
  const key = `${f.functionName || '(anonymous)'}  ${url}:${f.lineNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + ms);
  script.set(url, (script.get(url) ?? 0) + ms);
}
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(1).padStart(8)} ms  ${key}`);
  }
};
console.log(`${file}: ${total.toFixed(0)} ms busy (idle and "(program)" left out)`);
print('by script', script);
print('by function (self time)', fn);

// Busy stretches (no idle sample between): roughly the main thread's tasks, with what filled
// the ones over 50 ms.
const stretches = [];
let current = null;
let t = profile.startTime;
for (let i = 0; i < profile.samples.length - 1; i++) {
  t += profile.timeDeltas[i];
  const { callFrame: f } = byId.get(profile.samples[i]);
  const idle = f.functionName === '(idle)';
  const dt = profile.timeDeltas[i + 1] / 1000;
  if (idle) {
    current = null;
    continue;
  }
  if (!current) {
    current = { start: (t - profile.startTime) / 1000, ms: 0, fns: new Map() };
    stretches.push(current);
  }
  current.ms += dt;
  const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}`;
  current.fns.set(key, (current.fns.get(key) ?? 0) + dt);
}
console.log(
  '\nbusy stretches over 50 ms (start ms after the profile began: length, top functions)',
);
for (const s of stretches.filter((x) => x.ms > 50)) {
  const fns = [...s.fns]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
    .join(' · ');
  console.log(`${s.start.toFixed(0).padStart(6)}: ${s.ms.toFixed(0)} ms  ${fns}`);
}
