/** docs/spec.md §9: the pie palette has 9 colours; bars and lines use the first. */
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
