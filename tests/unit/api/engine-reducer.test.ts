import { describe, expect, it } from 'vitest';
import { type ClockState, initialClock } from '../../../src/api/engine/clock-state';
import type { DeviceStore } from '../../../src/api/engine/device-store';
import { Dispatcher } from '../../../src/api/engine/dispatch';
import type { OutboxEntry } from '../../../src/api/engine/local-db';
import {
  type Effect,
  initialState,
  reduce,
  type Step,
  type SyncEvent,
  type SyncState,
} from '../../../src/api/engine/reducer';
import { formatStamp } from '../../../src/domain/hlc';

// The engine's reducer (src/api/engine/reducer.ts) as a table: each event in each state that
// matters, the state it leaves and the effects it asks for; then the shell (dispatch.ts): a
// transaction that fails leaves memory as it was, and memory changes only once it commits.

const entry = (seq: number | undefined, op: OutboxEntry['op'], id: string, extra = {}) =>
  ({
    seq,
    kind: 'tasks',
    op,
    id,
    record: op === 'delete' ? undefined : { id, title: `${op}-${id}` },
    base: op === 'create' ? undefined : 'v1',
    label: id,
    editedAt: `2026-11-22T08:00:0${seq ?? 9}.000Z`,
    stamp: `s${seq ?? 9}`,
    ...extra,
  }) as OutboxEntry;

const c1 = entry(1, 'create', 'a');
const u2 = entry(2, 'update', 'b');
const u3 = entry(3, 'update', 'b', { base: 'v1' });

// The states that matter.
const empty = initialState;
const pending: SyncState = { ...initialState, entries: [c1, u2] };
const inFlight: SyncState = {
  ...pending,
  entries: [c1, u2, u3],
  sending: 2,
  sentAs: new Map([[2, 's2']]),
};
const answered: SyncState = {
  ...pending,
  entries: [c1],
  finished: new Set([2]),
  sentAs: new Map([[2, 's2']]),
};
const offline: SyncState = { ...pending, online: false };
const signedOut = reduce(pending, { type: 'signOut' }).state;

/** A state as a test reads it. */
function view(state: SyncState) {
  const sending = state.sending;
  return {
    entries: state.entries.map(
      (e) => `${e.seq}:${e.op}:${e.id}${e.tried ? ':tried' : ''}${e.base ? `@${e.base}` : ''}`,
    ),
    sending: typeof sending === 'number' ? [sending] : [...(sending ?? [])],
    finished: [...state.finished],
    sentAs: [...state.sentAs.keys()],
    answered: [...state.answered.values()],
    online: state.online,
    signInNeeded: state.signInNeeded,
    signedIn: state.signedIn,
  };
}

/** An effect as a test reads it. */
function said(effect: Effect): string {
  switch (effect.type) {
    case 'idb': {
      const { tx } = effect;
      if (tx.type === 'merge') {
        const parts = [
          ...tx.drop.map((s) => `-${s}`),
          ...(tx.replace ? [`=${tx.replace.seq}`] : []),
          ...(tx.add ? [`+${tx.add.op}:${tx.add.id}${tx.add.base ? `@${tx.add.base}` : ''}`] : []),
        ];
        return `idb:merge ${parts.join(' ')}`;
      }
      if (tx.type === 'add') return `idb:add ${tx.entries.map((e) => e.id).join(',')}`;
      if (tx.type === 'put') return `idb:put ${tx.entries.map((e) => e.seq).join(',')}`;
      return `idb:lists ${tx.kinds.join(',')} done ${tx.done.join(',')}`;
    }
    case 'track':
      return `track ${effect.seqs.join(',')}`;
    case 'show':
      return `show ${effect.kinds.join(',')}`;
    case 'broadcast':
      return `broadcast ${effect.message.type}`;
    case 'drift':
      return `drift ${effect.aheadMs}`;
    default:
      return effect.type;
  }
}

const shown = ({ state, effects }: Step) => ({ ...view(state), effects: effects.map(said) });
const WRITTEN = ['show tasks', 'broadcast outbox', 'flush'];

type Row = [string, SyncState, SyncEvent, Partial<ReturnType<typeof shown>>];

// biome-ignore format: one row a line reads as a table
const rows: Row[] = [
  // Loading the stored outbox (the start, another tab's word).
  ['loaded: empty takes what is stored', empty, { type: 'loaded', before: empty.entries, stored: [c1, u2] }, { entries: ['1:create:a', '2:update:b@v1'], effects: [] }],
  ['loaded: a read begun before a change is dropped', pending, { type: 'loaded', before: [], stored: [] }, { entries: ['1:create:a', '2:update:b@v1'] }],
  ['loaded: a finished change stays out', answered, { type: 'loaded', before: answered.entries, stored: [c1, u2] }, { entries: ['1:create:a'], finished: [2] }],
  // A local write: planned against memory, which does not change until it is stored.
  ['write: empty adds', empty, { type: 'write', entry: entry(undefined, 'create', 'x') }, { entries: [], effects: ['idb:merge +create:x'] }],
  ['write: an edit of a waiting create merges into it', pending, { type: 'write', entry: entry(undefined, 'update', 'a') }, { entries: ['1:create:a', '2:update:b@v1'], effects: ['idb:merge =1'] }],
  ['write: an edit of a change on its way follows it', inFlight, { type: 'write', entry: entry(undefined, 'update', 'b', { base: 'v0' }) }, { effects: ['idb:merge =3'] }],
  ['write: offline merges the same', offline, { type: 'write', entry: entry(undefined, 'update', 'a') }, { online: false, effects: ['idb:merge =1'] }],
  ['write: a delete of a create never sent cancels it', pending, { type: 'write', entry: entry(undefined, 'delete', 'a') }, { effects: ['idb:merge -1'] }],
  ['write: made from a version the server answered meanwhile, it names the answer', { ...pending, answered: new Map([['tasks:c:v1', 'v2']]) }, { type: 'write', entry: entry(undefined, 'update', 'c') }, { effects: ['idb:merge +update:c@v2'] }],
  ['write: after sign-out nothing', signedOut, { type: 'write', entry: entry(undefined, 'create', 'x') }, { entries: [], signedIn: false, effects: [] }],
  ['import: queued in one transaction', pending, { type: 'import', entries: [entry(undefined, 'create', 'x'), entry(undefined, 'create', 'y')] }, { entries: ['1:create:a', '2:update:b@v1'], effects: ['idb:add x,y'] }],
  // The transaction's answer: memory takes what it stored.
  ['stored: an add is taken with its seq, tracked, shown and sent', empty, { type: 'stored', event: { type: 'write', entry: entry(undefined, 'create', 'x') }, tx: { type: 'merge', drop: [], add: entry(undefined, 'create', 'x'), guard: { mergedInto: [], alone: entry(undefined, 'create', 'x') } }, result: { added: [7], merged: true } }, { entries: ['7:create:x'], effects: ['track 7', ...WRITTEN] }],
  ['stored: a merge replaces the change it merged into', pending, { type: 'stored', event: { type: 'write', entry: entry(undefined, 'update', 'a') }, tx: { type: 'merge', drop: [], replace: { ...c1, record: { id: 'a', title: 'new' } }, guard: { mergedInto: [c1], alone: entry(undefined, 'update', 'a') } }, result: { added: [], merged: true } }, { entries: ['1:create:a', '2:update:b@v1'], effects: WRITTEN }],
  ['stored: a cancel drops the create', pending, { type: 'stored', event: { type: 'write', entry: entry(undefined, 'delete', 'a') }, tx: { type: 'merge', drop: [1], guard: { mergedInto: [c1], alone: entry(undefined, 'delete', 'a') } }, result: { added: [], merged: true } }, { entries: ['2:update:b@v1'] }],
  ['stored: a merge another tab overtook takes the stored outbox', answered, { type: 'stored', event: { type: 'write', entry: entry(undefined, 'update', 'a') }, tx: { type: 'merge', drop: [], replace: c1, guard: { mergedInto: [c1], alone: entry(undefined, 'update', 'a') } }, result: { added: [9], merged: false, stored: [c1, u2, entry(9, 'update', 'a')] } }, { entries: ['1:create:a', '9:update:a@v1'], effects: ['track 9', ...WRITTEN] }],
  ['stored: an add a reload already brought is not there twice', pending, { type: 'stored', event: { type: 'import', entries: [entry(undefined, 'create', 'b')] }, tx: { type: 'add', entries: [entry(undefined, 'create', 'b')] }, result: { added: [2], merged: true } }, { entries: ['1:create:a', '2:update:b@v1'] }],
  ['stored: an import is taken in order', pending, { type: 'stored', event: { type: 'import', entries: [] }, tx: { type: 'add', entries: [entry(undefined, 'create', 'x'), entry(undefined, 'create', 'y')] }, result: { added: [10, 11], merged: true } }, { entries: ['1:create:a', '2:update:b@v1', '10:create:x', '11:create:y'], effects: ['track 10,11', ...WRITTEN] }],
  // Sending.
  ['tried: an unsent create is marked before it goes', pending, { type: 'tried', seqs: [1] }, { entries: ['1:create:a:tried', '2:update:b@v1'], effects: ['idb:put 1'] }],
  ['tried: one marked before stays as it is', { ...pending, entries: [{ ...c1, tried: true }] }, { type: 'tried', seqs: [1] }, { effects: [] }],
  ['send: a change goes, its stamp kept', pending, { type: 'send', seqs: [2], batch: false }, { sending: [2], sentAs: [2], effects: [] }],
  ['send: creates go together', pending, { type: 'send', seqs: [1, 2], batch: true }, { sending: [1, 2], sentAs: [1, 2] }],
  ['send: a change merged away meanwhile does not go', pending, { type: 'send', seqs: [5], batch: false }, { sending: [], sentAs: [] }],
  ['send: offline it is tried all the same', offline, { type: 'send', seqs: [2], batch: false }, { sending: [2], online: false }],
  ['sent: nothing is on its way any more', inFlight, { type: 'sent' }, { sending: [], sentAs: [2] }],
  // A server answer.
  ['answer: the change is done with, still stored', inFlight, { type: 'answer', seq: 2 }, { entries: ['1:create:a', '3:update:b@v1'], finished: [2] }],
  ['answer: of another change leaves this one', pending, { type: 'answer', seq: 1 }, { entries: ['2:update:b@v1'], finished: [1] }],
  ['rewrite: a create answered with the server’s record becomes an edit', pending, { type: 'rewrite', entry: { ...c1, op: 'update', base: 'v5' } }, { entries: ['1:update:a@v5', '2:update:b@v1'], effects: ['idb:put 1'] }],
  ['follow: later changes made from the same version follow the answer', inFlight, { type: 'follow', entry: u2, base: 'v2' }, { entries: ['1:create:a', '2:update:b@v1', '3:update:b@v2'], answered: ['v2'], effects: ['idb:put 3'] }],
  ['follow: with none to follow, only the answer is kept', pending, { type: 'follow', entry: u2, base: 'v2' }, { entries: ['1:create:a', '2:update:b@v1'], answered: ['v2'], effects: [] }],
  // A pull page, and the replay's end: lists and finished changes in one transaction.
  ['persist: a pull page stores its list', pending, { type: 'persist', kinds: ['tasks'], done: [] }, { entries: ['1:create:a', '2:update:b@v1'], effects: ['idb:lists tasks done '] }],
  ['persist: the finished changes leave with the lists', answered, { type: 'persist', kinds: ['tasks'], done: [2] }, { finished: [], sentAs: [], effects: ['idb:lists tasks done 2'] }],
  ['stored: the lists stored are told to other tabs', answered, { type: 'stored', event: { type: 'persist', kinds: ['tasks'], done: [2] }, tx: { type: 'lists', kinds: ['tasks'], done: [2], sentAs: answered.sentAs }, result: { added: [], merged: true, kinds: ['tasks'] } }, { finished: [], sentAs: [], effects: ['broadcast lists'] }],
  ['persistFailed: the changes may be read back', answered, { type: 'persistFailed', done: [2] }, { finished: [], sentAs: [2] }],
  ['idle: nothing waits, the answers are forgotten', { ...empty, answered: new Map([['k', 'v2']]) }, { type: 'idle', writing: 0 }, { answered: [] }],
  ['idle: a change waits, they are kept', { ...pending, answered: new Map([['k', 'v2']]) }, { type: 'idle', writing: 0 }, { answered: ['v2'] }],
  ['idle: a change being stored, they are kept', { ...empty, answered: new Map([['k', 'v2']]) }, { type: 'idle', writing: 1 }, { answered: ['v2'] }],
  // A clock reading from the server, going offline and online.
  ['online: the server went away', pending, { type: 'online', online: false, storage: null }, { online: false, effects: ['status'] }],
  ['online: it is back, the changes still wait', offline, { type: 'online', online: true, storage: null }, { online: true, entries: ['1:create:a', '2:update:b@v1'], effects: ['status'] }],
  ['online: with a change on its way', inFlight, { type: 'online', online: false, storage: null }, { online: false, sending: [2] }],
  // Signing out.
  ['unauthorized: sign-in needed', pending, { type: 'unauthorized' }, { signInNeeded: true, effects: ['status'] }],
  ['signOut: with changes waiting, nothing is kept in memory', pending, { type: 'signOut' }, { signedIn: false, entries: [] }],
  ['signOut: with a change on its way', inFlight, { type: 'signOut' }, { signedIn: false, sending: [] }],
  ['after sign-out an answer changes nothing', signedOut, { type: 'answer', seq: 1 }, { signedIn: false, entries: [], finished: [], effects: [] }],
  ['after sign-out going offline changes nothing', signedOut, { type: 'online', online: false, storage: null }, { online: null, effects: [] }],
];

describe('reduce(state, event) → { state, effects }', () => {
  it.each(rows)('%s', (_name, state, event, expected) => {
    const before = view(state);
    expect(shown(reduce(state, event))).toMatchObject(expected);
    // Pure: the state it was given is as it was.
    expect(view(state)).toEqual(before);
  });

  it('covers every event', () => {
    const covered = new Set(rows.map(([, , event]) => event.type));
    const all: SyncEvent['type'][] = [
      'loaded',
      'write',
      'import',
      'stored',
      'tried',
      'send',
      'sent',
      'answer',
      'rewrite',
      'follow',
      'persist',
      'persistFailed',
      'idle',
      'online',
      'unauthorized',
      'signOut',
      'clock',
    ];
    for (const [, , event] of clockRows) covered.add(event.type);
    expect([...covered].sort()).toEqual([...all].sort());
  });
});

// The clock's readings: what was kept, the server's time, changes stamped, stamps received.
const A = 'aaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbb';
const T = Date.parse('2026-11-22T08:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();
const withClock = (clock: Partial<ClockState>, state = initialState): SyncState => ({
  ...state,
  clock: { ...initialClock, ...clock },
});
/** A loaded clock that measured the server `offset` ms ahead, its last stamp at T. */
const measured = (offset: number) =>
  withClock({ node: A, offset, measured: true, last: { millis: T, counter: 0, node: A } });
const unloaded = withClock({});

interface ClockView {
  node?: string;
  offset?: number;
  measured?: boolean;
  /** The last stamp, as its time and counter. */
  last?: [string, number];
  issued?: string[];
  effects?: string[];
}
type ClockRow = [string, SyncState, Extract<SyncEvent, { type: 'clock' }>, ClockView];
const kept = (value: unknown, fresh = B): ClockRow[2] => ({
  type: 'clock',
  reading: { kind: 'kept', kept: value, fresh },
});
const heard = (serverMs: number, deviceMs: number): ClockRow[2] => ({
  type: 'clock',
  reading: { kind: 'heard', serverMs, deviceMs },
});
const stamp = (count: number, deviceMs: number): ClockRow[2] => ({
  type: 'clock',
  reading: { kind: 'stamp', count, deviceMs },
});
const seen = (millis: number, counter: number, deviceMs: number): ClockRow[2] => ({
  type: 'clock',
  reading: { kind: 'seen', latest: formatStamp({ millis, counter, node: B }), deviceMs },
});

// biome-ignore format: a table reads best one row to a line
const clockRows: ClockRow[] = [
  ['kept: a new device names itself with the fresh node, and keeps it', unloaded, kept(undefined), { node: B, offset: 0, measured: false, effects: ['keepClock'] }],
  ['kept: the node, offset and last stamp kept are taken', unloaded, kept({ node: A, offset: 5000, last: { millis: T, counter: 3 } }), { node: A, offset: 5000, measured: true, last: [at(T), 3], effects: ['keepClock'] }],
  ['kept: a node that is not 16 hex digits is a new device', unloaded, kept({ node: 'A1', offset: 5000, last: { millis: T, counter: 3 } }), { node: B, offset: 0, measured: false, last: [at(0), 0] }],
  ['kept: an offset heard while it was read stands over the kept one', withClock({ offset: -100, measured: true }), kept({ node: A, offset: 5000 }), { node: A, offset: -100 }],
  ['kept: a later stamp already made stands over an earlier one kept', withClock({ last: { millis: T, counter: 7, node: '' } }), kept({ node: A, last: { millis: T - 1, counter: 0 } }), { last: [at(T), 7] }],
  ['heard: the first answer measures the server 1 s ahead', unloaded, heard(T + 1000, T), { offset: 1000, measured: true, effects: ['keepClock'] }],
  ['heard: a move under 250 ms is not kept', measured(1000), heard(T + 1249, T), { offset: 1000, effects: [] }],
  ['heard: a move of 250 ms is', measured(1000), heard(T + 1250, T), { offset: 1250, effects: ['keepClock'] }],
  ['heard: the server behind the device', measured(1000), heard(T - 3000, T), { offset: -3000, effects: ['keepClock'] }],
  ['stamp: three changes, in order, on the server’s time', measured(1000), stamp(3, T - 500), { issued: [`${at(T + 500)}-0000-${A}`, `${at(T + 500)}-0001-${A}`, `${at(T + 500)}-0002-${A}`], last: [at(T + 500), 2], effects: ['keepClock'] }],
  ['stamp: a device clock gone back still stamps after the last', measured(0), stamp(1, T - 60_000), { issued: [`${at(T)}-0001-${A}`], last: [at(T), 1] }],
  ['seen: a later stamp moves the clock past it', measured(0), seen(T + 2000, 4, T), { last: [at(T + 2000), 5], effects: ['keepClock'] }],
  ['seen: an earlier stamp changes nothing', measured(0), seen(T - 1000, 4, T), { last: [at(T), 0], effects: [] }],
  ['seen: a stamp an hour ahead is told and moves the clock 5 minutes on', measured(0), seen(T + 3_600_000, 9, T), { last: [at(T + 300_000), 1], effects: ['drift 3600000', 'keepClock'] }],
  ['seen: ahead of the device but not of the server’s clock', measured(600_000), seen(T + 600_000, 0, T), { last: [at(T + 600_000), 1], effects: ['keepClock'] }],
  ['after sign-out the clock still reads: it is the device’s', withClock({ node: A }, signedOut), heard(T + 1000, T), { offset: 1000, effects: ['keepClock'] }],
];

describe('the clock: its readings are events of the same reducer', () => {
  it.each(clockRows)('%s', (_name, state, event, expected) => {
    const before = JSON.stringify(state.clock);
    const { state: next, effects } = reduce(state, event);
    const { node, offset, measured: isMeasured, last, issued } = next.clock;
    const got: ClockView = {
      node,
      offset,
      measured: isMeasured,
      last: [at(last.millis), last.counter],
      issued: [...issued],
      effects: effects.map(said),
    };
    expect(got).toMatchObject(expected);
    expect(JSON.stringify(state.clock)).toBe(before);
    // A reading changes the clock and nothing else of the state.
    expect(view(next)).toEqual(view(state));
  });

  it('sign-out keeps the clock: the next user of the device stamps after it', () => {
    const out = reduce(measured(1000), { type: 'signOut' }).state;
    expect(out.clock.node).toBe(A);
    expect(out.clock.last.millis).toBe(T);
  });

  it('the shell takes a reading at once: its stamps come back in the same call', () => {
    const performed: string[] = [];
    const shell = new Dispatcher(
      () => ({}) as DeviceStore,
      (effect) => void performed.push(said(effect)),
    );
    shell.read(kept({ node: A }));
    const state = shell.read(stamp(2, T));
    expect(state.clock.issued).toEqual([`${at(T)}-0000-${A}`, `${at(T)}-0001-${A}`]);
    expect(shell.state).toBe(state);
    expect(performed).toEqual(['keepClock', 'keepClock']);
  });
});

/** A store whose outbox write is held until `commit` or `fail` is called. */
function heldStore() {
  let commit: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  let during: SyncState | undefined;
  const store = {
    writeOutbox: () =>
      new Promise((resolve, reject) => {
        commit = () => resolve({ added: 7, merged: true });
        fail = reject;
      }),
  } as unknown as DeviceStore;
  const performed: Effect['type'][] = [];
  const shell = new Dispatcher(
    () => store,
    (effect) => void performed.push(effect.type),
  );
  return {
    shell,
    performed,
    commit: () => {
      during = shell.state;
      commit();
    },
    fail: (error: Error) => fail(error),
    during: () => during,
  };
}

describe('the shell: IndexedDB first, then memory, then the rest', () => {
  it('a failed transaction leaves the state in memory as it was, and shows nothing', async () => {
    const { shell, performed, fail } = heldStore();
    shell.state = pending;
    const written = shell.dispatch({ type: 'write', entry: entry(undefined, 'create', 'x') });
    await Promise.resolve();
    fail(new Error('QuotaExceededError'));
    await expect(written).rejects.toThrow('QuotaExceededError');
    expect(shell.state).toBe(pending);
    expect(performed).toEqual([]);
    // The next event is not held up by the failed one.
    await shell.dispatch({ type: 'send', seqs: [2], batch: false });
    expect(shell.state.sending).toBe(2);
  });

  it('memory takes the write only once it is stored, over what came meanwhile', async () => {
    const { shell, performed, commit, during } = heldStore();
    shell.state = pending;
    const written = shell.dispatch({ type: 'write', entry: entry(undefined, 'create', 'x') });
    await Promise.resolve();
    // Going offline needs no transaction: it is taken at once.
    await shell.dispatch({ type: 'online', online: false, storage: null });
    expect(shell.state.entries).toHaveLength(2);
    commit();
    expect(await written).toMatchObject({ added: [7] });
    expect(during()?.entries).toHaveLength(2);
    expect(view(shell.state)).toMatchObject({
      entries: ['1:create:a', '2:update:b@v1', '7:create:x'],
      online: false,
    });
    expect(performed).toEqual(['status', 'track', 'show', 'broadcast', 'flush']);
  });

  it('after sign-out an event is refused as stopped', async () => {
    const { shell } = heldStore();
    await shell.dispatch({ type: 'signOut' });
    await expect(shell.dispatch({ type: 'sent' })).rejects.toThrow('已退出登录');
  });
});
