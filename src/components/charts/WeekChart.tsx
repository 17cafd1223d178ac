import { valueAxis } from '../../domain/axis';
import BarChart, { AxisText, GridRow } from './BarChart';
import { CHAR_PX, thinned, valueLabelWidth } from './labels';
import { CHART_PALETTE } from './theme';

// The small charts of a week (最近7天专注, 最近7天运动时长) in plain SVG. They sit at the top of
// their screens, so on a phone they are drawn during the first seconds; nivo (d3, its chunk's
// evaluation and a few hundred components) costs those screens over a second of blocked main
// thread at 4× CPU for seven numbers (Lighthouse TBT). The bars are BarChart's; the
// line is drawn here, in one pass of a few dozen elements.

interface WeekPoint {
  label: string;
  value: number;
  /** Text drawn above a bar; none when absent or empty. */
  barLabel?: string;
}

export interface WeekChartProps {
  data: readonly WeekPoint[];
  title: string;
  kind: 'bar' | 'line';
  formatValue?: (value: number) => string;
  height?: number;
  /** The drawing's width in px; the lazy wrapper measures its box. */
  width: number;
}

const COLOR = CHART_PALETTE[0];

export function WeekChart({
  data,
  title,
  kind,
  formatValue = String,
  height = 240,
  width,
}: WeekChartProps) {
  if (kind === 'bar') {
    return (
      <BarChart
        data={data}
        title={title}
        formatValue={formatValue}
        height={height}
        width={width}
        ticks={4}
      />
    );
  }
  // From zero: a week of minutes is read as amounts, not as changes.
  const axis = valueAxis([0, ...data.map((d) => d.value)], 4);
  const { min, ticks } = axis;
  // The last point sits on the plot's right edge: room for half its day label there.
  const lastLabel = data.at(-1)?.label.length ?? 0;
  const margin = {
    top: 24,
    right: Math.max(12, (lastLabel * CHAR_PX) / 2 + 4),
    bottom: 28,
    left: valueLabelWidth(ticks.map(formatValue)),
  };
  const plotWidth = Math.max(0, width - margin.left - margin.right);
  const plotHeight = Math.max(0, height - margin.top - margin.bottom);
  const y = (value: number) =>
    margin.top + plotHeight - ((value - min) / (axis.max - min || 1)) * plotHeight;
  // The points run from edge to edge.
  const x = (i: number) =>
    margin.left + (data.length > 1 ? (plotWidth * i) / (data.length - 1) : plotWidth / 2);
  const shown = new Set(
    thinned(
      data.map((d) => d.label),
      plotWidth,
    ),
  );
  const base = y(Math.max(min, 0));
  const points = data.map((d, i) => `${x(i)},${y(d.value)}`);

  return (
    <svg width={width} height={height} role="img" aria-label={title} className="block">
      {ticks.map((tick) => (
        <GridRow key={tick} left={margin.left} right={margin.left + plotWidth} y={y(tick)}>
          {formatValue(tick)}
        </GridRow>
      ))}
      {data.map((d, i) =>
        shown.has(d.label) ? (
          <AxisText key={d.label} x={x(i)} y={height - margin.bottom + 16} side="bottom">
            {d.label}
          </AxisText>
        ) : null,
      )}
      {data.length > 0 && (
        <g>
          <polygon
            points={`${x(0)},${base} ${points.join(' ')} ${x(data.length - 1)},${base}`}
            fill={COLOR}
            fillOpacity={0.12}
          />
          <polyline
            points={points.join(' ')}
            fill="none"
            stroke={COLOR}
            strokeWidth={2}
            strokeLinejoin="round"
          />
          {data.map((d, i) => (
            <circle key={d.label} cx={x(i)} cy={y(d.value)} r={3.5} fill={COLOR}>
              <title>{`${d.label}：${formatValue(d.value)}`}</title>
            </circle>
          ))}
        </g>
      )}
    </svg>
  );
}
