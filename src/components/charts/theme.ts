/** SPEC §9: the pie palette has 9 colours; bars and lines use the first. */
export const CHART_PALETTE = [
  '#2563eb',
  '#10b981',
  '#f59e0b',
  '#ef4444',
  '#8b5cf6',
  '#06b6d4',
  '#ec4899',
  '#84cc16',
  '#64748b',
] as const;

// Colours are the page's CSS variables (src/index.css), so a chart follows 深色模式 like the
// rest of the page. An SVG drawing takes them as they are (in style attributes); a canvas
// cannot, so `canvasTheme` resolves them.
export const chartTheme = {
  text: { fontSize: 12, fill: 'var(--chart-text)' },
  axis: {
    ticks: { text: { fontSize: 11, fill: 'var(--chart-axis)' } },
    domain: { line: { stroke: 'transparent' } },
  },
  grid: { line: { stroke: 'var(--chart-grid)' } },
  labels: { text: { fill: 'var(--chart-label)' } },
  tooltip: {
    container: {
      fontSize: 12,
      borderRadius: 8,
      background: 'var(--chart-tooltip-bg)',
      color: 'var(--chart-tooltip-text)',
    },
  },
};

/**
 * `colour` (a CSS variable, any colour space: Tailwind's are oklch) as an `rgba()` a canvas and
 * nivo's colour code both read: painted on one pixel and read back.
 */
function resolvedColour(colour: string, probe: CanvasRenderingContext2D): string {
  const value = colour.startsWith('var(')
    ? getComputedStyle(document.documentElement).getPropertyValue(colour.slice(4, -1)).trim()
    : colour;
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = '#000';
  probe.fillStyle = value;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
  return `rgba(${r}, ${g}, ${b}, ${Math.round(((a ?? 255) / 255) * 100) / 100})`;
}

const canvasThemes = new Map<boolean, typeof chartTheme>();

/**
 * `chartTheme` for a chart drawn on a canvas, its colours as the page shows them now, kept per
 * mode (`dark`: what the page is in; the charts draw again when it changes). The tooltip is
 * HTML, so it keeps the variables. Without a canvas (jsdom) the variables stay.
 */
export function canvasTheme(dark: boolean): typeof chartTheme {
  const known = canvasThemes.get(dark);
  if (known) return known;
  const probe = document
    .createElement('canvas')
    .getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D | null;
  if (!probe) return chartTheme;
  const colour = (value: string) => resolvedColour(value, probe);
  // The page's own fonts, which it has already loaded: nivo's default, a bare `sans-serif`,
  // is a font without Chinese on many systems, and a canvas then looks up a fallback for the
  // first 月 it draws: 60 ms at 1× CPU for /accounting's axis, most of its chart (issue 16).
  const fontFamily = getComputedStyle(document.body).fontFamily || 'sans-serif';
  const theme = {
    ...chartTheme,
    text: { ...chartTheme.text, fontFamily, fill: colour(chartTheme.text.fill) },
    axis: {
      ...chartTheme.axis,
      ticks: {
        text: { ...chartTheme.axis.ticks.text, fill: colour(chartTheme.axis.ticks.text.fill) },
      },
    },
    grid: { line: { stroke: colour(chartTheme.grid.line.stroke) } },
    labels: { text: { fill: colour(chartTheme.labels.text.fill) } },
  };
  canvasThemes.set(dark, theme);
  return theme;
}

/** A chart's own tooltip, as the page draws a small card. */
export const TOOLTIP_CLASS = 'rounded-md bg-white px-2.5 py-1.5 text-xs text-slate-700 shadow-md';
