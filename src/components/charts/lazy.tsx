import {
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useEffect,
  useRef,
  useState,
} from 'react';
import { whenIdle, whenNear } from '../when';
import LightBarChart, { type BarChartProps } from './BarChart';
import type { GroupedBarChartProps } from './GroupedBarChart';
import LightPieChart, { type PieChartProps } from './PieChart';
import { WeekChart as LightWeekChart, type WeekChartProps } from './WeekChart';

// nivo (d3, react-spring) is a third of the bundle: its chart (the grouped bars) loads in its
// own chunk after the screen's figures are already on screen (DESIGN.md §6). The single-series
// bars, the week charts and the pie are plain SVG (BarChart, WeekChart, PieChart) in the
// screen's own code. Screens import from here only.
//
// A chart is also drawn after the screen, and only once it is about to be seen: its box (fixed
// height, so nothing moves when the chart arrives) shows a placeholder until it comes within
// reach of the viewport and the browser is idle; the chart then renders in a transition, which
// React splits into short tasks instead of one long one that would hold up a tap (Lighthouse's
// Total Blocking Time). On a phone most charts sit below the fold: drawing them only when
// scrolled to keeps their d3 and SVG work out of the first seconds altogether. The box measures
// its own width, so the charts need no nivo Responsive wrapper, whose resize-driven second
// render would not be split.

const loadGrouped = () => import('./GroupedBarChart');
const Grouped = lazy(loadGrouped);

function Placeholder() {
  return <div className="h-full animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />;
}

/**
 * A fixed-height box that mounts `render(width)` once near the viewport and idle, in a
 * transition. Without `load` (a light chart with no chunk of its own) it draws as soon as its
 * width is known.
 */
function DeferredChart({
  height,
  load,
  render,
}: {
  height: number;
  load?: () => Promise<unknown>;
  render: (width: number) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [ready, setReady] = useState(!load);

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
    if (!load) return () => observer?.disconnect();
    let cancelIdle: () => void = () => undefined;
    const cancelNear = whenNear(node, () => {
      cancelIdle = whenIdle(() => {
        // Fetch the chunk first, so the transition has nothing to wait for but the render.
        load()
          .catch(() => undefined)
          .then(() => startTransition(() => setReady(true)));
      });
    });
    return () => {
      cancelNear();
      cancelIdle();
      observer?.disconnect();
    };
  }, [load]);

  return (
    // The drawing is laid out absolutely and clipped, so its fixed width never widens the box
    // it measures nor the page: after the window narrows, the old, wider drawing stays until
    // the transition redraws it at the new width, and must not overflow meanwhile.
    <div
      ref={ref}
      className="relative overflow-hidden"
      style={{ height }}
      data-chart={ready ? 'drawn' : 'waiting'}
    >
      <div className="absolute inset-0">
        {ready && width > 0 ? (
          <Suspense fallback={<Placeholder />}>{render(width)}</Suspense>
        ) : (
          <Placeholder />
        )}
      </div>
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
      load={loadGrouped}
      render={(width) => <Grouped {...props} height={height} width={width} />}
    />
  );
}
