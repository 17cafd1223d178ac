import { type ComponentProps, lazy, Suspense } from 'react';
import type BarChartImpl from './BarChart';
import type LineChartImpl from './LineChart';
import type PieChartImpl from './PieChart';

// nivo (d3, react-spring) is a third of the bundle: charts load in their own chunk after
// the screen's figures are already on screen (DESIGN.md §6). Screens import from here only.

const Bar = lazy(() => import('./BarChart'));
const Pie = lazy(() => import('./PieChart'));
const Line = lazy(() => import('./LineChart'));

function Placeholder({ height }: { height: number }) {
  return (
    <div className="animate-pulse rounded-lg bg-slate-100" style={{ height }} aria-hidden="true" />
  );
}

export function BarChart(props: ComponentProps<typeof BarChartImpl>) {
  return (
    <Suspense fallback={<Placeholder height={props.height ?? 260} />}>
      <Bar {...props} />
    </Suspense>
  );
}

export function PieChart(props: ComponentProps<typeof PieChartImpl>) {
  return (
    <Suspense fallback={<Placeholder height={props.height ?? 260} />}>
      <Pie {...props} />
    </Suspense>
  );
}

export function LineChart(props: ComponentProps<typeof LineChartImpl>) {
  return (
    <Suspense fallback={<Placeholder height={props.height ?? 240} />}>
      <Line {...props} />
    </Suspense>
  );
}
