import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type OneOffReminder, syncOneOffs } from '../../api/push';
import { useSettings } from '../../api/settings';
import { taskTags } from '../../api/tags';
import { useSaveFocusSession } from '../../api/time-records';
import { todayString } from '../../domain/dates';
import {
  catchUp,
  type FinishedWork,
  formatCountdown,
  PHASE_LABELS,
  type PomodoroState,
  parsePomodoro,
  pausePomodoro,
  remainingMs,
  resumePomodoro,
  skipPhase,
  startPomodoro,
  upcomingEnds,
  workSoFar,
} from '../../domain/pomodoro';
import type { TimeCategory } from '../../domain/schemas/categories';
import type { PomodoroSettings } from '../../domain/schemas/settings';
import { withTagsFrom } from '../../domain/tags';

const STORAGE_KEY = 'pomodoroState';
const DEVICE_KEY = 'pomodoroDevice';
const ONE_OFF_PREFIX = 'pomo-end-';
/** With auto-start, the phase ends rung unattended: a whole round and its long break. */
const ENDS_AHEAD = 9;

function read(): PomodoroState | null {
  try {
    return parsePomodoro(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}
function write(state: PomodoroState | null) {
  try {
    if (state) localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or disabled: the countdown still runs, it just will not survive a reload.
  }
}

/** This browser's tag in its one-offs' ids, so two devices' timers never move each other's. */
function deviceTag(): string {
  try {
    let tag = localStorage.getItem(DEVICE_KEY);
    if (!tag || !/^[a-z0-9]{1,16}$/.test(tag)) {
      tag = Math.random().toString(36).slice(2, 12) || 'device';
      localStorage.setItem(DEVICE_KEY, tag);
    }
    return tag;
  } catch {
    return 'device';
  }
}

/**
 * The phase ends that ring through push (issue 38 "Focus"), so that they ring with the page
 * closed. While this timer is on a page that is seen, the service worker asks it and shows no
 * notification (public/push-sw.js ringsInPage): the page's chime rings, once.
 */
function phaseEndReminders(
  state: PomodoroState | null,
  settings: PomodoroSettings,
): OneOffReminder[] {
  if (!state) return [];
  const tag = deviceTag();
  const task = state.task.trim();
  return upcomingEnds(state, settings, ENDS_AHEAD).map(({ phase, end }, i) => ({
    id: `${ONE_OFF_PREFIX}${tag}-${i}`,
    at: end,
    title: phase === 'work' ? '专注结束' : '休息结束',
    body:
      phase === 'work'
        ? `${task ? `${task} · ` : ''}休息一下吧`
        : `${task ? `${task} · ` : ''}开始下一个专注`,
    url: '/time',
  }));
}

/** A short two-tone chime in the page (Web Audio): no file to load, nothing when muted. */
function chime() {
  try {
    const Ctx =
      window.AudioContext ??
      (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    [880, 660].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.2, ctx.currentTime + i * 0.25);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + i * 0.25 + 0.22);
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + i * 0.25);
      osc.stop(ctx.currentTime + i * 0.25 + 0.25);
    });
    setTimeout(() => void ctx.close(), 1000);
  } catch {
    // No audio (autoplay policy, no device): the phase change still shows.
  }
}

/**
 * 番茄钟: the state lives in localStorage and the countdown is worked out from its timestamps
 * on every tick, on focus and on load, so a reload or a background tab (whose timers the
 * browser slows) never loses time. Each finished work phase saves a time record.
 */
export function usePomodoro() {
  const { pomodoro: settings } = useSettings();
  const [state, setState] = useState<PomodoroState | null>(read);
  const [now, setNow] = useState(() => Date.now());
  const save = useSaveFocusSession();
  const client = useQueryClient();
  const saveRef = useRef(save.mutate);
  saveRef.current = save.mutate;

  const update = useCallback((next: PomodoroState | null) => {
    write(next);
    setState(next);
  }, []);

  // One finished stretch of work as a time record. The id follows the phase's end, so two
  // tabs (or a retry) store it once.
  const saveWork = useCallback(
    (current: PomodoroState, work: FinishedWork) => {
      const id = `pomo-${work.endedAt.toString(36)}-${current.taskId || 'none'}`.slice(0, 64);
      saveRef.current({
        id,
        task: current.task,
        category: current.category as TimeCategory,
        duration: work.seconds,
        date: todayString(work.endedAt),
        createdAt: new Date(work.endedAt).toISOString(),
        taskId: current.taskId,
        // The focused task's tags, and a #标签 in its name (issue 63).
        tags: withTagsFrom(taskTags(client, current.taskId), current.task),
      });
    },
    [client],
  );

  // Closes every phase that ended by now: records for work phases, a chime for any.
  const settle = useCallback(() => {
    const at = Date.now();
    setNow(at);
    const current = read() ?? null;
    if (!current) {
      setState(null);
      return;
    }
    const { state: next, finished, ended } = catchUp(current, settings, at);
    if (ended === 0) {
      setState(current);
      return;
    }
    // Stored before the records go, so a second tab catching up at once finds nothing left.
    write(next);
    setState(next);
    for (const work of finished) saveWork(current, work);
    chime();
  }, [settings, saveWork]);

  const running = state !== null && state.startedAt !== null && state.pausedElapsed === null;
  useEffect(() => {
    settle();
    if (!running) return;
    const id = setInterval(settle, 1000);
    const onVisible = () => settle();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [running, settle]);

  // Started, paused, resumed, skipped, stopped or ended: the server rings the new phase ends
  // and none of the old ones.
  // (Keyed by what they say: the state is re-read every second.)
  const plan = JSON.stringify(phaseEndReminders(state, settings));
  useEffect(() => {
    void syncOneOffs(ONE_OFF_PREFIX, JSON.parse(plan) as OneOffReminder[]);
  }, [plan]);

  // The service worker asks before showing a phase end's push: this page chimes it itself.
  const live = state !== null;
  useEffect(() => {
    if (!live || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type === 'pms-focus-end') event.ports[0]?.postMessage({ ok: true });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [live]);

  // Another tab started, paused or stopped it: follow.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) setState(parsePomodoro(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const remaining = state ? remainingMs(state, settings, now) : settings.workMinutes * 60_000;
  useEffect(() => {
    if (!state || !running) return;
    const previous = document.title;
    return () => {
      document.title = previous;
    };
  }, [state, running]);
  useEffect(() => {
    if (state && running) {
      document.title = `${formatCountdown(remaining)} ${PHASE_LABELS[state.phase]} · ${state.task}`;
    }
  }, [state, running, remaining]);

  return {
    state,
    running,
    remaining,
    settings,
    start: (session: { task: string; category: TimeCategory; taskId?: string }) =>
      update(startPomodoro(session, Date.now())),
    pause: () => state && update(pausePomodoro(state, Date.now())),
    resume: () => state && update(resumePomodoro(state, Date.now())),
    skip: () => state && update(skipPhase(state, settings, Date.now())),
    stop: () => update(null),
    /**
     * Ends the session, saving the work phase's time so far (切换到「X」?, issue 60); a break
     * or a phase not started saves nothing. What already ran out is saved by the catch-up first.
     */
    finish: () => {
      settle();
      const current = read();
      if (!current) return;
      const work = workSoFar(current, settings, Date.now());
      if (work) saveWork(current, work);
      update(null);
    },
  };
}
