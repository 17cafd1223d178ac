import { describe, expect, it } from 'vitest';
import { DEMO_PROFILE, generateData, HEAVY_PROFILE } from '../../mocks/generate';
import { RESOURCE_NAMES, type ResourceName } from '../../src/domain/resources';
import { prepareRecord } from '../../src/domain/sync';

// The demo and every benchmark are built on this generator: a record the server would refuse
// would make a demo account lose data silently and a benchmark measure less than it claims.

const TODAY = '2026-03-15';

describe('generated data', () => {
  it.each([
    ['demo, three months', DEMO_PROFILE, { days: 92 }],
    ['heavy user, one year', HEAVY_PROFILE, { years: 1 }],
  ] as const)('%s: every record passes the upload schema', (_, profile, span) => {
    const data = generateData(profile, { today: TODAY, span });
    for (const category of RESOURCE_NAMES) {
      expect(data[category].length, category).toBeGreaterThan(0);
      for (const record of data[category]) {
        const prepared = prepareRecord(category, record);
        expect(prepared.ok ? 'ok' : `${category}: ${prepared.field}: ${prepared.message}`).toBe(
          'ok',
        );
      }
    }
  });

  it('is the same for the same seed and today, and differs for another seed', () => {
    const options = { today: TODAY, span: { days: 92 } };
    expect(generateData(DEMO_PROFILE, options)).toEqual(generateData(DEMO_PROFILE, options));
    expect(generateData(DEMO_PROFILE, { ...options, seed: 8 }).accounts).not.toEqual(
      generateData(DEMO_PROFILE, options).accounts,
    );
  });

  it('stays inside the span and leaves today’s check-ins to the user', () => {
    const data = generateData(DEMO_PROFILE, { today: TODAY, span: { days: 92 } });
    const dates = [...data.accounts, ...data.workouts, ...data.timeRecords]
      .map((r) => r.date)
      .sort();
    expect(dates[0]).toBe('2025-12-14');
    expect(dates.at(-1)).toBe(TODAY);
    expect(data.checkinRecords.some((r) => r.date === TODAY)).toBe(false);
    expect(data.checkinRecords.some((r) => r.date === '2026-03-14')).toBe(true);
    // Three monthly re-statements of each of the seven chains.
    expect(data.assets).toHaveLength(21);
    expect(new Set(data.assets.map((a) => a.date.slice(0, 7)))).toEqual(
      new Set(['2026-01', '2026-02', '2026-03']),
    );
  });

  it('gives the heavy user the yearly volumes the budgets of docs/spec.md plan ten years on', () => {
    const data = generateData(HEAVY_PROFILE, { today: TODAY, span: { years: 1 } });
    const perYear = (n: number) => [n * 0.9, n * 1.1] as const;
    const near = (category: ResourceName, n: number) => {
      const [min, max] = perYear(n);
      expect(data[category].length, category).toBeGreaterThanOrEqual(min);
      expect(data[category].length, category).toBeLessThanOrEqual(max);
    };
    near('accounts', 3900);
    near('workouts', 400);
    near('timeRecords', 2000);
    near('tasks', 540);
    near('checkinRecords', 3900);
    expect(data.checkinTasks).toHaveLength(20);
    expect(data.assets).toHaveLength(8 * 12);
    // Three measurable habits (至少 a day, 至少 a week, 至多 a day), each check-in with a value.
    const measurable = data.checkinTasks.filter((h) => h.kind === 'measurable');
    expect(measurable.map((h) => [h.name, h.targetType, h.targetPeriod])).toEqual([
      ['喝水', 'atLeast', 'day'],
      ['跑步', 'atLeast', 'week'],
      ['刷短视频', 'atMost', 'day'],
    ]);
    const ids = new Set(measurable.map((h) => h.id));
    const values = data.checkinRecords.filter((r) => ids.has(r.taskId)).map((r) => r.value);
    expect(values.length).toBeGreaterThan(500);
    expect(values.every((v) => typeof v === 'number' && v >= 3)).toBe(true);
  });
});
