import { describe, expect, it } from 'vitest';
import { valueAxis } from '../../../src/domain/axis';

describe('valueAxis', () => {
  it('starts at zero when values spread widely, with a few round ticks', () => {
    expect(valueAxis([1200, 5300, 9800])).toEqual({
      min: 0,
      max: 10000,
      ticks: [0, 2500, 5000, 7500, 10000],
      step: 2500,
    });
  });

  it('starts below the smallest value when they sit close together, so a change shows', () => {
    // The case: ten million, then ¥1,300.50 less.
    const axis = valueAxis([10_000_000, 9_998_699.5]);
    expect(axis.min).toBe(9_998_000);
    expect(axis.max).toBe(10_000_000);
    expect(axis.ticks).toEqual([9_998_000, 9_998_500, 9_999_000, 9_999_500, 10_000_000]);
    expect(axis.min).toBeLessThan(9_998_699.5);
  });

  it('starts equal values at zero: there is no change to show', () => {
    const axis = valueAxis([5000, 5000, 5000]);
    expect(axis.min).toBe(0);
    expect(axis.max).toBeGreaterThanOrEqual(5000);
    expect(axis.ticks.length).toBeLessThanOrEqual(6);
    // Issue 60: one month of ¥11.6亿 began at ¥10.5亿, a baseline that meant nothing.
    expect(valueAxis([1_160_000_000]).min).toBe(0);
  });

  it('starts at zero or at a round number within the spread (and a step) below the data', () => {
    for (const values of [
      [1_160_000_000, 1_150_000_000, 1_170_000_000],
      [10_000_000, 9_998_699.5],
      [15, 15.5, 16, 14.8],
      [1200, 5300, 9800],
      [80_000, 81_000, 79_500, 80_500],
    ]) {
      const { min, step } = valueAxis(values);
      const smallest = Math.min(...values);
      const spread = Math.max(...values) - smallest;
      expect(min === 0 || smallest - min <= spread + step, String(values)).toBe(true);
      // Round: a whole number of steps.
      expect(Math.abs(min / step - Math.round(min / step))).toBeLessThan(1e-9);
    }
  });

  it('keeps zero on the axis for negative values', () => {
    const axis = valueAxis([-300, 700]);
    expect(axis.min).toBeLessThanOrEqual(-300);
    expect(axis.ticks).toContain(0);
  });

  it('never draws more than a handful of ticks, whatever the values', () => {
    for (const values of [
      [1, 2, 3],
      [0.5],
      [123_456_789, 98_765],
      [99_999_999.99, 99_999_990],
      [15, 15.5, 16, 14.8, 15.2, 15.9, 16.1, 15, 14.9, 15.3, 15.6, 16],
    ]) {
      const { ticks, min, max } = valueAxis(values);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(min).toBeLessThanOrEqual(Math.min(...values));
      expect(max).toBeGreaterThanOrEqual(Math.max(...values));
    }
  });

  it('has an axis for no data at all', () => {
    expect(valueAxis([])).toEqual({ min: 0, max: 1, ticks: [0, 1], step: 1 });
  });
});
