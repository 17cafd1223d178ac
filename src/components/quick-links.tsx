import { Dumbbell, ListPlus, type LucideIcon, ReceiptText, Timer } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { TimeCategory } from '../domain/schemas/categories';

/**
 * Where 开始专注 (the dashboard's and the + sheet's) leads: the time screen starts the timer on
 * the first category the focus goal counts, so a quick start counts toward 专注工作2小时
 * (docs/architecture.md, Decisions "Departures on a phone"). 工作 when the goal counts none.
 */
function quickFocusLink(focusCategories: readonly string[]): string {
  const category = (focusCategories[0] ?? 'work') as TimeCategory;
  return `/time?start=${encodeURIComponent(category)}`;
}

/** 记一笔: the bookkeeping dialog on /accounting, opened on an expense. */
export const QUICK_EXPENSE_LINK = '/accounting?add=expense';

/**
 * What a quick link carries in the history entry: where it was pressed, so that a save brings
 * the user back there (记一笔 from 今天 returns to 今天, with 已记一笔 and 撤销).
 */
interface ReturnState {
  returnTo: string;
}

/** The place to return to that a link's history state names, if any. */
export function returnToOf(state: unknown): string | undefined {
  const returnTo = (state as Partial<ReturnState> | null)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') ? returnTo : undefined;
}
const QUICK_WORKOUT_LINK = '/fitness?add=1';
const QUICK_TASK_LINK = '/tasks?add=1';

export interface QuickLink {
  to: string;
  label: string;
  icon: LucideIcon;
  tint: string;
  /** History state for the screen the link opens (ReturnState). */
  state?: ReturnState;
}

/**
 * The four quick entries, under the names the dashboard (记一笔支出) or the + sheet (记一笔)
 * give them. `returnTo` is the address they are pressed on: 记一笔 comes back there once saved.
 */
export function quickEntries(
  focusCategories: readonly string[],
  expenseLabel: string,
  returnTo: string,
) {
  return {
    expense: {
      to: QUICK_EXPENSE_LINK,
      state: { returnTo },
      label: expenseLabel,
      icon: ReceiptText,
      tint: 'bg-red-50 text-red-600',
    },
    workout: {
      to: QUICK_WORKOUT_LINK,
      label: '健身打卡',
      icon: Dumbbell,
      tint: 'bg-emerald-50 text-emerald-600',
    },
    task: {
      to: QUICK_TASK_LINK,
      label: '添加任务',
      icon: ListPlus,
      tint: 'bg-blue-50 text-blue-600',
    },
    focus: {
      to: quickFocusLink(focusCategories),
      label: '开始专注',
      icon: Timer,
      tint: 'bg-violet-50 text-violet-600',
    },
  } satisfies Record<string, QuickLink>;
}

/** One quick entry as a tile: icon over label. */
export function QuickTile({
  link: { to, label, icon: Icon, tint, state },
  onClick,
  autoFocus,
}: {
  link: QuickLink;
  onClick?: () => void;
  autoFocus?: boolean;
}) {
  return (
    <Link
      to={to}
      state={state}
      data-autofocus={autoFocus || undefined}
      onClick={onClick}
      className="flex h-full flex-col items-center gap-2 rounded-xl border border-slate-200 p-4 text-sm font-medium text-slate-700 transition-colors hover:border-blue-300 hover:bg-blue-50/40 focus-visible:outline-2 focus-visible:outline-blue-500"
    >
      <span className={`flex h-10 w-10 items-center justify-center rounded-full ${tint}`}>
        <Icon size={20} aria-hidden="true" />
      </span>
      {label}
    </Link>
  );
}
