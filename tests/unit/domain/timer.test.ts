import { describe, expect, it } from 'vitest';
import { DEFAULT_FOCUS_TASK } from '../../../src/domain/schemas/defaults';
import {
  elapsedSeconds,
  endedAt,
  endPrompt,
  endTimer,
  idleTimer,
  LONG_SESSION_SECONDS,
  parseTimerState,
  pauseTimer,
  QUICK_START,
  resumeTimer,
  startTimer,
  type TimerState,
} from '../../../src/domain/timer';

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);
const s = (seconds: number) => T0 + seconds * 1000;
const work = { task: '写周报', category: 'work' } as const;

/** A timer action and the second at which it happens; 'reload' parses the stored JSON back. */
type Step = ['start' | 'pause' | 'resume' | 'reload', number];

function run(steps: Step[]): TimerState {
  let state = idleTimer;
  for (const [action, at] of steps) {
    if (action === 'start') state = startTimer(state, work, s(at));
    if (action === 'pause') state = pauseTimer(state, s(at));
    if (action === 'resume') state = resumeTimer(state, s(at));
    if (action === 'reload') state = parseTimerState(JSON.stringify(state), s(at));
  }
  return state;
}

describe('elapsed time', () => {
  it.each<[string, Step[], number, number, boolean]>([
    ['idle', [], 100, 0, false],
    ['running', [['start', 0]], 90, 90, true],
    ['a partial second is floored', [['start', 0]], 1.999, 1, true],
    [
      'paused',
      [
        ['start', 0],
        ['pause', 60],
      ],
      3600,
      60,
      false,
    ],
    [
      'resumed',
      [
        ['start', 0],
        ['pause', 60],
        ['resume', 100],
      ],
      130,
      90,
      true,
    ],
    [
      'several pauses lose no fractions',
      [
        ['start', 0],
        ['pause', 0.6],
        ['resume', 10],
        ['pause', 10.6],
        ['resume', 20],
      ],
      20.6,
      1,
      true,
    ],
    [
      'pausing twice counts once',
      [
        ['start', 0],
        ['pause', 60],
        ['pause', 120],
      ],
      200,
      60,
      false,
    ],
    [
      'resuming while running changes nothing',
      [
        ['start', 0],
        ['resume', 50],
      ],
      100,
      100,
      true,
    ],
    [
      'starting again keeps the running session',
      [
        ['start', 0],
        ['start', 50],
      ],
      100,
      100,
      true,
    ],
    [
      'reload while running',
      [
        ['start', 0],
        ['reload', 30],
      ],
      45,
      45,
      true,
    ],
    [
      'reload while paused keeps the total',
      [
        ['start', 0],
        ['pause', 40],
        ['reload', 5000],
      ],
      9000,
      40,
      false,
    ],
    [
      'reload hours later counts those hours',
      [
        ['start', 0],
        ['reload', 3 * 3600],
      ],
      3 * 3600 + 5,
      3 * 3600 + 5,
      true,
    ],
    [
      'reload after pause and resume',
      [
        ['start', 0],
        ['pause', 100],
        ['resume', 200],
        ['reload', 250],
      ],
      300,
      200,
      true,
    ],
  ])('%s', (_, steps, at, seconds, running) => {
    const state = run(steps);
    expect(elapsedSeconds(state, s(at))).toBe(seconds);
    expect(state.isTimerRunning).toBe(running);
  });

  it('accepts a Date for now, and stores epoch milliseconds (the state is saved as JSON)', () => {
    const state = startTimer(idleTimer, work, new Date(T0));
    expect(elapsedSeconds(state, new Date(s(12)))).toBe(12);
    expect(state.currentSession?.startTime).toBe(T0);
    expect(pauseTimer(state, new Date(s(5))).currentSession?.startTime).toBe(s(5));
  });

  it('never goes negative when the clock is set back', () => {
    const state = startTimer(idleTimer, work, s(100));
    expect(elapsedSeconds(state, s(50))).toBe(0);
    expect(elapsedSeconds(pauseTimer(state, s(50)), s(60))).toBe(0);
  });
});

describe('endTimer', () => {
  it.each<[string, Step[], number, object | null]>([
    ['a running session', [['start', 0]], 1500.4, { ...work, duration: 1500 }],
    [
      'a paused session',
      [
        ['start', 0],
        ['pause', 600],
      ],
      5000,
      { ...work, duration: 600 },
    ],
    ['exactly one second', [['start', 0]], 1, { ...work, duration: 1 }],
    ['under one second', [['start', 0]], 0.999, null],
    ['idle', [], 10, null],
    ['more than a day is capped at a day', [['start', 0]], 90_000, { ...work, duration: 86_400 }],
  ])('%s', (_, steps, at, record) => {
    const state = run(steps);
    const ended = endTimer(state, s(at));
    expect(ended.record).toEqual(record);
    expect(ended.state).toEqual(idleTimer);
  });

  it('saves once when ended twice', () => {
    const first = endTimer(startTimer(idleTimer, work, s(0)), s(30));
    const second = endTimer(first.state, s(31));
    expect(first.record).toEqual({ ...work, duration: 30 });
    expect(second.record).toBeNull();
  });

  it('quick start uses 专注时间 in 其他', () => {
    expect(QUICK_START).toEqual({ task: DEFAULT_FOCUS_TASK, category: 'other' });
    expect(endTimer(startTimer(idleTimer, QUICK_START, s(0)), s(5)).record).toEqual({
      task: '专注时间',
      category: 'other',
      duration: 5,
    });
  });
});

describe('parseTimerState', () => {
  const session = { task: '写周报', category: 'work', startTime: s(0), duration: 12 };

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['broken JSON', '{"isTimerRunning": tru'],
    ['an empty object', {}],
    ['running without a session', { isTimerRunning: true, currentSession: null }],
    ['a session that is not an object', { isTimerRunning: true, currentSession: 'x' }],
    ['a string flag', { isTimerRunning: 'true', currentSession: session }],
    ['a blank task', { isTimerRunning: true, currentSession: { ...session, task: ' ' } }],
    [
      'an unknown category',
      { isTimerRunning: true, currentSession: { ...session, category: 'gaming' } },
    ],
    ['a text start time', { isTimerRunning: true, currentSession: { ...session, startTime: '1' } }],
    ['a negative duration', { isTimerRunning: true, currentSession: { ...session, duration: -1 } }],
    [
      'a NaN duration',
      { isTimerRunning: true, currentSession: { ...session, duration: Number.NaN } },
    ],
    [
      'a missing duration',
      { isTimerRunning: true, currentSession: { ...session, duration: undefined } },
    ],
    ['a task that is not text', { isTimerRunning: true, currentSession: { ...session, task: 5 } }],
    ['a missing task', { isTimerRunning: true, currentSession: { ...session, task: undefined } }],
    [
      'an endless start time',
      { isTimerRunning: true, currentSession: { ...session, startTime: Number.POSITIVE_INFINITY } },
    ],
    [
      'an endless duration',
      { isTimerRunning: false, currentSession: { ...session, duration: Number.POSITIVE_INFINITY } },
    ],
  ])('%s is idle', (_, stored) => {
    expect(parseTimerState(stored, s(60))).toEqual(idleTimer);
  });

  it.each([
    ['a running state', { isTimerRunning: true, currentSession: session }, 72],
    ['its JSON text', JSON.stringify({ isTimerRunning: true, currentSession: session }), 72],
    ['a paused state', { isTimerRunning: false, currentSession: session }, 12],
    [
      'a legacy Chinese category',
      { isTimerRunning: true, currentSession: { ...session, category: '学习' } },
      72,
    ],
  ])('reads %s', (_, stored, seconds) => {
    const state = parseTimerState(stored, s(60));
    expect(elapsedSeconds(state, s(60))).toBe(seconds);
    expect(state.currentSession?.task).toBe('写周报');
  });

  it('maps a legacy label onto its key', () => {
    const state = parseTimerState(
      { isTimerRunning: false, currentSession: { ...session, category: '其他' } },
      s(0),
    );
    expect(state.currentSession?.category).toBe('other');
  });

  it('treats a start time in the future as now', () => {
    const future = { isTimerRunning: true, currentSession: { ...session, startTime: s(3600) } };
    const state = parseTimerState(future, s(60));
    expect(state.currentSession?.startTime).toBe(s(60));
    expect(elapsedSeconds(state, s(65))).toBe(12 + 5);
  });
});

describe('endPrompt', () => {
  it.each([
    [0, null],
    // Under the spec's 1-second minimum nothing is kept, so there is nothing to ask.
    [0.5, null],
    [1, 'short'],
    [59, 'short'],
    [60, null],
    [LONG_SESSION_SECONDS, null],
    [LONG_SESSION_SECONDS + 1, 'long'],
    [86_400 * 2, 'long'],
  ] as const)('%d s → %s', (seconds, prompt) => {
    expect(endPrompt(seconds)).toBe(prompt);
  });
});

describe('endedAt: saving a forgotten session up to when it really ended', () => {
  const nineHours = 9 * 3600;

  it('counts the running stretch only up to the chosen end', () => {
    const state = run([['start', 0]]);
    expect(endedAt(state, s(2.5 * 3600), s(nineHours)).record?.duration).toBe(2.5 * 3600);
  });

  it('keeps what earlier stretches counted', () => {
    const state = run([
      ['start', 0],
      ['pause', 600],
      ['resume', 3600],
    ]);
    // 600 s before the pause, then 1800 s of the stretch that began at 3600.
    expect(endedAt(state, s(5400), s(nineHours)).record?.duration).toBe(2400);
    // An end before the stretch began leaves only what came before it.
    expect(endedAt(state, s(1000), s(nineHours)).record?.duration).toBe(600);
  });

  it('never counts past now, and ignores the end of a paused session', () => {
    const running = run([['start', 0]]);
    expect(endedAt(running, s(nineHours + 600), s(nineHours)).record?.duration).toBe(nineHours);
    const paused = run([
      ['start', 0],
      ['pause', 5 * 3600],
    ]);
    expect(endedAt(paused, s(3600), s(nineHours)).record?.duration).toBe(5 * 3600);
  });

  it('returns no record when the chosen end leaves less than a second', () => {
    expect(endedAt(run([['start', 0]]), s(0.5), s(nineHours)).record).toBeNull();
  });
});
