import { describe, expect, it } from 'vitest';
import { batchFrom, opensBatch } from '../../../src/api/engine/batch-creates';
import type { OutboxEntry } from '../../../src/api/engine/local-db';
import { MAX_BATCH, MAX_BATCH_BYTES, utf8Length } from '../../../src/domain/resources';

// Which waiting creates of a bill import travel together (issue 35, one write path): the
// accounts' plain creates that follow each other, at most MAX_BATCH of them and at most
// MAX_BATCH_BYTES of UTF-8 JSON, as the server's 1 MB body limit counts them.

const create = (seq: number, note = '', extra: Partial<OutboxEntry> = {}): OutboxEntry => ({
  seq,
  kind: 'accounts',
  op: 'create',
  id: `a${seq}`,
  record: { id: `a${seq}`, type: 'expense', amount: 12, category: 'dining', note },
  label: `a${seq}`,
  editedAt: '2026-11-27T08:00:00.000Z',
  ...extra,
});

describe('batchFrom', () => {
  it('takes the plain account creates that follow, up to MAX_BATCH', () => {
    const entries = Array.from({ length: MAX_BATCH + 20 }, (_, i) => create(i + 1));
    expect(batchFrom(entries, entries[0]!)).toHaveLength(MAX_BATCH);
    expect(batchFrom(entries, entries[MAX_BATCH]!)).toHaveLength(20);
  });

  it('stops at another kind, an update, a grouped or a delayed change', () => {
    const others: Partial<OutboxEntry>[] = [
      { kind: 'tasks' },
      { op: 'update' },
      { group: 'g' },
      { notBefore: 1 },
    ];
    for (const other of others) {
      const entries = [create(1), create(2), create(3, '', other), create(4)];
      expect(
        batchFrom(entries, entries[0]!).map((e) => e.seq),
        JSON.stringify(other),
      ).toEqual([1, 2]);
    }
    expect(opensBatch(create(1, '', { kind: 'tasks' }))).toBe(false);
  });

  it('counts UTF-8 bytes: Chinese notes fill a request three times faster than their length', () => {
    // 2,000 characters of Chinese: ~2 KB of UTF-16 length, ~6 KB on the wire.
    const note = '餐'.repeat(2000);
    const entries = Array.from({ length: 400 }, (_, i) => create(i + 1, note));
    const batch = batchFrom(entries, entries[0]!);
    const bytes = batch.reduce((sum, e) => sum + utf8Length(JSON.stringify(e.record)) + 1, 0);
    expect(bytes).toBeLessThanOrEqual(MAX_BATCH_BYTES);
    expect(batch.length).toBeLessThan(400);
    expect(batch.length).toBeGreaterThan(100);
  });
});
