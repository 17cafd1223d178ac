import dayjs from 'dayjs';
import { formatShortDate } from './dates';
import { parseQuickAddDate } from './quick-add-dates';
import { firstOccurrence } from './recurrence';
import { type TaskPriority, taskCategoryLabels, taskPriorityLabels } from './schemas/categories';
import { MAX_REMINDER_MINUTES } from './schemas/task';
import { MAX_TAGS, tagsInText } from './tags';

type TaskCategory = keyof typeof taskCategoryLabels;

// 快速添加任务 (issue 36): one line such as `明天下午3点 交房租 !高 #生活` read into a task's
// fields. What is stored is the resolved values (a date, a time, an RRULE, reminder minutes),
// never the line to be read again on another device. Dates and times come from chrono-node's
// Chinese parser with weeks starting on Monday (quick-add-dates.ts); the repeats, priority,
// category and reminders from the patterns below, read first so that 每周一 is a repeat and not
// next Monday, and 提前1天 is a reminder and not a date.

export type ChipKind = 'date' | 'repeat' | 'priority' | 'category' | 'reminder' | 'tag';

export interface Chip {
  kind: ChipKind;
  /** What the chip shows: 12月10日 周四 15:00, 每周一, 优先级 高, 生活, 提前1小时提醒. */
  label: string;
  /** The text it was read from. */
  text: string;
}

export interface QuickAddResult {
  title: string;
  dueDate: string;
  dueTime: string;
  repeat: string;
  priority?: TaskPriority;
  category?: TaskCategory;
  /** Minutes before the due time, as tasks store them; absent when the line names none. */
  reminders?: number[];
  /** 标签 (issue 63): the line's other `#` words; their text stays in the title. */
  tags?: string[];
  chips: Chip[];
}

const WEEKDAY_CODES: Record<string, string> = {
  一: 'MO',
  二: 'TU',
  三: 'WE',
  四: 'TH',
  五: 'FR',
  六: 'SA',
  日: 'SU',
  天: 'SU',
};
/** By Date#getDay: Sunday first. */
const WEEKDAY_NAMES = '日一二三四五六';
const CN_NUMBERS: Record<string, number> = { 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6 };

const number = (text: string) => CN_NUMBERS[text] ?? Number(text);

interface RepeatPattern {
  re: RegExp;
  rule: (m: RegExpExecArray) => string;
}

// Longest first: 每月最后一天 before 每月, 每两周 before 每周.
const REPEATS: RepeatPattern[] = [
  { re: /每月最后一天/, rule: () => 'FREQ=MONTHLY;BYMONTHDAY=-1' },
  {
    re: /每月(\d{1,2})[号日]/,
    rule: (m) => `FREQ=MONTHLY;BYMONTHDAY=${Math.min(31, Math.max(1, Number(m[1])))}`,
  },
  { re: /每个?工作日|工作日/, rule: () => 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' },
  {
    re: /每([两二三四2-9])周(?:[周星期]*([一二三四五六日天]))?/,
    rule: (m) =>
      `FREQ=WEEKLY;INTERVAL=${number(m[1]!)}${m[2] ? `;BYDAY=${WEEKDAY_CODES[m[2]]}` : ''}`,
  },
  {
    re: /每(?:周|星期)([一二三四五六日天](?:[、,，和]?[一二三四五六日天])*)/,
    rule: (m) => {
      const days = [
        ...new Set([...m[1]!].filter((c) => WEEKDAY_CODES[c]).map((c) => WEEKDAY_CODES[c])),
      ];
      return `FREQ=WEEKLY;BYDAY=${days.join(',')}`;
    },
  },
  { re: /每([两二三四五六2-9]|\d{2})天/, rule: (m) => `FREQ=DAILY;INTERVAL=${number(m[1]!)}` },
  { re: /每天|每日/, rule: () => 'FREQ=DAILY' },
  { re: /每周|每星期/, rule: () => 'FREQ=WEEKLY' },
  { re: /每([两二三2-9])个?月/, rule: (m) => `FREQ=MONTHLY;INTERVAL=${number(m[1]!)}` },
  { re: /每月|每个月/, rule: () => 'FREQ=MONTHLY' },
  { re: /每年/, rule: () => 'FREQ=YEARLY' },
];

const PRIORITY_BY_MARK: Record<string, TaskPriority> = {
  高: 'high',
  中: 'medium',
  低: 'low',
  '1': 'high',
  '2': 'medium',
  '3': 'low',
};

// !!! / !! / ! as TickTick writes them: more marks, more urgent.
const PRIORITY_BY_MARKS: TaskPriority[] = ['low', 'medium', 'high'];

const REMINDER_UNITS: Record<string, number> = { 分钟: 1, 分: 1, 小时: 60, 钟头: 60, 天: 1440 };
const REMINDER_RE =
  /提前\s*(\d{1,5}|[一二两三四五六七八九十]{1,3}|半)\s*个?\s*(分钟|分|小时|钟头|天)\s*提醒|准时提醒/g;
const CN_DIGITS: Record<string, number> = {
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** 5, 十五, 三十, 两 → a number; NaN for what is not one (十十). */
function reminderCount(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  const m = /^([一二两三四五六七八九])?(十)?([一二三四五六七八九])?$/.exec(text);
  if (!m || (!m[2] && m[3])) return Number.NaN;
  if (!m[2]) return CN_DIGITS[m[1]!]!;
  return (m[1] ? CN_DIGITS[m[1]]! : 1) * 10 + (m[3] ? CN_DIGITS[m[3]]! : 0);
}

/** The minutes a reminder phrase names, or null if it is not one a task can hold. */
function reminderMinutes(m: RegExpExecArray): number | null {
  if (!m[1]) return 0;
  const unit = REMINDER_UNITS[m[2]!]!;
  // 半 is only read as half an hour: 半天 and 半分钟 have no minute count a task can hold.
  const minutes = m[1] === '半' ? (unit === 60 ? 30 : Number.NaN) : reminderCount(m[1]) * unit;
  return Number.isInteger(minutes) && minutes <= MAX_REMINDER_MINUTES ? minutes : null;
}

/** How the reminder chip names a lead time: 准时提醒, 提前30分钟提醒, 提前1小时提醒, 提前2天提醒. */
function reminderLabel(minutes: number): string {
  if (minutes === 0) return '准时提醒';
  if (minutes % 1440 === 0) return `提前${minutes / 1440}天提醒`;
  if (minutes % 60 === 0) return `提前${minutes / 60}小时提醒`;
  return `提前${minutes}分钟提醒`;
}

const CATEGORY_BY_LABEL = new Map<string, TaskCategory>(
  Object.entries(taskCategoryLabels).map(([key, label]) => [label, key as TaskCategory]),
);

/** Blanks `text` out of `line` (same length, so later indexes still hold). */
function blank(line: string, index: number, length: number): string {
  return line.slice(0, index) + ' '.repeat(length) + line.slice(index + length);
}

/**
 * Reads a quick-add line. `now` is the device's clock (relative dates count from it);
 * `ignore` lists the kinds whose chips were removed: their text stays in the title.
 */
export function parseQuickAdd(
  input: string,
  now: Date,
  ignore: ReadonlySet<ChipKind> = new Set(),
): QuickAddResult {
  let line = input;
  const chips: Chip[] = [];
  const result: QuickAddResult = { title: '', dueDate: '', dueTime: '', repeat: '', chips };
  // Where each chip's text starts: the chips show in the order they were typed, so
  // `下周一上午10点 开会 !!` reads 12月7日 10:00 first, whatever order they are read in.
  const typedAt = new Map<Chip, number>();
  const chip = (read: Chip, index: number) => {
    chips.push(read);
    typedAt.set(read, index);
  };

  if (!ignore.has('priority')) {
    // A mark stands alone (`开会 !!`), so an exclamation in the title (`加油！`) stays in it.
    const m = /(^|\s)(?:[!！](高|中|低|[123])|([!！]{1,3}))(?=\s|$)/.exec(line);
    if (m) {
      const priority = m[2] ? PRIORITY_BY_MARK[m[2]]! : PRIORITY_BY_MARKS[m[3]!.length - 1]!;
      result.priority = priority;
      const text = m[0].trim();
      const index = m.index + m[1]!.length;
      chip({ kind: 'priority', label: `优先级 ${taskPriorityLabels[priority]}`, text }, index);
      line = blank(line, index, text.length);
    }
  }

  if (!ignore.has('category')) {
    const re = /(^|\s)[#＃](\S+)/g;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      const category = CATEGORY_BY_LABEL.get(m[2]!);
      if (!category) continue;
      result.category = category;
      const text = m[0].trim();
      const index = m.index + m[1]!.length;
      chip({ kind: 'category', label: m[2]!, text }, index);
      line = blank(line, index, text.length);
      break;
    }
  }

  // After the category: `#生活` names one and is read as it, every other `#旅行` is a tag.
  // The text stays where it is (issue 63: a tag is added, the words are left).
  if (!ignore.has('tag')) {
    // A category's name is never a tag, even with its chip removed (its text is then the title's).
    const tags = tagsInText(line)
      .filter((t) => !CATEGORY_BY_LABEL.has(t))
      .slice(0, MAX_TAGS);
    if (tags.length > 0) {
      result.tags = tags;
      const index = line.search(/[#＃]/);
      chip({ kind: 'tag', label: tags.map((t) => `#${t}`).join(' '), text: '' }, index);
    }
  }

  if (!ignore.has('repeat')) {
    for (const { re, rule } of REPEATS) {
      const m = re.exec(line);
      if (!m) continue;
      result.repeat = rule(m);
      chip({ kind: 'repeat', label: m[0], text: m[0] }, m.index);
      line = blank(line, m.index, m[0].length);
      break;
    }
  }

  if (!ignore.has('reminder')) {
    const minutes = new Set<number>();
    const texts: string[] = [];
    let first = 0;
    for (let m = REMINDER_RE.exec(line); m; m = REMINDER_RE.exec(line)) {
      const read = reminderMinutes(m);
      if (read === null) continue;
      if (texts.length === 0) first = m.index;
      minutes.add(read);
      texts.push(m[0]);
      line = blank(line, m.index, m[0].length);
    }
    if (minutes.size > 0) {
      // Sorted and without repeats, as the task schema stores them.
      result.reminders = [...minutes].sort((a, b) => a - b);
      chip(
        {
          kind: 'reminder',
          label: result.reminders.map(reminderLabel).join('、'),
          text: texts.join(' '),
        },
        first,
      );
    }
  }

  let dayGiven = false;
  if (!ignore.has('date')) {
    const found = parseQuickAddDate(line, now);
    if (found) {
      dayGiven = ['day', 'weekday'].some((c) => found.start.isCertain(c as 'day'));
      const at = found.start.date();
      result.dueDate = dayjs(at).format('YYYY-MM-DD');
      if (found.start.isCertain('hour')) result.dueTime = dayjs(at).format('HH:mm');
      const text = found.text.trim();
      const today = dayjs(now).format('YYYY-MM-DD');
      // The weekday too: 下周一 is checked at a glance as 12月7日 周一, not against a calendar.
      const weekday = `周${WEEKDAY_NAMES[dayjs(result.dueDate).day()]}`;
      chip(
        {
          kind: 'date',
          label: `${formatShortDate(result.dueDate, today)} ${weekday}${result.dueTime ? ` ${result.dueTime}` : ''}`,
          text,
        },
        found.index,
      );
      line = blank(line, found.index, found.text.length);
    }
  }

  // A repeat without a day (none, or a time only) starts at its first date on or after today.
  if (result.repeat && (!result.dueDate || !dayGiven)) {
    result.dueDate = firstOccurrence(result.repeat, dayjs(now).format('YYYY-MM-DD')) ?? '';
  }
  chips.sort((a, b) => typedAt.get(a)! - typedAt.get(b)!);
  result.title = line.replace(/\s+/g, ' ').trim();
  return result;
}
