import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { whenNear } from './when';

/**
 * Draws `children` once the place they go comes within a screen or so of the viewport, in a
 * transition React splits into short tasks; until then an empty box of `height` holds it.
 * For rows below the fold: a page of 50 ledger rows was some 40% of /accounting's script
 * after its data (a first-visit profile), work a visit that never scrolls there never needs.
 * Once drawn they stay. Where the browser cannot tell (no IntersectionObserver) they draw at
 * once.
 */
export function WhenNear({ height, children }: { height: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    return whenNear(ref.current, () => startTransition(() => setNear(true)), '100%');
  }, [near]);
  if (near) return children;
  return <div ref={ref} style={{ height }} aria-hidden="true" />;
}
