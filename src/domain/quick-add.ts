import * as hans from 'chrono-node/zh/hans';
import dayjs from 'dayjs';
import { formatShortDate } from './dates';
import { firstOccurrence } from './recurrence';
import { type TaskPriority, taskCategoryLabels, taskPriorityLabels } from './schemas/categories';

type TaskCategory = keyof typeof taskCategoryLabels;

// 快速添加任务 (issue 36): one line such as `明天下午3点 交房租 !高 #生活` read into a task's
// fields. What is stored is the resolved values (a date, a time, an RRULE), never the line to be
// read again on another device. Dates and times come from chrono-node's Chinese parser; the
// repeats, priority and category from the patterns below, read first so that 每周一 is a repeat
// and not next Monday.

export type ChipKind = 'date' | 'repeat' | 'priority' | 'category';

export interface Chip {
  kind: ChipKind;
  /** What the chip shows: 12月10日 15:00, 每周一, 优先级 高, 生活. */
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

  if (!ignore.has('priority')) {
    const m = /(^|\s)[!！](高|中|低|[123])(?=\s|$)/.exec(line);
    if (m) {
      const priority = PRIORITY_BY_MARK[m[2]!]!;
      result.priority = priority;
      const text = m[0].trim();
      chips.push({ kind: 'priority', label: `优先级 ${taskPriorityLabels[priority]}`, text });
      line = blank(line, m.index + m[1]!.length, text.length);
    }
  }

  if (!ignore.has('category')) {
    const re = /(^|\s)[#＃](\S+)/g;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      const category = CATEGORY_BY_LABEL.get(m[2]!);
      if (!category) continue;
      result.category = category;
      const text = m[0].trim();
      chips.push({ kind: 'category', label: m[2]!, text });
      line = blank(line, m.index + m[1]!.length, text.length);
      break;
    }
  }

  if (!ignore.has('repeat')) {
    for (const { re, rule } of REPEATS) {
      const m = re.exec(line);
      if (!m) continue;
      result.repeat = rule(m);
      chips.push({ kind: 'repeat', label: m[0], text: m[0] });
      line = blank(line, m.index, m[0].length);
      break;
    }
  }

  let dayGiven = false;
  if (!ignore.has('date')) {
    const [found] = hans.parse(line, now, { forwardDate: true });
    if (found) {
      dayGiven = ['day', 'weekday'].some((c) => found.start.isCertain(c as 'day'));
      const at = found.start.date();
      result.dueDate = dayjs(at).format('YYYY-MM-DD');
      if (found.start.isCertain('hour')) result.dueTime = dayjs(at).format('HH:mm');
      const text = found.text.trim();
      const today = dayjs(now).format('YYYY-MM-DD');
      chips.push({
        kind: 'date',
        label: `${formatShortDate(result.dueDate, today)}${result.dueTime ? ` ${result.dueTime}` : ''}`,
        text,
      });
      line = blank(line, found.index, found.text.length);
    }
  }

  // A repeat without a day (none, or a time only) starts at its first date on or after today.
  if (result.repeat && (!result.dueDate || !dayGiven)) {
    result.dueDate = firstOccurrence(result.repeat, dayjs(now).format('YYYY-MM-DD')) ?? '';
  }
  result.title = line.replace(/\s+/g, ' ').trim();
  return result;
}
