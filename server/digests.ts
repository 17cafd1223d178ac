import { type Digest, EMPTY_HASH, recordHash, xorHash } from '../src/domain/digest';
import type { Page, RecordStore } from './store';

// The digest of one user's records of one kind (src/domain/digest.ts), kept up to date from the
// records each write changed rather than computed from every row on every request
// (docs/architecture.md, "The digest"). The store's change numbers are the index: asking for
// what changed since the number the digest covers reads only the rows written since, so a sync
// in which nothing changed costs one indexed look-up. The first request after a start reads the
// kind once. Each record's hash is kept beside it, for the XOR out when it changes or goes, and
// for the device that asks which records differ.

interface Kept {
  /** The change number everything in it is current to. */
  cursor: number;
  hash: string;
  /** Each record's hash, by id. */
  hashes: Map<string, string>;
}

export interface DigestAnswer extends Digest {
  /** The change number the digest is current to. */
  cursor: number;
  /** With `ids`: every record's id and hash. */
  ids?: [string, string][];
}

export class KindDigests<T extends { id: string }> {
  private readonly kept = new Map<string, Kept>();
  /** One update at a time per user: two at once would XOR the same records in twice. */
  private readonly queue = new Map<string, Promise<unknown>>();

  constructor(private readonly records: RecordStore<T>) {}

  /**
   * `userId`'s digest of the kind, brought up to date first; with `ids`, every record's hash.
   * A device asks for those when its digest differed: the digest is then built afresh from the
   * store, so that a kept one gone wrong (a history rewritten without a restore's `reset`)
   * never has every device repair a copy that was right.
   */
  digest(userId: string, ids = false): Promise<DigestAnswer> {
    if (ids) this.kept.delete(userId);
    const run = (this.queue.get(userId) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.update(userId));
    this.queue.set(userId, run);
    return run.then((kept) => ({
      count: kept.hashes.size,
      hash: kept.hash,
      cursor: kept.cursor,
      ...(ids ? { ids: [...kept.hashes] } : {}),
    }));
  }

  private async update(userId: string): Promise<Kept> {
    const kept = this.kept.get(userId);
    if (kept) {
      const answer = await this.records.changes(userId, kept.cursor);
      // A restore replaced the history the digest was built on: build it afresh.
      if (!answer.reset) {
        for (const id of answer.deleted) {
          const old = kept.hashes.get(id);
          if (old === undefined) continue;
          kept.hash = xorHash(kept.hash, old);
          kept.hashes.delete(id);
        }
        add(kept, answer.records);
        kept.cursor = answer.cursor;
        return kept;
      }
    }
    const built = await this.build(userId);
    this.kept.set(userId, built);
    return built;
  }

  /**
   * The kind read once, in pages as a device downloads it: ten years of 记账 read whole held
   * every record as an object at once (the server's RSS peaked at ~150 MB, budget 120).
   */
  private async build(userId: string): Promise<Kept> {
    const kept: Kept = { cursor: 0, hash: EMPTY_HASH, hashes: new Map() };
    let page: Page = { limit: BUILD_PAGE };
    for (;;) {
      const answer = await this.records.changes(userId, 0, page);
      // A history replaced mid-way (a restore) starts the download over.
      if (answer.reset && page.after) return this.build(userId);
      add(kept, answer.records);
      kept.cursor = answer.cursor;
      if (!answer.more || !answer.after) return kept;
      const dot = answer.after.indexOf('.');
      page = {
        limit: BUILD_PAGE,
        after: { rev: Number(answer.after.slice(0, dot)), id: answer.after.slice(dot + 1) },
        upto: answer.cursor,
      };
    }
  }
}

/** Records per page of a digest's first build. */
const BUILD_PAGE = 2000;

/** Each record's hash XORed in, and kept; a record already there is XORed out first. */
function add(kept: Kept, records: readonly { id: string }[]) {
  for (const record of records) {
    const old = kept.hashes.get(record.id);
    if (old !== undefined) kept.hash = xorHash(kept.hash, old);
    const hash = recordHash(record);
    kept.hash = xorHash(kept.hash, hash);
    kept.hashes.set(record.id, hash);
  }
}
