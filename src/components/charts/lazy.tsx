import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { whenIdle, whenNear } from '../when';
import LightBarChart, { type BarChartProps } from './BarChart';
import LightGroupedBarChart, { type GroupedBarChartProps } from './GroupedBarChart';
import LightPieChart, { type PieChartProps } from './PieChart';
import { WeekChart as LightWeekChart, type WeekChartProps } from './WeekChart';

// Every chart is plain SVG in the screen's own code (BarChart, WeekChart, PieChart,
// GroupedBarChart): nivo, with d3 and react-spring, is a third of the bundle, and evaluating
// and drawing it are the longest tasks after a chart route's data. Screens import
// from here only.
//
// A chart is drawn after the screen: its box (fixed height, so nothing moves when the chart
// arrives) measures its own width, and the chart then renders in a transition, which React
// splits into short tasks instead of one long one that would hold up a tap (Lighthouse's Total
// Blocking Time). The larger ones (the pie, the grouped bars) wait until the box comes within
// reach of the viewport and the browser is idle: on a phone they sit below the fold, and their
// work then stays out of the first seconds altogether.

function Placeholder() {
  return <div className="h-full animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />;
}

/**
 * A fixed-height box that draws `render(width)`, in a transition, once its width is known and,
 * with `whenSeen`, once it is near the viewport and the browser is idle.
 */
function DeferredChart({
  height,
  whenSeen = false,
  render,
}: {
  height: number;
  whenSeen?: boolean;
  render: (width: number) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [seen, setSeen] = useState(!whenSeen);

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
    if (!whenSeen) return () => observer?.disconnect();
    let cancelIdle: () => void = () => undefined;
    const cancelNear = whenNear(node, () => {
      cancelIdle = whenIdle(() => startTransition(() => setSeen(true)));
    });
    return () => {
      cancelNear();
      cancelIdle();
      observer?.disconnect();
    };
  }, [whenSeen]);

  const drawn = seen && width > 0;

  return (
    // The drawing is laid out absolutely and clipped, so its fixed width never widens the box
    // it measures nor the page: after the window narrows, the old, wider drawing stays until
    // the transition redraws it at the new width, and must not overflow meanwhile.
    <div
      ref={ref}
      className="relative overflow-hidden"
      style={{ height }}
      data-chart={drawn ? 'drawn' : 'waiting'}
    >
      <div className="absolute inset-0">{drawn ? render(width) : <Placeholder />}</div>
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
      whenSeen
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
      whenSeen
      render={(width) => <LightGroupedBarChart {...props} height={height} width={width} />}
    />
  );
}
