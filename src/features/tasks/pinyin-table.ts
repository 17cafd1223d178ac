import { pinyin } from 'pinyin-pro';
import { type CharPinyin, pinyinText } from '../../domain/task-search';

// pinyin-pro is asked once per distinct character: per title it took ~700 ms for 5,500 tasks in
// Node. Its dictionary (~320 KB) is parsed on import and its first call builds its tables
// (~400 ms in Node together), which is why this runs in a worker (pinyin.worker.ts).
const known = new Map<string, readonly [string, string] | null>();
const charPinyin: CharPinyin = (char) => {
  let value = known.get(char);
  if (value === undefined) {
    const full = pinyin(char, { toneType: 'none' });
    value = full && full !== char ? ([full[0]!, full] as const) : null;
    known.set(char, value);
  }
  return value;
};

/** Each plain text's pinyin (initials, then whole syllables), in order. */
export const pinyinTexts = (texts: readonly string[]): string[] =>
  texts.map((text) => pinyinText(text, charPinyin));
