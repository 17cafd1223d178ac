import { pinyin } from 'pinyin-pro';
import type { CharPinyin } from '../../domain/search';

// pinyin-pro asked once per distinct character (see src/features/tasks/pinyin-table.ts: per
// text it was ~700 ms for 5,500 tasks). ü is written v, as people type it: 旅行 is lvxing.
const known = new Map<string, readonly [string, string] | null>();

export const charPinyin: CharPinyin = (char) => {
  let value = known.get(char);
  if (value === undefined) {
    const full = pinyin(char, { toneType: 'none', v: true });
    value = full && full !== char ? ([full[0]!, full] as const) : null;
    known.set(char, value);
  }
  return value;
};
