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

export const chartTheme = {
  text: { fontSize: 12, fill: '#475569' },
  axis: { ticks: { text: { fontSize: 11, fill: '#64748b' } } },
  grid: { line: { stroke: '#e2e8f0' } },
  tooltip: { container: { fontSize: 12, borderRadius: 8 } },
};
