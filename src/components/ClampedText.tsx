import { type ReactNode, useCallback, useState } from 'react';

// One observer for every clamped text on the page (a ledger page has 50): each reports, after
// layout, whether its text is cut.
type Report = (cut: boolean) => void;
const reports = new WeakMap<Element, Report>();
let observer: ResizeObserver | null = null;

const isCut = (el: Element) =>
  el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;

function watch(el: Element, report: Report): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  observer ??= new ResizeObserver((entries) => {
    for (const entry of entries) reports.get(entry.target)?.(isCut(entry.target));
  });
  reports.set(el, report);
  // Observing reports the first size too, so a text is checked once it is laid out.
  observer.observe(el);
  return () => {
    observer?.unobserve(el);
    reports.delete(el);
  };
}

const CLAMP = { 1: 'block w-full truncate', 2: 'line-clamp-2 w-full' } as const;

interface ClampedTextProps {
  children: ReactNode;
  /** The text shown, so a change of it is checked again (its box may keep its size). */
  text: string;
  /** Cut after one line (an ellipsis at the end) or two. */
  lines?: 1 | 2;
  /** Layout and colour of the whole (flex-1, text-sm…). */
  className?: string;
}

/**
 * A user's text cut with an ellipsis where it does not fit, shown whole on demand: once it is
 * actually cut it becomes a button (a tap, a click, Enter or Space) that unfolds it and folds
 * it again. A text that fits stays plain, with no tab stop. A `title` would not do: touch
 * screens never show it.
 */
export function ClampedText({ children, text, lines = 1, className = '' }: ClampedTextProps) {
  const [cut, setCut] = useState(false);
  const [whole, setWhole] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is watched afresh
  const measured = useCallback(
    (el: HTMLElement | null) => {
      if (el) return watch(el, setCut);
    },
    [text],
  );
  // The box (outer) is the same either way and the text fills it, so a text measures alike
  // as plain text and as a button; a button sizes to its content otherwise, and would then
  // measure as not cut.
  const shown = whole ? 'block w-full whitespace-normal [overflow-wrap:anywhere]' : CLAMP[lines];
  return (
    <span className={`block min-w-0 ${className}`}>
      {cut || whole ? (
        <button
          type="button"
          ref={measured}
          data-clamped={whole ? 'open' : 'cut'}
          aria-expanded={whole}
          className={`${shown} cursor-pointer rounded text-left focus-visible:outline-2 focus-visible:outline-blue-500`}
          onClick={() => setWhole((w) => !w)}
        >
          {children}
        </button>
      ) : (
        <span ref={measured} className={shown}>
          {children}
        </span>
      )}
    </span>
  );
}
