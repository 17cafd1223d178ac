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

  it('gives equal values room below them', () => {
    const axis = valueAxis([5000, 5000, 5000]);
    expect(axis.min).toBeLessThan(5000);
    expect(axis.max).toBeGreaterThanOrEqual(5000);
    expect(axis.ticks.length).toBeLessThanOrEqual(6);
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
