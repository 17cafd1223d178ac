import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import PieChart, { pieArcs } from '../../src/components/charts/PieChart';
import { CHART_PALETTE } from '../../src/components/charts/theme';

const SLICES = [
  { id: 'bank', label: '银行存款', value: 75 },
  { id: 'cash', label: '现金', value: 20 },
  { id: 'stock', label: '股票', value: 5 },
];

/** The numbers of a path's first move: where the slice starts on the outer circle. */
const start = (path: string) =>
  path
    .match(/^M([-\d.]+),([-\d.]+)/)!
    .slice(1)
    .map(Number);

describe('pieArcs: the ring drawn by PieChart (分类时间分布, 资产分布)', () => {
  it('runs clockwise from 12 o’clock in data order, coloured by the palette', () => {
    const arcs = pieArcs(SLICES, 300, 240);
    expect(arcs.map((a) => a.slice.id)).toEqual(['bank', 'cash', 'stock']);
    expect(arcs.map((a) => a.colour)).toEqual(CHART_PALETTE.slice(0, 3));
    // Centre (150, 120), outer radius 120 − 16 = 104: the first slice starts at the top (past
    // half the 1° gap), the second three quarters round, at 9 o'clock.
    const [x0, y0] = start(arcs[0]!.path);
    expect(x0).toBeCloseTo(150 + 104 * Math.sin(Math.PI / 360), 3);
    expect(y0).toBeCloseTo(120 - 104 * Math.cos(Math.PI / 360), 3);
    const [x1, y1] = start(arcs[1]!.path);
    expect(x1).toBeCloseTo(150 - 104 * Math.cos(Math.PI / 360), 3);
    expect(y1).toBeCloseTo(120 - 104 * Math.sin(Math.PI / 360), 3);
    // Three quarters of the ring is a large arc; a fifth is not.
    expect(arcs[0]!.path).toMatch(/A104,104 0 1 1/);
    expect(arcs[1]!.path).toMatch(/A104,104 0 0 1/);
  });

  it('labels a slice inside the ring only when it is 18° or wider', () => {
    const arcs = pieArcs(SLICES, 300, 240);
    // 现金 (72°, from 270°) is labelled mid-ring (radius (104 + 57.2) / 2) at 306°.
    const middle = (104 + 104 * 0.55) / 2;
    const angle = (306 * Math.PI) / 180;
    expect(arcs[1]!.label!.x).toBeCloseTo(150 + middle * Math.sin(angle), 3);
    expect(arcs[1]!.label!.y).toBeCloseTo(120 - middle * Math.cos(angle), 3);
    // 股票 is 18° exactly; a slice of 4% (14.4°) has none.
    expect(arcs[2]!.label).not.toBeNull();
    expect(
      pieArcs([...SLICES.slice(0, 2), { id: 's', label: '小', value: 4 }], 300, 240)[2]!.label,
    ).toBeNull();
  });

  it('draws one slice as the whole ring, and leaves out slices of no value', () => {
    const [whole] = pieArcs(
      [
        { id: 'a', label: '学习', value: 3 },
        { id: 'b', label: '工作', value: 0 },
      ],
      200,
      200,
    );
    expect(whole!.path).toMatch(/^M16,100a84,84 0 1 0 168,0a84,84 0 1 0 -168,0M53.8,100/);
    expect(pieArcs([{ id: 'a', label: '学习', value: 0 }], 200, 200)).toEqual([]);
  });
});

describe('PieChart', () => {
  it('names each slice and its figure on hover, and opens one on a click', () => {
    const onSliceClick = vi.fn();
    const { container } = render(
      <PieChart
        data={SLICES}
        title="资产分布"
        formatValue={(v) => `¥${v}`}
        onSliceClick={onSliceClick}
        width={300}
        height={240}
      />,
    );
    const paths = [...container.querySelectorAll('figure[aria-label="资产分布"] path')];
    expect(paths.map((p) => p.querySelector('title')?.textContent)).toEqual([
      '银行存款：¥75',
      '现金：¥20',
      '股票：¥5',
    ]);
    expect([...container.querySelectorAll('text')].map((t) => t.textContent)).toEqual([
      '银行存款',
      '现金',
      '股票',
    ]);
    fireEvent.click(paths[1]!);
    expect(onSliceClick).toHaveBeenCalledWith(SLICES[1]);
  });
});
