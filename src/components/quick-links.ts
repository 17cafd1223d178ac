import type { TimeCategory } from '../domain/schemas/categories';

/**
 * Where 开始专注 (the dashboard's and the + sheet's) leads: the time screen starts the timer on
 * the first category the focus goal counts, so a quick start counts toward 专注工作2小时
 * (DESIGN §1, departures on a phone). 工作 when the goal counts none.
 */
export function quickFocusLink(focusCategories: readonly string[]): string {
  const category = (focusCategories[0] ?? 'work') as TimeCategory;
  return `/time?start=${encodeURIComponent(category)}`;
}

/** 记一笔: the bookkeeping dialog on /accounting, opened on an expense. */
export const QUICK_EXPENSE_LINK = '/accounting?add=expense';
export const QUICK_WORKOUT_LINK = '/fitness?add=1';
export const QUICK_TASK_LINK = '/tasks?add=1';
