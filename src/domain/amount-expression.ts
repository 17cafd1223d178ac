// 金额 as typed on a phone's number pad: a number, or a sum such as 12+8.5 or 100−20 for a
// shared bill. Each term has at most two decimals; the result is rounded to the cent.

const TERM = /^\d+(?:\.\d{0,2})?$|^\.\d{1,2}$/;

/**
 * The amount an entry means, or NaN when it is not one (empty, a letter, a third decimal, an
 * operator with nothing after it). The minus sign is accepted as −, - or the full-width －;
 * the plus as + or ＋.
 */
export function evaluateAmount(text: string): number {
  const source = text
    .replace(/\s+/g, '')
    .replace(/[−－–]/g, '-')
    .replace(/＋/g, '+');
  if (source === '') return Number.NaN;
  const parts = source.split(/(?=[+-])/);
  let cents = 0;
  for (const part of parts) {
    const sign = part.startsWith('-') ? -1 : 1;
    const term = part.replace(/^[+-]/, '');
    if (!TERM.test(term)) return Number.NaN;
    cents += sign * Math.round(Number(term) * 100);
  }
  return cents / 100;
}

/** Whether a 金额 entry is a sum to be worked out rather than a plain amount. */
export const isAmountExpression = (text: string) => /\d\s*[+\-−－＋]/.test(text.trim());
