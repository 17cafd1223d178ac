import { valueAxis } from '../../domain/axis';
import { textWidth, thinned, valueLabelWidth } from './labels';
import { CHART_PALETTE } from './theme';

// A single-series bar chart in plain SVG: 月度资产趋势 (12 months), 运动类型统计 (6 types) and the
// 7-day bars of WeekChart. At most a dozen bars: nivo's bar (its chunk, d3 scales and a few
// hundred components) costs /assets and /fitness most of their blocked main thread at 4× CPU
// (Lighthouse TBT) for what one pass of a few dozen elements draws. So are the pie
// (PieChart.tsx) and the grouped bars (GroupedBarChart.tsx): the app draws no chart with nivo.

interface BarPoint {
  label: string;
  value: number;
  /** Text drawn beyond the bar's end; none when absent or empty. */
  barLabel?: string;
}

export interface BarChartProps {
  data: readonly BarPoint[];
  title: string;
  formatValue?: (value: number) => string;
  height?: number;
  /** The drawing's width in px; the lazy wrapper measures its box. */
  width: number;
  color?: string;
  /** Vertical: the first bar on the left. Horizontal: the first bar on top. */
  layout?: 'vertical' | 'horizontal';
  /**
   * The value axis: where bars start and which ticks are labelled (domain/axis.ts). Without
   * it the axis starts at zero with about `ticks` intervals.
   */
  axis?: { min: number; max: number; ticks: readonly number[] };
  ticks?: number;
}

const TICK_FONT = 11;
/** The share of a bar's slot it fills (the rest is the gap between bars). */
const BAR_SHARE = 0.65;

/**
 * An axis label: on the left axis it ends at x, centred on y; on the bottom one it is centred
 * on x with its baseline at y.
 */
export function AxisText({
  x,
  y,
  side,
  children,
}: {
  x: number;
  y: number;
  side: 'left' | 'bottom';
  children: string | undefined;
}) {
  return (
    <text
      x={x}
      y={y}
      textAnchor={side === 'left' ? 'end' : 'middle'}
      dominantBaseline={side === 'left' ? 'central' : undefined}
      fontSize={TICK_FONT}
      fill="var(--chart-axis)"
    >
      {children}
    </text>
  );
}

/** A horizontal grid line across the plot at `y`, labelled on the left axis. */
export function GridRow({
  left,
  right,
  y,
  children,
}: {
  left: number;
  right: number;
  y: number;
  children: string | undefined;
}) {
  return (
    <g>
      <line x1={left} x2={right} y1={y} y2={y} stroke="var(--chart-grid)" />
      <AxisText x={left - 6} y={y} side="left">
        {children}
      </AxisText>
    </g>
  );
}

export default function BarChart({
  data,
  title,
  formatValue = String,
  height = 260,
  width,
  color = CHART_PALETTE[0],
  layout = 'vertical',
  axis: given,
  ticks: tickCount = 5,
}: BarChartProps) {
  const horizontal = layout === 'horizontal';
  // From zero unless told otherwise: counts and minutes are read as amounts.
  const axis = given ?? valueAxis([0, ...data.map((d) => d.value)], tickCount);
  const tickLabels = axis.ticks.map(formatValue);
  const margin = horizontal
    ? {
        top: 8,
        right: 12 + Math.max(0, ...data.map((d) => textWidth(d.barLabel ?? ''))),
        bottom: 24,
        left: Math.max(40, ...data.map((d) => textWidth(d.label) + 10)),
      }
    : { top: 24, right: 12, bottom: 32, left: valueLabelWidth(tickLabels) };
  const plotWidth = Math.max(0, width - margin.left - margin.right);
  const plotHeight = Math.max(0, height - margin.top - margin.bottom);
  const valueLength = horizontal ? plotWidth : plotHeight;
  const span = axis.max - axis.min || 1;
  // Distance from the axis' start, clamped to the plot: a value outside the axis ends at its edge.
  const along = (value: number) =>
    Math.min(Math.max((value - axis.min) / span, 0), 1) * valueLength;
  const slot = (horizontal ? plotHeight : plotWidth) / Math.max(data.length, 1);
  const thickness = slot * BAR_SHARE;
  /** The middle of bar i's slot, across the value direction. */
  const across = (i: number) =>
    horizontal ? margin.top + slot * (i + 0.5) : margin.left + slot * (i + 0.5);
  const shown = horizontal
    ? null
    : new Set(
        thinned(
          data.map((d) => d.label),
          plotWidth,
        ),
      );
  // Bars grow from zero when zero is on the axis, else from the axis' start.
  const base = along(Math.max(axis.min, Math.min(0, axis.max)));

  return (
    <svg width={width} height={height} role="img" aria-label={title} className="block">
      {axis.ticks.map((tick, i) => {
        const at = along(tick);
        return horizontal ? (
          <g key={tick}>
            <line
              x1={margin.left + at}
              x2={margin.left + at}
              y1={margin.top}
              y2={margin.top + plotHeight}
              stroke="var(--chart-grid)"
            />
            <AxisText x={margin.left + at} y={height - margin.bottom + 16} side="bottom">
              {tickLabels[i]}
            </AxisText>
          </g>
        ) : (
          <GridRow
            key={tick}
            left={margin.left}
            right={margin.left + plotWidth}
            y={margin.top + plotHeight - at}
          >
            {tickLabels[i]}
          </GridRow>
        );
      })}
      {data.map((d, i) => {
        const end = along(d.value);
        const from = Math.min(base, end);
        const length = Math.abs(end - base);
        const centre = across(i);
        const label = horizontal ? (
          <AxisText x={margin.left - 6} y={centre} side="left">
            {d.label}
          </AxisText>
        ) : shown?.has(d.label) ? (
          <AxisText x={centre} y={height - margin.bottom + 16} side="bottom">
            {d.label}
          </AxisText>
        ) : null;
        return (
          // Labels may repeat (two months of different years): the position keys the bar.
          // biome-ignore lint/suspicious/noArrayIndexKey: the bars are redrawn whole, in order.
          <g key={i}>
            <rect
              x={horizontal ? margin.left + from : centre - thickness / 2}
              y={horizontal ? centre - thickness / 2 : margin.top + plotHeight - from - length}
              width={horizontal ? length : thickness}
              height={horizontal ? thickness : length}
              rx={Math.min(4, thickness / 2, length / 2)}
              fill={color}
            >
              <title>{`${d.label}：${formatValue(d.value)}`}</title>
            </rect>
            {label}
            {d.barLabel ? (
              <text
                x={horizontal ? margin.left + from + length + 6 : centre}
                y={horizontal ? centre : margin.top + plotHeight - from - length - 6}
                textAnchor={horizontal ? 'start' : 'middle'}
                dominantBaseline={horizontal ? 'central' : undefined}
                fontSize={TICK_FONT}
                fill="var(--chart-label)"
              >
                {d.barLabel}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
