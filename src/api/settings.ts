import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_SETTINGS, type Settings, type SettingsInput } from '../domain/schemas/settings';
import { apiRequest } from './http';

// The user's one settings record (GET/PUT /api/settings): budgets, the focus goal, and the
// bill import's rule table and counterparty memory.

export const settingsKeys = { all: ['settings'] as const };

const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: () => apiRequest<Settings>('GET', '/api/settings'),
  });

/** The settings query itself, for the 设置 screen (which shows a failure). */
export const useSettingsQuery = () => useQuery(settingsQuery());

/**
 * The settings to compute with: the server's, or the defaults while they load or when the
 * server cannot be reached (the defaults are the product's behaviour without settings).
 */
export function useSettings(): Settings {
  return useQuery(settingsQuery()).data ?? DEFAULT_SETTINGS;
}

export function useSaveSettings(message = '保存设置失败：{message}') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SettingsInput) => apiRequest<Settings>('PUT', '/api/settings', input),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.all, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
    meta: { errorMessage: message },
  });
}
