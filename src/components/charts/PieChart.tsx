import { CHART_PALETTE } from './theme';

// A ring of at most a dozen slices in plain SVG: 分类时间分布 (/time) and 资产分布 (/assets).
// nivo's pie, even drawn on a canvas, brings nivo's chunk (d3, react-spring, lodash: ~200 KB)
// to both routes, and evaluating and drawing it is the largest task after /time's data at
// 4× CPU, for what a few arcs draw. Slices run clockwise from 12 o'clock, largest
// where the data puts them, as nivo's did.

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

const MARGIN = 16;
/** The hole, as a share of the radius. */
const INNER = 0.55;
/** The gap between two slices, in radians (1°). */
const PAD = Math.PI / 180;
/** A slice narrower than this (18°) has no label inside: it would not fit. */
const LABEL_MIN = Math.PI / 10;

export interface PieArc {
  slice: PieSlice;
  colour: string;
  /** The SVG path of the slice's part of the ring. */
  path: string;
  /** Where its label goes (mid-ring, mid-angle), or null when it is too narrow for one. */
  label: { x: number; y: number } | null;
}

/** The point at `angle` (radians clockwise from 12 o'clock) on the circle of radius r. */
function polar(cx: number, cy: number, r: number, angle: number) {
  return { x: cx + r * Math.sin(angle), y: cy - r * Math.cos(angle) };
}

/** polar's point as a path's coordinates. */
function pointAt(cx: number, cy: number, r: number, angle: number): string {
  const { x, y } = polar(cx, cy, r, angle);
  return `${x},${y}`;
}

/** The ring's part from angle a to b, clockwise (b − a < 2π). */
function sector(cx: number, cy: number, outer: number, inner: number, a: number, b: number) {
  const large = b - a > Math.PI ? 1 : 0;
  return (
    `M${pointAt(cx, cy, outer, a)}A${outer},${outer} 0 ${large} 1 ${pointAt(cx, cy, outer, b)}` +
    `L${pointAt(cx, cy, inner, b)}A${inner},${inner} 0 ${large} 0 ${pointAt(cx, cy, inner, a)}Z`
  );
}

/** The whole ring (one slice): two circles, the inner one cut out (fill-rule evenodd). */
function ring(cx: number, cy: number, outer: number, inner: number) {
  const circle = (r: number) =>
    `M${cx - r},${cy}a${r},${r} 0 1 0 ${2 * r},0a${r},${r} 0 1 0 ${-2 * r},0`;
  return `${circle(outer)}${circle(inner)}`;
}

/** The slices' arcs in a width × height box; slices of no positive value take no room. */
export function pieArcs(data: readonly PieSlice[], width: number, height: number): PieArc[] {
  const cx = width / 2;
  const cy = height / 2;
  const outer = Math.max(0, Math.min(width, height) / 2 - MARGIN);
  const inner = outer * INNER;
  const shown = data
    .map((slice, i) => ({ slice, colour: CHART_PALETTE[i % CHART_PALETTE.length]! }))
    .filter(({ slice }) => slice.value > 0);
  const total = shown.reduce((sum, { slice }) => sum + slice.value, 0);
  if (total <= 0 || outer <= 0) return [];
  let start = 0;
  return shown.map(({ slice, colour }) => {
    const span = (slice.value / total) * 2 * Math.PI;
    const from = start;
    start += span;
    const mid = from + span / 2;
    const middle = (outer + inner) / 2;
    const label = span >= LABEL_MIN ? polar(cx, cy, middle, mid) : null;
    if (shown.length === 1) return { slice, colour, path: ring(cx, cy, outer, inner), label };
    // Half the gap off each end, unless the slice is narrower than the gap.
    const pad = Math.min(PAD / 2, span / 4);
    return { slice, colour, path: sector(cx, cy, outer, inner, from + pad, start - pad), label };
  });
}

export default function PieChart({
  data,
  title,
  formatValue = String,
  onSliceClick,
  height = 260,
  width,
}: PieChartProps) {
  const arcs = pieArcs(data, width, height);
  return (
    <figure style={{ height }} aria-label={title} className="m-0">
      {/* The legend beside the chart names every slice with its figure and is the keyboard's
          way in; the drawing is for the eye and the pointer (each slice's <title> on hover). */}
      <svg width={width} height={height} aria-hidden="true" className="block">
        {arcs.map(({ slice, colour, path }) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: a shortcut for the pointer; the legend's buttons do the same by keyboard and name the slice to a screen reader.
          <path
            key={slice.id}
            d={path}
            fill={colour}
            fillRule="evenodd"
            data-slice={slice.id}
            className={onSliceClick ? 'cursor-pointer hover:opacity-85' : undefined}
            onClick={onSliceClick ? () => onSliceClick(slice) : undefined}
          >
            <title>{`${slice.label}：${formatValue(slice.value)}`}</title>
          </path>
        ))}
        {arcs.map(({ slice, label }) =>
          label ? (
            <text
              key={slice.id}
              x={label.x}
              y={label.y}
              textAnchor="middle"
              dominantBaseline="central"
              fontSize={11}
              fill="#ffffff"
              pointerEvents="none"
            >
              {slice.label}
            </text>
          ) : null,
        )}
      </svg>
    </figure>
  );
}
