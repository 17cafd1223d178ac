import { BarCanvas } from '@nivo/bar';
import { useDarkMode } from '../theme';
import { canvasTheme, TOOLTIP_CLASS } from './theme';

// Drawn on a canvas: nivo's SVG bar renders every bar, tick and grid line as a component of
// its own with a spring, and at ten years that render was most of /accounting's work after its
// data at 4× CPU (issue 16: 612 ms data → ready with it, 152 ms without any chart; drawn on a
// canvas, 775 → 317 ms side by side). On a canvas the chart is one element drawn in one pass;
// its tooltip is still nivo's HTML.

export interface GroupedBarSeries {
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
  const [dark] = useDarkMode();
  const labels = Object.fromEntries(series.map((s) => [s.key, s.label]));
  const colors = Object.fromEntries(series.map((s) => [s.key, s.color]));
  return (
    <div style={{ height }} role="img" aria-label={title}>
      <BarCanvas
        width={width}
        height={height}
        data={data}
        keys={series.map((s) => s.key)}
        indexBy="label"
        groupMode="grouped"
        // A month spent beyond its income has a negative balance: the axis must reach below 0.
        valueScale={{ type: 'linear', min: 'auto', max: 'auto', nice: true }}
        margin={{ top: 16, right: 8, bottom: 32, left: 64 }}
        padding={0.25}
        innerPadding={1}
        colors={(bar) => colors[String(bar.id)] ?? '#64748b'}
        theme={canvasTheme(dark)}
        enableLabel={false}
        enableGridY
        axisLeft={{
          tickSize: 0,
          tickPadding: 6,
          tickValues: 5,
          format: (v) => formatAxis(Number(v)),
        }}
        axisBottom={{ tickSize: 0, tickPadding: 8 }}
        valueFormat={formatValue}
        tooltip={({ id, value, indexValue }) => (
          <div className={TOOLTIP_CLASS}>
            {indexValue} {labels[String(id)]}：<strong>{formatValue(value)}</strong>
          </div>
        )}
      />
    </div>
  );
}
