import { describe, expect, it, vi } from 'vitest';
import { memoPerList } from '../../../src/domain/memo';

describe('memoPerList', () => {
  const setup = () => {
    const compute = vi.fn((list: readonly number[], offset: number) => list.map((n) => n + offset));
    return { compute, memo: memoPerList(compute) };
  };

  it('computes once for the same list and arguments, and returns the same result', () => {
    const { compute, memo } = setup();
    const list = [1, 2];
    const first = memo(list, 1);
    expect(memo(list, 1)).toBe(first);
    expect(first).toEqual([2, 3]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('computes again for another argument or another list, even an equal one', () => {
    const { compute, memo } = setup();
    const list = [1, 2];
    memo(list, 1);
    expect(memo(list, 2)).toEqual([3, 4]);
    expect(memo([1, 2], 2)).toEqual([3, 4]);
    expect(compute).toHaveBeenCalledTimes(3);
  });

  it('remembers each list apart: two lists in turn are computed once each', () => {
    const { compute, memo } = setup();
    const a = [1];
    const b = [2];
    for (let i = 0; i < 3; i++) {
      memo(a, 0);
      memo(b, 0);
    }
    expect(compute).toHaveBeenCalledTimes(2);
  });
});
