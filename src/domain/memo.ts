/**
 * `compute(list, ...rest)`, remembered per list (by identity) with the rest of the arguments it
 * was given last: the same list and arguments again return the same result, without computing.
 *
 * For figures over a whole list that a screen takes in a render. React's useMemo keeps its
 * value only once the render commits, and a render React throws away (a concurrent one that an
 * urgent update interrupted, which a first load with two lists arriving meets) computed them
 * once more: at ten years, /checkin's habit indexes cost 45 ms more at full speed in one of
 * five loads traced. A list no longer held is forgotten with it.
 */
export function memoPerList<L extends object, A extends unknown[], R>(
  compute: (list: L, ...rest: A) => R,
): (list: L, ...rest: A) => R {
  const results = new WeakMap<L, { rest: A; result: R }>();
  return (list, ...rest) => {
    const hit = results.get(list);
    if (hit && hit.rest.length === rest.length && hit.rest.every((v, i) => v === rest[i])) {
      return hit.result;
    }
    const result = compute(list, ...rest);
    results.set(list, { rest, result });
    return result;
  };
}

/**
 * Where two versions of a list differ, for a list changed by a few edits that keep the other
 * items (the same objects in the same order, as the outbox's overlay does): everything changed
 * lies in `before[start..endBefore)` and `after[start..endAfter)`.
 */
export function changedSpan(
  before: readonly unknown[],
  after: readonly unknown[],
): { start: number; endBefore: number; endAfter: number } {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before[start] === after[start]) start += 1;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore -= 1;
    endAfter -= 1;
  }
  return { start, endBefore, endAfter };
}
