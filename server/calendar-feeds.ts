// 设置 → 日历订阅 (issue 59): which user a feed token belongs to. Only the token's hash is
// kept (server/db/schema.ts calendar_feeds); one per user, replaced by 重置链接.

export interface CalendarFeed {
  userId: string;
  tokenHash: string;
  createdAt: string;
}

export interface CalendarFeedStore {
  /** The user's feed, if one was made. */
  forUser(userId: string): Promise<CalendarFeed | undefined>;
  /** The feed a token's hash opens; undefined for a reset or unknown one. */
  byToken(tokenHash: string): Promise<CalendarFeed | undefined>;
  /** Makes the user's feed this one: an earlier token stops working. */
  replace(feed: CalendarFeed): Promise<void>;
  remove(userId: string): Promise<void>;
}

/** In memory: the browser demo and the tests that need no file. */
export function memoryCalendarFeeds(): CalendarFeedStore {
  const byUser = new Map<string, CalendarFeed>();
  return {
    forUser: async (userId) => byUser.get(userId),
    byToken: async (tokenHash) => [...byUser.values()].find((f) => f.tokenHash === tokenHash),
    replace: async (feed) => {
      byUser.set(feed.userId, { ...feed });
    },
    remove: async (userId) => {
      byUser.delete(userId);
    },
  };
}
