import { valueAxis } from '../../domain/axis';
import { AxisText, GridRow } from './BarChart';
import { thinned, valueLabelWidth } from './labels';

// Several series side by side per group in plain SVG: 近12个月收支, 12 months of income,
// expense and balance, 36 bars. nivo's bar, even drawn on a canvas, brings nivo's chunk (d3,
// react-spring, lodash: ~250 KB minified) to /accounting, which evaluates and draws it in its
// longest tasks after its data. Each bar names its
// month, series and figure on hover (<title>), as nivo's tooltip did.

interface GroupedBarSeries {
  key: string;
  label: string;
  color: string;
}

export interface GroupedBarChartProps {
  /** One entry per group (a month): `label` and a number per series key. */
  data: ({ label: string } & Record<string, number | string>)[];
  series: readonly GroupedBarSeries[];
  title: string;
  formatValue?: (value: number) => string;
  /** The value axis' ticks, when they need a shorter form than the tooltip. */
  formatAxis?: (value: number) => string;
  height?: number;
  /** The drawing's width in px; the lazy wrapper measures its box. */
  width: number;
}

/** The share of a group's slot its bars fill (the rest is the gap between groups). */
const GROUP_SHARE = 0.75;
/** The gap between two bars of a group, in px. */
const INNER_GAP = 1;

const figureOf = (group: Record<string, number | string>, key: string) => {
  const value = group[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

/** Several series side by side per group (income, expense, balance per month); may go below 0. */
export default function GroupedBarChart({
  data,
  series,
  title,
  formatValue = String,
  formatAxis = formatValue,
  height = 280,
  width,
}: GroupedBarChartProps) {
  const values = data.flatMap((group) => series.map((s) => figureOf(group, s.key)));
  const axis = valueAxis([0, ...values], 5);
  const tickLabels = axis.ticks.map(formatAxis);
  const margin = { top: 16, right: 8, bottom: 32, left: valueLabelWidth(tickLabels) };
  const plotWidth = Math.max(0, width - margin.left - margin.right);
  const plotHeight = Math.max(0, height - margin.top - margin.bottom);
  const span = axis.max - axis.min || 1;
  /** The y of a value, clamped to the plot. */
  const y = (value: number) =>
    margin.top + plotHeight - Math.min(Math.max((value - axis.min) / span, 0), 1) * plotHeight;
  const zero = y(Math.max(axis.min, Math.min(0, axis.max)));
  const slot = plotWidth / Math.max(data.length, 1);
  const groupWidth = slot * GROUP_SHARE;
  const barWidth = Math.max(
    1,
    (groupWidth - INNER_GAP * (series.length - 1)) / Math.max(series.length, 1),
  );
  const shown = new Set(
    thinned(
      data.map((d) => d.label),
      plotWidth,
    ),
  );

  return (
    <svg width={width} height={height} role="img" aria-label={title} className="block">
      {axis.ticks.map((tick, i) => (
        <GridRow key={tick} left={margin.left} right={margin.left + plotWidth} y={y(tick)}>
          {tickLabels[i]}
        </GridRow>
      ))}
      {data.map((group, i) => {
        const left = margin.left + slot * i + (slot - groupWidth) / 2;
        return (
          // Labels may repeat (a month of two years): the position keys the group.
          // biome-ignore lint/suspicious/noArrayIndexKey: the groups are redrawn whole, in order.
          <g key={i}>
            {series.map((s, k) => {
              const value = figureOf(group, s.key);
              const end = y(value);
              return (
                <rect
                  key={s.key}
                  x={left + k * (barWidth + INNER_GAP)}
                  y={Math.min(zero, end)}
                  width={barWidth}
                  height={Math.abs(end - zero)}
                  fill={s.color}
                >
                  <title>{`${group.label} ${s.label}：${formatValue(value)}`}</title>
                </rect>
              );
            })}
            {shown.has(group.label) ? (
              <AxisText
                x={margin.left + slot * (i + 0.5)}
                y={height - margin.bottom + 16}
                side="bottom"
              >
                {group.label}
              </AxisText>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
