// A chart's value axis: a few ticks on round numbers, and a baseline chosen so that the
// changes the chart is about can be seen.

export interface ValueAxis {
  min: number;
  max: number;
  /** From `min` to `max`, evenly spaced by `step`. */
  ticks: number[];
  step: number;
}

/** The round step nearest above `raw`: 1, 2, 2.5 or 5 times a power of ten. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice =
    fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

// Below this spread (as a share of the largest value) bars drawn from zero all look alike.
const FLAT_SHARE = 0.5;

/**
 * An axis for `values` with about `count` intervals. It starts at zero when the values spread
 * widely or are all equal; when they differ but sit close together (a balance of ¥10,000,000 that moves by ¥1,300) it starts
 * just below the smallest, so a rise or a fall shows as a difference in height. Negative values
 * always keep zero on the axis.
 */
export function valueAxis(values: readonly number[], count = 4): ValueAxis {
  const finite = values.filter(Number.isFinite);
  const high = Math.max(0, ...finite);
  const low = Math.min(0, ...finite);
  const smallest = finite.length ? Math.min(...finite) : 0;
  const spread = high - smallest;
  // Equal values (one month, or twelve alike) have no change to show: they start at zero, as
  // a bar does. From 90 % of the value the axis began at an arbitrary ¥11亿 (issue 60).
  const flat = smallest > 0 && spread > 0 && spread < high * FLAT_SHARE;
  // Room below the smallest bar: half the spread.
  const floor = flat ? smallest - spread / 2 : low;
  if (high === floor) return { min: 0, max: 1, ticks: [0, 1], step: 1 };
  const step = niceStep((high - floor) / count);
  const min = Math.max(flat ? 0 : low, Math.floor(floor / step) * step);
  const max = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  // Whole multiples of the step, so float noise never prints 0.30000000000000004.
  for (let k = Math.round(min / step); k <= Math.round(max / step); k++) ticks.push(k * step);
  return { min, max, ticks, step };
}
