import Database from 'better-sqlite3';
import type { CalendarFeed, CalendarFeedStore } from './calendar-feeds';

// The calendar_feeds table (server/db/schema.ts, migrated by openSqliteStore) through a
// connection of its own to the same file, as server/push/db.ts does: WAL lets it read while
// the store writes, and each write here is one short statement.

export function sqliteCalendarFeeds(file: string): CalendarFeedStore & { close(): void } {
  const sqlite = new Database(file, { fileMustExist: true });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  const columns = 'user_id AS userId, token_hash AS tokenHash, created_at AS createdAt';
  const s = {
    forUser: sqlite.prepare(`SELECT ${columns} FROM calendar_feeds WHERE user_id = ?`),
    byToken: sqlite.prepare(`SELECT ${columns} FROM calendar_feeds WHERE token_hash = ?`),
    replace: sqlite.prepare(
      `INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash,
         created_at = excluded.created_at`,
    ),
    remove: sqlite.prepare('DELETE FROM calendar_feeds WHERE user_id = ?'),
  };
  return {
    forUser: async (userId) => s.forUser.get(userId) as CalendarFeed | undefined,
    byToken: async (tokenHash) => s.byToken.get(tokenHash) as CalendarFeed | undefined,
    replace: async (feed) => {
      s.replace.run(feed.userId, feed.tokenHash, feed.createdAt);
    },
    remove: async (userId) => {
      s.remove.run(userId);
    },
    close: () => sqlite.close(),
  };
}
