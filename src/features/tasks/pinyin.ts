import type { CharPinyin } from '../../domain/task-search';

// pinyin-pro's dictionary is ~320 KB: it loads on the first search, not with the screen.
let loading: Promise<CharPinyin> | null = null;

/**
 * A character's pinyin, asked of pinyin-pro once per distinct character: asking per title
 * took ~700 ms for 5,500 tasks in Node, a few hundred distinct characters take a few ms.
 */
export function loadPinyin(): Promise<CharPinyin> {
  loading ??= import('pinyin-pro').then(({ pinyin }) => {
    const known = new Map<string, readonly [string, string] | null>();
    return (char: string) => {
      let value = known.get(char);
      if (value === undefined) {
        const full = pinyin(char, { toneType: 'none' });
        value = full && full !== char ? ([full[0]!, full] as const) : null;
        known.set(char, value);
      }
      return value;
    };
  });
  return loading;
}
