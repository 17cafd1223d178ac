import { Line } from '@nivo/line';
import { CHART_PALETTE, chartTheme } from './theme';

export interface LinePoint {
  x: string;
  y: number;
}

export interface LineChartProps {
  data: LinePoint[];
  title: string;
  formatValue?: (value: number) => string;
  height?: number;
  /** The drawing's width in px; the lazy wrapper measures its box. */
  width: number;
}

export default function LineChart({
  data,
  title,
  formatValue = String,
  height = 240,
  width,
}: LineChartProps) {
  return (
    <div style={{ height }}>
      <Line
        width={width}
        height={height}
        data={[{ id: title, data }]}
        margin={{ top: 16, right: 16, bottom: 32, left: 48 }}
        colors={[CHART_PALETTE[0]]}
        theme={chartTheme}
        animate={false}
        curve="monotoneX"
        enableArea
        areaOpacity={0.12}
        pointSize={7}
        useMesh
        yScale={{ type: 'linear', min: 0, max: 'auto' }}
        yFormat={(v) => formatValue(Number(v))}
        axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 4 }}
        axisBottom={{ tickSize: 0, tickPadding: 8 }}
        role="img"
        ariaLabel={title}
      />
    </div>
  );
}
