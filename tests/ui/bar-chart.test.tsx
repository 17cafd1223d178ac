import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BarChart from '../../src/components/charts/BarChart';

const svg = (name: string) => screen.getByRole('img', { name });
const bars = (name: string) => [...svg(name).querySelectorAll('rect')];
const num = (el: Element, attr: string) => Number(el.getAttribute(attr));
const texts = (name: string) => [...svg(name).querySelectorAll('text')].map((t) => t.textContent);

describe('BarChart: the plain-SVG bars (运动类型统计, 月度资产趋势)', () => {
  const TYPES = [
    { label: '跑步', value: 12, barLabel: '12次' },
    { label: '力量训练', value: 5, barLabel: '5次' },
    { label: '瑜伽', value: 1, barLabel: '1次' },
  ];

  it('draws a horizontal chart top-down in data order, longer for more, labelled on both ends', () => {
    render(<BarChart data={TYPES} title="各运动类型次数" layout="horizontal" width={400} />);
    const [run, strength, yoga] = bars('各运动类型次数');
    expect(num(run!, 'y')).toBeLessThan(num(strength!, 'y'));
    expect(num(strength!, 'y')).toBeLessThan(num(yoga!, 'y'));
    expect(num(run!, 'width')).toBeGreaterThan(num(strength!, 'width'));
    expect(num(strength!, 'width')).toBeGreaterThan(num(yoga!, 'width'));
    // All start at zero, right of the widest type name (four CJK characters).
    expect(new Set(bars('各运动类型次数').map((b) => num(b, 'x'))).size).toBe(1);
    expect(num(run!, 'x')).toBeGreaterThanOrEqual(4 * 11);
    expect(texts('各运动类型次数')).toEqual(
      expect.arrayContaining(['跑步', '力量训练', '瑜伽', '12次', '5次', '1次']),
    );
    // Nothing drawn past the right edge: the count sits inside the width.
    const longest = [...svg('各运动类型次数').querySelectorAll('text')].find(
      (t) => t.textContent === '12次',
    );
    expect(num(longest!, 'x') + 3 * 11).toBeLessThanOrEqual(400);
  });

  it('follows a given axis that does not start at zero, and clamps what lies outside it', () => {
    const axis = { min: 9_000, max: 10_000, ticks: [9_000, 9_500, 10_000] };
    const months = [
      { label: '1月', value: 9_250 },
      { label: '2月', value: 9_750 },
      { label: '3月', value: 8_000 },
      { label: '4月', value: 12_000 },
    ];
    render(<BarChart data={months} title="趋势" axis={axis} height={260} width={500} />);
    const [jan, feb, mar, apr] = bars('趋势');
    // 9,750 is three times as far above the axis' start as 9,250.
    expect(num(feb!, 'height')).toBeCloseTo(3 * num(jan!, 'height'), 5);
    expect(num(mar!, 'height')).toBe(0);
    // 12,000 ends at the top of the plot, not above the drawing.
    expect(num(apr!, 'y')).toBeGreaterThanOrEqual(0);
    expect(num(apr!, 'y') + num(apr!, 'height')).toBe(num(jan!, 'y') + num(jan!, 'height'));
    expect(texts('趋势')).toEqual(expect.arrayContaining(['9000', '9500', '10000']));
  });

  it('draws a negative value below the zero line', () => {
    const data = [
      { label: 'a', value: 10 },
      { label: 'b', value: -5 },
    ];
    render(<BarChart data={data} title="正负" width={300} />);
    const [up, down] = bars('正负');
    // The positive bar ends on the line the negative one starts from.
    expect(num(up!, 'y') + num(up!, 'height')).toBeCloseTo(num(down!, 'y'), 5);
    expect(num(down!, 'height')).toBeCloseTo(num(up!, 'height') / 2, 5);
  });

  it('starts at zero with round ticks when no axis is given, and names each bar on hover', () => {
    render(<BarChart data={TYPES} title="次数" width={400} formatValue={(v) => `${v}次`} />);
    expect(texts('次数')[0]).toBe('0次');
    expect(bars('次数')[0]!.querySelector('title')?.textContent).toBe('跑步：12次');
  });
});
