import type { TaskPriority } from '../../domain/schemas/categories';

/** One colour per priority, shared by the row badges and the distribution bars. */
export const PRIORITY_STYLE: Record<TaskPriority, { badge: string; bar: string }> = {
  high: { badge: 'bg-red-50 text-red-700 ring-red-200', bar: 'bg-red-500' },
  medium: { badge: 'bg-amber-50 text-amber-700 ring-amber-200', bar: 'bg-amber-400' },
  low: { badge: 'bg-slate-100 text-slate-600 ring-slate-200', bar: 'bg-slate-400' },
};
