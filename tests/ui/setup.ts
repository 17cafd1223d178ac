import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, vi } from 'vitest';

// Two cores are shared by the test workers, the type-checker and Chromium: a screen that
// renders in 100 ms alone can take over a second then.
configure({ asyncUtilTimeout: 3000 });

// The screens read the clock for 今天 and 本月, and the fixtures are dated from it: on the
// real clock a test of "the first 12 days of this month" failed from the 1st to the 11th. So
// every UI test file starts at one fixed instant, a Wednesday at 12:00 in Shanghai and 04:00 in
// UTC (the same day in both), whatever the machine's date. The clock is shifted, not frozen:
// it moves at the real pace with the real resolution, because stamps, conflicts and retries
// compare times taken milliseconds apart. Everything in the process reads it, the msw server's
// createApp included. `instanceof Date` still holds for every date (a Proxy keeps the prototype).
export const FIXED_NOW = Date.parse('2026-11-18T04:00:00.000Z');
const RealDate = Date;
const realNow = RealDate.now;
const offset = FIXED_NOW - realNow();
const shiftedNow = () => realNow() + offset;
// Date.now itself is replaced, not answered by the Proxy: a test's vi.spyOn(Date, 'now') must
// still take over (and be restored) as on the real Date.
RealDate.now = shiftedNow;
const ShiftedDate = new Proxy(RealDate, {
  construct: (target, args, newTarget) =>
    Reflect.construct(target, args.length === 0 ? [shiftedNow()] : args, newTarget),
  apply: () => new RealDate(shiftedNow()).toString(),
});
globalThis.Date = ShiftedDate;
// A test that fakes timers of its own gets the real Date back when it restores real timers.
beforeEach(() => {
  if (!vi.isFakeTimers()) globalThis.Date = ShiftedDate;
});

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
