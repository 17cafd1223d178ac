import { type ComponentType, lazy, useEffect, useState } from 'react';
import { warmDateFields } from './warm-date-fields';
import { whenIdle, whenQuiet } from './when';

/**
 * A code chunk that still failed to load after the retries. `renew` lets the next render
 * download it again: the ErrorBoundary that shows it calls this on 重试 and when it goes away.
 */
export class ChunkLoadError extends Error {
  constructor(
    cause: unknown,
    readonly renew: () => void = () => undefined,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ChunkLoadError';
  }
}

// What browsers and Vite say when an import() or its CSS cannot be fetched (Chromium and
// Vite's preload helper, Firefox, Safari): React.lazy chunks outside lazyWithRetry fail so.
const CHUNK_FAILURE =
  /dynamically imported module|Unable to preload CSS|Importing a module script failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message))
  );
}

/** Pauses before the second and third attempt: a flaky connection often recovers within. */
export const RETRY_DELAYS_MS = [400, 1200];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function loadWithRetries<T>(load: () => Promise<T>, delays: readonly number[]): Promise<T> {
  for (const delay of delays) {
    try {
      return await load();
    } catch {
      await wait(delay);
    }
  }
  return load();
}

/** A lazy component whose code can be fetched and run before it first renders. */
export type Preloadable<P extends object> = ComponentType<P> & {
  /**
   * Loads the chunk (once, whatever else asks for it). Once it has loaded, the component
   * renders at once instead of suspending: a boundary that shows its fallback even for a
   * module already there makes React wait ~300 ms before it shows what replaces it (its
   * throttle of fallback reveals), and the shell and the screen inside it were two such waits
   * on every load. Never rejects: a chunk that cannot load fails where it renders.
   */
  preload(): Promise<void>;
};

/** A chunk's component once loaded, kept for every later render; `preload` never rejects. */
function keptChunk<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const keep = (component: ComponentType<P>) => {
    loaded = component;
    return component;
  };
  return {
    loaded: () => loaded,
    keep,
    preload: () =>
      load().then(
        (component) => void keep(component),
        () => undefined,
      ),
  };
}

/**
 * React.lazy, but a chunk that fails to load is tried again (RETRY_DELAYS_MS) before the
 * error reaches the nearest ErrorBoundary, and the failure is not kept for good as React.lazy
 * keeps it: the error's `renew` swaps in a fresh React.lazy for the next render.
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<ComponentType<P>>,
  delays: readonly number[] = RETRY_DELAYS_MS,
): Preloadable<P> {
  const chunk = keptChunk(load);
  const fresh = (): ComponentType<P> => {
    const attempt: ComponentType<P> = lazy(() =>
      loadWithRetries(load, delays).then(
        (component) => ({ default: chunk.keep(component) }),
        (err: unknown) => {
          throw new ChunkLoadError(err, () => {
            if (Current === attempt) Current = fresh();
          });
        },
      ),
    );
    return attempt;
  };
  let Current = fresh();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per chunk at module level, as React.lazy is
  function LazyWithRetry(props: P) {
    // Once loaded, the component itself. An instance never switches from a React.lazy that
    // showed it: the lazy resolves only after `keep`, so any render that could draw through
    // it finds `loaded` set already.
    const Shown = chunk.loaded() ?? Current;
    return <Shown {...props} />;
  }
  return Object.assign(LazyWithRetry, { preload: chunk.preload });
}

/**
 * A dialog whose code loads when it is first opened (or preloaded, `usePreloadDialogs`).
 * Until its chunk is there it draws nothing, so the screen behind stays as it is. It waits in
 * an effect rather than suspending: a Suspense fallback, even `null`, makes React hold back
 * what replaces it for ~300 ms (its throttle of fallback reveals), which was most of a first
 * open's 355 ms at 1× CPU with the chunk already in the service worker's cache. A chunk that
 * still fails after RETRY_DELAYS_MS reaches the nearest ErrorBoundary as a ChunkLoadError;
 * the dialog opened again starts a fresh round.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  delays: readonly number[] = RETRY_DELAYS_MS,
): Preloadable<P> {
  const chunk = keptChunk(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog at module level, as lazyWithRetry is
  function LazyDialog(props: P) {
    const [, setReady] = useState(false);
    const [failure, setFailure] = useState<ChunkLoadError | null>(null);
    useEffect(() => {
      if (chunk.loaded()) return;
      let mounted = true;
      loadWithRetries(load, delays).then(
        (component) => {
          chunk.keep(component);
          if (mounted) setReady(true);
        },
        (err: unknown) => {
          if (mounted) setFailure(new ChunkLoadError(err));
        },
      );
      return () => {
        mounted = false;
      };
    }, []);
    if (failure) throw failure;
    const Loaded = chunk.loaded();
    return Loaded ? <Loaded {...props} /> : null;
  }
  return Object.assign(LazyDialog, { preload: chunk.preload });
}

/** How long a screen has had nothing to do before its dialogs' code is fetched unasked. */
export const QUIET_BEFORE_PRELOAD_MS = 2000;
/** After the first press, how long the page has had nothing to do before they are fetched. */
export const QUIET_AFTER_PRESS_MS = 300;
const DIALOG_OPENER = '[aria-haspopup="dialog"]';

/**
 * Gets a screen's form dialogs ready before the first one opens, which otherwise pays for
 * their code (zod, react-hook-form and the kind's schemas: 48–80 ms of module evaluation at 4×
 * CPU) and for the page's first date and time fields (`warmDateFields`). That work stays
 * off the screen's load, which is what a visit that only reads pays for. It starts once the
 * screen has had nothing to do for QUIET_BEFORE_PRELOAD_MS, or sooner after the first press
 * or key on the page, the gesture most likely to be followed by another that opens one (once
 * the press's own work is done: QUIET_AFTER_PRESS_MS); each step in an idle moment of its
 * own, so none holds up the paint of what a press does. Their files come before that,
 * once the screen is idle (/boot.js knows them), as modulepreloads: fetched and compiled, not
 * run; a dialog opened before the rest then waits for its code to run, not to arrive (ten
 * years, /assets at 1× CPU: ~35 ms of the first open was the service worker's answer).
 *
 * None of it starts before the screen's data is `shown`: a page waiting for its list is idle
 * too, and on a first visit over a slow line the files took the line from the list (Lighthouse
 * mobile, /accounting: LCP 2.97 s and 93 with them, 2.23 s and 98 without).
 *
 * Returns whether all of it is done: the screen may then draw its add form ahead (DrawnAhead).
 */
export function usePreloadDialogs(
  shown: boolean,
  ...dialogs: Pick<Preloadable<object>, 'preload'>[]
): boolean {
  const [ready, setReady] = useState(false);
  useEffect(
    () => (shown ? whenIdle(() => window.pmsFetchLater?.(location.pathname)) : undefined),
    [shown],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: module-level lazies, fixed per screen
  useEffect(() => {
    if (!shown) return;
    // The time field last: fewer forms have one, and an opener's press waits for the steps
    // before its form's code.
    const [warmDate, warmTime] = warmDateFields;
    const loads: Promise<void>[] = [];
    const steps = [
      warmDate,
      ...dialogs.map((dialog) => () => void loads.push(dialog.preload())),
      warmTime,
      // Their code is here: the screen may draw its add form ahead (DrawnAhead).
      () => void Promise.all(loads).then(() => setReady(true)),
    ];
    let cancel: () => void = () => undefined;
    let started = false;
    const next = (i: number) => {
      cancel = whenIdle(() => {
        steps[i]!();
        if (i + 1 < steps.length) next(i + 1);
      });
    };
    const preload = () => {
      if (started) return;
      started = true;
      cancel();
      next(0);
    };
    // A press does its own work first: begun at the press, the date field and the forms' code
    // (~100 ms at 4× CPU) ran in the idle moments of a check-in's write, before its change was
    // drawn. A press on a button that opens a form (aria-haspopup="dialog") starts them at
    // once: between its pointerdown and its click they are the dialog's own work.
    const afterPress = (event: Event) => {
      if (started) return;
      const opener = event.target instanceof Element && event.target.closest(DIALOG_OPENER);
      if (opener) return preload();
      cancel();
      cancel = whenQuiet(preload, QUIET_AFTER_PRESS_MS);
    };
    const options = { capture: true, passive: true } as const;
    window.addEventListener('pointerdown', afterPress, options);
    window.addEventListener('keydown', afterPress, options);
    cancel = whenQuiet(preload, QUIET_BEFORE_PRELOAD_MS);
    return () => {
      window.removeEventListener('pointerdown', afterPress, options);
      window.removeEventListener('keydown', afterPress, options);
      cancel();
    };
  }, [shown]);
  return ready;
}
