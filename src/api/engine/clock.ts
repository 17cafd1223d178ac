import { parseStamp } from '../../domain/hlc';
import { type ClockReading, type ClockState, keptClock, serverNow } from './clock-state';
import type { DeviceStore } from './device-store';
import type { Dispatcher } from './dispatch';

// The device clock's face to the rest of the engine: each reading (what was kept, the server's
// time at every answer, http.ts `onServerTime`, changes stamped, stamps received) is an event of
// the sync state's reducer (clock-state.ts), taken at once; this only reads the device's time.

/** Where the clock is kept on the device (kv store). */
const CLOCK_KEY = 'clock';

/** 16 hex digits naming this device in its stamps. */
function newNode(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class DeviceClock {
  /** The device's own clock. */
  deviceNow: () => number = () => Date.now();

  /** The node, the offset and the last stamp kept on this device have been read. */
  readonly loaded: Promise<void>;

  constructor(
    private readonly store: DeviceStore,
    private readonly sync: Dispatcher,
  ) {
    this.loaded = store
      .readKept(CLOCK_KEY)
      .catch(() => undefined)
      .then((kept) => void this.read({ kind: 'kept', kept, fresh: newNode() }));
  }

  /** The effect `keepClock`: `clock` written to the device, not waited for. */
  keep(clock: ClockState) {
    void this.store.keep(CLOCK_KEY, keptClock(clock)).catch(() => undefined);
  }

  private read(reading: ClockReading): ClockState {
    return this.sync.read({ type: 'clock', reading }).clock;
  }

  /** The server's clock, as this device best knows it. */
  now(): number {
    return serverNow(this.sync.state.clock, this.deviceNow());
  }

  /** The server answered: `serverMs` is its clock now. */
  heard(serverMs: number) {
    this.read({ kind: 'heard', serverMs, deviceMs: this.deviceNow() });
  }

  /** Whether `record` was last written by a change this device stamped. */
  madeHere(record: object): boolean {
    return parseStamp((record as { stamp?: unknown }).stamp)?.node === this.sync.state.clock.node;
  }

  /** The stamp of a change made now. */
  stamp(): string {
    return this.stamps(1)[0]!;
  }

  /** Stamps of `count` changes made now, each after the one before. */
  stamps(count: number): string[] {
    return [...this.read({ kind: 'stamp', count, deviceMs: this.deviceNow() }).issued];
  }

  /**
   * Stamps seen in records received: the clock moves past the latest, so that an edit made
   * after seeing them sorts after them (no further than MAX_DRIFT_MS past the server's clock).
   */
  seen(records: Iterable<Record<string, unknown>>) {
    // Stamps sort as text: the latest is found without parsing each (a full list is 39k).
    let max = '';
    for (const { stamp } of records) if (typeof stamp === 'string' && stamp > max) max = stamp;
    if (max) this.read({ kind: 'seen', latest: max, deviceMs: this.deviceNow() });
  }
}
