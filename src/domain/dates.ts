import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Dates travel as local 'YYYY-MM-DD' strings and months as 'YYYY-MM' (DESIGN §1): "today" is the
// user's local date, and plain strings compare and group without time-zone drift.

const DATE = 'YYYY-MM-DD';
const MONTH = 'YYYY-MM';

// Ten years hold ~40k records of a kind, and a screen's figures read every one's date:
// slicing each into a month string, or keying a Map by it, allocates a string per record and
// is most of those passes. These read the digits where they stand.
const digit = (s: string, i: number) => s.charCodeAt(i) - 48;
/** The year of a 'YYYY-MM' month or a 'YYYY-MM-DD' date. */
export const yearOf = (date: string) =>
  digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3);
/** The month (1–12) of a 'YYYY-MM' month or a 'YYYY-MM-DD' date. */
export const monthDigits = (date: string) => digit(date, 5) * 10 + digit(date, 6);
/** The day of the month (1–31) of a 'YYYY-MM-DD' date. */
export const dayDigits = (date: string) => digit(date, 8) * 10 + digit(date, 9);

/** Months since January of year 0 of a 'YYYY-MM' month or a 'YYYY-MM-DD' date. */
export function monthNumber(monthOrDate: string): number {
  return yearOf(monthOrDate) * 12 + monthDigits(monthOrDate) - 1;
}

/** A 'YYYY-MM-DD' date as the number yyyymmdd: numbers order as the dates do. */
export function dateKey(date: string): number {
  return yearOf(date) * 10_000 + monthDigits(date) * 100 + dayDigits(date);
}

/** The local calendar date of an instant. */
export function todayString(now: Date | number): string {
  return dayjs(now).format(DATE);
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

// dayjs moves local dates with setDate/setMonth, so a daylight-saving day still counts as one day.
export function addDays(date: string, days: number): string {
  return dayjs(date).add(days, 'day').format(DATE);
}

export function addMonths(month: string, months: number): string {
  return dayjs(`${month}-01`).add(months, 'month').format(MONTH);
}

/** The Monday of a date's week. Weeks start on Monday (SPEC §9), whatever the global locale says. */
export function mondayOf(date: string): string {
  const d = dayjs(date);
  return d.subtract((d.day() + 6) % 7, 'day').format(DATE);
}

/** Monday..Sunday of the week holding `today`; a Sunday belongs to the week that began 6 days before. */
export function weekDays(today: string): string[] {
  const monday = mondayOf(today);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The last `n` days, oldest first, ending with `today`. */
export function lastNDays(today: string, n = 7): string[] {
  return Array.from({ length: n }, (_, i) => addDays(today, i - n + 1));
}

/** The last `n` months as 'YYYY-MM', oldest first, ending with the month of `today`. */
export function lastNMonths(today: string, n = 12): string[] {
  const month = monthOf(today);
  return Array.from({ length: n }, (_, i) => addMonths(month, i - n + 1));
}

/** '2026年11月21日 星期六'. */
export function formatChineseDate(today: string): string {
  return dayjs(today).locale('zh-cn').format('YYYY年M月D日 dddd');
}

/** '11月20日' within `today`'s year, '2027年1月5日' in any other: a date as a sentence names it. */
export function formatShortDate(date: string, today: string): string {
  const [year, month, day] = date.split('-');
  const short = `${Number(month)}月${Number(day)}日`;
  return year === today.slice(0, 4) ? short : `${year}年${short}`;
}

/** The dashboard clock: 'HH:mm:ss' in local time. */
export function formatClock(now: Date | number): string {
  return dayjs(now).format('HH:mm:ss');
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  // dayjs corrects a day diff for a change of UTC offset, so a 23-hour DST day still counts as 1.
  return dayjs(to).diff(dayjs(from), 'day');
}

/**
 * The cells of a Monday-first month grid: nulls before the 1st, each date of the month, then nulls
 * to complete the last week (the length is a multiple of 7).
 */
export function monthCalendar(month: string): (string | null)[] {
  const first = dayjs(`${month}-01`);
  const leading = (first.day() + 6) % 7;
  const days = first.daysInMonth();
  const cells: (string | null)[] = Array.from({ length: leading }, () => null);
  for (let i = 0; i < days; i++) cells.push(first.add(i, 'day').format(DATE));
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

/** True when `date` ('YYYY-MM-DD') falls in `month` ('YYYY-MM'); no string made per call. */
export function isInMonth(date: string, month: string): boolean {
  return month.length === 7 && date.startsWith(month);
}

/** True when `date` falls in the Monday-to-Sunday week holding `today`. */
export function isInWeek(date: string, today: string): boolean {
  return mondayOf(date) === mondayOf(today);
}

/**
 * Newest first for ISO dates and timestamps, which sort as plain strings. Not localeCompare:
 * it goes through ICU and made sorting ten years of records the slowest part of a render.
 */
export function descending(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}
