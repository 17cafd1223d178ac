// Shares shown side by side must add up to 100 %: rounding each on its own can give 101 %
// (three equal parts are 33 + 33 + 33 = 99, or 34 + 33 + 34 = 101 with half-up rounding).

/**
 * Each value's share of the total in percent, with `decimals` decimals, adding up to exactly
 * 100 (largest-remainder method: every share is rounded down, then the units still missing go
 * to the largest remainders, the larger value first on a tie). All zero when the total is.
 */
export function percentShares(values: readonly number[], decimals = 0): number[] {
  const total = values.reduce((sum, v) => sum + v, 0);
  if (total <= 0) return values.map(() => 0);
  const scale = 10 ** decimals;
  const units = 100 * scale;
  const floors = values.map((v) => Math.floor((v * units) / total));
  let missing = units - floors.reduce((sum, v) => sum + v, 0);
  // Remainders as numerators over `total`: exact for whole values (counts, cents), so equal
  // shares tie exactly instead of by floating-point noise.
  const order = values
    .map((value, i) => ({ i, remainder: value * units - floors[i]! * total, value }))
    .sort((a, b) => b.remainder - a.remainder || b.value - a.value || a.i - b.i);
  for (const { i } of order) {
    if (missing <= 0) break;
    floors[i]! += 1;
    missing -= 1;
  }
  return floors.map((v) => v / scale);
}
