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

/** A chart is at most this tall for its width (0.72 × 311 px = 224 px on a 375 px phone). */
const TALLEST = '25 / 18';

/**
 * A box that draws `render(width, height)`, in a transition, once its size is known and, with
 * `whenSeen`, once it is near the viewport and the browser is idle. It is `height` tall, or
 * less where the screen is narrow: a chart's full height beside a phone's width stretched
 * every chart screen by some 50 px per chart.
 */
function DeferredChart({
  height,
  whenSeen = false,
  render,
}: {
  height: number;
  whenSeen?: boolean;
  render: (width: number, height: number) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height });
  const [seen, setSeen] = useState(!whenSeen);

  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    // The observer reports the first size itself, after layout: reading clientWidth here would
    // force a layout in the middle of the screen's first commit.
    const measure = (width: number, tall: number) =>
      startTransition(() => setSize({ width: Math.floor(width), height: Math.floor(tall) }));
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(([entry]) =>
            measure(entry?.contentRect.width ?? 0, entry?.contentRect.height ?? height),
          );
    if (observer) observer.observe(node);
    else measure(node.clientWidth, node.clientHeight || height);
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
  }, [whenSeen, height]);

  const drawn = seen && size.width > 0;

  return (
    // The drawing is laid out absolutely and clipped, so its fixed width never widens the box
    // it measures nor the page: after the window narrows, the old, wider drawing stays until
    // the transition redraws it at the new width, and must not overflow meanwhile. The box's
    // own size comes from CSS alone (width, then the ratio, capped at `height`), so nothing
    // moves when the chart arrives.
    <div
      ref={ref}
      className="relative w-full overflow-hidden"
      style={{ aspectRatio: TALLEST, maxHeight: height }}
      data-chart={drawn ? 'drawn' : 'waiting'}
    >
      <div className="absolute inset-0">
        {drawn ? render(size.width, size.height) : <Placeholder />}
      </div>
    </div>
  );
}

export function BarChart(props: Omit<BarChartProps, 'width'>) {
  const height = props.height ?? 260;
  return (
    <DeferredChart
      height={height}
      render={(width, tall) => <LightBarChart {...props} height={tall} width={width} />}
    />
  );
}

export function PieChart(props: Omit<PieChartProps, 'width'>) {
  const height = props.height ?? 260;
  return (
    <DeferredChart
      height={height}
      whenSeen
      render={(width, tall) => <LightPieChart {...props} height={tall} width={width} />}
    />
  );
}

export function WeekChart(props: Omit<WeekChartProps, 'width'>) {
  const height = props.height ?? 240;
  return (
    <DeferredChart
      height={height}
      render={(width, tall) => <LightWeekChart {...props} height={tall} width={width} />}
    />
  );
}

export function GroupedBarChart(props: Omit<GroupedBarChartProps, 'width'>) {
  const height = props.height ?? 280;
  return (
    <DeferredChart
      height={height}
      whenSeen
      render={(width, tall) => <LightGroupedBarChart {...props} height={tall} width={width} />}
    />
  );
}
