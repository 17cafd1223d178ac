import { civilDate, civilDayNumber } from './dates';

// The column form of a list on the wire (GET /api/<kind>?since=…&shape=columns): one array per
// field instead of one object per record. Every record of a kind has the same fields, so the
// names are sent once, and a column holds like values side by side (dates in order, the same
// category again and again), which brotli and gzip compress far better: ten years of pages went
// from 22.6 MB of JSON (1168 KB brotli) to 13.6 MB (621 KB). The SQLite store builds it in SQL,
// where every record has every field by construction; the device turns it back into records
// with `fromColumns` as each page arrives.
//
// shape=packed goes further (the SQLite store and `packColumns` alike, with `asSteps` and
// `asDictionary`): a column of timestamps or of dates is sent as the steps between its values,
// and a column whose texts repeat as each text once and each row's index. brotli sees only
// bytes: `2016-11-29T11:55:40.000Z` after `2016-11-29T10:21:42.000Z` costs it a back-reference
// to the prefix and the time's digits, where the step `5638000` is the digits alone; a category
// seen before costs a back-reference where its index costs a digit or two. Ten years of pages:
// 624 KB of brotli in columns; 545 KB with steps; 492 KB with dictionaries too.

/**
 * A column sent as steps: ms between timestamps, days between dates. A number is a step from
 * the value before it if that one was a step too, else from 0 (1970-01-01); anything else (null,
 * '', a text that would not print back the same) is the value itself.
 */
interface Steps {
  ms?: unknown[];
  days?: unknown[];
}
/**
 * A column whose values repeat (a category, a habit's id, the same description day after day):
 * each value once, in the order it first comes (`dict`), and each row's as its index (`at`).
 */
interface Dictionary {
  dict?: unknown[];
  at?: unknown[];
}
/** What a column can be on the wire: its values, steps or a dictionary. */
export type PackedColumn = unknown[] | Steps | Dictionary;

const DAY_MS = 86_400_000;

const THIRTY_DAYS = [4, 6, 9, 11];

/**
 * The days from 1970-01-01 to a day of the proleptic Gregorian calendar, or undefined for a day
 * the month does not have. By arithmetic: with Date.parse and Date#toISOString to check that a
 * text prints back as it is, packing took ~1.5 µs a value, three times what SQLite took to
 * build the whole page around it.
 */
function daysOf(year: number, month: number, day: number): number | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const length = month === 2 ? (leap ? 29 : 28) : THIRTY_DAYS.includes(month) ? 30 : 31;
  return day > length ? undefined : civilDayNumber(year, month, day);
}

/** The number `text` holds in the digits from `start` to `end`, or NaN for a non-digit. */
function digits(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    n = n * 10 + d;
  }
  return n;
}

/** The day of a `YYYY-MM-DD` text that prints back as it is, as days since 1970-01-01. */
function dateDays(v: unknown): number | undefined {
  if (typeof v !== 'string' || v.length !== 10 || v[4] !== '-' || v[7] !== '-') return undefined;
  const year = digits(v, 0, 4);
  const month = digits(v, 5, 7);
  const day = digits(v, 8, 10);
  if (Number.isNaN(year + month + day)) return undefined;
  return daysOf(year, month, day);
}

/** The ms of a text in Date#toISOString's form that prints back as it is (hour below 24). */
function timestampMs(v: unknown): number | undefined {
  if (typeof v !== 'string' || v.length !== 24 || v[10] !== 'T' || v[13] !== ':') return undefined;
  if (v[16] !== ':' || v[19] !== '.' || v[23] !== 'Z') return undefined;
  const days = dateDays(v.slice(0, 10));
  const hour = digits(v, 11, 13);
  const minute = digits(v, 14, 16);
  const second = digits(v, 17, 19);
  const ms = digits(v, 20, 23);
  if (days === undefined || !(hour < 24 && minute < 60 && second < 60 && ms >= 0)) return undefined;
  return days * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 + ms;
}

/** The two kinds of steps: timestamps and dates. */
export type StepForm = keyof Steps;
/** Each kind's number of a value that is a step, undefined for one that goes as it is. */
const NUMBER_OF: Record<StepForm, (v: unknown) => number | undefined> = {
  ms: timestampMs,
  days: dateDays,
};

/**
 * `values` as steps of `form` (see Steps). The SQLite store sends a column of timestamps or
 * dates so, whatever it holds: a value that is not a step goes as it is.
 */
export function asSteps(values: readonly unknown[], form: StepForm): Steps {
  const numberOf = NUMBER_OF[form];
  let last = 0;
  const steps = values.map((v) => {
    const n = numberOf(v);
    if (n === undefined) {
      last = 0;
      return v;
    }
    const step = n - last;
    last = n;
    return step;
  });
  return { [form]: steps };
}

/**
 * One column packed, by what it holds (the SQLite store decides by the field's name and column
 * type): texts and nulls only, some of them timestamps or dates.
 */
function packColumn(values: unknown[]): PackedColumn {
  if (!values.every((v) => v === null || typeof v === 'string')) return values;
  for (const form of ['ms', 'days'] as const) {
    if (values.some((v) => NUMBER_OF[form](v) !== undefined)) return asSteps(values, form);
  }
  return asDictionary(values);
}

/** A dictionary pays when a column's values come back this many times each on average. */
const REPEATS = 4;

/**
 * `values` as a dictionary (see Dictionary) where they repeat enough, else as they are. The
 * SQLite store sends its other text columns so (but the id).
 */
export function asDictionary(values: readonly unknown[]): PackedColumn {
  if (values.length < REPEATS) return values as unknown[];
  const index = new Map<unknown, number>();
  const at = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) {
    let n = index.get(values[i]);
    if (n === undefined) {
      n = index.size;
      // Past the share that pays: as they are, found without a pass of its own.
      if ((n + 1) * REPEATS > values.length) return values as unknown[];
      index.set(values[i], n);
    }
    at[i] = n;
  }
  return { dict: [...index.keys()], at };
}

/** `columns` (field → values) with each column in its smallest form (see shape=packed). */
export function packColumns(columns: Record<string, unknown[]>): Record<string, PackedColumn> {
  return Object.fromEntries(
    Object.entries(columns).map(([field, values]) => [field, packColumn(values)]),
  );
}

/** One column's values from either of its forms; null for a form that is broken. */
function unpackColumn(column: unknown): unknown[] | null {
  if (Array.isArray(column)) return column;
  if (typeof column !== 'object' || column === null) return null;
  const { ms, days, dict, at } = column as Steps & Dictionary;
  if (Array.isArray(ms)) return fromSteps(ms, printTimestamp());
  if (Array.isArray(days)) return fromSteps(days, printDay);
  if (Array.isArray(dict) && Array.isArray(at)) {
    const values = new Array(at.length);
    for (let i = 0; i < at.length; i++) {
      const n = at[i];
      if (!Number.isInteger(n) || (n as number) < 0 || (n as number) >= dict.length) return null;
      values[i] = dict[n as number];
    }
    return values;
  }
  return null;
}

// Printing, as Date#toISOString would, without a Date: toISOString made reading ten years of
// pages 2–3 times slower than the columns' plain texts (~200 ms more at full speed, in the
// worker that fills the device copy).

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** Day numbers of 0000-01-01 and 9999-12-31: the days civilDate prints as toISOString does. */
const FOUR_DIGIT_YEARS = [-719_528, 2_932_896] as const;

/** The day `days` after 1970-01-01 as YYYY-MM-DD, as toISOString prints it (±YYYYYY past 9999). */
function printDay(days: number): string {
  return days < FOUR_DIGIT_YEARS[0] || days > FOUR_DIGIT_YEARS[1]
    ? new Date(days * DAY_MS).toISOString().slice(0, -14)
    : civilDate(days);
}

/** A printer of ms since 1970 as toISOString, keeping the last day's text (days repeat). */
function printTimestamp(): (ms: number) => string {
  let lastDay = Number.NaN;
  let dayText = '';
  return (ms) => {
    const day = Math.floor(ms / DAY_MS);
    if (day !== lastDay) {
      lastDay = day;
      dayText = printDay(day);
    }
    if (dayText.length !== 10) return new Date(ms).toISOString();
    let rest = ms - day * DAY_MS;
    const milli = rest % 1000;
    rest = (rest - milli) / 1000;
    const second = rest % 60;
    rest = (rest - second) / 60;
    return `${dayText}T${pad2(Math.floor(rest / 60))}:${pad2(rest % 60)}:${pad2(second)}.${pad3(milli)}Z`;
  };
}

function fromSteps(stepsOf: unknown[], print: (n: number) => string): unknown[] | null {
  let n = 0;
  const values = new Array(stepsOf.length);
  for (let i = 0; i < stepsOf.length; i++) {
    const step = stepsOf[i];
    if (typeof step !== 'number') {
      n = 0;
      values[i] = step;
      continue;
    }
    if (!Number.isInteger(step)) return null;
    n += step;
    try {
      values[i] = print(n);
    } catch {
      return null; // out of Date's range (RangeError): a broken answer, not a record to keep
    }
  }
  return values;
}

/**
 * The records of `columns` (field name → that field of every record, in record order, each
 * column plain or packed), each with the fields in the columns' order; null for anything that
 * is not columns of one length (a broken answer must not become half a list).
 */
export function fromColumns(columns: unknown): Record<string, unknown>[] | null {
  if (typeof columns !== 'object' || columns === null || Array.isArray(columns)) return null;
  const entries: [string, unknown[]][] = [];
  for (const [field, column] of Object.entries(columns as Record<string, unknown>)) {
    const values = unpackColumn(column);
    if (!values) return null;
    entries.push([field, values]);
  }
  const length = entries.length === 0 ? 0 : entries[0]![1].length;
  if (!entries.every(([, values]) => values.length === length)) return null;
  const records: Record<string, unknown>[] = new Array(length);
  for (let i = 0; i < length; i++) {
    const record: Record<string, unknown> = {};
    for (const [field, values] of entries) record[field] = values[i];
    records[i] = record;
  }
  return records;
}
