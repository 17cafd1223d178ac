import { useEffect, useState } from 'react';
import { useToday } from '../../components/useToday';
import { formatChineseDate, formatClock } from '../../domain/dates';

/**
 * The live clock and date. It re-renders every second on its own, so the dashboard's
 * figures are not recomputed with it.
 */
export function Clock() {
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    // Each tick is scheduled for the next whole second, so the display never skips or
    // repeats a second the way a drifting 1 s interval would.
    const tick = () => {
      setNow(new Date());
      timer = setTimeout(tick, 1000 - (Date.now() % 1000));
    };
    timer = setTimeout(tick, 1000 - (Date.now() % 1000));
    return () => clearTimeout(timer);
  }, []);

  // The date comes from the same source as the figures below it, so the two turn together.
  const today = useToday();
  const clock = formatClock(now);
  return (
    <div className="text-left sm:text-right">
      <time
        role="timer"
        aria-label="当前时间"
        dateTime={clock}
        className="block text-xl font-semibold tracking-tight text-slate-900 tabular-nums sm:text-2xl"
      >
        {clock}
      </time>
      <p className="text-sm text-slate-500">{formatChineseDate(today)}</p>
    </div>
  );
}
