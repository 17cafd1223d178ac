import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WeekChart } from '../../src/components/charts/WeekChart';

const WEEK = [0, 20, 0, 45, 90, 0, 30].map((value, i) => ({
  label: `11-${18 + i}`,
  value,
  barLabel: value > 0 ? String(value) : '',
}));

const svg = () => screen.getByRole('img', { name: '最近7天每日专注分钟数' });
const texts = () => [...svg().querySelectorAll('text')].map((t) => t.textContent);

describe('WeekChart: the light chart of a week', () => {
  it('draws one bar per day, taller for more, with the labels that are not empty', () => {
    render(<WeekChart kind="bar" data={WEEK} title="最近7天每日专注分钟数" width={600} />);
    const bars = [...svg().querySelectorAll('rect')];
    expect(bars).toHaveLength(7);
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[4]).toBeGreaterThan(heights[3]!);
    expect(heights[3]).toBeGreaterThan(heights[1]!);
    expect(heights[0]).toBe(0);
    // Bar labels above the bars, never an empty one; every day's label at 600 px.
    expect(texts()).toEqual(expect.arrayContaining(['20', '45', '90', '30', '11-18', '11-24']));
    expect(texts()).not.toContain('');
    // The hover text names the day and the value.
    expect(bars[4]!.querySelector('title')?.textContent).toBe('11-22：90');
  });

  it('puts the axis on round ticks from zero that reach the largest value', () => {
    render(<WeekChart kind="bar" data={WEEK} title="最近7天每日专注分钟数" width={600} />);
    const ticks = [...svg().querySelectorAll('line')].map((line) => line.nextSibling?.textContent);
    expect(ticks[0]).toBe('0');
    expect(Number(ticks.at(-1))).toBeGreaterThanOrEqual(90);
  });

  it('thins the day labels on a narrow phone, keeping the latest', () => {
    render(<WeekChart kind="bar" data={WEEK} title="最近7天每日专注分钟数" width={220} />);
    const days = texts().filter((t) => t?.startsWith('11-'));
    expect(days.length).toBeLessThan(7);
    expect(days).toContain('11-24');
  });

  it('draws a line through every day, zero days on the baseline', () => {
    render(<WeekChart kind="line" data={WEEK} title="最近7天每日专注分钟数" width={600} />);
    const points = svg()
      .querySelector('polyline')
      ?.getAttribute('points')
      ?.split(' ')
      .map((p) => p.split(',').map(Number));
    expect(points).toHaveLength(7);
    const ys = points!.map(([, y]) => y!);
    expect(ys[0]).toBe(ys[2]);
    expect(ys[4]).toBeLessThan(ys[3]!);
    expect(svg().querySelectorAll('circle')).toHaveLength(7);
  });
});
