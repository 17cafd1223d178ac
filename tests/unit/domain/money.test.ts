import { describe, expect, it } from 'vitest';
import {
  formatAxisYuan,
  formatCents,
  formatCompactCents,
  formatSignedCents,
  formatYuan,
  fromCents,
  MASKED_AMOUNT,
  sumCents,
  toCents,
} from '../../../src/domain/money';

describe('toCents', () => {
  it.each([
    [0.1 + 0.2, 30],
    [0, 0],
    [12.34, 1234],
    // Binary noise on either side of a whole cent is absorbed.
    [4.35, 435],
    [1.1, 110],
    [0.07, 7],
    [0.57, 57],
    // An exact half cent rounds up; 1.005 is stored as 1.00499… (the schemas reject both).
    [0.125, 13],
    [1.005, 100],
    [-12.34, -1234],
    [123456789012.34, 12345678901234],
    [999999999999.99, 99999999999999],
  ])('%d yuan → %d cents', (yuan, cents) => {
    expect(toCents(yuan)).toBe(cents);
  });
});

describe('fromCents', () => {
  it.each([
    [30, 0.3],
    [1234, 12.34],
    [-5, -0.05],
    [0, 0],
  ])('%d cents → %d yuan', (cents, yuan) => {
    expect(fromCents(cents)).toBe(yuan);
  });
});

describe('sumCents', () => {
  it.each([
    ['0.1 + 0.2', [0.1, 0.2], 30],
    ['ten dimes', Array(10).fill(0.1), 100],
    ['nothing', [], 0],
    ['income and refund', [100.1, -0.1], 10000],
    ['large sums stay exact', [123456789012.34, 0.01, 0.01], 12345678901236],
    ['a thousand 0.01s', Array(1000).fill(0.01), 1000],
  ])('%s', (_, values, cents) => {
    expect(sumCents(values)).toBe(cents);
  });

  it('takes any iterable', () => {
    expect(sumCents(new Set([1.1, 2.2]))).toBe(330);
  });
});

describe('formatCents', () => {
  it.each([
    [0, '¥0.00'],
    [-0, '¥0.00'],
    [5, '¥0.05'],
    [30, '¥0.30'],
    [100, '¥1.00'],
    [99999, '¥999.99'],
    [123456, '¥1,234.56'],
    [-123456, '-¥1,234.56'],
    [-5, '-¥0.05'],
    [-1, '-¥0.01'],
    // A fraction of a cent rounds first, so it never shows as '-¥0.00'.
    [-0.4, '¥0.00'],
    [123455.6, '¥1,234.56'],
    [100000000, '¥1,000,000.00'],
    [12345678901234, '¥123,456,789,012.34'],
    [-12345678901234, '-¥123,456,789,012.34'],
    [toCents(0.1 + 0.2), '¥0.30'],
  ])('%d → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('formatSignedCents', () => {
  it.each([
    [1200, '+', '+¥12.00'],
    [1200, '-', '-¥12.00'],
    [123456, '+', '+¥1,234.56'],
    [0, '-', '-¥0.00'],
  ] as const)('%d with %s → %s', (cents, sign, text) => {
    expect(formatSignedCents(cents, sign)).toBe(text);
  });
});

it('masks amounts with a fixed placeholder', () => {
  expect(MASKED_AMOUNT).toBe('¥****');
});

describe('formatYuan', () => {
  it.each([
    [12.5, '¥12.50'],
    [0.1 + 0.2, '¥0.30'],
    [1234567.891, '¥1,234,567.89'],
    [-8, '-¥8.00'],
  ])('%d → %s', (yuan, shown) => {
    expect(formatYuan(yuan)).toBe(shown);
  });
});

describe('formatCompactCents', () => {
  it.each([
    [0, '¥0.00'],
    // Short enough already: the exact amount.
    [999_999, '¥9,999.99'],
    [-999_999, '-¥9,999.99'],
    [1_000_000, '¥1.00万'],
    [1_250_000_000, '¥1,250.00万'],
    [-1_250_000_000, '-¥1,250.00万'],
    [123_456_789, '¥123.46万'],
    [123_449_999, '¥123.45万'],
    // 9,999.99万 is the largest 万; what rounds to 10,000.00万 is 1亿.
    [9_999_994_999, '¥9,999.99万'],
    [9_999_995_000, '¥1.00亿'],
    // The largest figure.
    [9_999_999_999, '¥1.00亿'],
    [1_234_567_890_123, '¥123.46亿'],
  ])('%d cents → %s', (cents, text) => {
    expect(formatCompactCents(cents)).toBe(text);
  });
});

describe('formatAxisYuan', () => {
  it.each([
    [0, 2500, '¥0'],
    [7500, 2500, '¥7,500'],
    [12500, 2500, '¥1.25万'],
    [10000, 2500, '¥1.00万'],
    [20000, 10000, '¥2万'],
    [9_998_500, 500, '¥999.85万'],
    [9_999_000, 500, '¥999.90万'],
    [1_250_000_000, 50_000_000, '¥12.5亿'],
    [150_000_000, 50_000_000, '¥1.5亿'],
    [-300, 100, '-¥300'],
    [0.5, 0.25, '¥0.50'],
  ])('%d with step %d → %s', (value, step, text) => {
    expect(formatAxisYuan(value, step)).toBe(text);
  });

  it('never labels two ticks of an axis alike', () => {
    const ticks = [9_998_000, 9_998_500, 9_999_000, 9_999_500, 10_000_000];
    const labels = ticks.map((t) => formatAxisYuan(t, 500));
    expect(new Set(labels).size).toBe(ticks.length);
  });
});
