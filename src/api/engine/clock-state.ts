import { formatStamp, type Hlc, MAX_DRIFT_MS, parseStamp, receive, tick } from '../../domain/hlc';

// The device clock as part of the sync state (reducer.ts): a hybrid logical clock
// (domain/hlc.ts) on the device's own clock, corrected by the offset from the server's clock
// measured at every server answer, so that a change made offline is stamped with the server's
// time too. Its readings are events like any other, taken by the one pure function; the shell
// keeps it on the device (engine-core.ts, effect `keepClock`). Pure: the device's time and a
// fresh node come in with the reading.

export interface ClockState {
  /** 16 hex digits naming this device in its stamps ('' until what was kept is read). */
  readonly node: string;
  /** The server's clock minus the device's, as last measured. */
  readonly offset: number;
  /** Whether `offset` was measured on this device (else a change is stamped with its clock). */
  readonly measured: boolean;
  /** The last stamp issued or received. */
  readonly last: Hlc;
  /** The stamps the last `stamp` reading issued, in order. */
  readonly issued: readonly string[];
}

export const initialClock: ClockState = {
  node: '',
  offset: 0,
  measured: false,
  last: { millis: 0, counter: 0, node: '' },
  issued: [],
};

export type ClockReading =
  /** What this device kept (`kept`, unchecked), read at start; `fresh` names a new device. */
  | { kind: 'kept'; kept: unknown; fresh: string }
  /** The server answered: its clock was `serverMs` when the device's was `deviceMs`. */
  | { kind: 'heard'; serverMs: number; deviceMs: number }
  /** `count` changes are made now. */
  | { kind: 'stamp'; count: number; deviceMs: number }
  /** Records came in whose latest stamp is `latest` (stamps sort as text). */
  | { kind: 'seen'; latest: string; deviceMs: number };

export interface ClockStep {
  clock: ClockState;
  /** Whether the clock changed in a way worth keeping on the device. */
  keep: boolean;
  /** A stamp seen ran this far ahead of the server's clock (it moved the clock no further). */
  driftMs?: number;
}

/** The server's clock, as the device best knows it. */
export const serverNow = (clock: ClockState, deviceMs: number) => deviceMs + clock.offset;

/** What is kept on the device. */
export const keptClock = ({ node, offset, last }: ClockState) => ({ node, offset, last });

const NODE = /^[0-9a-f]{16}$/;
/** An offset within this of the one kept is not written again: each answer would write. */
const OFFSET_SLACK_MS = 250;

export function readClock(clock: ClockState, reading: ClockReading): ClockStep {
  switch (reading.kind) {
    case 'kept': {
      const kept = reading.kept as
        | { node?: unknown; offset?: unknown; last?: { millis?: unknown; counter?: unknown } }
        | undefined;
      let { offset, measured, last } = clock;
      let node = reading.fresh;
      if (kept && typeof kept.node === 'string' && NODE.test(kept.node)) {
        node = kept.node;
        // An answer heard while this was read is newer than what was kept.
        if (!measured && typeof kept.offset === 'number' && Number.isFinite(kept.offset)) {
          offset = kept.offset;
          measured = true;
        }
        const k = kept.last;
        if (k && typeof k.millis === 'number' && k.millis > last.millis) {
          last = { millis: k.millis, counter: Number(k.counter) || 0, node };
        }
      }
      return { clock: { ...clock, node, offset, measured, last: { ...last, node } }, keep: true };
    }
    case 'heard': {
      const offset = reading.serverMs - reading.deviceMs;
      if (clock.measured && Math.abs(offset - clock.offset) < OFFSET_SLACK_MS) {
        return { clock, keep: false };
      }
      return { clock: { ...clock, offset, measured: true }, keep: true };
    }
    case 'stamp': {
      const now = serverNow(clock, reading.deviceMs);
      let { last } = clock;
      const issued: string[] = [];
      for (let i = 0; i < reading.count; i++) {
        last = tick(last, now);
        issued.push(formatStamp(last));
      }
      // Kept once for the lot: a bill import of 3000 rows wrote the clock 3000 times.
      return { clock: { ...clock, last, issued }, keep: true };
    }
    case 'seen': {
      let latest = parseStamp(reading.latest);
      if (!latest) return { clock, keep: false };
      const now = serverNow(clock, reading.deviceMs);
      const limit = now + MAX_DRIFT_MS;
      let driftMs: number | undefined;
      if (latest.millis > limit) {
        driftMs = latest.millis - now;
        latest = { ...latest, millis: limit, counter: 0 };
      }
      // An edit made after seeing them sorts after them.
      if (latest.millis < clock.last.millis) return { clock, keep: false, driftMs };
      return { clock: { ...clock, last: receive(clock.last, latest, now) }, keep: true, driftMs };
    }
  }
}
