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

type Searchable = Pick<Task, 'title' | 'description'> & { subtasks?: readonly Subtask[] };

/**
 * The text a query is looked for in: title, description and sub-tasks in lower case, then
 * (with `pinyin`) the initials and the whole pinyin of every Han character in them, so that
 * `jfz` and `jiaofangzu` both find 交房租.
 */
function searchText(task: Searchable, pinyin?: CharPinyin): string {
  const text = [task.title, task.description, ...(task.subtasks ?? []).map((s) => s.title)]
    .join('\n')
    .toLowerCase();
  if (!pinyin) return text;
  let initials = '';
  let full = '';
  for (const char of text) {
    const p = isHan(char.charCodeAt(0)) ? pinyin(char) : null;
    if (p) {
      initials += p[0];
      full += p[1];
    } else {
      // Other characters stay as they are, so 'ppt' still follows 写 in 'xppt'.
      initials += char;
      full += char;
    }
  }
  return `${text}\n${initials}\n${full}`;
}

/** The query's terms: a task matches when its text holds every one. */
export function queryTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesTerms(text: string, terms: readonly string[]): boolean {
  for (const term of terms) if (!text.includes(term)) return false;
  return true;
}

/**
 * Search texts kept per task object: a list that changes in one task builds one text again.
 * A new one is made when the pinyin table arrives (it is loaded on first search).
 */
export function searchIndex(pinyin?: CharPinyin) {
  const cache = new WeakMap<object, string>();
  return (task: Searchable): string => {
    let text = cache.get(task);
    if (text === undefined) {
      text = searchText(task, pinyin);
      cache.set(task, text);
    }
    return text;
  };
}
