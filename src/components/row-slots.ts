import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef } from 'react';

/**
 * React keys for the rows a virtual list draws, so that a row's DOM shows the next record when
 * its own leaves: a record still drawn keeps its key, a record newly drawn takes the key of one
 * that left (else a new one). A filter or a view that changes every row then changes their
 * texts and classes instead of removing a dozen rows and building a dozen more (~25 elements
 * each). In traces at 4× CPU on ten years of tasks, 最近7天's style recalculation went from
 * 15 to 5–10 ms (medians of 3 and of 5 presses).
 *
 * `keep` is a key not to hand on: the row holding the focus, which would otherwise carry it to
 * another record; it is let go, as every row that leaves was before.
 */
export function assignSlots(
  was: ReadonlyMap<string, number>,
  ids: readonly string[],
  fresh: () => number,
  keep?: number,
): Map<string, number> {
  const drawn = new Set(ids);
  const free: number[] = [];
  for (const [id, slot] of was) if (!drawn.has(id) && slot !== keep) free.push(slot);
  // Handed on in the order the rows were: with the records drawn in order too, a view of other
  // records changes the rows where they stand, and React moves none of them.
  let next = 0;
  const now = new Map<string, number>();
  for (const id of ids) now.set(id, was.get(id) ?? free[next++] ?? fresh());
  return now;
}

/** The attribute each row carries with its slot, for the focus check. */
const SLOT_ATTRIBUTE = 'data-slot';

/** assignSlots across renders; the row with the focus (a `[data-slot]` ancestor) is kept. */
export function useRowSlots(ids: readonly string[]): ReadonlyMap<string, number> {
  const slots = useRef<{ map: ReadonlyMap<string, number>; next: number }>({
    map: new Map(),
    next: 0,
  });
  const state = slots.current;
  const focused = document.activeElement?.closest(`[${SLOT_ATTRIBUTE}]`);
  const keep = focused ? Number(focused.getAttribute(SLOT_ATTRIBUTE)) : undefined;
  // Written during render: a render React throws away leaves a map that is still one key per
  // record, which is all the next one needs.
  state.map = assignSlots(state.map, ids, () => state.next++, keep);
  return state.map;
}

/**
 * A virtualizer's measureElement for rows handed on by useRowSlots. The library keeps one
 * element per record's key, and its ResizeObserver reports a row only when its size changes:
 * a row shown for another record is dropped from the key it had, and a second observer
 * reports its size once after the next layout, since a row as tall as before would otherwise
 * never be measured for its new record (and the list's height would keep the guess; caught by
 * tests/e2e/tasks.e2e.ts, rows of three heights scrolled to the end).
 */
export function useSlotMeasure<T extends Element>(
  list: Virtualizer<Window, T>,
): (row: T | null) => void {
  const once = useMemo(() => {
    if (typeof ResizeObserver === 'undefined') return null;
    const observer = new ResizeObserver((entries) => {
      for (const { target, borderBoxSize } of entries) {
        observer.unobserve(target);
        const index = list.indexFromElement(target as T);
        const box = borderBoxSize?.[0];
        if (box && target.isConnected && index < list.options.count) {
          list.resizeItem(index, Math.round(box.blockSize));
        }
      }
    });
    return observer;
  }, [list]);
  useEffect(() => () => once?.disconnect(), [once]);
  return useCallback(
    (row: T | null) => {
      if (row) {
        let handedOn = false;
        for (const [key, element] of list.elementsCache) {
          if (element !== row) continue;
          list.elementsCache.delete(key);
          handedOn = true;
        }
        if (handedOn) once?.observe(row);
      }
      list.measureElement(row);
    },
    [list, once],
  );
}
