import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Dates travel as local 'YYYY-MM-DD' strings and months as 'YYYY-MM' (docs/architecture.md, Decisions "Dates"): "today" is the
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

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The date `days` later (earlier when negative). A 'YYYY-MM-DD' date moves on day numbers: a
 * calendar count, so a daylight-saving day is one day as any other, without dayjs's parse, add
 * and format (~5 ms at 4× CPU in a press of /tasks' 最近7天, bench:web profile). Anything else
 * goes through dayjs as before.
 */
export function addDays(date: string, days: number): string {
  if (PLAIN_DATE.test(date)) return civilDate(dayNumber(date) + days);
  return dayjs(date).add(days, 'day').format(DATE);
}

export function addMonths(month: string, months: number): string {
  return dayjs(`${month}-01`).add(months, 'month').format(MONTH);
}

/** The Monday of a date's week. Weeks start on Monday (docs/spec.md §9), whatever the global locale says. */
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

/**
 * Whole days from 1970-01-01 to year-month-day, by arithmetic (H. Hinnant's days_from_civil):
 * no Date object per check-in. The year is counted from March, so February's length only
 * matters at the year's end. A day past its month's end runs on into the next, as Date.UTC's.
 */
export function civilDayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The day number of a yyyymmdd number (dateKey), without reading a string. */
export function dayOfKey(key: number): number {
  return civilDayNumber(Math.floor(key / 10_000), Math.floor(key / 100) % 100, key % 100);
}

/** 'YYYY-MM-DD' of a day number, years 0–9999: civilDayNumber's inverse (civil_from_days). */
export function civilDate(n: number): string {
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Whole days from 1970-01-01 to a 'YYYY-MM-DD' date (a calendar count: no time zone). */
export function dayNumber(date: string): number {
  return civilDayNumber(yearOf(date), monthDigits(date), dayDigits(date));
}

/**
 * Whole calendar days from `from` to `to` (negative when `to` is earlier). Counted on day
 * numbers, so a 23-hour daylight-saving day is one day as any other, and without the two
 * dayjs objects a diff made (each task row and the smart views asked it of every task).
 */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

const calendars = new Map<string, readonly (string | null)[]>();

/**
 * The cells of a Monday-first month grid: nulls before the 1st, each date of the month, then nulls
 * to complete the last week (the length is a multiple of 7).
 */
export function monthCalendar(month: string): readonly (string | null)[] {
  // Every habit card draws the same month twice (its calendar and its days' states): built
  // once per month, not 40 times with a dayjs step and format per day (~50 ms of a month
  // switch on /checkin at 4× CPU with 20 habits).
  let cells = calendars.get(month);
  if (cells) return cells;
  const first = dayjs(`${month}-01`);
  const leading = (first.day() + 6) % 7;
  const days = first.daysInMonth();
  const built: (string | null)[] = Array.from({ length: leading }, () => null);
  for (let i = 0; i < days; i++) built.push(first.add(i, 'day').format(DATE));
  while (built.length % 7 !== 0) built.push(null);
  cells = Object.freeze(built);
  calendars.set(month, cells);
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
