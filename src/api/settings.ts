import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { readerFor } from '../domain/guard';
import { SETTINGS_SHAPE } from '../domain/record-shapes';
import { DEFAULT_SETTINGS } from '../domain/schemas/default-settings';
import type { Settings, SettingsInput } from '../domain/schemas/settings';
import { engineFor, validatedWith } from './engine';
import { errorMessage } from './errors';
import { apiRequest } from './http';

// The user's one settings record (GET/PUT /api/settings): budgets, the focus goal, and the
// bill import's rule table and counterparty memory. The server holds it; this device keeps
// the copy last received (the engine's per-user store), so / and /accounting show the user's
// budget offline and after a reload. A save is a change in the outbox like any other
// (resources.ts `SINGLE_RECORDS`): shown at once, kept across a reload, sent in order when the
// server answers, and of two devices' saves the later one wins on both.

const settingsKeys = { all: ['settings'] as const };

/**
 * Kept settings are checked as records are (guard.ts): by their fields' types, and parsed in
 * full, with zod loaded then, only when that fails (a copy from another build).
 */
const readSettings = readerFor<Settings>(SETTINGS_SHAPE, () =>
  import('../domain/schemas/settings').then((m) => m.settingsSchema),
);

/** The settings this device shows: its copy with a save still waiting on top, when readable. */
async function shownSettings(client: QueryClient): Promise<Settings | undefined> {
  const shown = await engineFor(client).single('settings');
  return shown === undefined ? undefined : (await readSettings([shown])).items[0];
}

/** The settings as a screen sees them. */
export interface SettingsState {
  settings: Settings;
  /** Why the server could not be reached just now: these are this device's copy. */
  local?: string;
}

/** The server's settings, kept on this device (unless it holds a later change's). */
async function fetchSettings(client: QueryClient): Promise<Settings> {
  const settings = await apiRequest<Settings>('GET', '/api/settings');
  await engineFor(client).keepSingle('settings', settings);
  return (await shownSettings(client)) ?? settings;
}

/**
 * What the device kept answers at once, and the server's copy replaces it when it arrives
 * (or the answer says that the server could not be reached); with nothing kept, the server's
 * is waited for. Runs offline too ('always').
 */
const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: async ({ client }): Promise<SettingsState> => {
      const kept = await shownSettings(client);
      if (!kept) return { settings: await fetchSettings(client) };
      void fetchSettings(client)
        .then(
          (settings) => client.setQueryData(settingsKeys.all, { settings }),
          async (error: unknown) =>
            client.setQueryData(settingsKeys.all, {
              settings: (await shownSettings(client)) ?? kept,
              local: errorMessage(error),
            }),
        )
        // Signed out meanwhile: there is nobody to show them to.
        .catch(() => undefined);
      return { settings: kept };
    },
    networkMode: 'always',
  });

/** The settings query itself, for the 设置 screen (which shows a failure). */
export const useSettingsQuery = () => useQuery(settingsQuery());

/**
 * The settings to compute with: the server's (or this device's copy of them), or the
 * defaults while they load or when none could be had (the product's behaviour without any).
 */
export function useSettings(): Settings {
  return useQuery(settingsQuery()).data?.settings ?? DEFAULT_SETTINGS;
}

/**
 * A save: checked, shown at once, and sent through the outbox. Resolves once the server has
 * taken it or cannot be reached (it is saved on the device then, and goes later); rejects
 * with the reason when the input is invalid or the server refuses it.
 */
export async function putSettings(client: QueryClient, input: SettingsInput): Promise<Settings> {
  const { settingsSchema } = await import('../domain/schemas/settings');
  const { stamp: _previous, ...settings } = validatedWith(settingsSchema, input);
  const engine = engineFor(client);
  const { seq } = await engine.put('settings', settings);
  client.setQueryData(settingsKeys.all, { settings } satisfies SettingsState);
  await engine.settled(seq);
  return settings;
}

export function useSaveSettings(message = '保存设置失败：{message}') {
  return useMutation({
    mutationFn: (input: SettingsInput, { client }) => putSettings(client, input),
    // Saved on the device at once even when the browser thinks it is offline.
    networkMode: 'always',
    meta: { errorMessage: message },
  });
}

/**
 * A change to some of the settings, made on top of the newest copy (this device's, with any
 * save still waiting) when it runs, not on the copy a screen drew from: 设置's sections save
 * themselves as they are edited, and one section's save must not put back another's older
 * values. The shared scope runs these one after another, so each reads the one before it.
 */
export function useUpdateSettings(message = '保存设置失败：{message}') {
  return useMutation({
    mutationFn: async (change: (current: Settings) => SettingsInput, { client }) => {
      const current =
        (await shownSettings(client)) ??
        client.getQueryData<SettingsState>(settingsKeys.all)?.settings ??
        DEFAULT_SETTINGS;
      return putSettings(client, change(current));
    },
    scope: { id: 'settings' },
    networkMode: 'always',
    meta: { errorMessage: message },
  });
}
