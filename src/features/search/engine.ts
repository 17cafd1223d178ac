import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import {
  type CharPinyin,
  centsTerm,
  type Highlighted,
  highlight,
  pinyinTerms,
  plainTerms,
  queryPlan,
  SEARCH_GROUPS,
  type SearchDoc,
  type SearchGroup,
  searchHref,
  tagDoc,
  type WordPlan,
} from '../../domain/search';

// The index behind 搜索全部 (issue 63): MiniSearch over every record's title, notes, category
// and type names, tags, amount, and the pinyin of all of them (src/domain/search.ts cuts the
// terms). It runs in a worker (search.worker.ts): built there, nothing of it blocks a screen.

/** What a change to the records does to the index: documents put (new or changed), ids gone. */
export interface SearchChanges {
  put: SearchDoc[];
  remove: string[];
}

export interface SearchHit {
  id: string;
  group: SearchGroup;
  href: string;
  title: Highlighted;
  detail: Highlighted;
  /** Where only the notes matched: the words around the match. */
  note?: Highlighted;
}

export interface SearchResultGroup {
  key: SearchGroup;
  label: string;
  /** How many match, of which `hits` are the best. */
  total: number;
  hits: SearchHit[];
}

// Two fields and the amount: the title and the rest (notes, category and type names, tags) in
// one, with the title twice so that it counts for more; each field costs a prefix query its
// own pass over every matching term (four fields: `l` took ~115 ms over ten years in Node).
const FIELDS = ['text', 'spoken', 'amount'] as const;
type Field = (typeof FIELDS)[number];
const PLAIN: Field[] = ['text'];
const PREFIXED: Field[] = ['text', 'spoken'];

const textOf = (doc: SearchDoc) =>
  `${doc.title}\n${doc.title}\n${doc.body} ${doc.labels} ${doc.tags.join(' ')}`;

/** Results shown per group, at most. */
const HITS_PER_GROUP = 5;

/** The words around the first highlighted piece of a long note. */
function excerpt(pieces: Highlighted, around = 12): Highlighted | undefined {
  const first = pieces.findIndex((p) => p.hit);
  if (first < 0) return undefined;
  const out = pieces.map((p) => ({ ...p }));
  if (first > 0) {
    const before = [...out[first - 1]!.text];
    if (before.length > around) out[first - 1]!.text = `…${before.slice(-around).join('')}`;
  }
  const last = out.at(-1)!;
  if (!last.hit && [...last.text].length > around * 2) {
    last.text = `${[...last.text].slice(0, around * 2).join('')}…`;
  }
  return out.slice(Math.max(0, first - 1));
}

export function createSearchEngine(pinyin: CharPinyin) {
  const docs = new Map<string, SearchDoc>();
  const tagCounts = new Map<string, number>();
  const index = new MiniSearch<SearchDoc>({
    fields: [...FIELDS],
    extractField: (doc, field) => {
      switch (field as Field | 'id') {
        case 'text':
        case 'spoken':
          return textOf(doc);
        case 'amount':
          return doc.cents === undefined ? '' : centsTerm(doc.cents);
        default:
          return doc.id;
      }
    },
    tokenize: (text, field) => {
      switch (field as Field | undefined) {
        case 'spoken':
          return pinyinTerms(text, pinyin);
        case 'amount':
          return text ? [text] : [];
        default:
          return plainTerms(text);
      }
    },
    processTerm: (term) => term,
    searchOptions: {
      tokenize: (text) => [text],
      processTerm: (term) => term,
      boost: { text: 2, spoken: 1, amount: 3 },
    },
  });

  const countTag = (tag: string, by: number) => {
    const was = tagCounts.get(tag) ?? 0;
    const now = was + by;
    const id = `tags:${tag}`;
    if (now <= 0) {
      tagCounts.delete(tag);
      if (docs.delete(id)) index.discard(id);
      return;
    }
    tagCounts.set(tag, now);
    const doc = tagDoc(tag, now);
    if (was <= 0) index.add(doc);
    docs.set(id, doc);
  };

  const drop = (id: string) => {
    const old = docs.get(id);
    if (!old) return;
    docs.delete(id);
    index.discard(id);
    for (const tag of new Set(old.tags)) countTag(tag, -1);
  };

  const wordQuery = (plan: WordPlan): Query => {
    const either: Query[] = [];
    if (plan.prefix.length > 0) {
      either.push({ queries: plan.prefix, fields: PREFIXED, prefix: true, combineWith: 'OR' });
    }
    if (plan.amount) either.push({ queries: [plan.amount], fields: ['amount'] });
    const choice: Query = { queries: either, combineWith: 'OR' };
    if (plan.plain.length === 0) return choice;
    // One Han character is the start of a pair, or a run's last (plainTerms).
    const plain: Query = {
      queries: plan.plain,
      fields: PLAIN,
      combineWith: 'AND',
      prefix: (term) => term.length === 1,
    };
    return either.length === 0 ? plain : { queries: [plain, choice], combineWith: 'AND' };
  };

  const hitOf = (doc: SearchDoc, query: string): SearchHit => {
    const title = highlight(doc.title, query, pinyin);
    const detail = highlight(doc.detail, query, pinyin);
    const hit: SearchHit = { id: doc.id, group: doc.group, href: searchHref(doc), title, detail };
    if (doc.body && !title.some((p) => p.hit) && !detail.some((p) => p.hit)) {
      hit.note = excerpt(highlight(doc.body, query, pinyin));
    }
    return hit;
  };

  return {
    /** Puts and removes documents; a record's tags count towards its 标签 results. */
    apply({ put, remove }: SearchChanges): void {
      for (const id of remove) drop(id);
      for (const doc of put) drop(doc.id);
      const fresh = put.filter((doc) => {
        if (docs.has(doc.id)) return false; // twice in one change: the first is kept
        docs.set(doc.id, doc);
        return true;
      });
      index.addAll(fresh);
      for (const doc of fresh) for (const tag of new Set(doc.tags)) countTag(tag, 1);
    },

    get size(): number {
      return index.documentCount;
    },

    /**
     * The groups with a match, the best first: within a group by score, then the newer; the
     * groups by their best result.
     */
    search(query: string, perGroup = HITS_PER_GROUP): SearchResultGroup[] {
      const plans = queryPlan(query, pinyin);
      if (plans.length === 0) return [];
      const results = index.search({ queries: plans.map(wordQuery), combineWith: 'AND' });
      const byGroup = new Map<SearchGroup, SearchResult[]>();
      for (const result of results) {
        const group = (result.id as string).slice(0, (result.id as string).indexOf(':'));
        const list = byGroup.get(group as SearchGroup);
        if (list) list.push(result);
        else byGroup.set(group as SearchGroup, [result]);
      }
      const groups: (SearchResultGroup & { best: number })[] = [];
      for (const { key, label } of SEARCH_GROUPS) {
        const found = byGroup.get(key);
        if (!found) continue;
        // Equal scores (the same title every month) are shown newest first: the ones tied
        // with the last shown are sorted by date too, the rest need not be.
        const cut = found[Math.min(perGroup, found.length) - 1]!.score;
        let end = perGroup;
        while (end < found.length && found[end]!.score >= cut) end++;
        const top = found.slice(0, end).map((r) => ({ r, doc: docs.get(r.id as string)! }));
        top.sort(
          (a, b) =>
            b.r.score - a.r.score ||
            (a.doc.date === b.doc.date ? 0 : a.doc.date < b.doc.date ? 1 : -1),
        );
        groups.push({
          key,
          label,
          total: found.length,
          best: found[0]!.score,
          hits: top.slice(0, perGroup).map(({ doc }) => hitOf(doc, query)),
        });
      }
      groups.sort((a, b) => b.best - a.best);
      return groups.map(({ best: _, ...group }) => group);
    },
  };
}
