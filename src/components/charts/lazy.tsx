import {
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { BarChartProps } from './BarChart';
import type { GroupedBarChartProps } from './GroupedBarChart';
import type { LineChartProps } from './LineChart';
import type { PieChartProps } from './PieChart';

// nivo (d3, react-spring) is a third of the bundle: charts load in their own chunk after
// the screen's figures are already on screen (DESIGN.md §6). Screens import from here only.
//
// A chart is also drawn after the screen: its box (fixed height, so nothing moves when the
// chart arrives) shows a placeholder until the browser is idle; the chart then renders in a
// transition, which React splits into short tasks instead of one long one that would hold up
// a tap (Lighthouse's Total Blocking Time). The box measures its own width, so the charts
// need no nivo Responsive wrapper, whose resize-driven second render would not be split.

const loadBar = () => import('./BarChart');
const loadPie = () => import('./PieChart');
const loadLine = () => import('./LineChart');
const loadGrouped = () => import('./GroupedBarChart');
const Bar = lazy(loadBar);
const Pie = lazy(loadPie);
const Line = lazy(loadLine);
const Grouped = lazy(loadGrouped);

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs `callback` once the browser is idle after mount (at most `timeout` ms later). */
function whenIdle(callback: () => void, timeout = 1500): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const handle = w.requestIdleCallback(callback, { timeout });
    return () => w.cancelIdleCallback?.(handle);
  }
  const handle = window.setTimeout(callback, 50);
  return () => window.clearTimeout(handle);
}

function Placeholder() {
  return <div className="h-full animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />;
}

/** A fixed-height box that mounts `render(width)` once idle, in a transition. */
function DeferredChart({
  height,
  load,
  render,
}: {
  height: number;
  load: () => Promise<unknown>;
  render: (width: number) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [ready, setReady] = useState(false);

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
    const cancel = whenIdle(() => {
      // Fetch the chunk first, so the transition has nothing to wait for but the render.
      load()
        .catch(() => undefined)
        .then(() => startTransition(() => setReady(true)));
    });
    return () => {
      cancel();
      observer?.disconnect();
    };
  }, [load]);

  return (
    // The drawing is laid out absolutely and clipped, so its fixed width never widens the box
    // it measures nor the page: after the window narrows, the old, wider drawing stays until
    // the transition redraws it at the new width, and must not overflow meanwhile.
    <div ref={ref} className="relative overflow-hidden" style={{ height }}>
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
      load={loadBar}
      render={(width) => <Bar {...props} height={height} width={width} />}
    />
  );
}

export function PieChart(props: Omit<PieChartProps, 'width'>) {
  const height = props.height ?? 260;
  return (
    <DeferredChart
      height={height}
      load={loadPie}
      render={(width) => <Pie {...props} height={height} width={width} />}
    />
  );
}

export function LineChart(props: Omit<LineChartProps, 'width'>) {
  const height = props.height ?? 240;
  return (
    <DeferredChart
      height={height}
      load={loadLine}
      render={(width) => <Line {...props} height={height} width={width} />}
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
