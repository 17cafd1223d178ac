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
