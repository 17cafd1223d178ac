import type { SearchChanges, SearchResultGroup } from './engine';

/** What the page sends the search worker. */
export type ToSearch =
  | { type: 'apply'; id: number; changes: SearchChanges }
  | { type: 'search'; id: number; query: string };

/** What it answers, with the id of the message answered. */
export type FromSearch =
  | { type: 'applied'; id: number; size: number }
  | { type: 'found'; id: number; groups: SearchResultGroup[] };
