import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a list's `total` items to draw: `first` at once, then one more in each task
 * after, every step a transition of its own. For lists whose items are each costly to draw:
 * twenty habit cards of ten years each (judging ~3,650 days, a calendar of ~75 elements) were
 * one commit, a 600 ms task at 4× CPU that any tap waited behind; one card a step keeps every
 * task short and the page answering. Items added later (a new habit) come the same way;
 * once all are drawn nothing more is scheduled.
 */
export function useRevealed(total: number, first: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const handle = setTimeout(() => startTransition(() => setCount((n) => n + 1)), 0);
    return () => clearTimeout(handle);
  }, [count, total]);
  return Math.min(count, total);
}
