// The pinyin of tasks' texts for the search, worked out in a worker and fetched with it on the
// first search (pinyin-pro is ~320 KB): the screen carries none of it.

let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, { resolve: (p: string[]) => void; reject: (e: unknown) => void }>();

function start(): Worker {
  const w = new Worker(new URL('./pinyin.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (event: MessageEvent<{ id: number; pinyin: string[] }>) => {
    const { id, pinyin } = event.data;
    waiting.get(id)?.resolve(pinyin);
    waiting.delete(id);
  };
  w.onerror = (event) => {
    // Offline before the worker's script was cached: the search still matches the text.
    event.preventDefault();
    for (const { reject } of waiting.values()) reject(new Error('pinyin worker failed'));
    waiting.clear();
    worker = null;
  };
  return w;
}

/** Each text's pinyin line pair (see pinyinText), in order. */
export function loadPinyinTexts(texts: readonly string[]): Promise<string[]> {
  if (texts.length === 0) return Promise.resolve([]);
  if (typeof Worker === 'undefined') {
    // The UI tests' DOM has no Worker. A build drops this branch, so the table is not a second
    // chunk beside the worker's; a browser without workers searches the plain text.
    if (import.meta.env.MODE === 'test') {
      return import('./pinyin-table').then((m) => m.pinyinTexts(texts));
    }
    return Promise.reject(new Error('no Worker'));
  }
  worker ??= start();
  const id = next++;
  const w = worker;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.postMessage({ id, texts });
  });
}
