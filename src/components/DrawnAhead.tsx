import {
  createContext,
  Fragment,
  memo,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useState,
} from 'react';
import { afterPaint } from '../api/idle';
import { whenIdle } from './when';

/** Whether the dialog inside is drawn ahead and not open: `Modal` keeps itself hidden then. */
const DrawnHidden = createContext(false);

export const useDrawnHidden = () => useContext(DrawnHidden);

interface DrawnAheadProps {
  /** Whether the form is open. */
  open: boolean;
  /** Whether to draw it ahead while closed: its code is here and the screen is quiet. */
  ahead: boolean;
  /** What the form starts from (today's date, a record's type): a change draws a new one. */
  startsFrom?: string;
  children: ReactNode;
}

/**
 * The form's elements, drawn again only once it shows. The screen around a hidden form renders
 * at every press (a filter, a tick, a key in the search) and hands it new props (an `onClose`
 * made in that render): the whole form was drawn again in each of them, its fields' functions
 * and React's pass over them (a profile of /tasks' 最近7天 at 4× CPU: its select fields alone
 * 3 ms). Nor is it drawn again in the press that opens it: `Modal` (which reads the context)
 * shows it, and the form takes the screen's props from the frame after. What the form reads
 * itself (a query, the day) still draws it.
 */
const Kept = memo(
  ({ children }: { live: boolean; children: ReactNode }) => children,
  (before, now) => !before.live && !now.live,
);

/**
 * A screen's add form, drawn and laid out while the screen is idle and kept hidden (`Modal`
 * reads `useDrawnHidden`), so that opening it only shows it. Drawn at the press, a form's
 * first open cost 150–300 ms at 4× CPU on ten years (bench:web): React's first run of its
 * code, then the style and layout of its fields. Each close ends that form and the next is
 * drawn in the next idle moment, so what was typed in one opening never shows in the next; a
 * press before that draws it then, as before.
 */
export function DrawnAhead({ open, ahead, startsFrom = '', children }: DrawnAheadProps) {
  const [round, setRound] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) setRound((r) => r + 1);
  }
  // A new starting point (the day turns) makes a new form only while it is closed: an open
  // one keeps what is being typed.
  const [from, setFrom] = useState(startsFrom);
  if (from !== startsFrom && !open) {
    setFrom(startsFrom);
    setRound((r) => r + 1);
  }
  const [drawn, setDrawn] = useState(-1);
  // The round whose opening has been painted: its form is live from then on.
  const [shown, setShown] = useState(-1);
  useEffect(() => {
    if (!open) return;
    let current = true;
    void afterPaint().then(() => current && setShown(round));
    return () => {
      current = false;
    };
  }, [open, round]);
  useEffect(() => {
    if (!ahead || open || drawn === round) return;
    // A transition: React draws it in slices, so a press meanwhile is answered first.
    return whenIdle(() => startTransition(() => setDrawn(round)));
  }, [ahead, open, drawn, round]);
  if (!open && drawn !== round) return null;
  return (
    <DrawnHidden.Provider value={!open}>
      <Fragment key={round}>
        <Kept live={open && shown === round}>{children}</Kept>
      </Fragment>
    </DrawnHidden.Provider>
  );
}
