import * as hans from 'chrono-node/zh/hans';

// chrono-node's Chinese parser as quick add reads dates (issue 60), with three rules of ours
// laid over its results by a refiner rather than a fork:
// - Weeks run Monday to Sunday. chrono counts them from Sunday, so on Sunday 12/6 下周一 was
//   12/14 (it is 12/7, the next Monday-to-Sunday week) and on Monday to Saturday 下周日 was the
//   coming Sunday.
// - 今晚 / 晚上 mean 20:00 and 今早 / 早上 08:00 unless a time is given (chrono implies 22:00
//   and 06:00 without saying so, and a task with no certain hour got no time at all).
//   晚上 / 早上 without a day are the next such evening or morning, as a bare 晚上8点 is
//   (chrono's forwardDate): 早上 typed at 23:59 is tomorrow 08:00. 今晚 / 今早 are today's.
// - 明天 just after midnight is the next calendar day: chrono reads it as "today" until 02:00.
// Dates are the device's local calendar, as chrono and dayjs read a plain Date.

const WEEKDAY_INDEX: Record<string, number> = {
  一: 0,
  二: 1,
  三: 2,
  四: 3,
  五: 4,
  六: 5,
  日: 6,
  天: 6,
};

// chrono's own weekday parsers match 上/下/这 (个) 星期/礼拜/周 X and a bare 周X; 本 is ours.
const WEEKDAY_RE = /(上|下|这|本)?个?(?:星期|礼拜|周)([一二三四五六日天])/;
const EVENING_RE = /[今明后]晚|晚上/;
const MORNING_RE = /[今明后]早|早上/;
const TOMORROW_RE = /明[天日早晚]/;
const BARE_PART_OF_DAY_RE = /^\s*(?:早上|晚上)\s*$/;

/** Monday 0 … Sunday 6. */
const mondayIndex = (date: Date) => (date.getDay() + 6) % 7;

/**
 * Days from `ref` to the weekday `day` (Monday 0 … Sunday 6) that `prefix` names:
 * 下 is in the next Monday-to-Sunday week, 上 in the last, and 这 / 本 / none in this week,
 * or the next one if that day has passed. Today's own weekday is today (as TickTick reads it):
 * 周一 typed on a Monday is that Monday, 下周一 the one a week later.
 */
function daysToWeekday(ref: Date, prefix: string | undefined, day: number): number {
  const today = mondayIndex(ref);
  if (prefix === '下') return 7 - today + day;
  if (prefix === '上') return -7 - today + day;
  return (day - today + 7) % 7;
}

const quickAddRefiner: hans.Refiner = {
  refine(context, results) {
    const ref = context.refDate;
    for (const result of results) {
      // 本周一: chrono reads 周一 alone and would leave 本 in the title.
      if (context.text[result.index - 1] === '本' && /^(?:星期|礼拜|周)/.test(result.text)) {
        result.index -= 1;
        result.text = `本${result.text}`;
      }
      const start = result.start;
      const week = WEEKDAY_RE.exec(result.text);
      const day = week ? WEEKDAY_INDEX[week[2]!] : undefined;
      let shift: number | undefined;
      if (day !== undefined) shift = daysToWeekday(ref, week![1], day);
      else if (TOMORROW_RE.test(result.text) && ref.getHours() <= 1) shift = 1;
      if (shift !== undefined) {
        const date = new Date(ref.getFullYear(), ref.getMonth(), ref.getDate() + shift);
        start.assign('year', date.getFullYear());
        start.assign('month', date.getMonth() + 1);
        start.assign('day', date.getDate());
        start.assign('weekday', date.getDay());
      }
      if (!start.isCertain('hour')) {
        const hour = EVENING_RE.test(result.text) ? 20 : MORNING_RE.test(result.text) ? 8 : null;
        if (hour !== null) {
          start.assign('hour', hour);
          start.assign('minute', 0);
          start.assign('second', 0);
          start.assign('meridiem', hour >= 12 ? 1 : 0);
          if (BARE_PART_OF_DAY_RE.test(result.text) && start.date() < ref) {
            const next = new Date(ref.getFullYear(), ref.getMonth(), ref.getDate() + 1);
            start.assign('year', next.getFullYear());
            start.assign('month', next.getMonth() + 1);
            start.assign('day', next.getDate());
          }
        }
      }
    }
    return results;
  },
};

const chrono = hans.casual.clone();
chrono.refiners.push(quickAddRefiner);

/** The first date or time in `line`, read against `now` on the device's calendar. */
export function parseQuickAddDate(line: string, now: Date) {
  return chrono.parse(line, now, { forwardDate: true })[0];
}
