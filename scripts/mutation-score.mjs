// Reads each layer's Stryker JSON report and holds it to its bar (issue 11); Stryker's own
// break is off (stryker.shared.mjs).
import { readFileSync } from 'node:fs';

const BARS = [
  { name: 'domain', dir: 'src/domain/', report: 'reports/mutation/domain.json', bar: 85 },
  { name: 'api', dir: 'src/api/', report: 'reports/mutation/api.json', bar: 75 },
];
// Stryker's "mutation score": detected over all valid mutants, so untested code counts as missed.
const DETECTED = new Set(['Killed', 'Timeout']);

let missed = false;
for (const { name, dir, report: path, bar } of BARS) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const counts = { detected: 0, survived: 0, noCoverage: 0 };
  for (const [source, file] of Object.entries(report.files)) {
    if (!source.replaceAll('\\', '/').startsWith(dir)) continue;
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
