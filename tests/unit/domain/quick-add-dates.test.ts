import dayjs from 'dayjs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseQuickAdd } from '../../../src/domain/quick-add';

// Issue 60: quick add reads weeks from Monday, gives evening and morning words a time, and
// reads !!! / !! / ! and 提前…提醒. Every expression is read on each of the 7 weekdays, one
// minute after midnight and one minute before it, in Asia/Shanghai (where the local day and
// the UTC day differ at both), in two weeks: the (Sunday 12/6) and one across New Year.
// `now` is passed in, so the machine's date plays no part.
const zone = process.env.TZ;
process.env.TZ = 'Asia/Shanghai';
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const SUNDAYS = [
  [2026, 11, 6],
  [2026, 11, 27],
] as const;
const TIMES = [
  [0, 1],
  [23, 59],
] as const;
const DAY_NAMES = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

// Days from today to the day each week expression names, by today's weekday (Sunday first).
// 下周X is X of the next Monday-to-Sunday week; 周X is X of this week, or of the next one if X
// has passed, and today's own weekday is today.
//                  下周  一  三  六  日     周  一 三 六 日
const WEEK_TABLE: [next: number[], coming: number[]][] = [
  /* 周日 */ [
    [1, 3, 6, 7],
    [1, 3, 6, 0],
  ],
  /* 周一 */ [
    [7, 9, 12, 13],
    [0, 2, 5, 6],
  ],
  /* 周二 */ [
    [6, 8, 11, 12],
    [6, 1, 4, 5],
  ],
  /* 周三 */ [
    [5, 7, 10, 11],
    [5, 0, 3, 4],
  ],
  /* 周四 */ [
    [4, 6, 9, 10],
    [4, 6, 2, 3],
  ],
  /* 周五 */ [
    [3, 5, 8, 9],
    [3, 5, 1, 2],
  ],
  /* 周六 */ [
    [2, 4, 7, 8],
    [2, 4, 0, 1],
  ],
];
const COLUMNS = ['一', '三', '六', '日'] as const;

interface Expected {
  /** Days from today to the due date; undefined for no date. */
  in?: number;
  time?: string;
  priority?: string;
  reminders?: number[];
}

/** `late`: read at 23:59, when a bare time of day (下午3点, 晚上) has passed and means tomorrow. */
type Case = [line: string, expected: (weekday: number, late: boolean) => Expected];

const weekCases = (
  spell: (day: string) => string,
  which: 0 | 1,
  time = '',
  day: string = '',
): Case[] =>
  COLUMNS.map((column, i) => [
    `${spell(day && column === '日' ? day : column)}${time ? TIME_WORDS[time] : ''} 开会`,
    (weekday) => ({ in: WEEK_TABLE[weekday]![which][i], time }),
  ]);
const TIME_WORDS: Record<string, string> = { '10:00': '上午10点', '15:00': '下午3点' };

const CASES: Case[] = [
  // The next week.
  ...weekCases((d) => `下周${d}`, 0),
  ...weekCases((d) => `下星期${d}`, 0, '', '天'),
  ...weekCases((d) => `下礼拜${d}`, 0),
  ...weekCases((d) => `下个星期${d}`, 0),
  ...weekCases((d) => `下周${d}`, 0, '10:00'),
  // This week, or the next one once the day has passed.
  ...weekCases((d) => `本周${d}`, 1),
  ...weekCases((d) => `这周${d}`, 1),
  ...weekCases((d) => `周${d}`, 1),
  ...weekCases((d) => `星期${d}`, 1, '', '天'),
  ...weekCases((d) => `礼拜${d}`, 1),
  ...weekCases((d) => `周${d}`, 1, '15:00'),
  // Evening and morning words: 今晚 / 今早 are today's, 晚上 / 早上 the next ones.
  ['今晚 跑步', () => ({ in: 0, time: '20:00' })],
  ['晚上 跑步', (_, late) => ({ in: late ? 1 : 0, time: '20:00' })],
  ['今天晚上 跑步', () => ({ in: 0, time: '20:00' })],
  ['今晚9点 跑步', () => ({ in: 0, time: '21:00' })],
  ['晚上8点半 跑步', (_, late) => ({ in: late ? 1 : 0, time: '20:30' })],
  ['今早 跑步', () => ({ in: 0, time: '08:00' })],
  ['早上 跑步', (_, late) => ({ in: late ? 1 : 0, time: '08:00' })],
  ['早上7点 跑步', (_, late) => ({ in: late ? 1 : 0, time: '07:00' })],
  ['明晚 跑步', () => ({ in: 1, time: '20:00' })],
  ['明早 跑步', () => ({ in: 1, time: '08:00' })],
  // chrono reads 明天 before 02:00 as today; it is the next calendar day at any hour.
  ['明天 跑步', () => ({ in: 1, time: '' })],
  // Priority marks.
  ['开会 !!!', () => ({ priority: 'high' })],
  ['开会 !!', () => ({ priority: 'medium' })],
  ['开会 !', () => ({ priority: 'low' })],
  ['开会 ！！！', () => ({ priority: 'high' })],
  ['！！ 开会', () => ({ priority: 'medium' })],
  ['开会 ！', () => ({ priority: 'low' })],
  // Reminders.
  [
    '下午3点 开会 提前5分钟提醒',
    (_, late) => ({ in: late ? 1 : 0, time: '15:00', reminders: [5] }),
  ],
  [
    '下午3点 开会 提前1小时提醒',
    (_, late) => ({ in: late ? 1 : 0, time: '15:00', reminders: [60] }),
  ],
  [
    '下午3点 开会 提前1天提醒',
    (_, late) => ({ in: late ? 1 : 0, time: '15:00', reminders: [1440] }),
  ],
  [
    '下午3点 开会 提前半小时提醒',
    (_, late) => ({ in: late ? 1 : 0, time: '15:00', reminders: [30] }),
  ],
  [
    '下午3点 开会 提前两天提醒',
    (_, late) => ({ in: late ? 1 : 0, time: '15:00', reminders: [2880] }),
  ],
  ['下午3点 开会 准时提醒', (_, late) => ({ in: late ? 1 : 0, time: '15:00', reminders: [0] })],
  [
    '下周一上午10点 开会 !! 提前1小时提醒 准时提醒',
    (weekday) => ({
      in: WEEK_TABLE[weekday]![0][0],
      time: '10:00',
      priority: 'medium',
      reminders: [0, 60],
    }),
  ],
];

const ROWS = SUNDAYS.flatMap(([year, month, date]) =>
  DAY_NAMES.flatMap((name, weekday) =>
    TIMES.flatMap(([hour, minute]) => {
      const now = new Date(year, month, date + weekday, hour, minute);
      const at = dayjs(now).format('YYYY-MM-DD HH:mm');
      return CASES.map(([line, expected]) => ({
        at: `${name} ${at}`,
        now,
        line,
        want: expected(weekday, hour === 23),
      }));
    }),
  ),
);

describe('quick add on every weekday, at 00:01 and 23:59 in Asia/Shanghai', () => {
  it('runs in Asia/Shanghai', () => {
    expect(new Date(2026, 11, 6, 0, 1).getTimezoneOffset()).toBe(-480);
    expect(ROWS).toHaveLength(2 * 7 * 2 * CASES.length);
  });

  it.each(ROWS)('$at: $line', ({ now, line, want }) => {
    const r = parseQuickAdd(line, now);
    expect({
      title: r.title,
      dueDate: r.dueDate,
      dueTime: r.dueTime,
      priority: r.priority,
      reminders: r.reminders,
    }).toEqual({
      title: line.includes('跑步') ? '跑步' : '开会',
      dueDate: want.in === undefined ? '' : dayjs(now).add(want.in, 'day').format('YYYY-MM-DD'),
      dueTime: want.time ?? '',
      priority: want.priority,
      reminders: want.reminders,
    });
  });
});

describe("the issue's examples", () => {
  it.each([
    // Sunday 12/6: the next Monday-to-Sunday week starts tomorrow.
    ['下周一 开会', new Date(2026, 11, 6, 9, 0), '2026-12-07', ''],
    ['下周三上午10点 开会', new Date(2026, 11, 6, 9, 0), '2026-12-09', '10:00'],
    // Monday 12/7: 下周日 is the Sunday of next week, not the coming one.
    ['下周日 开会', new Date(2026, 11, 7, 9, 0), '2026-12-20', ''],
    ['下周一 开会', new Date(2026, 11, 7, 9, 0), '2026-12-14', ''],
    // Across New Year: Thursday 12/31 to Monday 1/4.
    ['下周一 开会', new Date(2026, 11, 31, 23, 59), '2027-01-04', ''],
    ['周日 开会', new Date(2027, 0, 2, 0, 1), '2027-01-03', ''],
  ])('%s on %s', (line, now, dueDate, dueTime) => {
    expect(parseQuickAdd(line, now)).toMatchObject({ title: '开会', dueDate, dueTime });
  });

  it('上周X is in the last Monday-to-Sunday week', () => {
    expect(parseQuickAdd('上周一 复盘', new Date(2026, 11, 6, 9, 0)).dueDate).toBe('2026-11-23');
    expect(parseQuickAdd('上周日 复盘', new Date(2026, 11, 7, 9, 0)).dueDate).toBe('2026-12-06');
  });
});

describe('marks and reminders leave the title', () => {
  const NOW = new Date(2026, 11, 9, 10, 0);

  it('shows them as chips', () => {
    expect(parseQuickAdd('下周一上午10点 开会 !! 提前1小时提醒', NOW).chips).toEqual([
      { kind: 'date', label: '12月14日 周一 10:00', text: '下周一上午10点' },
      { kind: 'priority', label: '优先级 中', text: '!!' },
      { kind: 'reminder', label: '提前1小时提醒', text: '提前1小时提醒' },
    ]);
    expect(parseQuickAdd('开会 准时提醒 提前1天提醒', NOW).chips).toEqual([
      { kind: 'reminder', label: '准时提醒、提前1天提醒', text: '准时提醒 提前1天提醒' },
    ]);
  });

  it('an exclamation inside the title stays there', () => {
    expect(parseQuickAdd('加油！ 跑步', NOW)).toMatchObject({ title: '加油！ 跑步' });
    expect(parseQuickAdd('开会!!', NOW)).toMatchObject({ title: '开会!!' });
    expect(parseQuickAdd('开会 !!!!', NOW)).toMatchObject({ title: '开会 !!!!' });
    expect(parseQuickAdd('开会 !!', NOW).priority).toBe('medium');
  });

  it('a line without 提醒 has no reminders, so the task keeps what it gets today', () => {
    expect(parseQuickAdd('下午3点 开会', NOW)).not.toHaveProperty('reminders');
  });

  it('a lead a task cannot hold stays in the title', () => {
    expect(parseQuickAdd('开会 提前31天提醒', NOW)).toMatchObject({ title: '开会 提前31天提醒' });
    expect(parseQuickAdd('开会 提前30天提醒', NOW).reminders).toEqual([30 * 1440]);
    expect(parseQuickAdd('开会 提前十五分钟提醒', NOW).reminders).toEqual([15]);
  });

  it('a removed reminder chip leaves its text in the title', () => {
    expect(parseQuickAdd('开会 提前1小时提醒', NOW, new Set(['reminder']))).toMatchObject({
      title: '开会 提前1小时提醒',
    });
    expect(parseQuickAdd('开会 提前1小时提醒', NOW, new Set(['reminder']))).not.toHaveProperty(
      'reminders',
    );
  });
});
