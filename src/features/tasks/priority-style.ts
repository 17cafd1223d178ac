import type { TaskPriority } from '../../domain/schemas/categories';

/** One colour per priority for the distribution's bars (a row shows priority as its edge). */
export const PRIORITY_STYLE: Record<TaskPriority, { bar: string }> = {
  high: { bar: 'bg-red-500' },
  medium: { bar: 'bg-amber-400' },
  low: { bar: 'bg-slate-400' },
};
