import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from './http';
import { pushOnServer } from './push';

// 设置 → 通知 → 提醒渠道 (server/push/channel-routes.ts): ntfy, Bark and e-mail, as the server's
// administrator offers them. Online only: a choice here is the server's to act on.

export type ChannelName = 'ntfy' | 'bark' | 'email';

export interface ReminderChannel {
  channel: ChannelName;
  /** The ntfy topic, the Bark device key or the e-mail address. */
  target: string;
  enabled: boolean;
  /** Sends that failed in a row; at 10 the server switches the channel off. */
  failures: number;
  lastError: string;
  /** ntfy and Bark: the server to subscribe on (NTFY_URL, BARK_URL). */
  server?: string;
}

export type TestResult = { delivered: true } | { delivered: false; error: string };

const channelKeys = { all: ['reminder-channels'] as const };

const channelsQuery = () =>
  queryOptions({
    queryKey: channelKeys.all,
    queryFn: async () => {
      try {
        return (await apiRequest<{ channels: ReminderChannel[] }>('GET', '/api/push/channels'))
          .channels;
      } catch (err) {
        // PUSH_DISABLED=1: no push routes, so no channels either.
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
    retry: false,
  });

/** The channels this server offers (none in the demo, which has no server to send from). */
export const useReminderChannels = () => useQuery({ ...channelsQuery(), enabled: pushOnServer });

export function useSaveChannel() {
  return useMutation({
    mutationFn: ({
      channel,
      target,
      enabled,
    }: Pick<ReminderChannel, 'channel' | 'target' | 'enabled'>) =>
      apiRequest<ReminderChannel>('PUT', `/api/push/channels/${channel}`, { target, enabled }),
    onSuccess: (saved, _vars, _context, { client }) =>
      client.setQueryData<ReminderChannel[]>(channelKeys.all, (list) =>
        list?.map((c) => (c.channel === saved.channel ? saved : c)),
      ),
  });
}

/** 发送测试: one message now; delivered, the server switches the channel on. */
export function useTestChannel() {
  return useMutation({
    mutationFn: (channel: ChannelName) =>
      apiRequest<TestResult>('POST', `/api/push/channels/${channel}/test`),
    onSettled: (_result, _error, _channel, _context, { client }) =>
      client.invalidateQueries({ queryKey: channelKeys.all }),
  });
}
