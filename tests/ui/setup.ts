import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach } from 'vitest';

// Two cores are shared by the test workers, the type-checker and Chromium: a screen that
// renders in 100 ms alone can take over a second then.
configure({ asyncUtilTimeout: 3000 });

// Each test starts with an empty IndexedDB (the data layer's store); engines of earlier tests
// keep the factory they opened, so nothing of theirs is seen.
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// happy-dom 21 lacks HTMLSelectElement.size and HTMLOptionElement.defaultSelected, which
// react-hook-form reads to tell whether a <select> still shows its default; without them a
// registered select never receives its default or pre-filled value in these tests.
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
  });
}
if (!('defaultSelected' in HTMLOptionElement.prototype)) {
  Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
    configurable: true,
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
    set(this: HTMLOptionElement, value: boolean) {
      this.toggleAttribute('selected', value);
    },
  });
}
