// The open dialogs, topmost last. One place decides which dialog the keyboard and the
// browser's Back belong to, so that nested dialogs (a form and its "discard?" question, a
// list and its delete confirmation) never both react to one key press.
//
// Back: while any dialog is open, the page has one extra history entry (same URL, marked in
// history.state). Back consumes that entry instead of leaving the screen, and the top dialog
// is asked to close; a dialog that closes any other way removes the entry again. The router
// sees only a POP to the URL it already shows, which changes nothing on screen.

import { afterPaint } from '../api/idle';

interface DialogEntry {
  /** Back or Escape: the dialog decides (a dirty form asks first). */
  requestClose: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

const MARK = 'pmsDialog';
const stack: DialogEntry[] = [];
/** Whether the history entry for the open dialogs is there. */
let entryPushed = false;
/** A POP caused by our own history.back(), not by the user. */
let ownPop = false;
let syncQueued = false;
/** An entry to be added after the next paint. */
let pushQueued = false;
let listening = false;

const marked = () => (window.history.state as Record<string, unknown> | null)?.[MARK] === true;

/**
 * Adds the entry once the opening has been painted. In the press, pushState brought the page's
 * style up to date for the history item's scroll state, before the frame: 17–40 ms of the
 * 100 ms that opening 添加任务 took at 4× CPU (bench:web profile). A Back in that frame still
 * leaves the screen, as it would have a moment before.
 */
function pushEntry() {
  if (pushQueued) return;
  pushQueued = true;
  void afterPaint().then(() => {
    pushQueued = false;
    if (stack.length === 0 || entryPushed) return;
    window.history.pushState({ ...(window.history.state ?? {}), [MARK]: true }, '');
    entryPushed = true;
  });
}

/**
 * Brings the history entry in line with the stack once the current task's work is done: a
 * dialog that closes as another opens (a confirmation answered, the form behind it closing)
 * must not cost a back-and-forth in history, nor leave the screen. A microtask rather than a
 * timer, so the entry is gone before anything else (a click on a link, a reload) can happen.
 */
function scheduleSync() {
  if (syncQueued) return;
  syncQueued = true;
  queueMicrotask(() => {
    syncQueued = false;
    if (stack.length > 0 && !entryPushed) {
      pushEntry();
    } else if (stack.length === 0 && entryPushed) {
      entryPushed = false;
      // Only our own entry is taken back: after a navigation the current entry is the
      // router's, and going back would undo it.
      if (marked()) {
        ownPop = true;
        window.history.back();
      }
    }
  });
}

function onPopState() {
  if (ownPop) {
    ownPop = false;
    return;
  }
  if (entryPushed && !marked()) {
    // The user went Back over the dialogs' entry: close the top one instead of the screen.
    entryPushed = false;
    stack.at(-1)?.requestClose();
    scheduleSync();
  }
}

function onKeyDown(event: KeyboardEvent) {
  stack.at(-1)?.onKeyDown(event);
}

function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', onPopState);
  document.addEventListener('keydown', onKeyDown);
}

function lockScroll(locked: boolean) {
  document.body.style.overflow = locked ? 'hidden' : '';
}

/** Registers an open dialog; the returned function unregisters it when it closes. */
export function openDialog(entry: DialogEntry): () => void {
  listen();
  stack.push(entry);
  lockScroll(true);
  scheduleSync();
  return () => {
    const index = stack.indexOf(entry);
    if (index >= 0) stack.splice(index, 1);
    lockScroll(stack.length > 0);
    scheduleSync();
  };
}
