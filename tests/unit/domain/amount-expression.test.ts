import { describe, expect, it } from 'vitest';
import { evaluateAmount, isAmountExpression } from '../../../src/domain/amount-expression';

describe('evaluateAmount', () => {
  it.each([
    ['35', 35],
    ['35.5', 35.5],
    ['12+8.5', 20.5],
    ['100−20', 80],
    ['100-20.25', 79.75],
    ['0.1+0.2', 0.3],
    [' 1 + 2 ', 3],
    ['.5', 0.5],
    ['12.', 12],
    ['50＋50－1', 99],
  ])('%s is %d', (text, value) => {
    expect(evaluateAmount(text)).toBe(value);
  });

  it.each(['', '12.345', '1+2.001', 'abc', '12+', '+', '1++2', '1e3', '１２'])(
    '%j is no amount',
    (text) => {
      expect(evaluateAmount(text)).toBeNaN();
    },
  );

  it('tells a sum from a plain amount', () => {
    expect(isAmountExpression('12+8.5')).toBe(true);
    expect(isAmountExpression('12')).toBe(false);
    expect(isAmountExpression('-5')).toBe(false);
  });
});
