import { BookOpen, Briefcase, Pause, Play, Square, Timer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSettings } from '../../api/settings';
import { useTasks } from '../../api/tasks';
import { useTimeRecords } from '../../api/time-records';
import { lazyDialog, usePreloadDialogs } from '../../components/lazy-with-retry';
import { useToast } from '../../components/toast';
import { useDeepLink } from '../../components/useDeepLink';
import { formatCountdown, PHASE_LABELS } from '../../domain/pomodoro';
import {
  labelOf,
  type TimeCategory,
  timeCategories,
  timeCategoryLabels,
} from '../../domain/schemas/categories';
import type { Task } from '../../domain/schemas/task';
import { endPrompt, formatElapsed, QUICK_START } from '../../domain/timer';
import { EndSessionDialog } from './EndSessionDialog';
import { PomodoroTimer } from './PomodoroTimer';
import { SwitchFocusDialog } from './SwitchFocusDialog';
import { useFocusTimer } from './useFocusTimer';
import { usePomodoro } from './usePomodoro';

// The form (react-hook-form, zod) loads once the screen is quiet or pressed (usePreloadDialogs).
const CustomStartDialog = lazyDialog(() =>
  import('./CustomStartDialog').then((m) => m.CustomStartDialog),
);

/** The two one-tap starts (docs/spec.md §2: 开始工作, 开始学习); 自定义开始 asks for the rest. */
const QUICK_STARTS = [
  { label: '开始工作', Icon: Briefcase, kind: { task: '工作', category: 'work' } },
  { label: '开始学习', Icon: BookOpen, kind: { task: '学习', category: 'study' } },
] as const;
const ONE_LINE = 'px-2 whitespace-nowrap sm:px-3.5';

/**
 * The timer's face and controls. It owns the ticking state, so only this card re-renders
 * every second, not the screen's charts and lists.
 */
type Mode = 'stopwatch' | 'pomodoro';
const MODE_KEY = 'focusMode';
const storedMode = (): Mode => {
  try {
    return localStorage.getItem(MODE_KEY) === 'pomodoro' ? 'pomodoro' : 'stopwatch';
  } catch {
    return 'stopwatch';
  }
};

/** How long the screen may go on growing around the timer after 专注 (charts, records). */
const SETTLE_MS = 2000;

/**
 * Brings the timer into view, and keeps it there while the screen's charts and records come in
 * below it, until the user scrolls. The page keeps the scroll of the list 专注 was pressed in
 * (issue 60: at 375 px the timer ended 254 px above the screen), and Chrome's scroll anchoring
 * then followed the growing content down with it: a single scrollIntoView did not hold.
 */
function keepInView(element: HTMLElement) {
  const show = () => element.scrollIntoView({ block: 'center' });
  show();
  const observer = new ResizeObserver(show);
  observer.observe(document.body);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
      window.removeEventListener(type, stop, true);
    }
  };
  const timer = setTimeout(stop, SETTLE_MS);
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
    window.addEventListener(type, stop, { capture: true, passive: true });
  }
}

/**
 * The spec's count-up timer, or 番茄钟 beside it (issue 37). Both timers' state is held here,
 * whichever is shown, so that 专注 on a task (/time?focusTask=<id>) can see and end a session
 * of either before it starts a pomodoro on that task.
 */
export function FocusTimer() {
  const [mode, setModeState] = useState<Mode>(storedMode);
  const stopwatch = useFocusTimer();
  const pomodoro = usePomodoro();
  const { focusCategories } = useSettings();
  // The category the dashboard's focus goal counts, so pomodoros count towards it.
  const category = (focusCategories[0] ?? 'work') as TimeCategory;
  const tasks = useTasks();
  const toast = useToast();
  const card = useRef<HTMLElement>(null);
  const [focusTask, setFocusTask] = useState<string | null>(null);
  // The task 专注 was pressed on while a session runs for another: asked first.
  const [switching, setSwitching] = useState<Task | null>(null);
  const setMode = (next: Mode) => {
    setModeState(next);
    try {
      localStorage.setItem(MODE_KEY, next);
    } catch {
      // Not remembered: the screen opens on the count-up timer next time.
    }
  };
  // 专注 on a task's row links here with ?focusTask=<id>: a pomodoro on that task.
  useDeepLink('focusTask', setFocusTask);

  const startOn = (task: Task) => {
    setMode('pomodoro');
    pomodoro.start({ task: task.title, category, taskId: task.id });
  };

  useEffect(() => {
    if (!focusTask || !tasks.data) return;
    setFocusTask(null);
    if (card.current) keepInView(card.current);
    const task = (tasks.data.items as Task[]).find((t) => t.id === focusTask);
    if (!task) {
      toast.error('找不到要专注的任务，它可能已被删除');
      return;
    }
    if (pomodoro.state?.taskId === task.id) {
      setMode('pomodoro');
      return;
    }
    if (pomodoro.state || stopwatch.session) {
      setSwitching(task);
      return;
    }
    startOn(task);
  });

  const [ending, setEnding] = useState(false);
  async function switchTo(task: Task) {
    if (stopwatch.session) {
      setEnding(true);
      const result = await stopwatch.end();
      setEnding(false);
      // A failed save keeps the old session (its error is said) and the question open.
      if (result === 'not-saved') return;
    }
    if (pomodoro.state) pomodoro.finish();
    setSwitching(null);
    startOn(task);
  }
  const runningTask = pomodoro.state?.task ?? stopwatch.session?.task ?? '';
  const progress = pomodoro.state
    ? `${PHASE_LABELS[pomodoro.state.phase]}剩余 ${formatCountdown(pomodoro.remaining)}`
    : `已计时 ${formatElapsed(stopwatch.elapsedNow())}`;

  return (
    <section
      ref={card}
      className="card flex flex-col items-center gap-4 py-6"
      aria-label="专注计时器"
    >
      <fieldset className="inline-flex rounded-md border border-slate-200 p-0.5">
        <legend className="sr-only">计时方式</legend>
        {(
          [
            ['stopwatch', '正计时'],
            ['pomodoro', '番茄钟'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            className={`rounded px-3 py-1 text-sm ${
              mode === value
                ? 'bg-blue-600 font-semibold text-white'
                : 'text-slate-600 hover:bg-slate-100'
            }`}
            onClick={() => setMode(value)}
          >
            {label}
          </button>
        ))}
      </fieldset>
      {mode === 'pomodoro' ? (
        <PomodoroTimer pomodoro={pomodoro} category={category} />
      ) : (
        <Stopwatch timer={stopwatch} />
      )}
      {switching && (
        <SwitchFocusDialog
          next={switching.title}
          current={runningTask}
          progress={progress}
          saving={ending}
          onSwitch={() => void switchTo(switching)}
          onClose={() => setSwitching(null)}
        />
      )}
    </section>
  );
}

/** docs/spec.md §4's count-up timer. */
function Stopwatch({ timer }: { timer: ReturnType<typeof useFocusTimer> }) {
  const toast = useToast();
  const [customOpen, setCustomOpen] = useState(false);
  // With the screen's records, as the screen's own dialog (it shares the query, not a fetch).
  usePreloadDialogs(!useTimeRecords().isPending, CustomStartDialog);
  const { session, running, elapsed, saving } = timer;

  // 开始专注 (dashboard, + sheet) links here with ?start=<category>: the first category the
  // focus goal counts (src/components/quick-links.ts); ?start=quick keeps its 其他.
  useDeepLink('start', (value) => {
    const category = (timeCategories as readonly string[]).includes(value)
      ? (value as TimeCategory)
      : value === 'quick'
        ? QUICK_START.category
        : null;
    if (!category) return;
    if (session) toast.error('已有进行中的专注，请先结束并保存');
    else timer.start({ ...QUICK_START, category });
  });

  // Set while 结束并保存 asks first (a session over 4 hours, or under a minute).
  const [asking, setAsking] = useState<{ kind: 'long' | 'short'; seconds: number } | null>(null);

  async function save(endAt?: number) {
    setAsking(null);
    const result = await timer.end(endAt);
    if (result === 'saved') toast.success('专注记录已保存');
    if (result === 'too-short') toast.error('专注不足 1 秒，未保存');
  }

  function end() {
    const seconds = timer.elapsedNow();
    const kind = endPrompt(seconds);
    if (kind) setAsking({ kind, seconds });
    else void save();
  }

  const status = !session ? '准备开始' : running ? '专注中' : '已暂停';

  return (
    <>
      <div className="flex items-center gap-2 text-sm text-slate-500">
        <Timer size={16} aria-hidden="true" />
        <span>{status}</span>
        {session && (
          <>
            <span aria-hidden="true">·</span>
            <span className="font-medium text-slate-700">{session.task}</span>
            <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs text-blue-700">
              {labelOf(timeCategoryLabels, session.category)}
            </span>
          </>
        )}
      </div>
      <p
        className={`font-mono text-5xl font-semibold tabular-nums sm:text-6xl ${
          running ? 'text-blue-600' : session ? 'text-amber-600' : 'text-slate-500'
        }`}
        role="timer"
        aria-label="计时"
      >
        {formatElapsed(elapsed)}
      </p>
      {!session ? (
        // One line at 375 px: the three labels never break mid-word (开始工 / 作); the icons
        // give way first.
        <div className="grid w-full max-w-md grid-cols-3 gap-2">
          {QUICK_STARTS.map(({ label, Icon, kind }) => (
            <button
              key={label}
              type="button"
              className={`btn-primary ${ONE_LINE}`}
              onClick={() => timer.start(kind)}
            >
              <Icon size={16} aria-hidden="true" className="hidden sm:block" />
              {label}
            </button>
          ))}
          <button
            type="button"
            className={`btn-secondary ${ONE_LINE}`}
            onClick={() => setCustomOpen(true)}
          >
            自定义开始
          </button>
        </div>
      ) : (
        <div className="grid w-full max-w-xs grid-cols-2 gap-2">
          {/* One button that turns: a keyboard's focus stays on it from 暂停 to 继续. */}
          <button
            type="button"
            className={`btn-secondary ${ONE_LINE}`}
            onClick={running ? timer.pause : timer.resume}
            disabled={saving}
          >
            {running ? (
              <Pause size={16} aria-hidden="true" />
            ) : (
              <Play size={16} aria-hidden="true" />
            )}
            {running ? '暂停' : '继续'}
          </button>
          <button
            type="button"
            className={`btn-danger ${ONE_LINE}`}
            onClick={end}
            disabled={saving}
          >
            <Square size={14} aria-hidden="true" />
            {saving ? '保存中...' : '结束并保存'}
          </button>
        </div>
      )}
      {asking && session && (
        <EndSessionDialog
          kind={asking.kind}
          seconds={asking.seconds}
          runningSince={running ? session.startTime : null}
          onSave={save}
          onDiscard={() => {
            setAsking(null);
            timer.discard();
            toast.success('已放弃这次专注');
          }}
          onClose={() => setAsking(null)}
        />
      )}
      {customOpen && (
        <CustomStartDialog onStart={timer.start} onClose={() => setCustomOpen(false)} />
      )}
    </>
  );
}
