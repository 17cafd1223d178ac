import type { Options, RRule as RRuleType } from 'rrule';
import * as rrulePackage from 'rrule';

// Repeating tasks (issue 36). A task's `repeat` is the RRULE part of RFC 5545
// ("FREQ=WEEKLY;BYDAY=MO"), without DTSTART: the occurrence's own due date (or, with
// repeatFrom 'completion', the day it was done) is where the rule is started from. Dates are
// evaluated by the `rrule` library as UTC midnights of the local 'YYYY-MM-DD' days, so no time
// zone or daylight-saving shift can move a day.
//
// COUNT is the number of occurrences left, this one included: each next occurrence carries
// COUNT one lower, so a series of row-per-occurrence stops where the rule says without a
// template row remembering where it began.

// rrule ships a UMD bundle as its CommonJS entry: Node's ESM loader sees only a default export
// there, bundlers see the named ones of its ESM build.
const RRule: typeof RRuleType =
  (rrulePackage as { RRule?: typeof RRuleType }).RRule ??
  // Reflect.get: a bundler reading `.default` of the ESM build warns that it is undefined.
  (Reflect.get(rrulePackage, 'default') as { RRule: typeof RRuleType }).RRule;

type RepeatFrom = 'due' | 'completion';

const WEEKDAY = '(?:MO|TU|WE|TH|FR|SA|SU)';
// What the app accepts, part by part: rrule's own parser lets unknown values through silently
// ("INTERVAL=x", "FREQ=FOO"), so each part is checked before the library reads the whole.
const PARTS = new Map<string, RegExp>(
  Object.entries({
    FREQ: /^(?:DAILY|WEEKLY|MONTHLY|YEARLY)$/,
    INTERVAL: /^(?:[1-9]\d{0,2})$/,
    BYDAY: new RegExp(`^(?:[+-]?[1-5]?${WEEKDAY})(?:,[+-]?[1-5]?${WEEKDAY})*$`),
    BYMONTHDAY: /^(?:-?(?:[1-9]|[12]\d|3[01]))(?:,-?(?:[1-9]|[12]\d|3[01]))*$/,
    BYMONTH: /^(?:[1-9]|1[0-2])(?:,(?:[1-9]|1[0-2]))*$/,
    COUNT: /^[1-9]\d{0,3}$/,
    UNTIL: /^\d{8}(?:T\d{6}Z?)?$/,
    WKST: new RegExp(`^${WEEKDAY}$`),
  }),
);

/** The rule's options, or null when it is not a rule the app can repeat by. */
function parseRepeat(rule: string): Partial<Options> | null {
  if (rule === '' || rule.length > 300) return null;
  const seen = new Set<string>();
  for (const part of rule.split(';')) {
    const [key, value, extra] = part.split('=');
    if (key === undefined || value === undefined || extra !== undefined) return null;
    if (!PARTS.get(key)?.test(value) || seen.has(key)) return null;
    seen.add(key);
  }
  if (!seen.has('FREQ') || (seen.has('COUNT') && seen.has('UNTIL'))) return null;
  if (seen.has('UNTIL') && !isRealDay(untilDate(rule) ?? '')) return null;
  try {
    return RRule.parseString(rule);
  } catch {
    return null;
  }
}

export function isValidRepeat(rule: string): boolean {
  return parseRepeat(rule) !== null;
}

function isRealDay(date: string): boolean {
  const d = fromDay(date);
  return !Number.isNaN(d.getTime()) && toDay(d) === date;
}

/** The UNTIL day of a rule as 'YYYY-MM-DD', or null. */
function untilDate(rule: string): string | null {
  const m = /(?:^|;)UNTIL=(\d{4})(\d{2})(\d{2})/.exec(rule);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** COUNT of a rule, or null when it has none. */
function countOf(rule: string): number | null {
  const m = /(?:^|;)COUNT=(\d+)/.exec(rule);
  return m ? Number(m[1]) : null;
}

/** The rule with COUNT set to `count`. */
function withCount(rule: string, count: number): string {
  return rule.replace(/(^|;)COUNT=\d+/, `$1COUNT=${count}`);
}

function fromDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function toDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function ruleFrom(rule: string, start: string): RRuleType | null {
  const options = parseRepeat(rule);
  if (!options) return null;
  return new RRule({ ...options, dtstart: fromDay(start) });
}

/**
 * The first `n` dates of the rule started on `start`, `start` itself included when the rule
 * falls on it: what the dialog previews, ending early at COUNT or UNTIL.
 */
export function upcomingDates(rule: string, start: string, n: number): string[] {
  const r = ruleFrom(rule, start);
  if (!r) return [];
  const out: string[] = [];
  r.all((d, i) => {
    if (i >= n) return false;
    out.push(toDay(d));
    return true;
  });
  return out;
}

/**
 * The dates of the rule started on `start` that fall within [from, to]: what 日历 shows of a
 * series (issue 59). The library stops at `to`, where a count of dates would run on for years.
 */
export function datesBetween(rule: string, start: string, from: string, to: string): string[] {
  const r = ruleFrom(rule, start);
  if (!r || to < from) return [];
  return r.between(fromDay(from), fromDay(to), true).map(toDay);
}

/** The first date of the rule on or after `today`: where a repeat given without a date starts. */
export function firstOccurrence(rule: string, today: string): string | null {
  const r = ruleFrom(rule, today);
  const d = r?.after(fromDay(today), true);
  return d ? toDay(d) : null;
}

export interface RepeatingTask {
  dueDate: string;
  repeat: string;
  repeatFrom: RepeatFrom;
}

export interface NextOccurrence {
  dueDate: string;
  /** The rule the next occurrence carries (COUNT one lower). */
  repeat: string;
}

/**
 * The occurrence after this one, or null when the series ends here (its COUNT is spent or
 * the next date is past UNTIL). `doneOn` is the day it was completed: with repeatFrom
 * 'completion' the rule runs from there, otherwise from the due date (today when it had none).
 */
export function nextOccurrence(task: RepeatingTask, doneOn: string): NextOccurrence | null {
  const count = countOf(task.repeat);
  if (count !== null && count <= 1) return null;
  const from =
    task.repeatFrom === 'completion' ? doneOn : task.dueDate !== '' ? task.dueDate : doneOn;
  const r = ruleFrom(task.repeat, from);
  // The rule's own COUNT counts from `from`; the next one is at most its second match.
  const d = r?.after(fromDay(from), false);
  if (!d) return null;
  return {
    dueDate: toDay(d),
    repeat: count === null ? task.repeat : withCount(task.repeat, count - 1),
  };
}

/**
 * The id of a series' occurrence on `date`: the same on every device, so that two devices
 * completing one occurrence offline create one record, which the server keeps once (a POST
 * with an id it has answers 200 and writes nothing). A name-based UUID (version 8, RFC 9562)
 * of a 128-bit hash of the series and the date.
 */
export function occurrenceId(seriesId: string, date: string): string {
  const hex = hash128(`${seriesId}|${date}`);
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// cyrb128: four 32-bit lanes of a multiplicative string hash. Not cryptographic: it only has
// to spread (series, date) pairs so that distinct ones never meet in one user's tasks.
function hash128(text: string): string {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('');
}
