import { pinyinTexts } from './pinyin-table';

// The search's pinyin, off the main thread: loading pinyin-pro and reading 5,500 titles was a
// ~600 ms task on the first search of a visit to /tasks. (Typed by hand: the webworker lib
// would clash with the DOM one in this project.)
const scope = self as unknown as {
  onmessage: (event: MessageEvent<{ id: number; texts: string[] }>) => void;
  postMessage: (message: { id: number; pinyin: string[] }) => void;
};

scope.onmessage = (event) => {
  const { id, texts } = event.data;
  scope.postMessage({ id, pinyin: pinyinTexts(texts) });
};
