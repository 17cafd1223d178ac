// Label geometry shared by the charts: axis labels are drawn at 11 px, where a digit or a
// short CJK label's character averages about CHAR_PX; textWidth counts a CJK character square.

export const CHAR_PX = 7;

/**
 * Every n-th category label, so that labels never run into each other: 12 months on a phone
 * get every second or third month. Counted from the end, so the latest category always keeps
 * its label.
 */
export function thinned(labels: readonly string[], plotWidth: number): string[] {
  const widest = Math.max(...labels.map((l) => l.length), 1) * CHAR_PX + 8;
  const slot = plotWidth / Math.max(labels.length, 1);
  const every = Math.max(1, Math.ceil(widest / slot));
  return labels.filter((_, i) => (labels.length - 1 - i) % every === 0);
}

/** About how wide `text` is drawn at 11 px: a CJK character (or full-width sign) is square. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += (char.codePointAt(0) ?? 0) >= 0x2e80 ? 11 : CHAR_PX;
  return width;
}

/** The left margin that holds the widest value label. */
export function valueLabelWidth(labels: readonly string[], least = 40): number {
  return Math.max(least, ...labels.map((label) => label.length * CHAR_PX + 10));
}
