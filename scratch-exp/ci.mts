import { HEAVY_PROFILE, generateData } from '../mocks/generate';
import { readerFor } from '../src/domain/guard';
import { RESOURCES } from '../src/domain/resources';
import { habitIndexes } from '../src/domain/checkin';
const d = generateData(HEAVY_PROFILE, { today: '2026-11-25', span: { years: 10 }, seed: 42 });
const json = JSON.stringify(d.checkinRecords);
const read = readerFor(RESOURCES.checkinRecords.record);
const t = (name: string, f: () => unknown) => { const ts: number[] = []; let r; for (let i = 0; i < 8; i++) { const a = performance.now(); r = f(); ts.push(performance.now() - a); } ts.sort((a, b) => a - b); console.log(name, ts.map((x) => x.toFixed(1)).join(' ')); return r; };
const vals = t('parse', () => JSON.parse(json)) as any[];
const items = (t('read', () => read(vals)) as any).items;
t('indexes', () => habitIndexes(d.checkinTasks, items));
t('stringify', () => JSON.stringify(items));
console.log(json.length, items.length);
for (const k of ['accounts', 'timeRecords', 'tasks'] as const) {
  const j = JSON.stringify(d[k]); const rd = readerFor(RESOURCES[k].record);
  const v = t(k + ' parse', () => JSON.parse(j)) as any[]; t(k + ' read', () => rd(v)); t(k + ' stringify', () => JSON.stringify(v));
}
