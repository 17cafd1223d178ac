import { Bar } from '@nivo/bar';
import { thinned, valueLabelWidth } from './labels';
import { CHART_PALETTE, chartTheme, TOOLTIP_CLASS } from './theme';

export interface BarPoint {
  [key: string]: string | number;
  label: string;
  value: number;
  /** Text drawn on the bar; the formatted value when absent. */
  barLabel: string;
}

export interface BarChartProps {
  data: BarPoint[];
  title: string;
  formatValue?: (value: number) => string;
  height?: number;
  /** The drawing's width in px; the lazy wrapper measures its box. */
  width: number;
  color?: string;
  layout?: 'vertical' | 'horizontal';
  /**
   * The value axis: where bars start and which ticks are labelled (domain/axis.ts). Without
   * it the axis starts at zero with about five ticks.
   */
  axis?: { min: number; max: number; ticks: number[] };
}

const DEFAULT_TICKS = 5;

/**
 * A single-series bar chart. Animation is off: on a phone the spring animation costs more
 * main-thread time than the whole screen's render (DESIGN.md §7).
 */
export default function BarChart({
  data,
  title,
  formatValue = String,
  height = 260,
  width,
  color = CHART_PALETTE[0],
  layout = 'vertical',
  axis,
}: BarChartProps) {
  const horizontal = layout === 'horizontal';
  const valueTicks = axis?.ticks ?? DEFAULT_TICKS;
  // The left margin holds the widest value label.
  const left = horizontal ? 72 : valueLabelWidth((axis?.ticks ?? []).map(formatValue));
  const margin = horizontal
    ? { top: 8, right: 24, bottom: 24, left }
    : { top: 24, right: 8, bottom: 32, left };
  const categoryTicks = horizontal
    ? undefined
    : thinned(
        data.map((d) => d.label),
        width - margin.left - margin.right,
      );
  return (
    <div style={{ height }}>
      <Bar
        width={width}
        height={height}
        data={data}
        keys={['value']}
        indexBy="label"
        layout={layout}
        margin={margin}
        padding={0.35}
        colors={[color]}
        theme={chartTheme}
        animate={false}
        borderRadius={4}
        valueScale={
          axis
            ? { type: 'linear', min: axis.min, max: axis.max, clamp: true }
            : { type: 'linear', min: 0, max: 'auto' }
        }
        enableGridY={!horizontal}
        enableGridX={horizontal}
        gridYValues={horizontal ? undefined : valueTicks}
        gridXValues={horizontal ? valueTicks : undefined}
        axisLeft={
          horizontal
            ? { tickSize: 0, tickPadding: 6 }
            : {
                tickSize: 0,
                tickPadding: 6,
                tickValues: valueTicks,
                format: (v) => formatValue(Number(v)),
              }
        }
        axisBottom={
          horizontal
            ? { tickSize: 0, tickValues: valueTicks, format: (v) => formatValue(Number(v)) }
            : { tickSize: 0, tickPadding: 8, tickValues: categoryTicks }
        }
        valueFormat={formatValue}
        // nivo drops falsy fields from the datum it hands back, so an empty barLabel arrives undefined.
        label={(d) => String(d.data.barLabel ?? '')}
        labelPosition="end"
        labelOffset={horizontal ? 6 : 12}
        labelSkipWidth={0}
        labelSkipHeight={0}
        labelTextColor={chartTheme.labels.text.fill}
        tooltip={({ data: point }) => (
          <div className={TOOLTIP_CLASS}>
            {point.label}：<strong>{formatValue(point.value)}</strong>
          </div>
        )}
        role="img"
        ariaLabel={title}
      />
    </div>
  );
}
