import { useEffect, useState } from 'react';
import { formatClock } from '../../domain/dates';

/** 'HH:mm' now, changing each minute: a task due today at 15:00 is overdue from 15:00. */
export function useClockMinute(): string {
  const [time, setTime] = useState(() => formatClock(Date.now()).slice(0, 5));
  useEffect(() => {
    const tick = () => setTime(formatClock(Date.now()).slice(0, 5));
    const timer = setInterval(tick, 15_000);
    return () => clearInterval(timer);
  }, []);
  return time;
}
