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
  status: 'pending' | 'sent' | 'held';
  dueAt: string;
  createdAt: string;
  sentAt: string | null;
  read: boolean;
}

/** A user's 提醒渠道 row (schema.ts reminder_channels). */
export interface ChannelRow {
  channel: string;
  target: string;
  enabled: boolean;
  failures: number;
  lastError: string;
  updatedAt: string;
}

/** A channel send that is due, with what it carries (its delivery's title, body and screen). */
export interface DueChannelSend {
  userId: string;
  key: string;
  occurrence: string;
  channel: string;
  attempts: number;
  nextAt: string;
}

/** Sends to one channel that fail in a row before it is switched off (issue 62). */
export const MAX_CHANNEL_FAILURES = 10;

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
    // A reminder held by 免打扰 (status 'held', already in the inbox) becomes pending when they
    // end; any other that was recorded before is left as it is.
    record: sqlite.prepare(
      `INSERT INTO push_deliveries (user_id, key, occurrence, kind, title, body, url, status, due_at, created_at)
       VALUES (@userId, @key, @occurrence, @kind, @title, @body, @url, 'pending', @dueAt, @createdAt)
       ON CONFLICT (user_id, key, occurrence) DO UPDATE SET status = 'pending', title = excluded.title, body = excluded.body
         WHERE status = 'held'`,
    ),
    hold: sqlite.prepare(
      `INSERT INTO push_deliveries (user_id, key, occurrence, kind, title, body, url, status, due_at, created_at)
       VALUES (@userId, @key, @occurrence, @kind, @title, @body, @url, 'held', @dueAt, @createdAt)
       ON CONFLICT DO NOTHING`,
    ),
    // Straight into the inbox, sent to nothing: a channel switched off after failures.
    notice: sqlite.prepare(
      `INSERT INTO push_deliveries (user_id, key, occurrence, kind, title, body, url, status, due_at, created_at, sent_at)
       VALUES (@userId, @key, @occurrence, @kind, @title, @body, @url, 'sent', @dueAt, @createdAt, @createdAt)
       ON CONFLICT DO NOTHING`,
    ),
    delivery: sqlite.prepare(
      'SELECT * FROM push_deliveries WHERE user_id = ? AND key = ? AND occurrence = ?',
    ),
    channels: sqlite.prepare(
      `SELECT channel, target, enabled, failures, last_error AS lastError, updated_at AS updatedAt
       FROM reminder_channels WHERE user_id = ?`,
    ),
    saveChannel: sqlite.prepare(
      `INSERT INTO reminder_channels (user_id, channel, target, enabled, failures, last_error, updated_at)
       VALUES (@userId, @channel, @target, @enabled, 0, '', @updatedAt)
       ON CONFLICT (user_id, channel) DO UPDATE SET target = excluded.target,
         enabled = excluded.enabled, updated_at = excluded.updated_at,
         failures = CASE WHEN excluded.enabled = 1 AND reminder_channels.enabled = 0 THEN 0
           WHEN excluded.target = reminder_channels.target THEN reminder_channels.failures ELSE 0 END,
         last_error = CASE WHEN excluded.target = reminder_channels.target
           AND NOT (excluded.enabled = 1 AND reminder_channels.enabled = 0)
           THEN reminder_channels.last_error ELSE '' END`,
    ),
    ensureChannel: sqlite.prepare(
      `INSERT INTO reminder_channels (user_id, channel, target, enabled, updated_at)
       VALUES (?, ?, ?, 0, ?) ON CONFLICT DO NOTHING`,
    ),
    addChannelSend: sqlite.prepare(
      `INSERT INTO channel_sends (user_id, key, occurrence, channel, status, attempts, next_at, created_at)
       VALUES (?, ?, ?, ?, 'pending', 0, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    dueChannelSends: sqlite.prepare(
      `SELECT user_id AS userId, key, occurrence, channel, attempts, next_at AS nextAt
       FROM channel_sends WHERE status = 'pending' AND next_at <= ?`,
    ),
    nextChannelSend: sqlite
      .prepare(`SELECT min(next_at) FROM channel_sends WHERE status = 'pending'`)
      .pluck(true),
    channelSendsOf: sqlite.prepare(
      `SELECT user_id AS userId, key, occurrence, channel, attempts, next_at AS nextAt
       FROM channel_sends WHERE user_id = ? AND key = ? AND occurrence = ? AND status = 'pending'
         AND next_at <= ?`,
    ),
    channelSent: sqlite.prepare(
      `UPDATE channel_sends SET status = 'sent', sent_at = ?, attempts = attempts + 1, error = ''
       WHERE user_id = ? AND key = ? AND occurrence = ? AND channel = ?`,
    ),
    channelRetry: sqlite.prepare(
      `UPDATE channel_sends SET attempts = attempts + 1, next_at = ?, error = ?
       WHERE user_id = ? AND key = ? AND occurrence = ? AND channel = ?`,
    ),
    channelGiveUp: sqlite.prepare(
      `UPDATE channel_sends SET status = 'failed', attempts = attempts + ?, error = ?
       WHERE user_id = ? AND key = ? AND occurrence = ? AND channel = ?`,
    ),
    giveUpChannel: sqlite.prepare(
      `UPDATE channel_sends SET status = 'failed', error = ?
       WHERE user_id = ? AND channel = ? AND status = 'pending'`,
    ),
    channelOk: sqlite.prepare(
      `UPDATE reminder_channels SET failures = 0, last_error = '' WHERE user_id = ? AND channel = ?`,
    ),
    channelFailed: sqlite.prepare(
      `UPDATE reminder_channels SET failures = failures + 1, last_error = ?
       WHERE user_id = ? AND channel = ? RETURNING failures, enabled`,
    ),
    switchOff: sqlite.prepare(
      `UPDATE reminder_channels SET enabled = 0, updated_at = ? WHERE user_id = ? AND channel = ?`,
    ),
    known: sqlite
      .prepare('SELECT 1 FROM push_deliveries WHERE user_id = ? AND key = ? AND occurrence = ?')
      .pluck(true),
    markSent: sqlite.prepare(
      `UPDATE push_deliveries SET status = 'sent', sent_at = ?
       WHERE user_id = ? AND key = ? AND occurrence = ?`,
    ),
    pending: sqlite.prepare(`SELECT * FROM push_deliveries WHERE status = 'pending'`),
    // Held by 免打扰 or being sent, a reminder is in the inbox at once (issue 62).
    inbox: sqlite.prepare(
      `SELECT * FROM push_deliveries WHERE user_id = ?
       ORDER BY coalesce(sent_at, created_at) DESC, rowid DESC LIMIT ${INBOX_SIZE}`,
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
     * Records a delivery as pending, with one pending send for each of `channels`, in one
     * transaction; false when this reminder's occurrence was recorded before (sent, or being
     * sent). A delivery held by 免打扰 is released instead. Committed when it returns
     * (synchronous = FULL): each channel is then sent to once, whatever crashes after.
     */
    record(d: Omit<Delivery, 'status' | 'sentAt' | 'read'>, channels: string[] = []): boolean {
      return sqlite.transaction(() => {
        if (s.record.run(d).changes !== 1) return false;
        for (const channel of channels) {
          s.addChannelSend.run(d.userId, d.key, d.occurrence, channel, d.createdAt, d.createdAt);
        }
        return true;
      })();
    },
    /** Records a reminder held by 免打扰: in the inbox now, sent to nothing until released. */
    hold(d: Omit<Delivery, 'status' | 'sentAt' | 'read'>): boolean {
      return s.hold.run(d).changes === 1;
    },
    /** An inbox notice that is sent nowhere (a channel switched off). */
    notice(d: Omit<Delivery, 'status' | 'sentAt' | 'read'>) {
      s.notice.run(d);
    },
    delivery(userId: string, key: string, occurrence: string): Delivery | undefined {
      const row = s.delivery.get(userId, key, occurrence) as Record<string, unknown> | undefined;
      return row ? toDelivery(row) : undefined;
    },
    channels: (userId: string) =>
      (s.channels.all(userId) as (Omit<ChannelRow, 'enabled'> & { enabled: number })[]).map(
        (r) => ({ ...r, enabled: r.enabled === 1 }),
      ) as ChannelRow[],
    /**
     * Stores a user's choice for a channel. Switching it on, or choosing another target,
     * starts its failure count again.
     */
    saveChannel(
      userId: string,
      channel: string,
      v: { target: string; enabled: boolean },
      at: string,
    ) {
      s.saveChannel.run({
        userId,
        channel,
        target: v.target,
        enabled: v.enabled ? 1 : 0,
        updatedAt: at,
      });
    },
    /** A channel's first row, with a default target (a random ntfy topic); kept if there. */
    ensureChannel(userId: string, channel: string, target: string, at: string) {
      s.ensureChannel.run(userId, channel, target, at);
    },
    /** A send that went through outside the scheduler (发送测试): no failures in a row. */
    channelOk(userId: string, channel: string) {
      s.channelOk.run(userId, channel);
    },
    /** Pending channel sends due by `now` (ISO): all of them, or one delivery's. */
    dueChannelSends(now: string, of?: Pick<Delivery, 'userId' | 'key' | 'occurrence'>) {
      return (
        of
          ? s.channelSendsOf.all(of.userId, of.key, of.occurrence, now)
          : s.dueChannelSends.all(now)
      ) as DueChannelSend[];
    },
    /** When the next pending channel send is to be tried (ISO), if any. */
    nextChannelSend: () => (s.nextChannelSend.get() as string | null) ?? undefined,
    channelSent(c: DueChannelSend, at: string) {
      sqlite.transaction(() => {
        s.channelSent.run(at, c.userId, c.key, c.occurrence, c.channel);
        s.channelOk.run(c.userId, c.channel);
      })();
    },
    /**
     * A failed send: tried again at `retryAt`, or given up (`retryAt` undefined). One more
     * failure in a row for the channel; at MAX_CHANNEL_FAILURES it is switched off, its other
     * pending sends given up, and true returned.
     */
    channelFailed(c: DueChannelSend, error: string, retryAt: string | undefined, at: string) {
      return sqlite.transaction(() => {
        if (retryAt) s.channelRetry.run(retryAt, error, c.userId, c.key, c.occurrence, c.channel);
        else s.channelGiveUp.run(1, error, c.userId, c.key, c.occurrence, c.channel);
        const row = s.channelFailed.get(error, c.userId, c.channel) as
          | { failures: number; enabled: number }
          | undefined;
        if (row?.enabled !== 1 || row.failures < MAX_CHANNEL_FAILURES) return false;
        s.switchOff.run(at, c.userId, c.channel);
        s.giveUpChannel.run('渠道已关闭', c.userId, c.channel);
        return true;
      })();
    },
    /** A send not tried at all (the channel was switched off or is no longer offered). */
    channelSkipped(c: DueChannelSend, why: string) {
      s.channelGiveUp.run(0, why, c.userId, c.key, c.occurrence, c.channel);
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
