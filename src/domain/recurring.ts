import dayjs from 'dayjs';
import type { Account } from './schemas/account';
import type { RecurringInput, RecurringTemplate, RecurringUnit } from './schemas/recurring';
import { withTagsFrom } from './tags';

// When a 周期记账 template falls due. Occurrence k is always counted from the start date
// (start + k × every), never from the previous occurrence: a monthly entry started on 31 Jan
// falls on 29 Feb, then 31 Mar, not on the 29th ever after.

type Schedule = Pick<RecurringTemplate, 'every' | 'unit' | 'startDate' | 'endDate'>;

const DATE = 'YYYY-MM-DD';

/** Most occurrences one catch-up writes per template; the next catch-up continues after them. */
const MAX_OCCURRENCES_PER_RUN = 1000;

/** The date of occurrence `k` (0 = the start date); dayjs clamps the 31st to a shorter month's end. */
function occurrenceDate(schedule: Schedule, k: number): string {
  return dayjs(schedule.startDate)
    .add(k * schedule.every, schedule.unit)
    .format(DATE);
}

const DAYS_PER: Partial<Record<RecurringUnit, number>> = { day: 1, week: 7 };

/**
 * An occurrence index at or before the first one after `after`, so a catch-up need not walk
 * ten years of daily occurrences to find where it stopped.
 */
function firstCandidate(schedule: Schedule, after: string): number {
  if (after === '' || after < schedule.startDate) return 0;
  const days = DAYS_PER[schedule.unit];
  const elapsed =
    days !== undefined
      ? dayjs(after).diff(dayjs(schedule.startDate), 'day') / days
      : dayjs(after).diff(dayjs(schedule.startDate), schedule.unit);
  // One step back: month arithmetic clamps, so an estimate may land one past the answer.
  return Math.max(0, Math.floor(elapsed / schedule.every) - 1);
}

/**
 * The occurrences due by `today` that come after `lastDone` ('' = none yet), oldest first:
 * from the start date, up to the end date when there is one, at most `limit` of them.
 */
export function dueOccurrences(
  schedule: Schedule,
  lastDone: string,
  today: string,
  limit = MAX_OCCURRENCES_PER_RUN,
): string[] {
  const until = schedule.endDate !== '' && schedule.endDate < today ? schedule.endDate : today;
  const due: string[] = [];
  for (let k = firstCandidate(schedule, lastDone); due.length < limit; k++) {
    const date = occurrenceDate(schedule, k);
    if (date > until) break;
    if (date > lastDone) due.push(date);
  }
  return due;
}

/** The next occurrence after `lastDone` and after `today`'s due ones, or null when the schedule ended. */
export function nextOccurrence(schedule: Schedule, lastDone: string, today: string): string | null {
  const after = lastDone > today ? lastDone : today;
  for (let k = firstCandidate(schedule, after); ; k++) {
    const date = occurrenceDate(schedule, k);
    if (schedule.endDate !== '' && date > schedule.endDate) return null;
    if (date > after) return date;
  }
}

/** Deterministic: creating the same occurrence twice, on any device or server run, is one record. */
export function occurrenceId(templateId: string, date: string): string {
  return `${templateId}-${date}`;
}

/** The bookkeeping record a template writes on `date`. */
export function occurrenceRecord(
  template: RecurringTemplate,
  date: string,
): Account & { tags: string[]; walletId: string | null } {
  return {
    id: occurrenceId(template.id, date),
    type: template.type,
    amount: template.amount,
    category: template.category,
    description: template.description,
    date,
    templateId: template.id,
    reimbursed: false,
    reimbursedBy: null,
    walletId: template.walletId ?? null,
    // A #标签 in the template's 备注 tags each entry it writes (issue 63).
    tags: withTagsFrom([], template.description),
  };
}

const EVERY_ONE: Record<RecurringUnit, string> = {
  day: '每天',
  week: '每周',
  month: '每月',
  year: '每年',
};
const EVERY_N: Record<RecurringUnit, string> = { day: '天', week: '周', month: '个月', year: '年' };

/** '每月', '每 2 周' — how a template's rhythm reads in its list. */
export function formatSchedule({ every, unit }: Pick<Schedule, 'every' | 'unit'>): string {
  return every === 1 ? EVERY_ONE[unit] : `每 ${every} ${EVERY_N[unit]}`;
}

/** A template's editable fields, as the form and a PUT send them (lastDate stays the server's). */
export function templateInput(t: RecurringTemplate): RecurringInput {
  return {
    type: t.type,
    amount: t.amount,
    category: t.category,
    description: t.description,
    every: t.every,
    unit: t.unit,
    startDate: t.startDate,
    endDate: t.endDate,
    paused: t.paused,
    walletId: t.walletId ?? null,
  };
}
