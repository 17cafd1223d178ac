import { RESOURCE_NAMES, type ResourceName } from '../../../domain/resources';
import type { StorageTrouble } from '../../storage-trouble';
import { fetchChanges, type Row } from '../delta';
import { type DeviceStore, type SerialisedList, serialise } from '../device-store';
import { classify } from '../outbox';
import { readers } from '../record-check';

// Completing the device's copy after sign-in: every list this device does not hold yet is
// downloaded (paged, as the engine's own pulls), checked and serialised, and handed to the page,
// which stores it: the page is the one writer of the device's copy (device-fill.ts, and
// docs/architecture.md, "The sync engine"). It runs in a Web Worker
// (fill-worker.ts), so that the page's thread only ever parses the lists its screens show; where
// there is no Worker (tests, old browsers) the page runs the same code in idle slices
// (device-fill.ts). It never touches the outbox.

/** What the filler tells its host. */
export type FillEvent =
  /**
   * `kind` downloaded and serialised, current to `cursor`, for the page to store (unless a tab
   * stored a newer copy meanwhile); `stamp`: the latest change stamp in it.
   */
  | { type: 'stored'; kind: ResourceName; cursor: number; stamp?: string; list: SerialisedList }
  /** `kind` was claimed before the filler touched it: the page owns it from now on. */
  | { type: 'released'; kind: ResourceName }
  /** `kind` could not be downloaded; `why` says whether to go on. */
  | {
      type: 'failed';
      kind: ResourceName;
      why: 'unreachable' | 'unauthorized' | 'other';
      message: string;
      storage?: StorageTrouble | null;
    }
  /** Finished; `complete`: every kind is held. */
  | { type: 'done'; complete: boolean };

export interface FillHost {
  /** Read only: which kinds are stored. */
  store: DeviceStore;
  emit(event: FillEvent): void;
  /** Between kinds: nothing in a worker, an idle slice on the page's thread. */
  pause(): Promise<void>;
}

/** The latest stamp among `records` (stamps sort as text, see clock.ts `seen`). */
function latestStamp(records: readonly Row[]): string | undefined {
  let max = '';
  for (const { stamp } of records) if (typeof stamp === 'string' && stamp > max) max = stamp;
  return max || undefined;
}

export class Filler {
  /** Kinds the page has taken over: never stored here after their claim is answered. */
  private readonly claimed = new Set<ResourceName>();
  /** The kinds being downloaded or stored now: their claims are answered once stored. */
  private readonly current = new Set<ResourceName>();
  private stopped = false;

  constructor(private readonly host: FillHost) {}

  /**
   * The page needs `kind` (a screen shows it, or a pull is due): it owns it once the answer
   * comes, `released` at once or `stored`/`failed` when the kind is being filled just now.
   */
  claim(kind: ResourceName) {
    this.claimed.add(kind);
    if (!this.current.has(kind)) this.host.emit({ type: 'released', kind });
  }

  stop() {
    this.stopped = true;
  }

  async run(): Promise<void> {
    let complete = true;
    let away = false;
    try {
      // Which kinds are stored is a key lookup: reading a stored list would parse all of it.
      const held = await this.host.store.storedKinds();
      const queue = RESOURCE_NAMES.filter((kind) => !held.has(kind));
      // Two lists at a time: a few hundred records are mostly round trips (nine lists one after
      // another took 1.0–1.6 s after sign-in on a loaded two-core machine, budget 1.5 s), and
      // more at once would hold more pages of a large list in the server's memory together.
      const lane = async () => {
        for (let kind = queue.shift(); kind; kind = queue.shift()) {
          if (this.stopped || away) return;
          if (this.claimed.has(kind)) continue;
          this.current.add(kind);
          const failed = await this.fill(kind).finally(() => this.current.delete(kind));
          if (failed) complete = false;
          // The server is away or no longer knows the user: the next kinds would fail too.
          if (failed && failed !== 'other') away = true;
          await this.host.pause();
        }
      };
      await Promise.all([lane(), lane()]);
    } catch {
      // The device's database went away (signed out, or erased): nothing is left to fill.
      complete = false;
    }
    if (!this.stopped) this.host.emit({ type: 'done', complete: complete && !away });
  }

  /** Downloads, checks and stores `kind`; why it failed, if it did. */
  private async fill(kind: ResourceName): Promise<'unreachable' | 'unauthorized' | 'other' | null> {
    try {
      const answer = await fetchChanges(kind, 0);
      const { items, dropped } = await readers[kind](answer.records);
      if (dropped) console.warn(`[同步] ${kind}: 服务器返回的 ${dropped} 条记录无法读取，已忽略`);
      const list = items as Row[];
      if (this.stopped) return null;
      // Serialised here, off the page's thread; the page only stores the text.
      const [serialised] = await serialise([
        [kind, { list, cursor: answer.cursor, complete: true }],
      ]);
      if (this.stopped) return null;
      this.host.emit({
        type: 'stored',
        kind,
        cursor: answer.cursor,
        stamp: latestStamp(list),
        list: serialised!,
      });
      return null;
    } catch (error) {
      // Read as a failed send is (outbox.ts): no answer or a 5xx means the server is away.
      const outcome = classify({ kind, op: 'create', id: '', label: '', editedAt: '' }, error);
      const why =
        outcome.type === 'unreachable' || outcome.type === 'unauthorized' ? outcome.type : 'other';
      const message = error instanceof Error ? error.message : String(error);
      const storage = outcome.type === 'unreachable' ? (outcome.storage ?? null) : null;
      if (!this.stopped) this.host.emit({ type: 'failed', kind, why, message, storage });
      return why;
    }
  }
}
