import { Pause, Play, SkipForward, Square, Timer } from 'lucide-react';
import { formatCountdown, PHASE_LABELS } from '../../domain/pomodoro';
import type { TimeCategory } from '../../domain/schemas/categories';
import type { usePomodoro } from './usePomodoro';

const ONE_LINE = 'px-2 whitespace-nowrap sm:px-3.5';
const PHASE_TONE = {
  work: 'text-red-600',
  short: 'text-emerald-600',
  long: 'text-blue-600',
} as const;

interface PomodoroTimerProps {
  /** The timer's state, held by FocusTimer, which also starts it on a task (专注 on a row). */
  pomodoro: ReturnType<typeof usePomodoro>;
  /** The category a plain 开始番茄钟 counts in. */
  category: TimeCategory;
}

/** 番茄钟: 专注, 短休息 and 长休息 counted down; each finished 专注 is saved as a time record. */
export function PomodoroTimer({ pomodoro, category }: PomodoroTimerProps) {
  const { state, running, remaining, settings } = pomodoro;

  const phase = state?.phase ?? 'work';
  const waiting = state !== null && state.startedAt === null;
  const paused = state !== null && state.pausedElapsed !== null;
  const status = !state
    ? '准备开始'
    : `${PHASE_LABELS[phase]}${paused ? ' · 已暂停' : waiting ? ' · 等待开始' : ''}`;
  const round = state
    ? phase === 'work'
      ? state.workDone + 1
      : state.workDone || settings.longBreakEvery
    : 1;

  return (
    <div className="flex w-full flex-col items-center gap-4">
      <div className="flex flex-wrap items-center justify-center gap-2 text-sm text-slate-500">
        <Timer size={16} aria-hidden="true" />
        <span data-testid="pomodoro-phase">{status}</span>
        {state && (
          <>
            <span aria-hidden="true">·</span>
            <span className="max-w-[14rem] truncate font-medium text-slate-700">{state.task}</span>
            <span className="text-xs tabular-nums">
              第 {round} / {settings.longBreakEvery} 个
            </span>
          </>
        )}
      </div>
      <p
        className={`font-mono text-5xl font-semibold tabular-nums sm:text-6xl ${
          state ? PHASE_TONE[phase] : 'text-slate-500'
        }`}
        role="timer"
        aria-label={`${PHASE_LABELS[phase]}剩余时间`}
      >
        {formatCountdown(remaining)}
      </p>
      {!state ? (
        <button
          type="button"
          className={`btn-primary ${ONE_LINE}`}
          onClick={() => pomodoro.start({ task: '番茄钟', category })}
        >
          <Play size={16} aria-hidden="true" />
          开始番茄钟
        </button>
      ) : (
        <div className="grid w-full max-w-sm grid-cols-3 gap-2">
          {running ? (
            <button type="button" className={`btn-secondary ${ONE_LINE}`} onClick={pomodoro.pause}>
              <Pause size={16} aria-hidden="true" />
              暂停
            </button>
          ) : (
            <button type="button" className={`btn-primary ${ONE_LINE}`} onClick={pomodoro.resume}>
              <Play size={16} aria-hidden="true" />
              {waiting ? `开始${PHASE_LABELS[phase]}` : '继续'}
            </button>
          )}
          <button
            type="button"
            className={`btn-secondary ${ONE_LINE}`}
            title="结束这一阶段，进入下一阶段（跳过的专注不保存）"
            onClick={pomodoro.skip}
          >
            <SkipForward size={16} aria-hidden="true" />
            下一阶段
          </button>
          <button type="button" className={`btn-danger ${ONE_LINE}`} onClick={pomodoro.stop}>
            <Square size={14} aria-hidden="true" />
            停止
          </button>
        </div>
      )}
      <p className="text-xs text-slate-500">
        专注 {settings.workMinutes} 分钟 · 短休息 {settings.shortBreakMinutes} 分钟 · 每{' '}
        {settings.longBreakEvery} 个专注后长休息 {settings.longBreakMinutes} 分钟
        {settings.autoStart ? ' · 自动开始下一阶段' : ''}。完成的专注自动保存为时间记录。
      </p>
    </div>
  );
}
