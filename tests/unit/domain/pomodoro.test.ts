import { describe, expect, it } from 'vitest';
import {
  catchUp,
  formatCountdown,
  parsePomodoro,
  pausePomodoro,
  remainingMs,
  resumePomodoro,
  startPomodoro,
  upcomingEnds,
  workSoFar,
} from '../../../src/domain/pomodoro';
import { pomodoroSchema } from '../../../src/domain/schemas/settings';

const MIN = 60_000;
const settings = pomodoroSchema.parse(undefined);
const auto = { ...settings, autoStart: true };
const t0 = Date.UTC(2026, 10, 27, 8);
const begun = startPomodoro({ task: '写周报', category: 'work', taskId: 't1' }, t0);

describe('pomodoro', () => {
  it('defaults to 25/5/15 with a long break after every 4, not auto-starting', () => {
    expect(settings).toEqual({
      workMinutes: 25,
      shortBreakMinutes: 5,
      longBreakMinutes: 15,
      longBreakEvery: 4,
      autoStart: false,
    });
  });

  it('counts down from the start time, whatever ticked or not', () => {
    expect(remainingMs(begun, settings, t0 + 10 * MIN)).toBe(15 * MIN);
    expect(formatCountdown(remainingMs(begun, settings, t0 + 10 * MIN + 500))).toBe('15:00');
  });

  it('ends a work phase with one record and waits for the break without auto-start', () => {
    const { state, finished, ended } = catchUp(begun, settings, t0 + 26 * MIN);
    expect(finished).toEqual([{ endedAt: t0 + 25 * MIN, seconds: 1500 }]);
    expect(ended).toBe(1);
    expect(state).toMatchObject({ phase: 'short', startedAt: null, workDone: 1 });
    expect(catchUp(state, settings, t0 + 60 * MIN).finished).toEqual([]);
  });

  it('with auto-start, a background hour runs work, break, work, break …, long after 4', () => {
    const { state, finished } = catchUp(begun, auto, t0 + (4 * 25 + 3 * 5) * MIN + 1);
    expect(finished.map((f) => (f.endedAt - t0) / MIN)).toEqual([25, 55, 85, 115]);
    expect(state).toMatchObject({ phase: 'long', startedAt: t0 + 115 * MIN, workDone: 0 });
    const after = catchUp(state, auto, t0 + 130 * MIN).state;
    expect(after).toMatchObject({ phase: 'work', startedAt: t0 + 130 * MIN });
  });

  it('a pause holds the remaining time; a break saves nothing', () => {
    const paused = pausePomodoro(begun, t0 + 5 * MIN);
    expect(catchUp(paused, auto, t0 + 99 * MIN).finished).toEqual([]);
    const resumed = resumePomodoro(paused, t0 + 60 * MIN);
    expect(remainingMs(resumed, settings, t0 + 60 * MIN)).toBe(20 * MIN);
    const onBreak = catchUp(resumed, settings, t0 + 81 * MIN).state;
    const brk = resumePomodoro(onBreak, t0 + 81 * MIN);
    expect(catchUp(brk, settings, t0 + 90 * MIN).finished).toEqual([]);
  });

  it('reads back what it stored, and nothing else', () => {
    expect(parsePomodoro(JSON.stringify(begun))).toEqual(begun);
    expect(parsePomodoro('{"phase":"nap"}')).toBeNull();
    expect(parsePomodoro('nope')).toBeNull();
  });

  it('rings the running phase end, and with auto-start the round that follows it', () => {
    expect(upcomingEnds(begun, settings, 9)).toEqual([{ phase: 'work', end: t0 + 25 * MIN }]);
    const ends = upcomingEnds(begun, auto, 9);
    expect(ends.map((e) => e.phase)).toEqual([
      'work',
      'short',
      'work',
      'short',
      'work',
      'short',
      'work',
      'long',
      'work',
    ]);
    expect(ends.map((e) => (e.end - t0) / MIN)).toEqual([25, 30, 55, 60, 85, 90, 115, 130, 155]);
    expect(upcomingEnds(pausePomodoro(begun, t0 + MIN), auto, 9)).toEqual([]);
    expect(upcomingEnds({ ...begun, startedAt: null }, auto, 9)).toEqual([]);
  });

  it('saves the work so far of a phase ended early, and nothing for a break or a run-out phase', () => {
    // 12 minutes in: 720 s, dated now.
    expect(workSoFar(begun, settings, t0 + 12 * MIN)).toEqual({
      endedAt: t0 + 12 * MIN,
      seconds: 720,
    });
    // Paused at 7 min and left: the pause's 7 minutes, whenever it is ended.
    const paused = pausePomodoro(begun, t0 + 7 * MIN);
    expect(workSoFar(paused, settings, t0 + 50 * MIN)).toEqual({
      endedAt: t0 + 50 * MIN,
      seconds: 420,
    });
    // The whole 25 minutes are catchUp's record, not this one's.
    expect(workSoFar(begun, settings, t0 + 25 * MIN)).toBeNull();
    // A break, a phase waiting to start, and a press in the same second save nothing.
    const rest = catchUp(begun, settings, t0 + 26 * MIN).state;
    expect(rest.phase).toBe('short');
    expect(workSoFar(rest, settings, t0 + 27 * MIN)).toBeNull();
    expect(workSoFar({ ...begun, startedAt: null }, settings, t0 + MIN)).toBeNull();
    expect(workSoFar(begun, settings, t0 + 400)).toBeNull();
  });
});
