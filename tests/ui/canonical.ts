// Records compared whatever the order of their keys and of the list: the convergence and
// concurrency properties (engine-convergence.test.ts, engine-concurrency.test.ts) hold every
// device's list to the server's this way.

const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, sorted(v)]),
        )
      : value;

/** Each record as JSON with sorted keys (undefined fields left out), the list sorted. */
export const canonical = (records: readonly unknown[]) =>
  records.map((r) => JSON.stringify(sorted(r))).sort();
