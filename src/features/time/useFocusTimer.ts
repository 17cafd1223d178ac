import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { newId } from '../../api/ids';
import { useSaveFocusSession } from '../../api/time-records';
import { todayString } from '../../domain/dates';
import type { TimeCategory } from '../../domain/schemas/categories';
import { TIMER_STORAGE_KEY } from '../../domain/storage-keys';
import { tagsInText } from '../../domain/tags';
import {
  elapsedSeconds,
  endedAt,
  endTimer,
  formatElapsed,
  parseTimerState,
  type TimerState,
  timerReducer,
} from '../../domain/timer';

function readStored(): string | null {
  try {
    return localStorage.getItem(TIMER_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStored(state: TimerState): void {
  try {
    localStorage.setItem(TIMER_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or disabled: the timer still runs, it just will not survive a reload.
  }
}

/** 'not-saved': the save failed (see `error`) or another one was already on its way. */
export type EndResult = 'saved' | 'too-short' | 'not-saved';

/**
 * The focus timer of docs/spec.md §4: the pure reducer of domain/timer.ts, persisted to localStorage
 * under 'timerState', re-rendered every second only while running, and ended by saving a time
 * record. The session goes idle only once the server has the record; a failed save keeps it.
 */
export function useFocusTimer() {
  const [state, dispatch] = useReducer(timerReducer, undefined, () =>
    parseTimerState(readStored(), Date.now()),
  );
  const [now, setNow] = useState(() => Date.now());
  const [saving, setSaving] = useState(false);
  const create = useSaveFocusSession();
  // A click on 结束并保存 while a save is on its way must not post a second record.
  const savingRef = useRef(false);
  // One client id per ended session: a retry after a lost response cannot store it twice.
  const pendingId = useRef<string | null>(null);

  const running = state.isTimerRunning;
  const session = state.currentSession;
  const elapsed = elapsedSeconds(state, now);

  useEffect(() => writeStored(state), [state]);

  // Another tab started, paused or ended the timer: follow it.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key !== TIMER_STORAGE_KEY) return;
      dispatch({ type: 'load', stored: event.newValue, now: Date.now() });
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running]);

  // The tab shows the running time; the title it had comes back when the timer stops.
  useEffect(() => {
    if (!running) return;
    const previous = document.title;
    return () => {
      document.title = previous;
    };
  }, [running]);
  useEffect(() => {
    if (running && session) document.title = `${formatElapsed(elapsed)} ${session.task}`;
  }, [running, session, elapsed]);

  const act = useCallback((type: 'pause' | 'resume') => {
    const at = Date.now();
    setNow(at);
    dispatch({ type, now: at });
  }, []);

  const start = useCallback((next: { task: string; category: TimeCategory }) => {
    const at = Date.now();
    pendingId.current = null;
    setNow(at);
    dispatch({ type: 'start', session: next, now: at });
  }, []);

  /**
   * 结束并保存. `endAt` (epoch ms) is when the session really ended, for one left running by
   * mistake: only the time up to it is saved, dated the day it ended.
   */
  const end = useCallback(
    async (endAt?: number): Promise<EndResult> => {
      if (savingRef.current) return 'not-saved';
      const at = Date.now();
      const endedOn = Math.min(endAt ?? at, at);
      const { record } = endAt === undefined ? endTimer(state, at) : endedAt(state, endAt, at);
      if (!record) {
        dispatch({ type: 'reset' });
        return 'too-short';
      }
      savingRef.current = true;
      setSaving(true);
      pendingId.current ??= newId();
      try {
        await create.mutateAsync({
          ...record,
          date: todayString(endedOn),
          id: pendingId.current,
          // A #标签 in the task's name tags the record; the name keeps its words (issue 63).
          tags: tagsInText(record.task),
        });
        pendingId.current = null;
        dispatch({ type: 'reset' });
        return 'saved';
      } catch {
        // The mutation reports why; the session stays for another try.
        return 'not-saved';
      } finally {
        savingRef.current = false;
        setSaving(false);
      }
    },
    [state, create],
  );

  return {
    session,
    running,
    elapsed,
    saving,
    /** The seconds counted at this very moment (`elapsed` is as of the last tick). */
    elapsedNow: useCallback(() => elapsedSeconds(state, Date.now()), [state]),
    /** Drops the session without saving it (a quick start the user does not want to keep). */
    discard: useCallback(() => dispatch({ type: 'reset' }), []),
    start,
    pause: useCallback(() => act('pause'), [act]),
    resume: useCallback(() => act('resume'), [act]),
    end,
  };
}
