import { budgetMonthOf, budgetPeriod } from './budget';
import { addDays, dayNumber, todayString } from './dates';
import { type DayRecord, dayState, type HabitLike, habitRules, weekdayOfDay } from './habits';
import { sumCents } from './money';
import type { Account } from './schemas/account';
import type { TaskPriority } from './schemas/categories';
import type { CheckinRecord, CheckinTask } from './schemas/checkin';
import type { Task } from './schemas/task';
import { isOverdue } from './tasks';

// 今天, the home screen (issue 59): what the day holds, from the device's lists. Pure, with
// `today` (the browser's local date, docs/architecture.md, Decisions "Dates") and the time passed in.

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** '12月6日 周日': the day as 今天's heading and 日历's day cells name it. */
export function dayTitle(date: string): string {
  const weekday = WEEKDAYS[weekdayOfDay(dayNumber(date))]!;
  return `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日 ${weekday}`;
}

/**
 * A ledger day's heading (issue 61): 今天, 昨天, then '12月4日 周五', with the year in front
 * for a day of another year than `today`'s.
 */
export function ledgerDayTitle(date: string, today: string): string {
  if (date === today) return '今天';
  if (date === addDays(today, -1)) return '昨天';
  const title = dayTitle(date);
  return date.slice(0, 4) === today.slice(0, 4) ? title : `${date.slice(0, 4)}年${title}`;
}

// ---- 今日任务

type TodayTaskGroup = 'overdue' | 'timed' | 'untimed';

export interface TodayTask<T> {
  task: T;
  group: TodayTaskGroup;
}

type TaskFields = Pick<
  Task,
  'id' | 'dueDate' | 'dueTime' | 'completed' | 'completedAt' | 'priority' | 'createdAt'
>;

const GROUP_RANK: Record<TodayTaskGroup, number> = { overdue: 0, timed: 1, untimed: 2 };
const PRIORITY_RANK: Record<TaskPriority, number> = { high: 0, medium: 1, low: 2 };

/** The local day a completion was stamped on. */
const completedOn = (task: Pick<Task, 'completedAt'>) =>
  task.completedAt ? todayString(new Date(task.completedAt)) : '';

/**
 * 今日任务: overdue tasks first (earliest first), then today's with a time in time order, then
 * today's without one (higher priority first). A task ticked today keeps its place, marked done,
 * so a tick never moves a row from under the finger; one done on another day is not listed.
 */
export function todayTasks<T extends TaskFields>(
  tasks: readonly T[],
  today: string,
): TodayTask<T>[] {
  const out: TodayTask<T>[] = [];
  for (const task of tasks) {
    if (task.dueDate === '' || task.dueDate > today) continue;
    if (task.completed && completedOn(task) !== today) continue;
    // Overdue by its date: a task due today whose time has passed is still today's, in its slot.
    const late = task.dueDate < today;
    if (late && !task.completed && !isOverdue(task, today)) continue;
    out.push({ task, group: late ? 'overdue' : task.dueTime ? 'timed' : 'untimed' });
  }
  return out.sort((a, b) => byPlace(a, b));
}

function byPlace<T extends TaskFields>(a: TodayTask<T>, b: TodayTask<T>): number {
  const x = a.task;
  const y = b.task;
  return (
    GROUP_RANK[a.group] - GROUP_RANK[b.group] ||
    compare(x.dueDate, y.dueDate) ||
    compare(x.dueTime ?? '', y.dueTime ?? '') ||
    PRIORITY_RANK[x.priority] - PRIORITY_RANK[y.priority] ||
    compare(x.createdAt, y.createdAt) ||
    compare(x.id, y.id)
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// ---- 今日打卡

export interface TodayHabit {
  habit: CheckinTask;
  /** Today's record (a skipped day's too), if any. */
  record: CheckinRecord | undefined;
  /** Checked in today (a measurable one: some value recorded). */
  done: boolean;
  /** Reached today's target (a yes/no habit: done). */
  reached: boolean;
  /** Today's value, for a measurable habit's 'value/target unit'. */
  value: number;
}

/**
 * 今日打卡: the habits due today, in the order of 打卡管理 (sortOrder). Archived habits, rest days
 * (a weekday the schedule leaves out) and days on 休假 are left out; a habit done today stays,
 * marked done.
 */
export function todayHabits(
  habits: readonly CheckinTask[],
  records: readonly CheckinRecord[],
  today: string,
): TodayHabit[] {
  const todays = new Map<string, CheckinRecord>();
  for (const r of records) if (r.date === today) todays.set(r.taskId, r);
  const out: TodayHabit[] = [];
  for (const habit of habits) {
    if (habit.archived) continue;
    const rules = habitRules(habit as HabitLike);
    const record = todays.get(habit.id);
    const state = dayState(rules, record as DayRecord | undefined, today, today);
    if (state === 'unscheduled' || state === 'vacation' || state === 'skipped') continue;
    const value = record && !record.skipped ? (record.value ?? 1) : 0;
    const reached = rules.measurable
      ? rules.targetType === 'atMost'
        ? value <= rules.target && value > 0
        : value >= rules.target
      : value > 0;
    out.push({ habit, record, done: value > 0, reached, value });
  }
  return out.sort(
    (a, b) =>
      (a.habit.sortOrder ?? 0) - (b.habit.sortOrder ?? 0) || compare(a.habit.id, b.habit.id),
  );
}

// ---- 今日收支

export interface DayMoney {
  incomeCents: number;
  expenseCents: number;
  netCents: number;
}

/** 今日收支: the entries dated `today` only (an entry's date is the local day it was spent). */
export function dayMoney(
  accounts: readonly Pick<Account, 'type' | 'amount' | 'date'>[],
  today: string,
): DayMoney {
  const income: number[] = [];
  const expense: number[] = [];
  for (const a of accounts) {
    if (a.date !== today) continue;
    (a.type === 'income' ? income : expense).push(a.amount);
  }
  const incomeCents = sumCents(income);
  const expenseCents = sumCents(expense);
  return { incomeCents, expenseCents, netCents: incomeCents - expenseCents };
}

/**
 * Spending in the budget month of `today` (to date), for 本月支出 against the month's budget;
 * the month starts on 每月起始日 `startDay` (budget.ts).
 */
export function monthSpentCents(
  accounts: readonly Pick<Account, 'type' | 'amount' | 'date'>[],
  today: string,
  startDay = 1,
): number {
  const { start } = budgetPeriod(budgetMonthOf(today, startDay), startDay);
  const spent: number[] = [];
  for (const a of accounts) {
    if (a.type === 'expense' && a.date >= start && a.date <= today) spent.push(a.amount);
  }
  return sumCents(spent);
}

// ---- 接下来

export interface UpcomingReminder {
  taskId: string;
  title: string;
  /** 'HH:mm' the reminder rings. */
  at: string;
}

/** A task without a time rings at 09:00 of its day (server/push/scheduler.ts). */
const DATE_ONLY_TIME = '09:00';

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * 接下来: the next `n` reminders of open tasks that ring later today (after `time`, 'HH:mm'),
 * earliest first. A reminder counts back from the due time, so one of tomorrow's tasks may
 * ring today.
 */
export function upcomingReminders(
  tasks: readonly Pick<Task, 'id' | 'title' | 'dueDate' | 'dueTime' | 'completed' | 'reminders'>[],
  today: string,
  time: string,
  n = 3,
): UpcomingReminder[] {
  const now = toMinutes(time);
  const out: (UpcomingReminder & { minute: number })[] = [];
  for (const task of tasks) {
    if (task.completed || !task.dueDate || !task.reminders?.length) continue;
    const days = dayNumber(task.dueDate) - dayNumber(today);
    if (days < 0 || days > 31) continue;
    const due = days * 1440 + toMinutes(task.dueTime || DATE_ONLY_TIME);
    for (const before of new Set(task.reminders)) {
      const minute = due - before;
      if (minute < now || minute >= 1440) continue;
      out.push({ taskId: task.id, title: task.title, at: toTime(minute), minute });
    }
  }
  out.sort((a, b) => a.minute - b.minute || compare(a.taskId, b.taskId));
  return out.slice(0, n).map(({ minute: _m, ...r }) => r);
}
