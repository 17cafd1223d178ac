import { addDays } from './dates';
import type { Subtask, Task } from './schemas/task';

// Smart views and search for /tasks (issue 36). Each task's search text is built once per task
// object and kept (a WeakMap), so typing filters 5,500 tasks by string search alone, and a
// change to one task builds only that task's text again.

export type TaskView = 'today' | 'tomorrow' | 'week' | 'undated';

export const TASK_VIEWS: { key: TaskView; label: string }[] = [
  { key: 'today', label: '今天' },
  { key: 'tomorrow', label: '明天' },
  { key: 'week', label: '最近7天' },
  { key: 'undated', label: '无日期' },
];

/**
 * Whether a task belongs in a smart view: due today, tomorrow, in the 7 days from today, or
 * undated. The bounds are worked out once per view, not once per task (5,500 of them).
 */
export function viewFilter(
  view: TaskView,
  today: string,
): (task: Pick<Task, 'dueDate'>) => boolean {
  switch (view) {
    case 'today':
      return (t) => t.dueDate === today;
    case 'tomorrow': {
      const tomorrow = addDays(today, 1);
      return (t) => t.dueDate === tomorrow;
    }
    case 'week': {
      const last = addDays(today, 6);
      return (t) => t.dueDate !== '' && t.dueDate >= today && t.dueDate <= last;
    }
    case 'undated':
      return (t) => t.dueDate === '';
  }
}

/** A character's pinyin: its initial and its whole syllable (toneless), or null for a non-Han one. */
export type CharPinyin = (char: string) => readonly [initial: string, full: string] | null;

/** CJK Unified Ideographs and Extension A: where pinyin-pro has readings. */
const isHan = (code: number) =>
  (code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf);

/** Whether a text has any character whose pinyin a search may look for. */
const hasHan = (text: string) => {
  for (const char of text) if (isHan(char.codePointAt(0)!)) return true;
  return false;
};

type Searchable = Pick<Task, 'title' | 'description'> & { subtasks?: readonly Subtask[] };

/** Title, description and sub-tasks in lower case: what a query is looked for in first. */
function plainText(task: Searchable): string {
  return [task.title, task.description, ...(task.subtasks ?? []).map((s) => s.title)]
    .join('\n')
    .toLowerCase();
}

/**
 * The initials and the whole pinyin of every Han character of a (plain) text, on two lines,
 * so that `jfz` and `jiaofangzu` both find 交房租. Other characters stay as they are, so 'ppt'
 * still follows 写 in 'xppt'.
 */
export function pinyinText(text: string, pinyin: CharPinyin): string {
  let initials = '';
  let full = '';
  for (const char of text) {
    const p = isHan(char.charCodeAt(0)) ? pinyin(char) : null;
    if (p) {
      initials += p[0];
      full += p[1];
    } else {
      initials += char;
      full += char;
    }
  }
  return `${initials}\n${full}`;
}

/**
 * The query's terms: a task matches when its text holds every one. A NUL splits terms too: it
 * ends each text in a haystack, so a term holding one could match across two tasks.
 */
export function queryTerms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[\s\0]+/)
    .filter(Boolean);
}

export function matchesTerms(text: string, terms: readonly string[]): boolean {
  for (const term of terms) if (!text.includes(term)) return false;
  return true;
}

// A task's plain text, once per task object: a list that changes in one task builds one again.
const plainTexts = new WeakMap<object, string>();
const plainOf = (task: Searchable) => {
  let text = plainTexts.get(task);
  if (text === undefined) {
    text = plainText(task);
    plainTexts.set(task, text);
  }
  return text;
};

/**
 * Each task's search text: its plain text, then the pinyin of it when `pinyin` (plain text →
 * pinyinText, worked out off the main thread) has it. Kept per task object; a new index is
 * made when more pinyin arrives.
 */
export function searchIndex(pinyin?: ReadonlyMap<string, string>) {
  const cache = new WeakMap<object, string>();
  return (task: Searchable): string => {
    let text = cache.get(task);
    if (text === undefined) {
      const plain = plainOf(task);
      const spoken = pinyin?.get(plain);
      text = spoken ? `${plain}\n${spoken}` : plain;
      cache.set(task, text);
    }
    return text;
  };
}

/** The plain texts of `tasks` with Han characters that `known` has no pinyin for yet. */
export function textsWithoutPinyin(
  tasks: readonly Searchable[],
  known: ReadonlyMap<string, string> | undefined,
  asked: ReadonlySet<string>,
): string[] {
  const texts = new Set<string>();
  for (const task of tasks) {
    const plain = plainOf(task);
    if (!known?.has(plain) && !asked.has(plain) && hasHan(plain)) texts.add(plain);
  }
  return [...texts];
}

/**
 * A list's search texts in one string, each text ended by a NUL (which no query holds), with
 * where each ends: a query is then one `indexOf` pass of the engine over the whole list, not a
 * lookup and a search per task. For `jdf` over 5,500 tasks the per-task way was ~17 ms of the
 * key's ~50 ms render at 4× CPU (bench:web profile).
 */
export interface Haystack<T> {
  items: readonly T[];
  text: string;
  /** `ends[i]`: the index of the NUL after item i's text. */
  ends: readonly number[];
}

/**
 * The items whose text holds every term, in the list's order. The longest term is looked for
 * through the whole text (the rarest, so the fewest stops); the others only in the texts it
 * was found in.
 */
export function findAll<T>(haystack: Haystack<T>, terms: readonly string[]): T[] {
  const { items, text, ends } = haystack;
  if (terms.length === 0) return [...items];
  const first = terms.reduce((a, b) => (b.length > a.length ? b : a));
  const found: T[] = [];
  let item = 0;
  let from = 0;
  for (;;) {
    const at = text.indexOf(first, from);
    if (at < 0) break;
    while (ends[item]! < at) item++;
    const start = item === 0 ? 0 : ends[item - 1]! + 1;
    if (terms.length === 1 || matchesTerms(text.slice(start, ends[item]), terms)) {
      found.push(items[item]!);
    }
    from = ends[item]! + 1;
    item++;
  }
  return found;
}

/**
 * A haystack made a piece at a time: `add` takes the items' texts in the list's order (an idle
 * slice at a time: at once, 5,500 texts were a 55–63 ms task at 4× CPU), `get` adds the rest
 * and joins them, once.
 */
export function lazyHaystack<T>(
  items: readonly T[],
  textOf: (item: T) => string,
): { add: (item: T) => void; get: () => Haystack<T> } {
  const texts: string[] = [];
  const ends: number[] = [];
  let at = 0;
  let made: Haystack<T> | undefined;
  const push = (item: T) => {
    const text = textOf(item);
    texts.push(text);
    at += text.length;
    ends.push(at);
    at += 1;
  };
  return {
    add(item) {
      if (texts.length < items.length && items[texts.length] === item) push(item);
    },
    get() {
      if (!made) {
        for (let i = texts.length; i < items.length; i++) push(items[i]!);
        made = { items, text: texts.length > 0 ? `${texts.join('\0')}\0` : '', ends };
      }
      return made;
    },
  };
}
