import { editOrder } from '../../domain/hlc';
import type { ChangeKind, ResourceName } from '../../domain/resources';
import type { StorageTrouble } from '../storage-trouble';
import { type ClockReading, type ClockState, initialClock, readClock } from './clock-state';
import type { OutboxEntry } from './local-db';
import { asTried, coalesce } from './outbox';

// The engine's sync state and the one pure function that changes it (docs/architecture.md,
// "The sync engine"): `reduce(state, event) → { state, effects }`. The shell (dispatch.ts) runs
// an event's IndexedDB transaction first and takes the new state only once it has committed,
// then carries out the other effects: a failed transaction leaves the state as it was.

/** What the engine keeps in memory about its changes and the server. */
export interface SyncState {
  /** The waiting changes, in the order they are sent. */
  readonly entries: readonly OutboxEntry[];
  /**
   * Changes the replay is done with that are still stored: they leave the stored outbox in
   * the transaction that stores the lists they changed ('persist'), and a reload of the
   * outbox meanwhile must not bring them back.
   */
  readonly finished: ReadonlySet<number>;
  /** The change on its way (several: creates sent together), until its answer is applied. */
  readonly sending: number | ReadonlySet<number> | undefined;
  /** The stamp (edit order) of each change as sent, until it leaves the stored outbox. */
  readonly sentAs: ReadonlyMap<number, string>;
  /** The version the server answered with, by the change's record and base (`answerKey`). */
  readonly answered: ReadonlyMap<string, string>;
  /** Whether the server answered the last request (null: none was made yet). */
  readonly online: boolean | null;
  readonly storage: StorageTrouble | null;
  /** The server answered 401: the session is gone, the user must sign in again. */
  readonly signInNeeded: boolean;
  /** False after a sign-out: nothing changes any more. */
  readonly signedIn: boolean;
  /** The device clock that stamps every change (clock-state.ts). */
  readonly clock: ClockState;
}

export const initialState: SyncState = {
  entries: [],
  finished: new Set(),
  sending: undefined,
  sentAs: new Map(),
  answered: new Map(),
  online: null,
  storage: null,
  signInNeeded: false,
  signedIn: true,
  clock: initialClock,
};

/** One IndexedDB transaction, as data: the shell (dispatch.ts) runs it. */
export type Tx =
  /** A write merged into the outbox (device-store.ts `writeOutbox`, its guard included). */
  | {
      type: 'merge';
      drop: number[];
      replace?: OutboxEntry;
      add?: OutboxEntry;
      guard: { mergedInto: OutboxEntry[]; alone: OutboxEntry };
    }
  /** Changes made together, added in order. */
  | { type: 'add'; entries: OutboxEntry[] }
  /** Entries rewritten in place. */
  | { type: 'put'; entries: OutboxEntry[] }
  /** `kinds`' lists stored and the changes `done` dropped, unless sent with another stamp. */
  | { type: 'lists'; kinds: ResourceName[]; done: number[]; sentAs: ReadonlyMap<number, string> };

/** What a transaction answered: the seqs it added, whether the merge held, what it stored. */
export interface TxResult {
  added: number[];
  merged: boolean;
  /** The seq of the waiting change a merge replaced. */
  replaced?: number;
  /** The stored outbox, read when a merge did not hold. */
  stored?: OutboxEntry[];
  /** The kinds whose lists were stored. */
  kinds?: ResourceName[];
}

export type SyncEvent =
  /** The stored outbox read (at start, or another tab changed it) while memory was `before`. */
  | { type: 'loaded'; before: readonly OutboxEntry[]; stored: readonly OutboxEntry[] }
  /** A local write, merged into the waiting changes (outbox.ts `coalesce`). */
  | { type: 'write'; entry: OutboxEntry }
  /** Local writes made together (a bill import, 导入数据), queued in order. */
  | { type: 'import'; entries: readonly OutboxEntry[] }
  /**
   * `event`'s transaction committed with `result` (the shell adds it): memory takes what it
   * stored, over the state as it is then (events without a transaction may have come between).
   */
  | { type: 'stored'; event: SyncEvent; tx: Tx; result: TxResult }
  /** Creates about to go: marked as sent at least once, before they go. */
  | { type: 'tried'; seqs: readonly number[] }
  /** Changes go to the server (`batch`: together), as they are now. */
  | { type: 'send'; seqs: readonly number[]; batch: boolean }
  /** The answer to the changes on their way is applied. */
  | { type: 'sent' }
  /** The server answered a change: the replay is done with it. */
  | { type: 'answer'; seq: number }
  /** A server answer rewrote a waiting change (a create became an edit, a change rebased). */
  | { type: 'rewrite'; entry: OutboxEntry }
  /** The server holds `base` for `entry`'s record: later changes made from its base follow. */
  | { type: 'follow'; entry: OutboxEntry; base: string }
  /** A pull page, or the replay's end: lists stored with the changes `done` dropped. */
  | { type: 'persist'; kinds: ResourceName[]; done: number[] }
  /** That transaction failed: the changes are no longer held back from a reload. */
  | { type: 'persistFailed'; done: number[] }
  /** The replay ended with `writing` changes being stored. */
  | { type: 'idle'; writing: number }
  /** The server answered, or not (`storage`: why one that answered could not serve). */
  | { type: 'online'; online: boolean; storage: StorageTrouble | null }
  /** The server answered 401. */
  | { type: 'unauthorized' }
  | { type: 'signOut' }
  /** A clock reading: what was kept, the server's time, changes stamped, stamps received. */
  | { type: 'clock'; reading: ClockReading };

export type Effect =
  | { type: 'idb'; tx: Tx }
  /** The caller of a write waits for its answer (write-outcomes.ts). */
  | { type: 'track'; seqs: number[] }
  /** The UI cache: the status, and the lists of `kinds` as the screens show them. */
  | { type: 'show'; kinds: ChangeKind[] }
  | { type: 'broadcast'; message: { type: 'outbox' } | { type: 'lists'; kinds: ResourceName[] } }
  /** A request: the outbox sent. */
  | { type: 'flush' }
  /** The status bar: reachable or not, signed in or not. */
  | { type: 'status' }
  /** The clock kept on the device (a write of its own: a stamp is given at once). */
  | { type: 'keepClock' }
  /** Another device's stamp ran `aheadMs` ahead of the server's clock: the user is told. */
  | { type: 'drift'; aheadMs: number };

export interface Step {
  state: SyncState;
  effects: Effect[];
}

const answerKey = (e: OutboxEntry) => `${e.kind}:${e.id}:${e.base ?? ''}`;
const unchanged = (state: SyncState): Step => ({ state, effects: [] });
const without = <T>(set: ReadonlySet<T>, drop: readonly T[]) => {
  const next = new Set(set);
  for (const x of drop) next.delete(x);
  return next;
};

/**
 * `entry`, about to be stored, as it goes: made from a version whose change the server took
 * while it waited its turn, it is made from the server's answer, as 'follow' would have made
 * it had it been in memory then. Sent from the older version, an edit made while a create's
 * answer was applied went without a version and over another device's later edit
 * (engine-convergence.test.ts, seed 1687459789).
 */
function caughtUp(state: SyncState, entry: OutboxEntry): OutboxEntry {
  const base = entry.op === 'create' ? undefined : state.answered.get(answerKey(entry));
  return base === undefined || base === entry.base ? entry : { ...entry, base };
}

/** A local write: stored (merged or alone), shown, sent. */
const written = (kinds: ChangeKind[]): Effect[] => [
  { type: 'show', kinds },
  { type: 'broadcast', message: { type: 'outbox' } },
  { type: 'flush' },
];

const followed = (state: SyncState, { entry, base }: { entry: OutboxEntry; base: string }) =>
  new Map(state.answered).set(answerKey(entry), base);

export function reduce(state: SyncState, event: SyncEvent): Step {
  // The clock is the device's, not the session's: it reads on after a sign-out.
  if (event.type === 'clock') return clockRead(state, event.reading);
  if (!state.signedIn) return unchanged(state);
  switch (event.type) {
    case 'loaded': {
      if (state.entries !== event.before) return unchanged(state);
      const { finished } = state;
      const entries = finished.size
        ? event.stored.filter((e) => !finished.has(e.seq!))
        : event.stored;
      return unchanged({ ...state, entries });
    }
    case 'write': {
      const { drop, replace, add } = coalesce(state.entries, event.entry, state.sending);
      const dropped = new Set(drop);
      // The entries merged into, as this tab knows them: another tab may be sending them.
      const mergedInto = state.entries.filter((e) => dropped.has(e.seq!) || e.seq === replace?.seq);
      const guard = { mergedInto, alone: event.entry };
      const tx: Tx = { type: 'merge', drop, replace, add: add && caughtUp(state, add), guard };
      return { state, effects: [{ type: 'idb', tx }] };
    }
    case 'import':
      return {
        state,
        effects: [{ type: 'idb', tx: { type: 'add', entries: [...event.entries] } }],
      };
    case 'stored':
      return stored(state, event.event, event.tx, event.result);
    case 'tried': {
      // Marked as sent at least once: from now on the server may hold them (outbox.ts `asTried`).
      const picked = new Set(event.seqs);
      const tried = new Map<number, OutboxEntry>();
      for (const e of state.entries) {
        if (picked.has(e.seq!) && asTried(e) !== e) tried.set(e.seq!, asTried(e));
      }
      if (!tried.size) return unchanged(state);
      const entries = state.entries.map((e) => tried.get(e.seq!) ?? e);
      const put: Tx = { type: 'put', entries: [...tried.values()] };
      return { state: { ...state, entries }, effects: [{ type: 'idb', tx: put }] };
    }
    case 'send':
      return unchanged(onTheWay(state, event));
    case 'sent':
      return unchanged({ ...state, sending: undefined });
    case 'answer':
      return unchanged({
        ...state,
        entries: state.entries.filter((e) => e.seq !== event.seq),
        finished: new Set([...state.finished, event.seq]),
      });
    case 'rewrite': {
      const { entry } = event;
      const entries = state.entries.map((e) => (e.seq === entry.seq ? entry : e));
      return {
        state: { ...state, entries },
        effects: [{ type: 'idb', tx: { type: 'put', entries: [entry] } }],
      };
    }
    case 'follow': {
      const { entry, base } = event;
      const answered = followed(state, event);
      const follows = (later: OutboxEntry) =>
        later.seq !== entry.seq &&
        later.kind === entry.kind &&
        later.id === entry.id &&
        later.base === entry.base;
      // Most writes have none: the outbox is left as it is (a bill import's thousands included).
      if (!state.entries.some(follows)) return unchanged({ ...state, answered });
      const rebased: OutboxEntry[] = [];
      const entries = state.entries.map((later) => {
        if (!follows(later)) return later;
        const next = { ...later, base };
        rebased.push(next);
        return next;
      });
      return {
        state: { ...state, entries, answered },
        effects: [{ type: 'idb', tx: { type: 'put', entries: rebased } }],
      };
    }
    case 'persist': {
      const { kinds, done } = event;
      const sentAs = new Map(state.sentAs);
      for (const seq of done) sentAs.delete(seq);
      const tx: Tx = { type: 'lists', kinds, done, sentAs: state.sentAs };
      return {
        state: { ...state, sentAs, finished: without(state.finished, done) },
        effects: [{ type: 'idb', tx }],
      };
    }
    case 'persistFailed':
      return unchanged({ ...state, finished: without(state.finished, event.done) });
    case 'idle':
      // Nothing left to follow the answers: none is needed any longer (`caughtUp`).
      return !state.entries.length && event.writing === 0 && state.answered.size
        ? unchanged({ ...state, answered: new Map() })
        : unchanged(state);
    case 'online': {
      const { online, storage } = event;
      return { state: { ...state, online, storage }, effects: [{ type: 'status' }] };
    }
    case 'unauthorized':
      return { state: { ...state, signInNeeded: true }, effects: [{ type: 'status' }] };
    case 'signOut':
      return unchanged({ ...initialState, clock: state.clock, signedIn: false });
  }
}

function clockRead(state: SyncState, reading: ClockReading): Step {
  const { clock, keep, driftMs } = readClock(state.clock, reading);
  const effects: Effect[] = [];
  if (driftMs !== undefined) effects.push({ type: 'drift', aheadMs: driftMs });
  if (keep) effects.push({ type: 'keepClock' });
  return { state: clock === state.clock ? state : { ...state, clock }, effects };
}

/** `event`'s changes as on their way: each one's stamp as sent kept. */
function onTheWay(state: SyncState, event: { seqs: readonly number[]; batch: boolean }) {
  const picked = new Set(event.seqs);
  const going = state.entries.filter((e) => picked.has(e.seq!));
  if (!going.length) return state;
  const sentAs = new Map(state.sentAs);
  for (const e of going) sentAs.set(e.seq!, editOrder(e));
  const sending = event.batch ? new Set(going.map((e) => e.seq!)) : going[0]!.seq;
  return { ...state, sentAs, sending };
}

/** A transaction committed: what it stored becomes the state, over the state as it is now. */
function stored(state: SyncState, event: SyncEvent, tx: Tx, result: TxResult): Step {
  if (tx.type === 'lists') {
    const kinds = result.kinds ?? [];
    const effects: Effect[] = [{ type: 'broadcast', message: { type: 'lists', kinds } }];
    return { state: event.type === 'persist' ? reduce(state, event).state : state, effects };
  }
  // Not there twice: a reload of the outbox may have read what the transaction added.
  const known = new Set(state.entries.map((e) => e.seq!));
  if (tx.type === 'put') {
    const put = new Map(tx.entries.map((e) => [e.seq!, e]));
    let next: SyncState = { ...state, entries: state.entries.map((e) => put.get(e.seq!) ?? e) };
    if (event.type === 'follow') next = { ...next, answered: followed(next, event) };
    return unchanged(next);
  }
  if (tx.type === 'add') {
    const added = tx.entries
      .map((e, i) => ({ ...e, seq: result.added[i] }))
      .filter((e) => !known.has(e.seq!));
    const kinds = [...new Set(tx.entries.map((e) => e.kind))];
    return {
      state: { ...state, entries: [...state.entries, ...added] },
      effects: [{ type: 'track', seqs: result.added }, ...written(kinds)],
    };
  }
  const kinds = [tx.guard.alone.kind];
  if (!result.merged) {
    // Another tab changed or sent what this change would have merged into: it was stored as
    // a change of its own, after them (engine-concurrency.test.ts, a second tab).
    const entries = (result.stored ?? []).filter((e) => !state.finished.has(e.seq!));
    return {
      state: { ...state, entries },
      effects: [{ type: 'track', seqs: result.added }, ...written(kinds)],
    };
  }
  const dropped = new Set(tx.drop);
  const { replace, add } = tx;
  let entries = state.entries
    .filter((e) => !dropped.has(e.seq!))
    .map((e) => (replace && e.seq === replace.seq ? replace : e));
  const effects: Effect[] = [];
  if (add) {
    if (!known.has(result.added[0]!)) entries = [...entries, { ...add, seq: result.added[0] }];
    effects.push({ type: 'track', seqs: result.added });
  }
  return { state: { ...state, entries }, effects: [...effects, ...written(kinds)] };
}
