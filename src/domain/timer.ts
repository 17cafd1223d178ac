import { type TimeCategory, timeCategories, timeCategoryLabels } from './schemas/categories';
import { DEFAULT_FOCUS_TASK, MAX_TIME_RECORD_SECONDS } from './schemas/defaults';

// The focus timer lives in localStorage under 'timerState' (docs/spec.md §3) so that it survives a
// reload. Elapsed time is never stored as a ticking counter: it is recomputed from the start
// of the running stretch, so a reload hours later still counts those hours.

/** What the quick start 开始专注 uses (docs/spec.md §5). */
export const QUICK_START = { task: DEFAULT_FOCUS_TASK, category: 'other' } as const satisfies {
  task: string;
  category: TimeCategory;
};

interface TimerSession {
  task: string;
  category: TimeCategory;
  /** Epoch ms at which the current running stretch began. */
  startTime: number;
  /** Seconds accumulated before the current stretch; kept unrounded so pauses lose nothing. */
  duration: number;
}

export interface TimerState {
  isTimerRunning: boolean;
  currentSession: TimerSession | null;
}

export interface TimerRecord {
  task: string;
  category: TimeCategory;
  /** Whole seconds. */
  duration: number;
}

export const idleTimer: TimerState = { isTimerRunning: false, currentSession: null };

const toMs = (now: Date | number) => (typeof now === 'number' ? now : now.getTime());

// A clock set back while the timer runs must not make the stretch negative.
function stretchSeconds(session: TimerSession, now: Date | number): number {
  return Math.max(0, toMs(now) - session.startTime) / 1000;
}

/** Starts a session. A session already in progress is kept: it must be ended (and saved) first. */
export function startTimer(
  state: TimerState,
  session: { task: string; category: TimeCategory },
  now: Date | number,
): TimerState {
  if (state.currentSession) return state;
  return {
    isTimerRunning: true,
    currentSession: {
      task: session.task,
      category: session.category,
      startTime: toMs(now),
      duration: 0,
    },
  };
}

export function pauseTimer(state: TimerState, now: Date | number): TimerState {
  const session = state.currentSession;
  if (!session || !state.isTimerRunning) return state;
  return {
    isTimerRunning: false,
    currentSession: {
      ...session,
      startTime: toMs(now),
      duration: session.duration + stretchSeconds(session, now),
    },
  };
}

export function resumeTimer(state: TimerState, now: Date | number): TimerState {
  const session = state.currentSession;
  if (!session || state.isTimerRunning) return state;
  return { isTimerRunning: true, currentSession: { ...session, startTime: toMs(now) } };
}

/** Whole seconds so far: the paused total plus the running stretch. */
export function elapsedSeconds(state: TimerState, now: Date | number): number {
  const session = state.currentSession;
  if (!session) return 0;
  const running = state.isTimerRunning ? stretchSeconds(session, now) : 0;
  return Math.floor(session.duration + running);
}

/**
 * Ends the session and returns the time record to save: null when idle (so ending twice saves
 * once) or under the 1-second minimum (docs/spec.md §9). A timer left running for more than a day is
 * saved as one day, the most a time record holds, rather than failing to save at all.
 */
export function endTimer(
  state: TimerState,
  now: Date | number,
): { state: TimerState; record: TimerRecord | null } {
  const session = state.currentSession;
  const seconds = Math.min(elapsedSeconds(state, now), MAX_TIME_RECORD_SECONDS);
  const record =
    session && seconds >= 1
      ? { task: session.task, category: session.category, duration: seconds }
      : null;
  return { state: idleTimer, record };
}

/** A session longer than this was most likely forgotten: saving it asks first. */
export const LONG_SESSION_SECONDS = 4 * 3600;
/** A session shorter than this was most likely a slip of the finger: saving it asks first. */
const SHORT_SESSION_SECONDS = 60;

/**
 * What 结束并保存 must ask before it saves `seconds`: 'long' (keep it all, or set when it really
 * ended), 'short' (keep it or not), or nothing. Under the 1-second minimum there is nothing
 * to keep and so nothing to ask.
 */
export function endPrompt(seconds: number): 'long' | 'short' | null {
  if (seconds > LONG_SESSION_SECONDS) return 'long';
  if (seconds >= 1 && seconds < SHORT_SESSION_SECONDS) return 'short';
  return null;
}

/**
 * The session as if it had ended at `end` (epoch ms, the moment the user says they really
 * stopped): the paused total plus the running stretch up to `end`, never more than it has
 * counted by `now`. A paused session already stopped counting, so it is what it is.
 */
export function endedAt(
  state: TimerState,
  end: number,
  now: Date | number,
): { state: TimerState; record: TimerRecord | null } {
  const at = Math.min(end, toMs(now));
  return endTimer(state, state.isTimerRunning ? at : now);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

// The original app stored the Chinese label ('其他'); newer states store the key.
function categoryKey(value: unknown): TimeCategory | null {
  if (typeof value !== 'string') return null;
  if ((timeCategories as readonly string[]).includes(value)) return value as TimeCategory;
  const entry = Object.entries(timeCategoryLabels).find(([, label]) => label === value);
  return entry ? (entry[0] as TimeCategory) : null;
}

const isNonNegative = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Reads a stored timer state, either the raw localStorage string or its parsed value. localStorage is user-editable and may hold an older shape, so
 * anything malformed is idle; a start time in the future (a clock set back) counts from now.
 */
export function parseTimerState(stored: unknown, now: Date | number): TimerState {
  const raw = typeof stored === 'string' ? parseJson(stored) : stored;
  if (!isRecord(raw) || typeof raw.isTimerRunning !== 'boolean') return idleTimer;
  const s = raw.currentSession;
  if (!isRecord(s)) return idleTimer;
  const category = categoryKey(s.category);
  if (
    typeof s.task !== 'string' ||
    s.task.trim() === '' ||
    !category ||
    !isNonNegative(s.startTime) ||
    !isNonNegative(s.duration)
  ) {
    return idleTimer;
  }
  return {
    isTimerRunning: raw.isTimerRunning,
    currentSession: {
      task: s.task,
      category,
      startTime: Math.min(s.startTime, toMs(now)),
      duration: s.duration,
    },
  };
}

export type TimerAction =
  | { type: 'start'; session: { task: string; category: TimeCategory }; now: number }
  | { type: 'pause'; now: number }
  | { type: 'resume'; now: number }
  /** Back to idle once the ended session's record is saved, or when it had nothing to save. */
  | { type: 'reset' }
  /** Another tab wrote the stored state. */
  | { type: 'load'; stored: unknown; now: number };

/**
 * The timer as one reducer over the functions above. Ending is not an action: the record
 * of `endTimer` must be saved first, and the session is kept until the save succeeds.
 */
export function timerReducer(state: TimerState, action: TimerAction): TimerState {
  switch (action.type) {
    case 'start':
      return startTimer(state, action.session, action.now);
    case 'pause':
      return pauseTimer(state, action.now);
    case 'resume':
      return resumeTimer(state, action.now);
    case 'reset':
      return idleTimer;
    case 'load':
      return parseTimerState(action.stored, action.now);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The timer's face: '00:25:03'; hours keep counting past 99 rather than wrapping. */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}
