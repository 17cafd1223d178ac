import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { useAccounts } from '../../api/accounts';
import { useAssets } from '../../api/assets';
import { useAuth } from '../../api/auth';
import { useCategoryBook } from '../../api/categories';
import { useCheckinTasks } from '../../api/checkin-tasks';
import { useTasks } from '../../api/tasks';
import { useTimeRecords } from '../../api/time-records';
import { useWorkouts } from '../../api/workouts';
import { latestPerChain } from '../../domain/asset-versioning';
import { BUILT_IN_BOOK, type CategoryBook } from '../../domain/categories';
import { accountDoc, DOC_OF, type SearchDoc } from '../../domain/search';
import { applyChanges, resetIndex, workersLost } from './client';
import type { SearchChanges } from './engine';

// What feeds 搜索全部's index: the lists the screens read (the device's copy, so it works
// offline), each record turned into a document on the page and sent to the worker a slice
// at a time. A slice ends after SLICE_MS and waits for the worker's answer before the next,
// so that building never holds the main thread for long (issue 63: ≤ 50 ms at a time) and a
// search typed meanwhile is answered between two slices. Later, only what changed is sent:
// the engine keeps an unchanged record the same object (src/api/resource.ts, keepUnchanged).

// 5 ms of documents, then their structured clone into the worker (about as long again at 4×
// CPU) and the dialog's count: a 8 ms slice with its clone was a 60–140 ms stretch at 4×.
const SLICE_MS = 5;
/** The count of documents shown while building is brought up to date this often, at most. */
const COUNT_EVERY_MS = 300;

type Kind = keyof typeof DOC_OF;
type Record_ = { id: string };

/** Per kind, the records the index was last given (id → the record object), and their doc ids. */
const sent = new Map<Kind, Map<string, { record: object; doc: string | null }>>();
/** Per kind, the newest list the screens hold, and the one the index has. */
const wanted = new Map<Kind, readonly Record_[]>();
const done = new Map<Kind, readonly Record_[]>();
let running = false;
let seenLost = 0;
/** Whose lists the index holds: the query client and the user they were read with. */
let owner: { client: object; user: string } | null = null;
/** Counts the resets: a feed of an older one stops where it is. */
let generation = 0;

export interface FeedState {
  /** Documents in the index. */
  size: number;
  /** Every list is loaded and in the index. */
  ready: boolean;
  error: string | null;
}
let state: FeedState = { size: 0, ready: false, error: null };
const listeners = new Set<() => void>();
function setState(next: Partial<FeedState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}
let counted = 0;
let size = 0;
/** The index's size; the dialog hears of it every COUNT_EVERY_MS while building (a render). */
function setSize(now: number) {
  size = now;
  const at = performance.now();
  if (at - counted < COUNT_EVERY_MS) return;
  counted = at;
  setState({ size });
}

/** The categories the 记账 documents are named by; a change names every entry afresh. */
let categoryBook: CategoryBook = BUILT_IN_BOOK;
function setCategoryBook(book: CategoryBook) {
  if (book === categoryBook) return;
  categoryBook = book;
  sent.delete('accounts');
  wanted.delete('accounts');
}

const yieldToLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

class Stale extends Error {}

/** Sends one list's changes since the index last had it, a slice at a time. */
async function feed(kind: Kind, items: readonly Record_[], gen: number) {
  const before = sent.get(kind) ?? new Map();
  const now = new Map<string, { record: object; doc: string | null }>();
  const toDoc = (
    kind === 'accounts'
      ? (record: Parameters<typeof accountDoc>[0]) => accountDoc(record, categoryBook)
      : DOC_OF[kind]
  ) as (record: Record_) => SearchDoc | null;
  let put: SearchDoc[] = [];
  let until = performance.now() + SLICE_MS;
  const flush = async (remove: string[] = []) => {
    if (put.length > 0 || remove.length > 0) {
      const changes: SearchChanges = { put, remove };
      put = [];
      const now = await applyChanges(changes);
      if (gen !== generation) throw new Stale();
      setSize(now);
    }
    await yieldToLoop();
    if (gen !== generation) throw new Stale();
    until = performance.now() + SLICE_MS;
  };
  for (let i = 0; i < items.length; i++) {
    const record = items[i]!;
    const was = before.get(record.id);
    if (was?.record === record) {
      now.set(record.id, was);
    } else {
      const doc = toDoc(record);
      now.set(record.id, { record, doc: doc?.id ?? null });
      if (doc) put.push(doc);
    }
    if (i % 128 === 127 && performance.now() >= until) await flush();
  }
  const remove: string[] = [];
  for (const [id, { doc }] of before) if (doc && !now.has(id)) remove.push(doc);
  await flush(remove);
  sent.set(kind, now);
}

async function run() {
  if (running) return;
  running = true;
  const gen = generation;
  try {
    for (;;) {
      if (seenLost !== workersLost()) {
        // The worker was lost with its index: everything again.
        seenLost = workersLost();
        sent.clear();
        done.clear();
      }
      const kind = [...wanted.keys()].find((k) => wanted.get(k) !== done.get(k));
      if (!kind) break;
      const items = wanted.get(kind)!;
      await feed(kind, items, gen);
      done.set(kind, items);
    }
    setState({ size, ready: wanted.size === KINDS.length, error: null });
  } catch (err) {
    if (gen === generation && !(err instanceof Stale)) {
      setState({ error: err instanceof Error ? err.message : '搜索索引建立失败' });
    }
  } finally {
    running = false;
    // Reset meanwhile: the new owner's lists wait for a run of their own.
    if (gen !== generation) setTimeout(() => void run(), 0);
  }
}

/**
 * Another user, or another session's query client: the index and everything known of what it
 * holds go, before any of the new lists is read, so that no search shows the last user's
 * records (a sign-out does not reload the page).
 */
function ownedBy(client: object, user: string) {
  if (owner?.client === client && owner.user === user) return;
  const first = owner === null;
  owner = { client, user };
  if (first) return;
  generation++;
  sent.clear();
  wanted.clear();
  done.clear();
  size = 0;
  resetIndex();
  setState({ size: 0, ready: false, error: null });
}

const KINDS = Object.keys(DOC_OF) as Kind[];

function want(kind: Kind, items: readonly Record_[] | undefined) {
  if (!items || wanted.get(kind) === items) return;
  wanted.set(kind, items);
  if (state.ready) setState({ ready: false });
  // In a task of its own, not in the dialog's first render's: the first slice, with its clone,
  // came on top of that render (142 ms at 4× CPU).
  setTimeout(() => void run(), 0);
}

/**
 * Keeps the index up with every list while mounted (the dialog is open), and says how far it
 * is. The lists load from the device's copy, as on their screens.
 */
export function useSearchFeed(): FeedState {
  // Before the lists' own hooks: their effects then feed the index of this owner.
  const client = useQueryClient();
  const user = useAuth().user?.username ?? '';
  useLayoutEffect(() => ownedBy(client, user), [client, user]);
  const tasks = useTasks().data?.items;
  const accounts = useAccounts().data?.items;
  const book = useCategoryBook();
  const assets = useAssets().data?.items;
  const workouts = useWorkouts().data?.items;
  const timeRecords = useTimeRecords().data?.items;
  const checkinTasks = useCheckinTasks().data?.items;
  useEffect(() => want('tasks', tasks), [tasks]);
  useEffect(() => {
    setCategoryBook(book);
    want('accounts', accounts);
  }, [accounts, book]);
  // Each asset once, as its latest version: the screen lists those (asset-versioning.ts).
  useEffect(() => want('assets', assets && latestPerChain(assets)), [assets]);
  useEffect(() => want('workouts', workouts), [workouts]);
  useEffect(() => want('timeRecords', timeRecords), [timeRecords]);
  useEffect(() => want('checkinTasks', checkinTasks), [checkinTasks]);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
