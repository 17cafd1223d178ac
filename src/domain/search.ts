import { BUILT_IN_BOOK, type CategoryBook } from './categories';
import { formatYuan, toCents } from './money';
import type { RecordOf } from './resources';
import {
  accountTypeLabels,
  assetCategoryLabelsFor,
  assetTypeLabels,
  checkinCategoryLabels,
  labelOf,
  taskCategoryLabels,
  timeCategoryLabels,
  workoutTypeLabels,
} from './schemas/categories';

// 搜索全部 (issue 63): what one search across every module indexes, how a text is cut into
// the terms the index holds (characters, pairs of characters, pinyin, amounts), how a query is
// cut into the same, and which characters a result highlights. The index itself (MiniSearch)
// runs in a worker: src/features/search. Pure, like the rest of src/domain (docs/architecture.md).

/** The groups results come in, in the order the dialog names them. */
export const SEARCH_GROUPS = [
  { key: 'tasks', label: '任务' },
  { key: 'accounts', label: '记账' },
  { key: 'assets', label: '资产' },
  { key: 'workouts', label: '健身' },
  { key: 'time', label: '专注' },
  { key: 'checkin', label: '打卡' },
  { key: 'tags', label: '标签' },
] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number]['key'];

/** One searchable thing, as the index holds it and a result shows it. */
export interface SearchDoc {
  /** `<group>:<record id>` (or `tags:<name>`). */
  id: string;
  group: SearchGroup;
  /** The record's id; a tag's name for a tag. */
  ref: string;
  /** The result's first line: the title, the name, the note. */
  title: string;
  /** Its second line: category, amount or duration, date. */
  detail: string;
  /** Searched but not shown: a task's description and sub-tasks, a note beyond the title. */
  body: string;
  /** Searched but not shown apart: category and type names (餐饮, 跑步). */
  labels: string;
  /** The record's tags. */
  tags: string[];
  /** An amount in cents, for `12.5` to find ¥12.50; absent on records without one. */
  cents?: number;
  /** For results equally good: the newer first. '' for none. */
  date: string;
}

/** A record's tags, whether or not its kind has the field yet (old records have none). */
const tagsOf = (record: object): string[] => (record as { tags?: string[] }).tags ?? [];

const minutes = (seconds: number) => `${Math.max(1, Math.round(seconds / 60))} 分钟`;

type Lists = {
  tasks: readonly RecordOf<'tasks'>[];
  accounts: readonly RecordOf<'accounts'>[];
  assets: readonly RecordOf<'assets'>[];
  workouts: readonly RecordOf<'workouts'>[];
  timeRecords: readonly RecordOf<'timeRecords'>[];
  checkinTasks: readonly RecordOf<'checkinTasks'>[];
};
type SearchKind = keyof Lists;

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' · ');

type DocMakers = { [K in SearchKind]: (record: Lists[K][number]) => SearchDoc | null };

/** A 记账 entry as a search document, its category named by the user's book (issue 61). */
export function accountDoc(a: RecordOf<'accounts'>, book: CategoryBook): SearchDoc {
  const category = book.label(a.type, a.category);
  return {
    id: `accounts:${a.id}`,
    group: 'accounts',
    ref: a.id,
    title: a.description || category,
    detail: join(
      `${accountTypeLabels[a.type]} ${formatYuan(a.amount)}`,
      a.description ? category : undefined,
      a.date,
    ),
    body: '',
    labels: `${accountTypeLabels[a.type]} ${category}`,
    tags: tagsOf(a),
    cents: toCents(a.amount),
    date: a.date,
  };
}

/** Each kind's record as a search document; null for one a search never shows. */
export const DOC_OF: DocMakers = {
  tasks: (t) => ({
    id: `tasks:${t.id}`,
    group: 'tasks',
    ref: t.id,
    title: t.title,
    detail: join(
      labelOf(taskCategoryLabels, t.category),
      t.completed ? '已完成' : undefined,
      t.dueDate || undefined,
    ),
    body: [t.description, ...(t.subtasks ?? []).map((s) => s.title)].join(' '),
    labels: labelOf(taskCategoryLabels, t.category),
    tags: tagsOf(t),
    date: t.dueDate || t.createdAt?.slice(0, 10) || '',
  }),
  accounts: (a) => accountDoc(a, BUILT_IN_BOOK),
  assets: (a) => ({
    id: `assets:${a.id}`,
    group: 'assets',
    ref: a.id,
    title: a.name,
    detail: join(
      `${assetTypeLabels[a.type]} ${labelOf(assetCategoryLabelsFor(a.type), a.category)}`,
      formatYuan(a.amount),
    ),
    body: a.description,
    labels: `${assetTypeLabels[a.type]} ${labelOf(assetCategoryLabelsFor(a.type), a.category)}`,
    tags: tagsOf(a),
    cents: toCents(a.amount),
    date: a.effectiveDate || a.date,
  }),
  workouts: (w) => {
    const type = labelOf(workoutTypeLabels, w.type);
    return {
      id: `workouts:${w.id}`,
      group: 'workouts',
      ref: w.id,
      title: w.notes || type,
      detail: join(w.notes ? type : undefined, `${w.duration} 分钟`, w.date),
      body: '',
      labels: type,
      tags: tagsOf(w),
      date: w.date,
    };
  },
  timeRecords: (r) => ({
    id: `time:${r.id}`,
    group: 'time',
    ref: r.id,
    title: r.task,
    detail: join(labelOf(timeCategoryLabels, r.category), minutes(r.duration), r.date),
    body: '',
    labels: labelOf(timeCategoryLabels, r.category),
    tags: tagsOf(r),
    date: r.date,
  }),
  checkinTasks: (c) => ({
    id: `checkin:${c.id}`,
    group: 'checkin',
    ref: c.id,
    title: c.name,
    detail: join(labelOf(checkinCategoryLabels, c.category), c.archived ? '已归档' : undefined),
    body: c.description,
    labels: labelOf(checkinCategoryLabels, c.category),
    tags: tagsOf(c),
    date: '',
  }),
};

/** A 标签 result: one per tag found on any record, with how many carry it. */
export function tagDoc(name: string, count: number): SearchDoc {
  return {
    id: `tags:${name}`,
    group: 'tags',
    ref: name,
    title: `#${name}`,
    detail: `${count} 条记录`,
    body: '',
    labels: '标签',
    tags: [name],
    date: '',
  };
}

/** Where a result opens: the record on its own screen (see the screens' `?open=` links). */
export function searchHref(doc: Pick<SearchDoc, 'group' | 'ref'>): string {
  const id = encodeURIComponent(doc.ref);
  switch (doc.group) {
    case 'tasks':
      return `/tasks?open=${id}`;
    case 'accounts':
      return `/accounting?open=${id}`;
    case 'assets':
      return `/assets?history=${id}`;
    case 'workouts':
      return `/fitness?open=${id}`;
    case 'time':
      return `/time?open=${id}`;
    case 'checkin':
      return `/checkin?open=${id}`;
    case 'tags':
      return `/tags/${id}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Terms.

/** A Han character's pinyin without tones (ü written v): its initial and its whole syllable. */
export type CharPinyin = (char: string) => readonly [initial: string, full: string] | null;

const isHanCode = (code: number) =>
  (code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf);
const isHan = (char: string) => isHanCode(char.codePointAt(0)!);

/** Letters and digits (a decimal point inside a number too): one term of a Latin run. */
const WORD = /^[\p{L}\p{N}]$/u;

/** How far the pinyin terms of a run of Han characters reach from each character. */
const FULL_REACH = 4;
const INITIALS_REACH = 8;

interface Runs {
  han: string[][];
  words: string[];
}

/** A text's runs of Han characters and its other words, lower case. */
function runsOf(text: string): Runs {
  const han: string[][] = [];
  const words: string[] = [];
  let run: string[] = [];
  let word = '';
  const endRun = () => {
    if (run.length > 0) han.push(run);
    run = [];
  };
  const endWord = () => {
    // A trailing point ("12." ) is punctuation, not part of the number.
    const w = word.replace(/\.+$/, '');
    if (w) words.push(w);
    word = '';
  };
  const chars = [...text.toLowerCase()];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (isHan(char)) {
      endWord();
      run.push(char);
    } else if (
      WORD.test(char) ||
      (char === '.' && /\d/.test(word.at(-1) ?? '') && /\d/.test(chars[i + 1] ?? ''))
    ) {
      endRun();
      word += char;
    } else {
      endRun();
      endWord();
    }
  }
  endRun();
  endWord();
  return { han, words };
}

/**
 * The terms a text is indexed under: every pair of neighbouring Han characters (旅行 finds
 * 去成都旅行 but not 旅途行程), the last character of each run, and each other word. One
 * character is searched as a prefix (`queryPlan`): it starts a pair or ends a run. Each
 * character a term of its own as well took 103 MB of heap for ten years' index in Node, not 91.
 */
export function plainTerms(text: string): string[] {
  const { han, words } = runsOf(text);
  const terms = [...words];
  for (const run of han) {
    for (let i = 0; i + 1 < run.length; i++) terms.push(run[i]! + run[i + 1]!);
    terms.push(run.at(-1)!);
  }
  return terms;
}

/**
 * The pinyin terms of a text, searched by prefix: from each Han character, its syllables and
 * those of the next few (lvxing, xing), and its initials and the next ones' (lx, x). Mixed
 * queries (旅x) are cut into the same (lvx, lx) by `queryPlan`.
 */
export function pinyinTerms(text: string, pinyin: CharPinyin): string[] {
  const terms: string[] = [];
  for (const run of runsOf(text).han) {
    const spoken = run.map((c) => pinyin(c));
    for (let i = 0; i < run.length; i++) {
      if (!spoken[i]) continue;
      let full = '';
      let initials = '';
      for (let j = i; j < run.length && j - i < INITIALS_REACH; j++) {
        const p = spoken[j];
        if (!p) break;
        initials += p[0];
        if (j - i < FULL_REACH) full += p[1];
      }
      terms.push(full);
      if (initials.length > 1) terms.push(initials);
    }
  }
  return terms;
}

/** An amount typed as yuan (`12.5`, `¥12.50`, `1,200`) in cents, or null. */
export function queryCents(word: string): number | null {
  const m = /^[¥￥]?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(word);
  if (!m) return null;
  return toCents(Number(`${m[1]!.replaceAll(',', '')}.${m[2] ?? '0'}`));
}

/** The term an amount is indexed under: ¥ and its cents. */
export const centsTerm = (cents: number) => `¥${cents}`;

/**
 * One word of a query: a record must match each. `plain` are exact terms that must all be in
 * the text, `spoken` pinyin prefixes of which one must be, `amount` the cents term that
 * matches instead of all of it.
 */
export interface WordPlan {
  plain: string[];
  /** Prefixes of the text's words (Latin) or pinyin: any one of them does. */
  prefix: string[];
  amount?: string;
}

/**
 * Han characters of a query as indexed terms: the pairs of neighbours (each pair holds both
 * characters: looking the characters up as well tripled the work of 餐饮 over ten years'
 * 16,805 entries), or the one character.
 */
function hanQueryTerms(chars: readonly string[]): string[] {
  if (chars.length === 1) return [...chars];
  const pairs: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) pairs.push(chars[i]! + chars[i + 1]!);
  return [...new Set(pairs)];
}

/** A query cut into words and each into the terms `plainTerms` / `pinyinTerms` index. */
export function queryPlan(query: string, pinyin: CharPinyin): WordPlan[] {
  const plans: WordPlan[] = [];
  for (const raw of query.toLowerCase().split(/[\s\0]+/)) {
    const word = raw.replace(/^[#＃]+/, '');
    if (!word) continue;
    const cents = queryCents(word);
    const chars = [...word];
    const hanChars = chars.filter(isHan);
    if (hanChars.length === chars.length) {
      plans.push({ plain: hanQueryTerms(chars), prefix: [] });
      continue;
    }
    const latin = word.replace(/^[¥￥]/, '');
    const words = runsOf(latin).words;
    if (hanChars.length === 0) {
      // Latin or digits: a word's start, or pinyin.
      plans.push({
        plain: [],
        prefix: words.length === 1 ? [words[0]!] : words,
        amount: cents === null ? undefined : centsTerm(cents),
      });
      continue;
    }
    // Mixed (旅x): the Han characters themselves, and the word as pinyin, whole or initials.
    let full = '';
    let initials = '';
    for (const char of chars) {
      const p = isHan(char) ? pinyin(char) : null;
      full += p ? p[1] : char;
      initials += p ? p[0] : char;
    }
    plans.push({ plain: hanQueryTerms(hanChars), prefix: [full, initials] });
  }
  return plans;
}

// ---------------------------------------------------------------------------------------------
// Highlights.

/**
 * Where `word` starts at character `at` of `chars`, the index after the last character it
 * covers, or -1. A character is matched by itself, its syllable, or its initial; the last one
 * may be matched by the start of its syllable (lvxi covers 旅行).
 */
function coverFrom(chars: readonly string[], at: number, word: string, pinyin: CharPinyin) {
  const go = (k: number, pos: number): number => {
    if (pos === word.length) return k;
    if (k >= chars.length) return -1;
    const char = chars[k]!;
    // A thousands separator the query left out: 3240 marks ¥3,240.00.
    if (char === ',' && k > at && pos > 0 && /\d/.test(word[pos]!) && /\d/.test(word[pos - 1]!)) {
      return go(k + 1, pos);
    }
    if (word.startsWith(char, pos)) {
      const end = go(k + 1, pos + char.length);
      if (end >= 0) return end;
    }
    const p = isHan(char) ? pinyin(char) : null;
    if (!p) return -1;
    if (word.startsWith(p[1], pos)) {
      const end = go(k + 1, pos + p[1].length);
      if (end >= 0) return end;
    }
    if (p[1].startsWith(word.slice(pos)) && k > at) return k + 1;
    if (word[pos] === p[0]) return go(k + 1, pos + 1);
    return -1;
  };
  return go(at, 0);
}

/** A text cut into pieces to show, `hit` where the query matched. */
export type Highlighted = { text: string; hit: boolean }[];

/**
 * `text` cut where the query's words match it: as written, as pinyin, as initials or mixed
 * (旅x). Each word marks every place it matches.
 */
export function highlight(text: string, query: string, pinyin: CharPinyin): Highlighted {
  const chars = [...text];
  const lower = chars.map((c) => c.toLowerCase());
  const marked = new Array<boolean>(chars.length).fill(false);
  const words = query
    .toLowerCase()
    .split(/[\s\0]+/)
    .map((w) => w.replace(/^[#＃¥￥]+/, ''))
    .filter(Boolean);
  for (const word of words) {
    for (let i = 0; i < lower.length; i++) {
      // A word starts at the start of a text's word, or anywhere in a Han run.
      if (i > 0 && !isHan(lower[i]!) && WORD.test(lower[i - 1]!) && !isHan(lower[i - 1]!)) {
        continue;
      }
      const end = coverFrom(lower, i, word, pinyin);
      if (end > i) for (let k = i; k < end; k++) marked[k] = true;
    }
  }
  const pieces: Highlighted = [];
  for (let i = 0; i < chars.length; i++) {
    const last = pieces.at(-1);
    if (last && last.hit === marked[i]) last.text += chars[i];
    else pieces.push({ text: chars[i]!, hit: marked[i]! });
  }
  return pieces;
}
