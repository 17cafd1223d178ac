import type { PomodoroSettings } from './schemas/settings';

// 番茄钟 (issue 37): work phases and breaks counted down from stored timestamps, never from
// ticks, so a reload or a tab in the background loses nothing. Pure: `now` is passed in.

export type PomodoroPhase = 'work' | 'short' | 'long';

export const PHASE_LABELS: Record<PomodoroPhase, string> = {
  work: '专注',
  short: '短休息',
  long: '长休息',
};

export interface PomodoroState {
  phase: PomodoroPhase;
  /** When the running phase started (epoch ms), null while waiting to start it. */
  startedAt: number | null;
  /** While paused: the ms of the phase already spent. */
  pausedElapsed: number | null;
  /** Work phases finished since the last long break. */
  workDone: number;
  task: string;
  category: string;
  /** The task focused on (/time?focusTask=), '' for none. */
  taskId: string;
}

/** A work phase that ended: what its time record says. */
export interface FinishedWork {
  /** Epoch ms when it ended. */
  endedAt: number;
  seconds: number;
}

const phaseMs = (settings: PomodoroSettings, phase: PomodoroPhase) =>
  (phase === 'work'
    ? settings.workMinutes
    : phase === 'short'
      ? settings.shortBreakMinutes
      : settings.longBreakMinutes) * 60_000;

export function startPomodoro(
  session: { task: string; category: string; taskId?: string },
  now: number,
): PomodoroState {
  return {
    phase: 'work',
    startedAt: now,
    pausedElapsed: null,
    workDone: 0,
    task: session.task,
    category: session.category,
    taskId: session.taskId ?? '',
  };
}

/** The phase after `phase`: a break after work (long after every `longBreakEvery`), else work. */
function nextPhase(state: PomodoroState, settings: PomodoroSettings) {
  if (state.phase !== 'work') return { phase: 'work' as const, workDone: state.workDone };
  const workDone = state.workDone + 1;
  if (workDone >= settings.longBreakEvery) return { phase: 'long' as const, workDone: 0 };
  return { phase: 'short' as const, workDone };
}

/** The ms left in the phase (the whole phase while waiting to start it). */
export function remainingMs(state: PomodoroState, settings: PomodoroSettings, now: number) {
  const total = phaseMs(settings, state.phase);
  if (state.pausedElapsed !== null) return Math.max(0, total - state.pausedElapsed);
  if (state.startedAt === null) return total;
  return Math.max(0, total - (now - state.startedAt));
}

/**
 * Brings the state up to `now`: every phase that ended since is closed, in order (with
 * auto-start, each next one began the moment the one before ended; without it, the next one
 * waits). Returns the new state, the work phases that ended (each a time record) and how many
 * phases ended (each a sound).
 */
export function catchUp(
  state: PomodoroState,
  settings: PomodoroSettings,
  now: number,
): { state: PomodoroState; finished: FinishedWork[]; ended: number } {
  const finished: FinishedWork[] = [];
  let ended = 0;
  let current = state;
  // Bounded: a tab closed for a week with auto-start does not loop for ever.
  for (let i = 0; i < 1000; i++) {
    if (current.startedAt === null || current.pausedElapsed !== null) break;
    const end = current.startedAt + phaseMs(settings, current.phase);
    if (end > now) break;
    ended += 1;
    if (current.phase === 'work')
      finished.push({ endedAt: end, seconds: settings.workMinutes * 60 });
    const next = nextPhase(current, settings);
    current = {
      ...current,
      ...next,
      startedAt: settings.autoStart ? end : null,
      pausedElapsed: null,
    };
  }
  return { state: current, finished, ended };
}

/**
 * The ends of the running phase and, with auto-start, of the `count - 1` phases that follow it
 * unattended: what rings through push when the page is closed. None while paused or waiting.
 */
export function upcomingEnds(
  state: PomodoroState,
  settings: PomodoroSettings,
  count: number,
): { phase: PomodoroPhase; end: number }[] {
  if (state.startedAt === null || state.pausedElapsed !== null) return [];
  const out: { phase: PomodoroPhase; end: number }[] = [];
  let current: PomodoroState = state;
  let end = state.startedAt + phaseMs(settings, state.phase);
  for (;;) {
    out.push({ phase: current.phase, end });
    if (!settings.autoStart || out.length >= count) return out;
    current = { ...current, ...nextPhase(current, settings) };
    end += phaseMs(settings, current.phase);
  }
}

export function pausePomodoro(state: PomodoroState, now: number): PomodoroState {
  if (state.startedAt === null || state.pausedElapsed !== null) return state;
  return { ...state, pausedElapsed: now - state.startedAt };
}

/** Resumes a paused phase, or starts the one that waits. */
export function resumePomodoro(state: PomodoroState, now: number): PomodoroState {
  if (state.pausedElapsed !== null) {
    return { ...state, startedAt: now - state.pausedElapsed, pausedElapsed: null };
  }
  if (state.startedAt === null) return { ...state, startedAt: now };
  return state;
}

/**
 * The work done so far in a work phase ended early (切换到「X」? saves the old task's focus
 * before another starts, issue 60): its time up to `now`, or up to the pause, at most a whole
 * phase; null in a break, before the phase has started, or for a phase already run out (its
 * record comes from catchUp).
 */
export function workSoFar(
  state: PomodoroState,
  settings: PomodoroSettings,
  now: number,
): FinishedWork | null {
  if (state.phase !== 'work' || state.startedAt === null) return null;
  const ms = state.pausedElapsed ?? now - state.startedAt;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 1 || ms >= phaseMs(settings, 'work')) return null;
  return { endedAt: now, seconds };
}

/** Ends the phase now without its record (跳过本阶段): a skipped work phase saves nothing. */
export function skipPhase(state: PomodoroState, settings: PomodoroSettings, now: number) {
  const next = nextPhase(state, settings);
  return {
    ...state,
    ...next,
    startedAt: settings.autoStart ? now : null,
    pausedElapsed: null,
  };
}

/** The stored state, or null for anything that is not one. */
export function parsePomodoro(text: string | null): PomodoroState | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<PomodoroState>;
    if (v.phase !== 'work' && v.phase !== 'short' && v.phase !== 'long') return null;
    if (typeof v.task !== 'string' || typeof v.category !== 'string') return null;
    const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
    return {
      phase: v.phase,
      startedAt: num(v.startedAt),
      pausedElapsed: num(v.pausedElapsed),
      workDone: num(v.workDone) ?? 0,
      task: v.task,
      category: v.category,
      taskId: typeof v.taskId === 'string' ? v.taskId : '',
    };
  } catch {
    return null;
  }
}

/** mm:ss of a countdown, rounded up (a phase never shows 00:00 while it still runs). */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
