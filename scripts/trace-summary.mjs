// Where a trace's main-thread time went, for the traces `npm run bench:web -- --trace DIR`
// writes: time per kind of work (script, style, layout, paint, GC) on the page's main thread,
// and the longest layouts and style recalculations with the script that forced them, if any.
//
//   node scripts/trace-summary.mjs FILE.json [--top 12]
import { readFileSync } from 'node:fs';

const [file] = process.argv.slice(2);
const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 12;
if (!file) {
  console.error('usage: node scripts/trace-summary.mjs FILE.json [--top 12]');
  process.exit(2);
}
const { traceEvents: events } = JSON.parse(readFileSync(file, 'utf8'));

// The page's main thread: of the renderer threads named CrRendererMain, the one that ran the
// most of the app's own script (another renderer, such as a new-tab page, may be traced too).
const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name');
const appScript = new Map();
for (const e of events) {
  const url = e.args?.data?.url ?? e.args?.beginData?.url ?? '';
  if (e.name === 'FunctionCall' && /^https?:\/\/(127\.0\.0\.1|localhost)/.test(url)) {
    appScript.set(`${e.pid}:${e.tid}`, (appScript.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  }
}
const main = names
  .filter((e) => e.args.name === 'CrRendererMain')
  .map((e) => `${e.pid}:${e.tid}`)
  .sort((a, b) => (appScript.get(b) ?? 0) - (appScript.get(a) ?? 0))[0];
const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur);

const KINDS = {
  Layout: 'layout',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Paint: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
  MajorGC: 'gc',
  MinorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
  'V8.GC_MARK_COMPACTOR': 'gc',
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  ParseHTML: 'parse html',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
};
// Time per kind, counting nested events of the same kind once (the outermost).
const perKind = new Map();
const open = [];
for (const e of [...onMain].sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
  while (open.length && open.at(-1).end <= e.ts) open.pop();
  const kind = KINDS[e.name];
  if (kind && !open.some((o) => o.kind === kind)) {
    perKind.set(kind, (perKind.get(kind) ?? 0) + e.dur / 1000);
  }
  open.push({ end: e.ts + e.dur, kind });
}
const tasks = onMain.filter(
  (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask',
);
const busy = tasks.reduce((sum, e) => sum + e.dur / 1000, 0);
console.log(
  `${file}: ${busy.toFixed(0)} ms in main-thread tasks, ${tasks.filter((t) => t.dur > 50_000).length} over 50 ms`,
);
for (const [kind, ms] of [...perKind].sort((a, b) => b[1] - a[1])) {
  console.log(`${ms.toFixed(1).padStart(9)} ms  ${kind}`);
}

const where = (e) => {
  const stack = e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace;
  if (!stack?.length) return '(in the frame: not forced by script)';
  return stack
    .slice(0, 3)
    .map(
      (f) =>
        `${f.functionName || '(anonymous)'} ${String(f.url).replace(/^.*\//, '')}:${f.lineNumber + 1}`,
    )
    .join(' < ');
};
for (const name of ['Layout', 'UpdateLayoutTree']) {
  console.log(`\nlongest ${name} (ms, start ms after the first event, forced by)`);
  const t0 = Math.min(...onMain.map((e) => e.ts));
  for (const e of onMain
    .filter((x) => x.name === name)
    .sort((a, b) => b.dur - a.dur)
    .slice(0, top)) {
    console.log(
      `${(e.dur / 1000).toFixed(1).padStart(8)}  @${((e.ts - t0) / 1000).toFixed(0).padStart(6)}  ${where(e)}`,
    );
  }
}
