import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { formatCents, formatCompactCents } from '../domain/money';

// The smallest a figure is drawn before it switches to its short form.
const MIN_FONT_PX = 16;
// Rounding of sub-pixel widths must never tip a scaled figure over its box.
const SAFETY = 0.98;

type Fit = { compact: boolean; scale: number };

const PROBE = 'inline-block whitespace-nowrap before:content-[attr(data-text)]';

/**
 * An amount that always fits its box (a stat card on a phone, ¥99,999,999.99 included):
 * drawn as it is when there is room, a size smaller when that is enough, and otherwise in its
 * short form ('¥1,250.00万'), whose exact amount is in the title (hover), in a tip shown on
 * keyboard focus, and what screen readers read. The box is the element's own width, measured
 * whenever it or the amount changes.
 */
export function Money({ cents, className = '' }: { cents: number; className?: string }) {
  const full = formatCents(cents);
  const short = formatCompactCents(cents);
  const box = useRef<HTMLSpanElement>(null);
  const fullProbe = useRef<HTMLSpanElement>(null);
  const shortProbe = useRef<HTMLSpanElement>(null);
  const [fit, setFit] = useState<Fit>({ compact: false, scale: 1 });
  const [tipOpen, setTipOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new amount needs measuring again
  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return;
    const measure = () => {
      const room = node.clientWidth;
      const needFull = fullProbe.current?.offsetWidth ?? 0;
      const needShort = shortProbe.current?.offsetWidth ?? 0;
      if (room <= 0 || needFull <= 0) return;
      const fontPx = Number.parseFloat(getComputedStyle(node).fontSize) || MIN_FONT_PX;
      const minScale = Math.min(1, MIN_FONT_PX / fontPx);
      let next: Fit;
      if (needFull <= room) next = { compact: false, scale: 1 };
      else if ((needFull * minScale) / SAFETY <= room)
        next = { compact: false, scale: (room / needFull) * SAFETY };
      else next = { compact: true, scale: Math.min(1, (room / needShort) * SAFETY) };
      setFit((old) =>
        old.compact === next.compact && Math.abs(old.scale - next.scale) < 0.005 ? old : next,
      );
    };
    // A web font arriving late changes every width (the box's own size stays). Only then:
    // fonts already there resolve `ready` at once, and that measure would force the layout
    // in this task after all.
    if (document.fonts?.status === 'loading') void document.fonts.ready.then(measure);
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    // Measured once the browser has laid the frame out, not by forcing a layout here: read in
    // the commit, the first width laid out the whole page inside React's task (/accounting at
    // 4× CPU: 230 ms of a 686 ms task). An observed box is reported once at the
    // start and on every resize, before the frame is painted; flushSync draws the fit before
    // that paint too, so a figure is never seen too wide.
    const observer = new ResizeObserver(() => flushSync(measure));
    observer.observe(node);
    return () => observer.disconnect();
  }, [full, short]);

  const shown = fit.compact ? short : full;
  const style = fit.scale < 1 ? { fontSize: `${fit.scale.toFixed(3)}em` } : undefined;
  return (
    <span ref={box} data-money className={`group relative block min-w-0 ${className}`}>
      {/* What the figure would need, measured at the box's own size and clipped to nothing.
          The text is drawn from an attribute, so the page's text holds each amount once. */}
      <span className="absolute top-0 left-0 h-0 w-0 overflow-hidden" aria-hidden="true">
        <span ref={fullProbe} data-text={full} className={PROBE} />
        <span ref={shortProbe} data-text={short} className={PROBE} />
      </span>
      {fit.compact ? (
        // A button, so the exact amount is a tap away on a phone (no hover there) and a Tab
        // away for the keyboard; hover shows it too.
        <button
          type="button"
          title={full}
          aria-expanded={tipOpen}
          className="block max-w-full cursor-help rounded text-left outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          onClick={() => setTipOpen((open) => !open)}
          onBlur={() => setTipOpen(false)}
        >
          <span aria-hidden="true" className="block whitespace-nowrap" style={style}>
            {shown}
          </span>
          <span className="sr-only">{full}</span>
          <span
            aria-hidden="true"
            className={`pointer-events-none absolute top-full left-0 z-10 mt-1 rounded-md bg-slate-800 px-2 py-1 text-xs font-medium whitespace-nowrap text-white shadow group-hover:block [button:focus-visible_&]:block ${tipOpen ? 'block' : 'hidden'}`}
          >
            {full}
          </span>
        </button>
      ) : (
        <span className="block whitespace-nowrap" style={style}>
          {shown}
        </span>
      )}
    </span>
  );
}
