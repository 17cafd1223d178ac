// Money is summed in integer cents (docs/architecture.md, Decisions "Money"): adding yuan as floats lets 0.1 + 0.2 leak
// into a ledger as 0.30000000000000004.

/** What an amount shows while the eye toggle hides it. */
export const MASKED_AMOUNT = '¥****';

/** Yuan to integer cents; rounding absorbs the binary noise of a float amount. */
export function toCents(yuan: number): number {
  return Math.round(yuan * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** Sum of yuan amounts in cents: each is rounded first, so the noise never adds up. */
export function sumCents(yuanValues: Iterable<number>): number {
  let total = 0;
  for (const yuan of yuanValues) total += toCents(yuan);
  return total;
}

// Digits are grouped by hand rather than with toLocaleString, whose output depends on the
// runtime's ICU data; integer division keeps sums up to 2^53 cents exact.
function formatMagnitude(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const yuan = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fen = (abs % 100).toString().padStart(2, '0');
  return `¥${yuan}.${fen}`;
}

/** '¥1,234.56', '-¥1,234.56', '¥0.00'. */
export function formatCents(cents: number): string {
  return Math.round(cents) < 0 ? `-${formatMagnitude(cents)}` : formatMagnitude(cents);
}

/** A list row's amount with its sign taken from the record type: '+¥12.00' / '-¥12.00'. */
export function formatSignedCents(cents: number, sign: '+' | '-'): string {
  return `${sign}${formatMagnitude(cents)}`;
}

/** One stored amount (yuan, as records hold it) for display, rounded to the cent first. */
export function formatYuan(yuan: number): string {
  return formatCents(toCents(yuan));
}

const CENTS_PER_WAN = 1_000_000;
const CENTS_PER_YI = 10_000_000_000;

/** `units` hundredths as '1,250.00': grouped whole part, two decimals. */
function groupedHundredths(units: number): string {
  const whole = Math.floor(units / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(units % 100).toString().padStart(2, '0')}`;
}

/**
 * The short form of an amount for a card too narrow for every digit: '¥1,250.00万',
 * '¥1.00亿'. Below ¥10,000 the full amount is already short and is returned as it is. The
 * figure is rounded, so whoever shows it must keep the exact amount at hand.
 */
export function formatCompactCents(cents: number): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const sign = rounded < 0 ? '-' : '';
  if (abs < CENTS_PER_WAN) return formatCents(rounded);
  const wan = Math.round(abs / (CENTS_PER_WAN / 100));
  // 9,999.995万 and up rounds to 10,000.00万: that is 1亿.
  if (wan < 1_000_000) return `${sign}¥${groupedHundredths(wan)}万`;
  return `${sign}¥${groupedHundredths(Math.round(abs / (CENTS_PER_YI / 100)))}亿`;
}

/** The fewest decimals (at most 2) that write `step` exactly: 0.25 → 2, 0.5 → 1, 20 → 0. */
function decimalsOf(step: number): number {
  for (let d = 0; d < 2; d++) {
    const scaled = step * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9) return d;
  }
  return 2;
}

function grouped(fixed: string): string {
  const [whole = '', fraction] = fixed.split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
}

/**
 * A tick of a value axis in yuan, short enough for the axis ('¥8,000', '¥999.85万', '¥1.2亿')
 * yet with as many decimals as the axis's `step` needs, so neighbouring ticks never read alike.
 */
export function formatAxisYuan(yuan: number, step: number): string {
  const sign = yuan < 0 ? '-' : '';
  const abs = Math.abs(yuan);
  if (abs >= 1e8 && step >= 1e6) {
    return `${sign}¥${grouped((abs / 1e8).toFixed(decimalsOf(step / 1e8)))}亿`;
  }
  if (abs >= 1e4) return `${sign}¥${grouped((abs / 1e4).toFixed(decimalsOf(step / 1e4)))}万`;
  return `${sign}¥${grouped(abs.toFixed(decimalsOf(step)))}`;
}
