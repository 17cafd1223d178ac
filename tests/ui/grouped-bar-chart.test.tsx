import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import GroupedBarChart from '../../src/components/charts/GroupedBarChart';

const SERIES = [
  { key: 'income', label: '收入', color: '#10b981' },
  { key: 'expense', label: '支出', color: '#ef4444' },
  { key: 'balance', label: '结余', color: '#2563eb' },
];
const MONTHS = [
  { label: '10月', income: 300, expense: 100, balance: 200 },
  { label: '11月', income: 100, expense: 250, balance: -150 },
];
const num = (el: Element, attr: string) => Number(el.getAttribute(attr));

describe('GroupedBarChart: 近12个月收支 in plain SVG', () => {
  function draw() {
    render(
      <GroupedBarChart
        data={MONTHS}
        series={SERIES}
        title="收支"
        formatValue={(v) => `¥${v}`}
        width={400}
        height={280}
      />,
    );
    return [...screen.getByRole('img', { name: '收支' }).querySelectorAll('rect')];
  }

  it('draws each group’s series side by side, in order, named on hover', () => {
    const bars = draw();
    expect(bars.map((b) => b.querySelector('title')?.textContent)).toEqual([
      '10月 收入：¥300',
      '10月 支出：¥100',
      '10月 结余：¥200',
      '11月 收入：¥100',
      '11月 支出：¥250',
      '11月 结余：¥-150',
    ]);
    expect(bars.map((b) => b.getAttribute('fill'))).toEqual([
      ...SERIES.map((s) => s.color),
      ...SERIES.map((s) => s.color),
    ]);
    // Left to right within a group, and the second group right of the first.
    const x = bars.map((b) => num(b, 'x'));
    expect(x[0]!).toBeLessThan(x[1]!);
    expect(x[1]!).toBeLessThan(x[2]!);
    expect(x[2]!).toBeLessThan(x[3]!);
  });

  it('grows bars from zero: up for a gain, down for a loss, in proportion', () => {
    const [income, expense, , , , loss] = draw();
    // Both positive bars end on the zero line; the loss starts there.
    const zero = num(income!, 'y') + num(income!, 'height');
    expect(num(expense!, 'y') + num(expense!, 'height')).toBeCloseTo(zero, 6);
    expect(num(loss!, 'y')).toBeCloseTo(zero, 6);
    expect(num(income!, 'height') / num(expense!, 'height')).toBeCloseTo(3, 6);
    expect(num(loss!, 'height') / num(expense!, 'height')).toBeCloseTo(1.5, 6);
  });

  it('labels the months under the groups and the values beside the grid', () => {
    draw();
    const texts = [...screen.getByRole('img', { name: '收支' }).querySelectorAll('text')].map(
      (t) => t.textContent,
    );
    expect(texts).toEqual(expect.arrayContaining(['10月', '11月', '¥0', '¥-100', '¥300']));
  });
});
