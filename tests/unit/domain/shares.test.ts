import { describe, expect, it } from 'vitest';
import { percentShares } from '../../../src/domain/shares';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('percentShares', () => {
  it.each([
    // Rounded one by one these would be 33 + 33 + 33 = 99.
    [[1, 1, 1], 0, [34, 33, 33]],
    // …and these 17 + 17 + 67 = 101 (the priority shares).
    [[1, 1, 4], 0, [17, 16, 67]],
    [[1, 1, 4], 1, [16.7, 16.6, 66.7]],
    [[2, 1], 0, [67, 33]],
    [[5], 0, [100]],
    [[0, 3, 0], 0, [0, 100, 0]],
    [[0, 0], 0, [0, 0]],
    [[], 0, []],
    // A tie on remainders goes to the larger value.
    [[1, 2, 2, 2], 0, [14, 29, 29, 28]],
  ])('%j with %d decimals → %j', (values, decimals, shares) => {
    expect(percentShares(values, decimals)).toEqual(shares);
  });

  it('always adds up to 100 for any non-empty total', () => {
    for (let seed = 1; seed < 200; seed++) {
      const values = Array.from({ length: (seed % 7) + 1 }, (_, i) => ((seed * (i + 3)) % 11) + 1);
      expect(sum(percentShares(values))).toBe(100);
      expect(Math.round(sum(percentShares(values, 1)) * 10)).toBe(1000);
    }
  });
});
