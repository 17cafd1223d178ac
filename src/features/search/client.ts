import type { SearchChanges, SearchResultGroup } from './engine';
import type { FromSearch, ToSearch } from './protocol';

// The page's side of the search worker (search.worker.ts): one per tab, kept while the tab
// lives, so a second opening of 搜索 finds its index built. Fetched with the dialog's code.

type Answer = (message: FromSearch) => void;
type Send = (message: ToSearch) => void;

let send: Send | null = null;
/** Ends the running worker, if there is one. */
let stop: (() => void) | null = null;
let next = 0;
/** Counts the workers lost: the index went with each, and the feed sends everything again. */
let lost = 0;
const waiting = new Map<number, { answer: Answer; fail: (error: Error) => void }>();

const answer: Answer = (message) => {
  waiting.get(message.id)?.answer(message);
  waiting.delete(message.id);
};

function fail(error: Error) {
  for (const { fail } of waiting.values()) fail(error);
  waiting.clear();
  send = null;
  lost++;
}

function start(): Send {
  if (typeof Worker === 'undefined') {
    // The UI tests' DOM has no Worker: the same engine on the page. A build drops this branch,
    // so pinyin-pro and MiniSearch are never a chunk of the page's own.
    if (import.meta.env.MODE === 'test') {
      const engine = Promise.all([import('./engine'), import('./char-pinyin')]).then(
        ([{ createSearchEngine }, { charPinyin }]) => createSearchEngine(charPinyin),
      );
      return (message) => {
        void engine.then((e) => {
          if (message.type === 'apply') {
            e.apply(message.changes);
            answer({ type: 'applied', id: message.id, size: e.size });
          } else answer({ type: 'found', id: message.id, groups: e.search(message.query) });
        });
      };
    }
    throw new Error('此浏览器不支持后台搜索');
  }
  const worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
  stop = () => worker.terminate();
  worker.onmessage = (event: MessageEvent<FromSearch>) => answer(event.data);
  worker.onerror = (event) => {
    // Offline before the worker's script was cached, or it ran out of memory.
    event.preventDefault();
    worker.terminate();
    fail(new Error('搜索组件加载失败，请联网后重试'));
  };
  return (message) => worker.postMessage(message);
}

function call<T extends FromSearch['type']>(
  message: ToSearch extends infer M ? (M extends ToSearch ? Omit<M, 'id'> : never) : never,
): Promise<Extract<FromSearch, { type: T }>> {
  return new Promise((resolve, reject) => {
    try {
      send ??= start();
    } catch (err) {
      reject(err);
      return;
    }
    const id = next++;
    waiting.set(id, { answer: resolve as Answer, fail: reject });
    send({ ...message, id } as ToSearch);
  });
}

/** Puts the changes into the index; resolves with how many documents it holds. */
export const applyChanges = (changes: SearchChanges) =>
  call<'applied'>({ type: 'apply', changes }).then((m) => m.size);

export const searchAll = (query: string): Promise<SearchResultGroup[]> =>
  call<'found'>({ type: 'search', query }).then((m) => m.groups);

/** Changes each time a worker is lost with its index. */
export const workersLost = () => lost;

/** Drops the index (another user signed in): the next call starts an empty one. */
export function resetIndex(): void {
  stop?.();
  stop = null;
  for (const { fail } of waiting.values()) fail(new Error('搜索索引已重置'));
  waiting.clear();
  send = null;
}
