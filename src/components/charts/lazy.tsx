import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import LightBarChart, { type BarChartProps } from './BarChart';
import LightGroupedBarChart, { type GroupedBarChartProps } from './GroupedBarChart';
import LightPieChart, { type PieChartProps } from './PieChart';
import { WeekChart as LightWeekChart, type WeekChartProps } from './WeekChart';

// Every chart is plain SVG in the screen's own code (BarChart, WeekChart, PieChart,
// GroupedBarChart): nivo, with d3 and react-spring, was a third of the bundle, and evaluating
// and drawing it were the longest tasks after a chart route's data (issue 16). Screens import
// from here only.
//
// A chart is drawn after the screen: its box (fixed height, so nothing moves when the chart
// arrives) measures its own width, and the chart then renders in a transition, which React
// splits into short tasks instead of one long one that would hold up a tap (Lighthouse's Total
// Blocking Time).

function Placeholder() {
  return <div className="h-full animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />;
}

/** A fixed-height box that draws `render(width)`, in a transition, once its width is known. */
function DeferredChart({
  height,
  render,
}: {
  height: number;
  render: (width: number) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    // The observer reports the first size itself, after layout: reading clientWidth here would
    // force a layout in the middle of the screen's first commit.
    const measure = (next: number) => startTransition(() => setWidth(Math.floor(next)));
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(([entry]) => measure(entry?.contentRect.width ?? 0));
    if (observer) observer.observe(node);
    else measure(node.clientWidth);
    return () => observer?.disconnect();
  }, []);

  return (
    // The drawing is laid out absolutely and clipped, so its fixed width never widens the box
    // it measures nor the page: after the window narrows, the old, wider drawing stays until
    // the transition redraws it at the new width, and must not overflow meanwhile.
    <div
      ref={ref}
      className="relative overflow-hidden"
      style={{ height }}
      data-chart={width > 0 ? 'drawn' : 'waiting'}
    >
      <div className="absolute inset-0">{width > 0 ? render(width) : <Placeholder />}</div>
    </div>
  );
}

export function BarChart(props: Omit<BarChartProps, 'width'>) {
  const height = props.height ?? 260;
  return (
    <DeferredChart
      height={height}
      render={(width) => <LightBarChart {...props} height={height} width={width} />}
    />
  );
}

export function PieChart(props: Omit<PieChartProps, 'width'>) {
  const height = props.height ?? 260;
  return (
    <DeferredChart
      height={height}
      render={(width) => <LightPieChart {...props} height={height} width={width} />}
    />
  );
}

export function WeekChart(props: Omit<WeekChartProps, 'width'>) {
  const height = props.height ?? 240;
  return (
    <DeferredChart
      height={height}
      render={(width) => <LightWeekChart {...props} height={height} width={width} />}
    />
  );
}

export function GroupedBarChart(props: Omit<GroupedBarChartProps, 'width'>) {
  const height = props.height ?? 280;
  return (
    <DeferredChart
      height={height}
      render={(width) => <LightGroupedBarChart {...props} height={height} width={width} />}
    />
  );
}
