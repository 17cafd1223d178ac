import { BookOpen, Briefcase, Pause, Play, Square, Timer } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTimeRecords } from '../../api/time-records';
import { lazyDialog, usePreloadDialogs } from '../../components/lazy-with-retry';
import { useToast } from '../../components/toast';
import { useDeepLink } from '../../components/useDeepLink';
import {
  labelOf,
  type TimeCategory,
  timeCategories,
  timeCategoryLabels,
} from '../../domain/schemas/categories';
import { endPrompt, formatElapsed, QUICK_START } from '../../domain/timer';
import { EndSessionDialog } from './EndSessionDialog';
import { PomodoroTimer } from './PomodoroTimer';
import { useFocusTimer } from './useFocusTimer';

// The form (react-hook-form, zod) loads once the screen is quiet or pressed (usePreloadDialogs).
const CustomStartDialog = lazyDialog(() =>
  import('./CustomStartDialog').then((m) => m.CustomStartDialog),
);

/** The two one-tap starts (SPEC: 开始工作, 开始学习); 自定义开始 asks for the rest. */
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

/** The spec's count-up timer, or 番茄钟 beside it (issue 37). */
export function FocusTimer() {
  const [mode, setModeState] = useState<Mode>(storedMode);
  const [focusTask, setFocusTask] = useState<string | null>(null);
  const setMode = (next: Mode) => {
    setModeState(next);
    try {
      localStorage.setItem(MODE_KEY, next);
    } catch {
      // Not remembered: the screen opens on the count-up timer next time.
    }
  };
  // 专注 on a task's row links here with ?focusTask=<id>: a pomodoro on that task.
  useDeepLink('focusTask', (id) => {
    setMode('pomodoro');
    setFocusTask(id);
  });
  const handled = useCallback(() => setFocusTask(null), []);

  return (
    <section className="card flex flex-col items-center gap-4 py-6" aria-label="专注计时器">
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
        <PomodoroTimer focusTask={focusTask} onFocusTaskHandled={handled} />
      ) : (
        <Stopwatch />
      )}
    </section>
  );
}

/** SPEC §4's count-up timer. */
function Stopwatch() {
  const timer = useFocusTimer();
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
