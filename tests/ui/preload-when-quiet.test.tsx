import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  QUIET_AFTER_PRESS_MS,
  QUIET_BEFORE_PRELOAD_MS,
  usePreloadDialogs,
} from '../../src/components/lazy-with-retry';
import { eachWhenIdle, whenQuiet } from '../../src/components/when';

type IdleCallback = () => void;

/**
 * requestIdleCallback as Chromium runs it on a page with nothing to do: one 50 ms idle period
 * after another. `busyFor(ms)` is a task that holds the page before the next one.
 */
function idleBrowser() {
  let queue: IdleCallback[] = [];
  let next = 1;
  const handles = new Map<number, IdleCallback>();
  let busy = 0;
  const tick = () => {
    const delay = 50 + busy;
    busy = 0;
    setTimeout(() => {
      const now = queue;
      queue = [];
      for (const cb of now) cb();
      tick();
    }, delay);
  };
  Object.assign(window, {
    requestIdleCallback: (cb: IdleCallback) => {
      const handle = next++;
      const entry = () => {
        if (handles.delete(handle)) cb();
      };
      handles.set(handle, entry);
      queue.push(entry);
      return handle;
    },
    cancelIdleCallback: (handle: number) => handles.delete(handle),
  });
  tick();
  return {
    busyFor(ms: number) {
      busy = ms;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(window, 'requestIdleCallback');
  Reflect.deleteProperty(window, 'cancelIdleCallback');
});

describe('whenQuiet', () => {
  it('runs once the page has been idle for the whole span, and not before', () => {
    idleBrowser();
    const callback = vi.fn();
    whenQuiet(callback, 1000);
    vi.advanceTimersByTime(950);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(150);
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('counts again from the end of a task that held the page', () => {
    const page = idleBrowser();
    const callback = vi.fn();
    whenQuiet(callback, 1000);
    vi.advanceTimersByTime(700);
    page.busyFor(200);
    vi.advanceTimersByTime(1000);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', () => {
    idleBrowser();
    const callback = vi.fn();
    const cancel = whenQuiet(callback, 1000);
    vi.advanceTimersByTime(500);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(callback).not.toHaveBeenCalled();
  });
});

describe('eachWhenIdle', () => {
  /** Idle periods handed out one by one, each with no time left once begun. */
  function idlePeriods() {
    const waiting = new Map<number, (deadline: IdleDeadline) => void>();
    let handles = 0;
    Object.assign(window, {
      requestIdleCallback: (cb: (deadline: IdleDeadline) => void) => {
        waiting.set(++handles, cb);
        return handles;
      },
      cancelIdleCallback: (handle: number) => waiting.delete(handle),
    });
    const spent = { didTimeout: false, timeRemaining: () => 0 };
    return {
      /** Runs the next idle period; false when nothing waits for one. */
      next: () => {
        const [handle, cb] = [...waiting][0] ?? [];
        if (handle === undefined || !cb) return false;
        waiting.delete(handle);
        cb(spent);
        return true;
      },
    };
  }

  it('goes through every item in order, a slice per idle period, none in a press', () => {
    const idle = idlePeriods();
    const items = Array.from({ length: 200 }, (_, i) => i);
    const seen: number[] = [];
    eachWhenIdle(items, (i) => seen.push(i));
    expect(seen).toEqual([]);
    idle.next();
    // A period with no time left still does a slice, and stops at its end.
    expect(seen).toEqual(items.slice(0, 64));
    while (idle.next());
    expect(seen).toEqual(items);
  });

  it('stops where it is once cancelled', () => {
    const idle = idlePeriods();
    const seen: number[] = [];
    const cancel = eachWhenIdle(
      Array.from({ length: 200 }, (_, i) => i),
      (i) => seen.push(i),
    );
    idle.next();
    cancel();
    while (idle.next());
    expect(seen).toHaveLength(64);
  });

  it('calls `done` after the last item, and a cancel then cancels what `done` started', () => {
    const idle = idlePeriods();
    const log: string[] = [];
    const cancel = eachWhenIdle(
      Array.from({ length: 100 }, (_, i) => i),
      () => undefined,
      () => {
        log.push('done');
        return () => log.push('cancelled after');
      },
    );
    idle.next();
    expect(log).toEqual([]);
    idle.next();
    expect(log).toEqual(['done']);
    cancel();
    expect(log).toEqual(['done', 'cancelled after']);
  });

  it('does not call `done` once cancelled, and calls it at once for no items', () => {
    const idle = idlePeriods();
    let done = 0;
    const cancel = eachWhenIdle(
      Array.from({ length: 100 }, (_, i) => i),
      () => undefined,
      () => {
        done++;
        return () => undefined;
      },
    );
    idle.next();
    cancel();
    while (idle.next());
    expect(done).toBe(0);
    eachWhenIdle(
      [],
      () => undefined,
      () => {
        done++;
        return () => undefined;
      },
    );
    expect(done).toBe(1);
  });
});

function Screen({ preload, shown }: { preload: () => Promise<void>; shown: boolean }) {
  const ready = usePreloadDialogs(shown, { preload });
  return (
    <>
      <output>{ready ? '就绪' : '未就绪'}</output>
      <button type="button">筛选</button>
      <button type="button" aria-haspopup="dialog">
        添加
      </button>
    </>
  );
}

/** A screen with one dialog, on an idle browser, and the dialog's preload as a spy. */
function renderScreen(shown = true) {
  idleBrowser();
  const preload = vi.fn(() => Promise.resolve());
  const view = render(<Screen preload={preload} shown={shown} />);
  const show = () => view.rerender(<Screen preload={preload} shown />);
  return { preload, show, ...view };
}

describe('usePreloadDialogs', () => {
  it('says the forms are ready only once every step is done and their code is here', async () => {
    let loaded: () => void = () => undefined;
    idleBrowser();
    const preload = vi.fn(() => new Promise<void>((resolve) => (loaded = resolve)));
    const { getByRole } = render(<Screen preload={preload} shown />);
    vi.advanceTimersByTime(QUIET_BEFORE_PRELOAD_MS + 500);
    expect(preload).toHaveBeenCalledTimes(1);
    expect(getByRole('status')).toHaveTextContent('未就绪');
    await act(async () => loaded());
    expect(getByRole('status')).toHaveTextContent(/^就绪$/);
  });

  it('fetches the dialogs once the screen has been quiet, without a gesture', () => {
    const { preload } = renderScreen();
    vi.advanceTimersByTime(QUIET_BEFORE_PRELOAD_MS - 100);
    expect(preload).not.toHaveBeenCalled();
    // The quiet span, then the date field's idle moment, then the dialog's.
    vi.advanceTimersByTime(300);
    expect(preload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('fetches them after the first press instead, once its own work is done', () => {
    const { preload, getByRole } = renderScreen();
    vi.advanceTimersByTime(500);
    fireEvent.pointerDown(getByRole('button', { name: '筛选' }));
    // Nothing in the press's own moments (a check-in drawing its change).
    vi.advanceTimersByTime(QUIET_AFTER_PRESS_MS - 100);
    expect(preload).not.toHaveBeenCalled();
    // Well before the screen's own quiet span would have run out.
    vi.advanceTimersByTime(400);
    expect(preload).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(getByRole('button', { name: '添加' }), { key: 'Enter' });
    vi.advanceTimersByTime(10_000);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('fetches them at once when the press is on a button that opens a form', () => {
    const { preload, getByRole } = renderScreen();
    vi.advanceTimersByTime(500);
    // A press elsewhere first: it waits for quiet…
    fireEvent.pointerDown(document.body);
    vi.advanceTimersByTime(100);
    expect(preload).not.toHaveBeenCalled();
    // …and the opener's press right after does not.
    fireEvent.pointerDown(getByRole('button', { name: '添加' }));
    vi.advanceTimersByTime(120);
    expect(preload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('waits for the screen’s data before it starts', () => {
    const { preload, show, getByRole } = renderScreen(false);
    fireEvent.pointerDown(getByRole('button', { name: '添加' }));
    vi.advanceTimersByTime(10_000);
    expect(preload).not.toHaveBeenCalled();
    show();
    vi.advanceTimersByTime(QUIET_BEFORE_PRELOAD_MS + 300);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('fetches nothing for a screen left before it was quiet', () => {
    const { preload, unmount } = renderScreen();
    vi.advanceTimersByTime(1000);
    unmount();
    vi.advanceTimersByTime(10_000);
    expect(preload).not.toHaveBeenCalled();
  });
});

describe('the idle fetch of the dialogs’ files', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'pmsFetchLater');
  });

  it('asks /boot.js for this path’s later chunks once the screen is idle, once', () => {
    const fetchLater = vi.fn();
    Object.assign(window, { pmsFetchLater: fetchLater });
    renderScreen();
    expect(fetchLater).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(fetchLater).toHaveBeenCalledTimes(1);
    expect(fetchLater).toHaveBeenCalledWith(location.pathname);
    vi.advanceTimersByTime(10_000);
    expect(fetchLater).toHaveBeenCalledTimes(1);
  });

  it('asks nothing while the screen’s data is not shown', () => {
    const fetchLater = vi.fn();
    Object.assign(window, { pmsFetchLater: fetchLater });
    const { show } = renderScreen(false);
    vi.advanceTimersByTime(10_000);
    expect(fetchLater).not.toHaveBeenCalled();
    show();
    vi.advanceTimersByTime(100);
    expect(fetchLater).toHaveBeenCalledTimes(1);
  });
});

describe('warmDateFields', () => {
  it('lays out one hidden date field, then one time field, and takes each away, once per page', async () => {
    vi.resetModules();
    const { warmDateFields } = await import('../../src/components/warm-date-fields');
    const append = vi.spyOn(document.body, 'append');
    for (const step of warmDateFields) step();
    expect(append).toHaveBeenCalledTimes(2);
    const boxes = append.mock.calls.map(([box]) => box as HTMLElement);
    expect(boxes.map((box) => box.querySelector('input')?.type)).toEqual(['date', 'time']);
    for (const box of boxes) {
      expect(box.getAttribute('aria-hidden')).toBe('true');
      expect(document.body.contains(box)).toBe(false);
    }
    for (const step of warmDateFields) step();
    expect(append).toHaveBeenCalledTimes(2);
    append.mockRestore();
  });
});
