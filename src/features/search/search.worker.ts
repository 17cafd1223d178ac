import { charPinyin } from './char-pinyin';
import { createSearchEngine } from './engine';
import type { FromSearch, ToSearch } from './protocol';

// 搜索全部's index, off the main thread (issue 63 item 5): pinyin-pro and MiniSearch load here,
// and building the index over ten years (~110,000 records) takes no time from the screens.
// Messages are answered in order, so a search sent between two batches sees the first.
// (Typed by hand: the webworker lib would clash with the DOM one in this project.)
const scope = self as unknown as {
  onmessage: (event: MessageEvent<ToSearch>) => void;
  postMessage: (message: FromSearch) => void;
};

const engine = createSearchEngine(charPinyin);

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'apply') {
    engine.apply(message.changes);
    scope.postMessage({ type: 'applied', id: message.id, size: engine.size });
  } else {
    scope.postMessage({ type: 'found', id: message.id, groups: engine.search(message.query) });
  }
};
