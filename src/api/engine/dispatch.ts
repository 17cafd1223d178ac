import type { ResourceName } from '../../domain/resources';
import { type DeviceStore, EngineStopped, type KindState } from './device-store';
import {
  type Effect,
  initialState,
  reduce,
  type SyncEvent,
  type SyncState,
  type Tx,
  type TxResult,
} from './reducer';

// The thin shell around the reducer (reducer.ts): one event at a time, its IndexedDB changes
// committed in one transaction before memory takes the new state, then the other effects (the
// UI cache, requests, other tabs). A transaction that fails leaves the state as it was: a crash
// between the two leaves the previous state, never half of one.

/** The lists a 'persist' stores, read before its turn (reading one may wait on the start). */
export type Lists = [ResourceName, KindState][];

/** Events that wait their turn: those that may store something, and the pick of what to send. */
const SERIAL = new Set<SyncEvent['type']>([
  'write',
  'import',
  'tried',
  'send',
  'rewrite',
  'follow',
  'persist',
]);

export class Dispatcher {
  state: SyncState = initialState;
  /** Events one at a time: an event's transaction and its swap are never interleaved. */
  private turn: Promise<unknown> = Promise.resolve();
  /** Local writes of this tab dispatched and not yet taken into memory. */
  writing = 0;

  constructor(
    /** The device's store (read late: the engine makes it after this). */
    private readonly storeOf: () => DeviceStore,
    /** Carries out an effect other than a transaction (engine-core.ts `perform`). */
    private readonly perform: (effect: Effect, state: SyncState) => void | Promise<void>,
  ) {}

  /**
   * `event` reduced, committed and taken; what its transaction answered, if it had one. An
   * event that may store something, or picks changes to send, waits for the one before it to
   * be taken; one that only changes memory is taken at once.
   */
  async dispatch(event: SyncEvent, lists: Lists = []): Promise<TxResult | undefined> {
    if (!SERIAL.has(event.type)) {
      const { effects, state } = this.take(event);
      for (const effect of effects) await this.perform(effect, state);
      return undefined;
    }
    const write = event.type === 'write';
    if (write) this.writing += 1;
    const step = this.turn
      .then(() => this.step(event, lists))
      .finally(() => {
        if (write) this.writing -= 1;
      });
    this.turn = step.catch(() => undefined);
    const { effects, result, state } = await step;
    for (const effect of effects) await this.perform(effect, state);
    return result;
  }

  /**
   * A clock reading, taken at once and synchronously (a stamp is handed back in the same call),
   * whatever the session; its effects (keeping the clock, telling of a drift) are not waited.
   */
  read(event: Extract<SyncEvent, { type: 'clock' }>): SyncState {
    const { state, effects } = reduce(this.state, event);
    this.state = state;
    for (const effect of effects) {
      void Promise.resolve(this.perform(effect, state)).catch(() => undefined);
    }
    return state;
  }

  /** An event without a transaction, taken at once. */
  private take(event: SyncEvent) {
    if (!this.state.signedIn) throw new EngineStopped();
    const { state, effects } = reduce(this.state, event);
    this.state = state;
    return { state, effects };
  }

  private async step(event: SyncEvent, lists: Lists) {
    if (!this.state.signedIn) throw new EngineStopped();
    const { state, effects } = reduce(this.state, event);
    const idb = effects.find((e): e is Extract<Effect, { type: 'idb' }> => e.type === 'idb');
    if (!idb) {
      this.state = state;
      return { effects, result: undefined, state };
    }
    const result = await this.commit(idb.tx, lists);
    // Committed: memory takes what it stored, over the state as it is now.
    const after = reduce(this.state, { type: 'stored', event, tx: idb.tx, result });
    this.state = after.state;
    const rest = [...effects.filter((e) => e.type !== 'idb'), ...after.effects];
    return { effects: rest, result, state: after.state };
  }

  /** One transaction; it throws, and nothing is taken, if IndexedDB refuses it. */
  private async commit(tx: Tx, lists: Lists): Promise<TxResult> {
    const store = this.storeOf();
    switch (tx.type) {
      case 'merge': {
        const { added, merged } = await store.writeOutbox(tx.drop, tx.replace, tx.add, tx.guard);
        const seqs = added === undefined ? [] : [added];
        if (merged) return { added: seqs, merged, replaced: tx.replace?.seq };
        return { added: seqs, merged, stored: await store.outbox() };
      }
      case 'add': {
        const db = (await store.open()).transaction('outbox', 'readwrite');
        const added = await Promise.all(tx.entries.map((entry) => db.store.add(entry)));
        await db.done;
        return { added, merged: true };
      }
      case 'put':
        await store.putEntries(tx.entries);
        return { added: [], merged: true };
      case 'lists': {
        const wanted = new Set(tx.kinds);
        const states = lists.filter(([kind]) => wanted.has(kind));
        const kinds = await store.persist(states, tx.done, tx.sentAs);
        return { added: [], merged: true, kinds };
      }
    }
  }
}
