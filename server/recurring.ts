import { todayString } from '../src/domain/dates';
import { materialise } from '../src/domain/records';
import { dueOccurrences, occurrenceRecord } from '../src/domain/recurring';
import type { Store } from './store';

// 周期记账 occurrences are written here, on the server, never by a browser: two open devices
// would otherwise each write them. Writing is idempotent twice over: an occurrence's id is
// `${templateId}-${date}`, and the store's (user, id) key turns a second insert into a
// no-op; and the template's lastDate moves past what was written, so a deleted occurrence
// is not written again. A catch-up runs at start, every hour, when a user's bookkeeping list
// is read and after a template is saved. "Today" is the server's local date.

/** Writes the user's due occurrences; returns how many records were new. */
export async function catchUpUser(store: Store, userId: string, now: Date): Promise<number> {
  const today = todayString(now);
  let created = 0;
  for (const template of await store.recurring.list(userId)) {
    const due = dueOccurrences(template, template.lastDate, today);
    if (due.length === 0) continue;
    // A paused template lets its occurrences pass unwritten: resuming starts from the next one.
    if (!template.paused) {
      // Stamped like any write (updatedAt, editedAt: the server's time), so devices receive
      // them by delta with the rest of the list.
      const at = now.toISOString();
      const results = await store.accounts.createMany(
        userId,
        due.map((date) => {
          const record = occurrenceRecord(template, date);
          return materialise('accounts', record, { id: record.id, now: at });
        }),
      );
      created += results.filter((r) => r.created).length;
    }
    // After the records: a crash in between leaves lastDate behind, and the next catch-up's
    // inserts of the same ids change nothing.
    await store.recurring.markDone(userId, template.id, due[due.length - 1]!);
  }
  return created;
}

/** Every user's catch-up, one after the other; one user's failure does not stop the others. */
export async function catchUpAll(store: Store, now: Date): Promise<number> {
  let created = 0;
  for (const userId of await store.recurring.userIds()) {
    try {
      created += await catchUpUser(store, userId, now);
    } catch (error) {
      console.error(`周期记账补记失败 / recurring catch-up failed for ${userId}:`, error);
    }
  }
  return created;
}

const HOUR_MS = 60 * 60 * 1000;

/** The catch-up at start and then every hour, so a server left running crosses midnight too. */
export function scheduleCatchUp(store: Store, now: () => Date = () => new Date()): () => void {
  const run = () => {
    catchUpAll(store, now()).catch((error) => console.error(error));
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  // The timer alone must not keep the process alive (tests, CLI).
  if (typeof timer === 'object' && 'unref' in timer) timer.unref();
  return () => clearInterval(timer);
}
