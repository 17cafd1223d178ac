// Splits Stryker's JSON report per layer and holds each to its bar (issue 11): one run feeds
// both scores, so the dry run and the instrumentation are paid once.
import { readFileSync } from 'node:fs';

const REPORT = 'reports/mutation/mutation.json';
const BARS = [
  { name: 'domain', dir: 'src/domain/', bar: 85 },
  { name: 'api', dir: 'src/api/', bar: 75 },
];
// Stryker's "mutation score": detected over all valid mutants, so untested code counts as missed.
const DETECTED = new Set(['Killed', 'Timeout']);

const report = JSON.parse(readFileSync(REPORT, 'utf8'));
let missed = false;
for (const { name, dir, bar } of BARS) {
  const counts = { detected: 0, survived: 0, noCoverage: 0 };
  for (const [path, file] of Object.entries(report.files)) {
    if (!path.replaceAll('\\', '/').startsWith(dir)) continue;
    for (const { status } of file.mutants) {
      if (DETECTED.has(status)) counts.detected += 1;
      else if (status === 'Survived') counts.survived += 1;
      else if (status === 'NoCoverage') counts.noCoverage += 1;
    }
  }
  const valid = counts.detected + counts.survived + counts.noCoverage;
  const score = valid === 0 ? 0 : (100 * counts.detected) / valid;
  const ok = valid > 0 && score >= bar;
  if (!ok) missed = true;
  console.log(
    `mutation score ${name}: ${score.toFixed(1)}% (bar ${bar}%) ${ok ? 'ok' : 'MISSED'}` +
      ` — ${counts.detected} detected, ${counts.survived} survived, ${counts.noCoverage} no coverage`,
  );
}
process.exitCode = missed ? 1 : 0;
