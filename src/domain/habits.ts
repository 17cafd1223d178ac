import { civilDate, dayNumber, dayOfKey } from './dates';
import type { CheckinTask, TargetPeriod, TargetType } from './schemas/checkin';

// Measurable habits, schedules, skips, vacations and the strength score (issue 37), after Loop
// Habit Tracker. Everything here is pure and takes `today`: a day later than it is not judged.
//
// A habit is judged in units: each scheduled day for a per-day target, each Monday-week or
// month for a per-week or per-month one. A unit is
// - frozen when the user took it off (跳过 on that day, or 休假): streak and score stand still;
// - pending while it runs and is not yet decided (today, before the target is reached);
// - else a success or a miss, with a credit 0–1 for the score (至少 earns part of its target).
//
// Issue 60: a habit's first schedule entry starts on the day it was made (the form writes one
// for every new habit). Days before it are neither done nor missed unless checked in, and the
// first entry's weekdays apply to them too: a back-filled Monday-to-Friday habit has no
// Saturday to miss. A habit without a schedule (the spec's, an old export) is judged from its
// first record, as before. An unscheduled day is a rest day, whatever it holds.

/** A habit's rules with every field of issue 37 filled in (a spec habit: yes/no, every day). */
export interface HabitRules {
  id: string;
  measurable: boolean;
  target: number;
  targetType: TargetType;
  period: TargetPeriod;
  schedule: readonly { from: string; weekdays: readonly number[] }[];
  vacations: readonly { start: string; end: string }[];
}

export type HabitLike = Pick<CheckinTask, 'id' | 'type' | 'frequency'> &
  Partial<
    Pick<CheckinTask, 'kind' | 'target' | 'targetType' | 'targetPeriod' | 'schedule' | 'vacations'>
  >;

export interface DayRecord {
  date: string;
  value?: number;
  skipped?: boolean;
}

const SPEC_PERIOD: Record<CheckinTask['type'], TargetPeriod> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
};

/**
 * The rules a habit is judged by. A yes/no habit keeps the spec's rhythm: once a day, or
 * `frequency` days a week or a month, counted 至少. A measurable one has its own target.
 */
export function habitRules(habit: HabitLike): HabitRules {
  const measurable = habit.kind === 'measurable';
  return {
    id: habit.id,
    measurable,
    target: measurable ? (habit.target ?? 1) : habit.type === 'daily' ? 1 : habit.frequency,
    targetType: measurable ? (habit.targetType ?? 'atLeast') : 'atLeast',
    period: measurable ? (habit.targetPeriod ?? 'day') : SPEC_PERIOD[habit.type],
    schedule: habit.schedule ?? [],
    vacations: habit.vacations ?? [],
  };
}

// ---- Days as numbers (days since 1970-01-01), so ten years of days cost no Date objects.

// Every habit of a screen is judged over the same days: at ten years, 20 habits asked for the
// same 3,650 dates 73,000 times (each a string built anew), most of /checkin's work at 4× CPU.
const DATES_KEPT = 40_000;
const datesOfDays = new Map<number, string>();

/** 'YYYY-MM-DD' of a day number. */
export function dateOfDay(n: number): string {
  let date = datesOfDays.get(n);
  if (date === undefined) {
    if (datesOfDays.size >= DATES_KEPT) datesOfDays.clear();
    date = civilDate(n);
    datesOfDays.set(n, date);
  }
  return date;
}

/** 0 = Sunday … 6 = Saturday, as Date.getDay() (1970-01-01 was a Thursday). */
export const weekdayOfDay = (n: number) => (((n + 4) % 7) + 7) % 7;

/** The first day of the unit holding day `n`: itself, its Monday, or the 1st of its month. */
function unitStart(period: TargetPeriod, n: number): number {
  if (period === 'day') return n;
  if (period === 'week') return n - ((weekdayOfDay(n) + 6) % 7);
  return dayNumber(`${dateOfDay(n).slice(0, 8)}01`);
}

function unitEnd(period: TargetPeriod, start: number): number {
  if (period === 'day') return start;
  if (period === 'week') return start + 6;
  const date = dateOfDay(start);
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return dayNumber(next) - 1;
}

/**
 * The weekdays due on `date`: the schedule entry in force then, the first one before it (the
 * habit did not exist yet); null for a habit without a schedule (every day).
 */
export function weekdaysOn(
  rules: Pick<HabitRules, 'schedule'>,
  date: string,
): readonly number[] | null {
  let found: readonly number[] | null = rules.schedule[0]?.weekdays ?? null;
  for (const entry of rules.schedule) {
    if (entry.from <= date) found = entry.weekdays;
    else break;
  }
  return found;
}

/** The day the habit was made: its first schedule entry's (unknown without one: ''). */
const createdOn = (rules: Pick<HabitRules, 'schedule'>) => rules.schedule[0]?.from ?? '';

/** A record's value: a check-in from before values existed, or a yes/no one, counts 1. */
const dayValue = (r: DayRecord) => (r.skipped ? 0 : (r.value ?? 1));

/**
 * A habit's records by day (the last one wins should a day hold two), in an array indexed by
 * day number from its first record: at ten years each card looked up ~3,650 days in a Map of
 * ~2,000 date strings, twice, and building those Maps was /checkin's heaviest function at 4×
 * CPU. `get` answers by date, as the Map did.
 */
export class RecordsByDay<T extends DayRecord> {
  private readonly first: number;
  private readonly days: (T | undefined)[];

  /** `keys`, where the caller has them: each record's day as yyyymmdd (dateKey). */
  constructor(records: readonly T[], keys?: ArrayLike<number>) {
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    const numbers = new Float64Array(records.length);
    records.forEach((r, i) => {
      const n = keys ? dayOfKey(keys[i]!) : dayNumber(r.date);
      numbers[i] = n;
      if (n < first) first = n;
      if (n > last) last = n;
    });
    this.first = records.length > 0 ? first : 0;
    this.days = records.length > 0 ? new Array(last - first + 1) : [];
    records.forEach((r, i) => {
      this.days[numbers[i]! - this.first] = r;
    });
  }

  /** The record of day number `n`. */
  at(n: number): T | undefined {
    return this.days[n - this.first];
  }

  get(date: string): T | undefined {
    return this.at(dayNumber(date));
  }

  /**
   * The first day number whose record is not the same object in `other` (records are never
   * changed in place, so the same object is the same record); Infinity when none differs.
   */
  firstDifference(other: RecordsByDay<T>): number {
    const from = Math.min(this.first, other.first);
    const to = Math.max(this.first + this.days.length, other.first + other.days.length);
    for (let n = from; n < to; n++) if (this.at(n) !== other.at(n)) return n;
    return Number.POSITIVE_INFINITY;
  }
}

export function recordsByDate<T extends DayRecord>(
  records: readonly T[],
  keys?: ArrayLike<number>,
): RecordsByDay<T> {
  return new RecordsByDay(records, keys);
}

type UnitState = 'done' | 'missed' | 'frozen' | 'pending';

export interface Unit {
  /** First and last day of the unit ('YYYY-MM-DD'). */
  start: string;
  end: string;
  state: UnitState;
  /** The unit's sum of values (days off left out). */
  sum: number;
  /** The target it was held to (a 至少 target shrinks with the days taken off). */
  target: number;
  /** 0–1 for the score: the share of a 至少 target reached, 1 or 0 for 至多. */
  credit: number;
}

/** The rules' dates as day numbers, for judging every day of ten years without a string. */
interface DayRules {
  /** Each schedule entry's first day and its weekdays as bits (1 << weekday). */
  schedule: { from: number; weekdays: number }[];
  vacations: { start: number; end: number }[];
  /** createdOn as a day number (-Infinity when unknown). */
  created: number;
}

// One per rules object: a calendar asks for ~42 days and the heat map for 371.
const compiled = new WeakMap<HabitRules, DayRules>();

function dayRules(rules: HabitRules): DayRules {
  let days = compiled.get(rules);
  if (!days) {
    days = compileRules(rules);
    compiled.set(rules, days);
  }
  return days;
}

function compileRules(rules: HabitRules): DayRules {
  return {
    schedule: rules.schedule.map((entry) => ({
      from: dayNumber(entry.from),
      weekdays: entry.weekdays.reduce((bits, day) => bits | (1 << day), 0),
    })),
    vacations: rules.vacations.map((v) => ({ start: dayNumber(v.start), end: dayNumber(v.end) })),
    created: rules.schedule.length > 0 ? dayNumber(rules.schedule[0]!.from) : -Infinity,
  };
}

/**
 * Whether day number `n` is due: the schedule entry in force then, the first one before it
 * (weekdaysOn); every day without a schedule.
 */
function dueOn(days: DayRules, n: number): boolean {
  let weekdays = days.schedule[0]?.weekdays ?? -1; // no schedule: every day
  for (const entry of days.schedule) {
    if (entry.from <= n) weekdays = entry.weekdays;
    else break;
  }
  return weekdays === -1 || (weekdays & (1 << weekdayOfDay(n))) !== 0;
}

function awayOn(days: DayRules, n: number): boolean {
  for (const v of days.vacations) if (v.start <= n && n <= v.end) return true;
  return false;
}

/**
 * Whether a day is due. Only a per-day target has a weekday schedule: a weekly or monthly
 * target can be met on any day of its period.
 */
const isScheduled = (rules: HabitRules, date: string) =>
  rules.period !== 'day' || dueOn(dayRules(rules), dayNumber(date));

const onVacation = (rules: HabitRules, date: string) => awayOn(dayRules(rules), dayNumber(date));

/**
 * Whether a record of `date` counts for the habit (今日已打卡, 本月 N 次): not on a rest day. A
 * weekly or monthly target has none.
 */
export const countsOn = isScheduled;

/** countsOn for each of `habits`, by id (an id that is no habit's counts every day). */
export function countsOnFor(habits: readonly HabitLike[]): (id: string, date: string) => boolean {
  const byId = new Map(habits.map((h) => [h.id, habitRules(h)]));
  return (id, date) => {
    const rules = byId.get(id);
    return !rules || countsOn(rules, date);
  };
}

/** The schema's 每月目标 default (docs/spec.md §5), which a habit with chosen weekdays replaces. */
const SPEC_MONTHLY_TARGET = 30;

/**
 * The 每月目标 a habit is held to in `month` ('YYYY-MM'). A habit with chosen weekdays (a per-day
 * target due on fewer than 7 of them) gets the month's number of days it is due on — a
 * Monday-to-Friday habit 20 in February 2027, 23 in March — unless the user typed a target:
 * the stored default 30, which no such habit can reach, means none was typed. Every other habit
 * keeps its stored target (an every-day one: 30).
 */
export function monthlyTargetFor(
  habit: HabitLike & Pick<CheckinTask, 'monthlyTarget'>,
  month: string,
): number {
  const stored = habit.monthlyTarget;
  if (stored !== SPEC_MONTHLY_TARGET || !habit.schedule?.length) return stored;
  const rules = habitRules(habit);
  if (rules.period !== 'day') return stored;
  const days = dayRules(rules);
  const first = dayNumber(`${month.slice(0, 7)}-01`);
  const last = unitEnd('month', first);
  let due = 0;
  for (let n = first; n <= last; n++) if (dueOn(days, n)) due += 1;
  return due === last - first + 1 ? stored : due;
}

/**
 * The units of a habit judged from its first day to today, and after each unit the score and
 * streaks so far: what a later judging of the same days goes on from (`judgeUnits`).
 */
interface Judged {
  byDay: RecordsByDay<DayRecord>;
  first: number;
  last: number;
  units: Unit[];
  /** Per unit, by its place in `units`: its last day number, and the figures after it. */
  ends: Int32Array;
  scores: Float64Array;
  runs: Int32Array;
  bests: Int32Array;
}

/**
 * The last judging of each habit. A check-in changes today's unit, and judging ten years of
 * units again for it was ~2 ms at full speed (~10 ms at 4× CPU) of the press; with this the
 * units before the first changed day are taken as they were.
 */
const lastJudged = new WeakMap<HabitLike, Judged>();

/** How many of `before`'s units end before day number `day` (they are in order). */
function unitsBefore(before: Judged, day: number): number {
  let low = 0;
  let high = before.units.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before.ends[mid]! < day) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Every unit of the habit from `from` up to `today`, in order (unscheduled days are no unit),
 * with the score and streaks after each. A unit's days before `from` count as taken off, so a
 * habit begun mid-week is not held to the whole week. Given the habit's last judging of the
 * same days, the units that end before its first changed day are kept, with their figures.
 */
function judgeUnits(
  rules: HabitRules,
  byDay: RecordsByDay<DayRecord>,
  from: string,
  today: string,
  before?: Judged,
): Judged {
  const days = dayRules(rules);
  const first = dayNumber(from);
  const last = dayNumber(today);
  const m = unitMultiplier(rules.period);
  const kept =
    before && before.first === first && before.last === last
      ? unitsBefore(before, byDay.firstDifference(before.byDay))
      : 0;
  // At most one unit a day.
  const room = Math.max(0, last - unitStart(rules.period, first) + 1);
  const judged: Judged = {
    byDay,
    first,
    last,
    units: kept > 0 ? before!.units.slice(0, kept) : [],
    ends: new Int32Array(room),
    scores: new Float64Array(room),
    runs: new Int32Array(room),
    bests: new Int32Array(room),
  };
  let score = 0;
  let run = 0;
  let best = 0;
  let start = unitStart(rules.period, first);
  if (kept > 0) {
    for (const key of ['ends', 'scores', 'runs', 'bests'] as const) {
      judged[key].set(before![key].subarray(0, kept));
    }
    score = before!.scores[kept - 1]!;
    run = before!.runs[kept - 1]!;
    best = before!.bests[kept - 1]!;
    start = before!.ends[kept - 1]! + 1;
  }
  while (start <= last) {
    const end = unitEnd(rules.period, start);
    const unit = judge(rules, days, byDay, start, end, first, last);
    if (unit) {
      // Loop's smoothing over the decided units: frozen and pending ones leave the score and
      // the streaks as they were.
      if (unit.state !== 'frozen' && unit.state !== 'pending') {
        score = score * m + (1 - m) * unit.credit;
      }
      if (unit.state === 'done') best = Math.max(best, ++run);
      else if (unit.state === 'missed') run = 0;
      const i = judged.units.length;
      judged.units.push(unit);
      judged.ends[i] = end;
      judged.scores[i] = score;
      judged.runs[i] = run;
      judged.bests[i] = best;
    }
    start = end + 1;
  }
  return judged;
}

function judge(
  rules: HabitRules,
  days: DayRules,
  byDay: RecordsByDay<DayRecord>,
  start: number,
  end: number,
  first: number,
  today: number,
): Unit | null {
  const length = end - start + 1;
  let off = 0;
  let sum = 0;
  for (let n = start; n <= end; n++) {
    if (rules.period === 'day' && !dueOn(days, n)) return null;
    const record = byDay.at(n);
    // Before the habit was made, only a day checked in is judged.
    if (n < first || awayOn(days, n) || record?.skipped || (n < days.created && !record)) {
      off += 1;
      continue;
    }
    if (n <= today && record) sum += dayValue(record);
  }
  // One object a unit (at ten years a screen makes ~73,000 of them), and no closure per unit.
  let state: UnitState;
  let target = rules.target;
  let credit: number;
  if (off === length) {
    state = 'frozen';
    credit = 0;
  } else if (rules.targetType === 'atMost') {
    state = sum > target ? 'missed' : end >= today ? 'pending' : 'done';
    credit = state === 'missed' ? 0 : 1;
  } else {
    // 至少: a week with days off asks only for the days left (a yes/no habit: whole check-ins).
    const share = rules.target * ((length - off) / length);
    target = rules.measurable ? share : Math.ceil(share - 1e-9);
    credit = Math.min(1, sum / target);
    state = sum >= target ? 'done' : end >= today ? 'pending' : 'missed';
  }
  return { start: dateOfDay(start), end: dateOfDay(end), sum, state, target, credit };
}

/**
 * How much one unit moves the score: Loop's exponential smoothing, half of the weight after 13
 * days. A longer unit weighs more (√days, as Loop weighs frequency), so a month's miss costs
 * more than a day's and a year of months still fills the score.
 */
export function unitMultiplier(period: TargetPeriod): number {
  const days = period === 'day' ? 1 : period === 'week' ? 7 : 30;
  return 0.5 ** (Math.sqrt(days) / 13);
}

/** The strength score in whole percent, 0–100. */
const scorePercent = (score: number) => Math.round(Math.min(1, Math.max(0, score)) * 100);

interface Streaks {
  /** Successful units in a row up to today: a pending unit does not break it, nor days off. */
  current: number;
  best: number;
}

/** The day judging starts: the habit's first record, schedule entry or vacation. */
export function habitStart(
  rules: HabitRules,
  records: readonly DayRecord[],
  today: string,
): string {
  let start = today;
  for (const r of records) if (r.date < start) start = r.date;
  for (const s of rules.schedule) if (s.from < start) start = s.from;
  for (const v of rules.vacations) if (v.start < start) start = v.start;
  return start;
}

export interface HabitSummary {
  units: Unit[];
  streaks: Streaks;
  /** 0–100. */
  score: number;
  /** The unit holding today (its sum against its target), if today is in one. */
  current: Unit | undefined;
  /** The habit's first day (habitStart), which the calendar's day states need too. */
  start: string;
}

/** Everything a habit's card shows beside the spec's figures, from its own records. */
export function habitSummary(
  habit: HabitLike,
  records: readonly DayRecord[],
  today: string,
  /** The records by day, where the caller has them already. */
  byDay: RecordsByDay<DayRecord> = recordsByDate(records),
): HabitSummary {
  const rules = habitRules(habit);
  const start = habitStart(rules, records, today);
  const judged = judgeUnits(rules, byDay, start, today, lastJudged.get(habit));
  lastJudged.set(habit, judged);
  const { units } = judged;
  const i = units.length - 1;
  const last = units[i];
  return {
    start,
    units,
    streaks: { current: i < 0 ? 0 : judged.runs[i]!, best: i < 0 ? 0 : judged.bests[i]! },
    score: scorePercent(i < 0 ? 0 : judged.scores[i]!),
    current: last && last.end >= today ? last : undefined,
  };
}

/**
 * The score at the end of each of the last `months` months (today for the current one),
 * oldest first, for the 12-month chart.
 */
export function monthlyScores(
  habit: HabitLike,
  records: readonly DayRecord[],
  today: string,
  months = 12,
): { month: string; score: number }[] {
  const rules = habitRules(habit);
  // The score after each unit: frozen and pending ones carry the one before them.
  const { units, scores } = judgeUnits(
    rules,
    recordsByDate(records),
    habitStart(rules, records, today),
    today,
  );
  const out: { month: string; score: number }[] = [];
  let [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const wanted: string[] = [];
  for (let i = 0; i < months; i++) {
    wanted.unshift(`${y}-${String(m).padStart(2, '0')}`);
    m -= 1;
    if (m === 0) [y, m] = [y - 1, 12];
  }
  let i = 0;
  let score = 0;
  for (const month of wanted) {
    const end = `${month}-31`;
    while (i < units.length && units[i]!.end <= end) score = scores[i++]!;
    out.push({ month, score: scorePercent(score) });
  }
  return out;
}

export type DayState =
  | 'done'
  | 'partial'
  | 'missed'
  | 'skipped'
  | 'vacation'
  | 'unscheduled'
  | 'open'
  | 'future';

/**
 * What the calendar shows on a day. A per-day target is judged by the day; under a weekly or
 * monthly one a day only adds to its period, so it shows done (something recorded) or open.
 */
export function dayState(
  rules: HabitRules,
  record: DayRecord | undefined,
  date: string,
  today: string,
  /** The habit's first day (habitStart): nothing before it was due. */
  start = '',
): DayState {
  if (date > today) {
    if (onVacation(rules, date)) return 'vacation';
    return isScheduled(rules, date) ? 'future' : 'unscheduled';
  }
  // A rest day, whatever was entered on it: neither done nor missed.
  if (!isScheduled(rules, date)) return 'unscheduled';
  if (record?.skipped) return 'skipped';
  if (onVacation(rules, date)) return 'vacation';
  // Before the habit began (or was made) nothing was due, nor missed: an open day (it can
  // still be made up).
  if ((date < start || date < createdOn(rules)) && !record) return 'open';
  const value = record ? dayValue(record) : 0;
  if (rules.period !== 'day') return value > 0 ? 'done' : 'open';
  if (rules.targetType === 'atMost') {
    if (value > rules.target) return 'missed';
    return date === today ? 'open' : 'done';
  }
  if (value >= rules.target) return 'done';
  if (date === today) return value > 0 ? 'partial' : 'open';
  return value > 0 ? 'partial' : 'missed';
}

/** A check-in pressed and not yet in the habit's records: its day, and whether it is now checked. */
export interface PressedDay {
  date: string;
  checked: boolean;
}

/**
 * A day's record as a press shows it before the records have the change: a day checked in
 * holds a record (its own, or a plain check-in), a day checked out none.
 */
export function asPressed(
  pressed: PressedDay | null,
  date: string,
  record: DayRecord | undefined,
): DayRecord | undefined {
  if (pressed?.date !== date) return record;
  if (!pressed.checked) return undefined;
  return record && !record.skipped ? record : { date, value: 1 };
}

/** Short text for each state, shown in the calendar and read by screen readers. */
export const DAY_STATE_LABELS: Record<DayState, string> = {
  done: '完成',
  partial: '未达标',
  missed: '未完成',
  skipped: '跳过',
  vacation: '休假',
  unscheduled: '休息日',
  open: '待打卡',
  future: '未到',
};

/** One bar of a measurable habit's chart: a day, or a Monday-week, and what was entered. */
export interface ValuePoint {
  /** The day, or the week's Monday. */
  start: string;
  value: number;
}

/**
 * A measurable habit's values over time (issue 60, Loop's chart): the last `count` days, or
 * Monday-to-Sunday weeks summed, ending with today's. A skipped day counts 0; a record
 * without a value (a yes/no check-in kept from before the habit was measured) counts 1.
 */
export function valueSeries(
  records: readonly DayRecord[],
  today: string,
  by: 'day' | 'week',
  count: number,
): ValuePoint[] {
  const end = dayNumber(today);
  const first = by === 'day' ? end - count + 1 : unitStart('week', end) - (count - 1) * 7;
  const sums = new Map<number, number>();
  for (const r of records) {
    const n = dayNumber(r.date);
    if (n < first || n > end || r.skipped) continue;
    const key = by === 'day' ? n : unitStart('week', n);
    sums.set(key, (sums.get(key) ?? 0) + (r.value ?? 1));
  }
  const out: ValuePoint[] = [];
  for (let n = first; n <= end; n += by === 'day' ? 1 : 7) {
    // Summed in hundredths: 0.1 + 0.2 must not show as 0.30000000000000004.
    out.push({ start: dateOfDay(n), value: Math.round((sums.get(n) ?? 0) * 100) / 100 });
  }
  return out;
}
