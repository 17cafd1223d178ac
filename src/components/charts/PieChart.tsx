import { Pie } from '@nivo/pie';
import { CHART_PALETTE, chartTheme } from './theme';

export interface PieSlice {
  id: string;
  label: string;
  value: number;
}

export interface PieChartProps {
  data: PieSlice[];
  title: string;
  formatValue?: (value: number) => string;
  onSliceClick?: (slice: PieSlice) => void;
  height?: number;
  /** The drawing's width in px; the lazy wrapper measures its box. */
  width: number;
}

export default function PieChart({
  data,
  title,
  formatValue = String,
  onSliceClick,
  height = 260,
  width,
}: PieChartProps) {
  return (
    <figure style={{ height }} aria-label={title} className="m-0">
      <Pie
        width={width}
        height={height}
        data={data}
        margin={{ top: 16, right: 16, bottom: 16, left: 16 }}
        innerRadius={0.55}
        padAngle={1}
        cornerRadius={3}
        colors={[...CHART_PALETTE]}
        theme={chartTheme}
        animate={false}
        enableArcLinkLabels={false}
        arcLabel={(d) => d.label as string}
        arcLabelsSkipAngle={18}
        arcLabelsTextColor="#ffffff"
        valueFormat={formatValue}
        onClick={onSliceClick ? (d) => onSliceClick(d.data) : undefined}
      />
    </figure>
  );
}
