import { describe, expect, it } from 'vitest';
import {
  elapsedSeconds,
  endTimer,
  formatElapsed,
  idleTimer,
  type TimerAction,
  type TimerState,
  timerReducer,
} from '../../../src/domain/timer';

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);
const s = (seconds: number) => T0 + seconds * 1000;
const study = { task: '背单词', category: 'study' } as const;

/** Runs the actions, storing and reading the state back after each one as the screen does. */
function run(actions: TimerAction[]): TimerState {
  return actions.reduce((state, action) => {
    const next = timerReducer(state, action);
    const now = 'now' in action ? action.now : T0;
    return timerReducer(idleTimer, { type: 'load', stored: JSON.stringify(next), now });
  }, idleTimer);
}

describe('timerReducer', () => {
  it.each<[string, TimerAction[], number, number, boolean]>([
    [
      'pause/resume arithmetic: 65 s + 30 s',
      [
        { type: 'start', session: study, now: s(0) },
        { type: 'pause', now: s(65) },
        { type: 'resume', now: s(600) },
      ],
      630,
      95,
      true,
    ],
    [
      'paused hours ago: the paused total',
      [
        { type: 'start', session: study, now: s(0) },
        { type: 'pause', now: s(40) },
      ],
      5 * 3600,
      40,
      false,
    ],
    [
      'a second start while running changes nothing',
      [
        { type: 'start', session: study, now: s(0) },
        { type: 'start', session: { task: '别的', category: 'work' }, now: s(10) },
      ],
      20,
      20,
      true,
    ],
    [
      'reset goes idle',
      [{ type: 'start', session: study, now: s(0) }, { type: 'reset' }],
      20,
      0,
      false,
    ],
    [
      'a malformed state from another tab is idle',
      [
        { type: 'start', session: study, now: s(0) },
        { type: 'load', stored: '{"isTimerRunning":', now: s(5) },
      ],
      20,
      0,
      false,
    ],
  ])('%s', (_, actions, at, seconds, running) => {
    const state = run(actions);
    expect(elapsedSeconds(state, s(at))).toBe(seconds);
    expect(state.isTimerRunning).toBe(running);
  });

  it('a reload while paused or running keeps the stored session', () => {
    const paused = timerReducer(
      timerReducer(idleTimer, { type: 'start', session: study, now: s(0) }),
      { type: 'pause', now: s(40) },
    );
    const reloaded = timerReducer(idleTimer, {
      type: 'load',
      stored: JSON.stringify(paused),
      now: s(5 * 3600),
    });
    expect(elapsedSeconds(reloaded, s(6 * 3600))).toBe(40);

    const running = timerReducer(idleTimer, { type: 'start', session: study, now: s(0) });
    const later = timerReducer(idleTimer, {
      type: 'load',
      stored: JSON.stringify(running),
      now: s(2 * 3600),
    });
    expect(elapsedSeconds(later, s(2 * 3600))).toBe(7200);
  });

  it('ending and resetting saves once: the idle state ends with nothing to save', () => {
    const running = timerReducer(idleTimer, { type: 'start', session: study, now: s(0) });
    const first = endTimer(running, s(1));
    const after = timerReducer(running, { type: 'reset' });
    expect(first.record).toEqual({ ...study, duration: 1 });
    expect(endTimer(after, s(2)).record).toBeNull();
  });
});

describe('formatElapsed', () => {
  it.each([
    [0, '00:00:00'],
    [59.9, '00:00:59'],
    [95, '00:01:35'],
    [3600 + 62, '01:01:02'],
    [100 * 3600, '100:00:00'],
    [-3, '00:00:00'],
  ])('%s s → %s', (seconds, face) => {
    expect(formatElapsed(seconds)).toBe(face);
  });
});
