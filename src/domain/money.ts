// Money is summed in integer cents (DESIGN §1): adding yuan as floats lets 0.1 + 0.2 leak
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
