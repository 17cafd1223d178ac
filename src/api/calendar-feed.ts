import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from './http';

// 设置 → 日历订阅 (issue 59; server/routes/calendar.ts). The server keeps only the token's
// hash, so the address is known only in the answer that made it: this device holds it for as
// long as the page is open, and 重置链接 makes a new one whenever it is needed again.

export interface CalendarFeedState {
  active: boolean;
  createdAt: string | null;
  /** The feed's path, only in the answer that made it. */
  path?: string;
}

const feedKey = ['calendar-feed'] as const;

export const useCalendarFeed = () =>
  useQuery({
    queryKey: feedKey,
    queryFn: () => apiRequest<CalendarFeedState>('GET', '/api/calendar/feed'),
  });

/** 生成订阅链接 / 重置链接: a new address, the one before it stops working. */
export function useNewCalendarFeed() {
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeedState>('POST', '/api/calendar/feed'),
    onSuccess: (state, _vars, _context, { client }) => client.setQueryData(feedKey, state),
    meta: { errorMessage: '生成订阅链接失败：{message}' },
  });
}
