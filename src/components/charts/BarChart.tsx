import { Bar } from '@nivo/bar';
import { CHART_PALETTE, chartTheme } from './theme';

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
}

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
}: BarChartProps) {
  const horizontal = layout === 'horizontal';
  return (
    <div style={{ height }}>
      <Bar
        width={width}
        height={height}
        data={data}
        keys={['value']}
        indexBy="label"
        layout={layout}
        margin={
          horizontal
            ? { top: 8, right: 24, bottom: 24, left: 72 }
            : { top: 24, right: 8, bottom: 32, left: 56 }
        }
        padding={0.35}
        colors={[color]}
        theme={chartTheme}
        animate={false}
        borderRadius={4}
        enableGridY={!horizontal}
        enableGridX={horizontal}
        axisLeft={
          horizontal
            ? { tickSize: 0, tickPadding: 6 }
            : { tickSize: 0, tickPadding: 6, format: (v) => formatValue(Number(v)) }
        }
        axisBottom={
          horizontal
            ? { tickSize: 0, format: (v) => formatValue(Number(v)) }
            : { tickSize: 0, tickPadding: 8 }
        }
        valueFormat={formatValue}
        // nivo drops falsy fields from the datum it hands back, so an empty barLabel arrives undefined.
        label={(d) => String(d.data.barLabel ?? '')}
        labelPosition="end"
        labelOffset={horizontal ? 6 : 12}
        labelSkipWidth={0}
        labelSkipHeight={0}
        labelTextColor="#334155"
        tooltip={({ data: point }) => (
          <div className="rounded-md bg-white px-2.5 py-1.5 text-xs text-slate-700 shadow-md">
            {point.label}：<strong>{formatValue(point.value)}</strong>
          </div>
        )}
        role="img"
        ariaLabel={title}
      />
    </div>
  );
}
