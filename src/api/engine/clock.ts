import { formatStamp, type Hlc, MAX_DRIFT_MS, parseStamp, receive, tick } from '../../domain/hlc';
import type { DeviceStore } from './device-store';

// This device's hybrid logical clock (domain/hlc.ts) on its clock corrected by the offset from
// the server's, measured at every server answer (http.ts `onServerTime`) and kept on the
// device, so that a change made offline is stamped with the server's time too.

interface Kept {
  node: string;
  offset: number;
  last: Hlc;
}

const KEY = 'clock';

/** 16 hex digits naming this device in its stamps. */
function newNode(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class DeviceClock {
  /** The device's own clock. */
  deviceNow: () => number = () => Date.now();
  private kept: Kept = { node: newNode(), offset: 0, last: { millis: 0, counter: 0, node: '' } };
  /** Whether `offset` was measured on this device (else a change is stamped with its clock). */
  private measured = false;

  /** The node, the offset and the last stamp kept on this device have been read. */
  readonly loaded: Promise<void>;

  constructor(
    private readonly store: DeviceStore,
    /** Told when a stamp received ran far ahead of the server's clock (by how many ms). */
    private readonly onDrift: (aheadMs: number) => void,
  ) {
    this.loaded = this.load().catch(() => undefined);
  }

  private async load() {
    const kept = (await this.store.readKept(KEY)) as Partial<Kept> | undefined;
    if (kept && typeof kept.node === 'string' && /^[0-9a-f]{16}$/.test(kept.node)) {
      this.kept.node = kept.node;
      // An answer heard while this was read is newer than what was kept.
      if (!this.measured && typeof kept.offset === 'number' && Number.isFinite(kept.offset)) {
        this.kept.offset = kept.offset;
        this.measured = true;
      }
      const last = kept.last;
      if (last && typeof last.millis === 'number' && last.millis > this.kept.last.millis) {
        this.kept.last = { millis: last.millis, counter: last.counter, node: '' };
      }
    }
    this.kept.last = { ...this.kept.last, node: this.kept.node };
    await this.save();
  }

  /** The server's clock, as this device best knows it. */
  now(): number {
    return this.deviceNow() + this.kept.offset;
  }

  /** The server answered: `serverMs` is its clock now. */
  heard(serverMs: number) {
    const offset = serverMs - this.deviceNow();
    // Kept only when it moved: each answer would otherwise write to the device.
    if (this.measured && Math.abs(offset - this.kept.offset) < 250) return;
    this.kept.offset = offset;
    this.measured = true;
    void this.save().catch(() => undefined);
  }

  /** Whether `record` was last written by a change this device stamped. */
  madeHere(record: object): boolean {
    return parseStamp((record as { stamp?: unknown }).stamp)?.node === this.kept.node;
  }

  /** The stamp of a change made now. */
  stamp(): string {
    return this.stamps(1)[0]!;
  }

  /**
   * Stamps of `count` changes made now, each after the one before, kept once: a bill import
   * of 3000 rows wrote the clock to the device 3000 times (seconds in a test browser).
   */
  stamps(count: number): string[] {
    const now = this.now();
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      this.kept.last = tick(this.kept.last, now);
      out.push(formatStamp(this.kept.last));
    }
    void this.save().catch(() => undefined);
    return out;
  }

  /**
   * Stamps seen in records received: the clock moves past the latest, so that an edit made
   * after seeing them sorts after them. One far ahead of the server's clock moves it no further
   * than MAX_DRIFT_MS ahead, and is reported.
   */
  seen(records: Iterable<Record<string, unknown>>) {
    // Stamps sort as text: the latest is found without parsing each (a full list is 39k).
    let max = '';
    for (const { stamp } of records) if (typeof stamp === 'string' && stamp > max) max = stamp;
    let latest = parseStamp(max);
    if (!latest) return;
    const limit = this.now() + MAX_DRIFT_MS;
    if (latest.millis > limit) {
      this.onDrift(latest.millis - this.now());
      latest = { ...latest, millis: limit, counter: 0 };
    }
    if (latest.millis < this.kept.last.millis) return;
    this.kept.last = receive(this.kept.last, latest, this.now());
    void this.save().catch(() => undefined);
  }

  private save() {
    return this.store.keep(KEY, this.kept);
  }
}
