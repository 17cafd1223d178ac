import Database from 'better-sqlite3';

// The push tables (server/db/schema.ts, migrated by openSqliteStore) through a connection of
// their own to the same file: WAL lets it read while the store writes, and every write here
// is one short statement. Raw statements, like sqlite-store.ts, prepared once.

export interface Subscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  expirationTime: number | null;
  deviceName: string;
  createdAt: string;
}

export interface Delivery {
  userId: string;
  key: string;
  occurrence: string;
  kind: string;
  title: string;
  body: string;
  url: string;
  status: 'pending' | 'sent';
  dueAt: string;
  createdAt: string;
  sentAt: string | null;
  read: boolean;
}

export interface OneOff {
  userId: string;
  id: string;
  kind: string;
  at: string;
  title: string;
  body: string;
  url: string;
  data: string;
}

const INBOX_SIZE = 100;
/** Push subscriptions per user; a new one past this replaces the oldest (issue 57). */
const MAX_SUBSCRIPTIONS = 20;
/** One-off reminders (focus phases, snoozes) a user may have waiting. */
export const MAX_ONE_OFFS = 500;

export type PushDb = ReturnType<typeof openPushDb>;

const toDelivery = (r: Record<string, unknown>): Delivery => ({
  userId: r.user_id as string,
  key: r.key as string,
  occurrence: r.occurrence as string,
  kind: r.kind as string,
  title: r.title as string,
  body: r.body as string,
  url: r.url as string,
  status: r.status as Delivery['status'],
  dueAt: r.due_at as string,
  createdAt: r.created_at as string,
  sentAt: (r.sent_at as string | null) ?? null,
  read: r.read === 1,
});

export function openPushDb(file: string) {
  const sqlite = new Database(file, { fileMustExist: true });
  sqlite.pragma('journal_mode = WAL');
  // A delivery's record must be on disk before its push leaves (exactly once across kill -9).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');

  const s = {
    subscriptions: sqlite.prepare(
      `SELECT endpoint, p256dh, auth, expiration_time AS expirationTime, device_name AS deviceName,
         created_at AS createdAt FROM push_subscriptions WHERE user_id = ? ORDER BY created_at`,
    ),
    findSubscription: sqlite.prepare(
      'SELECT p256dh, auth FROM push_subscriptions WHERE user_id = ? AND endpoint = ?',
    ),
    // The session that stored it last owns it: when that session ends, so does the
    // subscription (ON DELETE CASCADE through session_hash, migration 0007).
    upsertSubscription: sqlite.prepare(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, expiration_time, device_name, created_at, session_hash)
       VALUES (@userId, @endpoint, @p256dh, @auth, @expirationTime, @deviceName, @createdAt, @sessionHash)
       ON CONFLICT (user_id, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
         expiration_time = excluded.expiration_time, device_name = excluded.device_name,
         session_hash = excluded.session_hash`,
    ),
    trimSubscriptions: sqlite.prepare(
      `DELETE FROM push_subscriptions WHERE user_id = @userId AND rowid NOT IN
         (SELECT rowid FROM push_subscriptions WHERE user_id = @userId
          ORDER BY created_at DESC, rowid DESC LIMIT ${MAX_SUBSCRIPTIONS})`,
    ),
    removeSubscription: sqlite.prepare(
      'DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?',
    ),
    users: sqlite.prepare('SELECT username FROM users ORDER BY username').pluck(true),
    record: sqlite.prepare(
      `INSERT INTO push_deliveries (user_id, key, occurrence, kind, title, body, url, status, due_at, created_at)
       VALUES (@userId, @key, @occurrence, @kind, @title, @body, @url, 'pending', @dueAt, @createdAt)
       ON CONFLICT DO NOTHING`,
    ),
    known: sqlite
      .prepare('SELECT 1 FROM push_deliveries WHERE user_id = ? AND key = ? AND occurrence = ?')
      .pluck(true),
    markSent: sqlite.prepare(
      `UPDATE push_deliveries SET status = 'sent', sent_at = ?
       WHERE user_id = ? AND key = ? AND occurrence = ?`,
    ),
    pending: sqlite.prepare(`SELECT * FROM push_deliveries WHERE status = 'pending'`),
    inbox: sqlite.prepare(
      `SELECT * FROM push_deliveries WHERE user_id = ? AND status = 'sent'
       ORDER BY sent_at DESC, rowid DESC LIMIT ${INBOX_SIZE}`,
    ),
    markRead: sqlite.prepare(
      'UPDATE push_deliveries SET read = 1 WHERE user_id = ? AND key = ? AND occurrence = ?',
    ),
    markAllRead: sqlite.prepare('UPDATE push_deliveries SET read = 1 WHERE user_id = ?'),
    oneOffs: sqlite.prepare('SELECT * FROM push_one_offs WHERE user_id = ?'),
    countOneOffs: sqlite
      .prepare('SELECT count(*) FROM push_one_offs WHERE user_id = ?')
      .pluck(true),
    hasOneOff: sqlite
      .prepare('SELECT 1 FROM push_one_offs WHERE user_id = ? AND id = ?')
      .pluck(true),
    addOneOff: sqlite.prepare(
      `INSERT INTO push_one_offs (user_id, id, kind, at, title, body, url, data)
       VALUES (@userId, @id, @kind, @at, @title, @body, @url, @data)
       ON CONFLICT (user_id, id) DO UPDATE SET kind = excluded.kind, at = excluded.at,
         title = excluded.title, body = excluded.body, url = excluded.url, data = excluded.data`,
    ),
    addOneOffOnce: sqlite.prepare(
      `INSERT INTO push_one_offs (user_id, id, kind, at, title, body, url, data)
       VALUES (@userId, @id, @kind, @at, @title, @body, @url, @data) ON CONFLICT DO NOTHING`,
    ),
    removeOneOff: sqlite.prepare('DELETE FROM push_one_offs WHERE user_id = ? AND id = ?'),
    pruneOneOffs: sqlite.prepare('DELETE FROM push_one_offs WHERE at < ?'),
  };

  return {
    sqlite,
    subscriptions: (userId: string) => s.subscriptions.all(userId) as Subscription[],
    /**
     * 'created', 'known' (same keys) or 'updated' (the browser renewed its keys), for the
     * session `sessionHash`. A 21st subscription ends the user's oldest.
     */
    saveSubscription(
      userId: string,
      sub: Subscription,
      sessionHash: string,
    ): 'created' | 'known' | 'updated' {
      return sqlite.transaction(() => {
        const old = s.findSubscription.get(userId, sub.endpoint) as
          | { p256dh: string; auth: string }
          | undefined;
        s.upsertSubscription.run({ userId, ...sub, sessionHash });
        if (!old) {
          s.trimSubscriptions.run({ userId });
          return 'created';
        }
        return old.p256dh === sub.p256dh && old.auth === sub.auth ? 'known' : 'updated';
      })();
    },
    removeSubscription: (userId: string, endpoint: string) =>
      s.removeSubscription.run(userId, endpoint).changes > 0,
    users: () => s.users.all() as string[],
    /**
     * Records a delivery as pending; false when this reminder's occurrence was recorded before
     * (sent, or being sent). Committed when it returns (autocommit, synchronous = FULL).
     */
    record(d: Omit<Delivery, 'status' | 'sentAt' | 'read'>): boolean {
      return s.record.run(d).changes === 1;
    },
    known: (userId: string, key: string, occurrence: string) =>
      s.known.get(userId, key, occurrence) === 1,
    markSent(d: Pick<Delivery, 'userId' | 'key' | 'occurrence'>, at: string) {
      s.markSent.run(at, d.userId, d.key, d.occurrence);
    },
    pending: () => (s.pending.all() as Record<string, unknown>[]).map(toDelivery),
    inbox: (userId: string) => (s.inbox.all(userId) as Record<string, unknown>[]).map(toDelivery),
    markRead(userId: string, items: { key: string; occurrence: string }[] | 'all') {
      if (items === 'all') return void s.markAllRead.run(userId);
      sqlite.transaction(() => {
        for (const i of items) s.markRead.run(userId, i.key, i.occurrence);
      })();
    },
    oneOffs: (userId: string) => s.oneOffs.all(userId) as OneOff[],
    /**
     * Schedules (or moves) a one-off; `once`: keep an existing one as it is. 'full' when it is
     * new and the user has MAX_ONE_OFFS waiting already.
     */
    addOneOff(o: OneOff, once = false): boolean | 'full' {
      return sqlite.transaction(() => {
        if (
          s.hasOneOff.get(o.userId, o.id) !== 1 &&
          (s.countOneOffs.get(o.userId) as number) >= MAX_ONE_OFFS
        ) {
          return 'full' as const;
        }
        return (once ? s.addOneOffOnce : s.addOneOff).run(o).changes === 1;
      })();
    },
    removeOneOff: (userId: string, id: string) => s.removeOneOff.run(userId, id).changes > 0,
    pruneOneOffs: (before: string) => void s.pruneOneOffs.run(before),
    close: () => sqlite.close(),
  };
}
