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
// rest of the page without being drawn again. nivo puts them in style attributes.
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

/** A chart's own tooltip, as the page draws a small card. */
export const TOOLTIP_CLASS = 'rounded-md bg-white px-2.5 py-1.5 text-xs text-slate-700 shadow-md';
