import { dayDigits } from './dates';

// The dialog's 重复 choices and the RRULE each one writes, both ways: a rule read back from a
// task opens the dialog on the choice that wrote it (or 自定义 for anything else).

export type RepeatKind =
  | 'none'
  | 'daily'
  | 'weekdays'
  | 'weekly'
  | 'monthlyDay'
  | 'monthlyNth'
  | 'monthlyLast'
  | 'yearly'
  | 'custom';

export const REPEAT_KIND_LABELS: Record<RepeatKind, string> = {
  none: '不重复',
  daily: '每天',
  weekdays: '工作日',
  weekly: '每周…（选星期）',
  monthlyDay: '每月…号',
  monthlyNth: '每月第N个星期X',
  monthlyLast: '每月最后一天',
  yearly: '每年',
  custom: '自定义',
};

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  MO: '一',
  TU: '二',
  WE: '三',
  TH: '四',
  FR: '五',
  SA: '六',
  SU: '日',
};

type RepeatEnd = 'never' | 'count' | 'until';

export interface RepeatChoice {
  kind: RepeatKind;
  /** Every N days/weeks/months/years. */
  interval: number;
  weekdays: Weekday[];
  monthDay: number;
  /** 1–4, or -1 for the last. */
  nth: number;
  nthWeekday: Weekday;
  custom: string;
  end: RepeatEnd;
  count: number;
  /** 'YYYY-MM-DD' */
  until: string;
}

/** The choice a new rule starts from, with the parts that depend on a date taken from it. */
export function defaultChoice(date: string): RepeatChoice {
  const weekday = date ? WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]! : 'MO';
  const day = date ? dayDigits(date) : 1;
  return {
    kind: 'none',
    interval: 1,
    weekdays: [weekday],
    monthDay: day,
    nth: date ? Math.min(4, Math.ceil(day / 7)) : 1,
    nthWeekday: weekday,
    custom: '',
    end: 'never',
    count: 10,
    until: '',
  };
}

function withInterval(parts: string[], interval: number): string[] {
  return interval > 1 ? [...parts, `INTERVAL=${interval}`] : parts;
}

/** The RRULE a choice writes; '' for 不重复. */
export function ruleOf(choice: RepeatChoice): string {
  let parts: string[];
  switch (choice.kind) {
    case 'none':
      return '';
    case 'custom':
      return choice.custom
        .trim()
        .replace(/^RRULE:/i, '')
        .toUpperCase();
    case 'daily':
      parts = withInterval(['FREQ=DAILY'], choice.interval);
      break;
    case 'weekdays':
      parts = ['FREQ=WEEKLY', 'BYDAY=MO,TU,WE,TH,FR'];
      break;
    case 'weekly': {
      const days = WEEKDAYS.filter((d) => choice.weekdays.includes(d));
      parts = withInterval(['FREQ=WEEKLY'], choice.interval);
      if (days.length > 0) parts.push(`BYDAY=${days.join(',')}`);
      break;
    }
    case 'monthlyDay':
      parts = withInterval(['FREQ=MONTHLY'], choice.interval);
      parts.push(`BYMONTHDAY=${choice.monthDay}`);
      break;
    case 'monthlyNth':
      parts = withInterval(['FREQ=MONTHLY'], choice.interval);
      parts.push(`BYDAY=${choice.nth}${choice.nthWeekday}`);
      break;
    case 'monthlyLast':
      parts = withInterval(['FREQ=MONTHLY'], choice.interval);
      parts.push('BYMONTHDAY=-1');
      break;
    case 'yearly':
      // The month and day are the due date's: the rule runs from it.
      parts = withInterval(['FREQ=YEARLY'], choice.interval);
      break;
  }
  if (choice.end === 'count' && choice.count >= 1) parts.push(`COUNT=${choice.count}`);
  if (choice.end === 'until' && choice.until)
    parts.push(`UNTIL=${choice.until.replaceAll('-', '')}`);
  return parts.join(';');
}

/** The choice that writes `rule`, or 自定义 holding it when no simpler choice does. */
export function choiceOf(rule: string, date: string): RepeatChoice {
  const base = defaultChoice(date);
  if (rule === '') return base;
  const map = new Map(rule.split(';').map((p) => p.split('=') as [string, string]));
  const end: Partial<RepeatChoice> = map.has('COUNT')
    ? { end: 'count', count: Number(map.get('COUNT')) }
    : map.has('UNTIL')
      ? {
          end: 'until',
          until: map
            .get('UNTIL')!
            .slice(0, 8)
            .replace(/(\d{4})(\d{2})(\d{2})/, '$1-$2-$3'),
        }
      : {};
  const interval = Number(map.get('INTERVAL') ?? 1);
  // A weekly rule without days repeats on the due date's weekday: the same as choosing it.
  const weekdays = map.has('BYDAY') ? (map.get('BYDAY')!.split(',') as Weekday[]) : base.weekdays;
  const candidates: Partial<RepeatChoice>[] = [
    { kind: 'daily', interval },
    { kind: 'weekdays' },
    { kind: 'weekly', interval, weekdays },
    { kind: 'monthlyLast', interval },
    { kind: 'monthlyDay', interval, monthDay: Number(map.get('BYMONTHDAY')) },
    {
      kind: 'monthlyNth',
      interval,
      nth: Number(/^(-?\d)/.exec(map.get('BYDAY') ?? '')?.[1]),
      nthWeekday: (map.get('BYDAY') ?? '').replace(/^-?\d/, '') as Weekday,
    },
    { kind: 'yearly', interval },
  ];
  for (const candidate of candidates) {
    const choice = { ...base, ...end, ...candidate };
    if (ruleOf(choice) === rule) return choice;
  }
  const weeklyAsDays = { ...base, ...end, kind: 'weekly' as const, interval, weekdays };
  if (
    map.get('FREQ') === 'WEEKLY' &&
    !map.has('BYDAY') &&
    ruleOf({ ...weeklyAsDays, weekdays: [] }) === rule
  ) {
    return weeklyAsDays;
  }
  return { ...base, ...end, kind: 'custom', custom: rule };
}
