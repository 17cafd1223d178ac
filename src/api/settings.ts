import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { readerFor } from '../domain/guard';
import { SETTINGS_SHAPE } from '../domain/record-shapes';
import { DEFAULT_SETTINGS } from '../domain/schemas/default-settings';
import type { Settings, SettingsInput } from '../domain/schemas/settings';
import { engineFor } from './engine';
import { errorMessage } from './errors';
import { ApiError, apiRequest } from './http';

// The user's one settings record (GET/PUT /api/settings): budgets, the focus goal, and the
// bill import's rule table and counterparty memory. The server holds it; this device keeps
// the copy last received (the engine's per-user store), so / and /accounting show the user's
// budget offline and after a reload. Saving needs the server: settings are one record that
// two devices would otherwise overwrite blindly, and they are changed rarely — a save made
// offline is refused with a message that says so, and the form keeps what was typed.

const settingsKeys = { all: ['settings'] as const };

const KEPT = 'settings';

/**
 * Kept settings are checked as records are (guard.ts): by their fields' types, and parsed in
 * full, with zod loaded then, only when that fails (a copy from another build).
 */
const readSettings = readerFor<Settings>(SETTINGS_SHAPE, () =>
  import('../domain/schemas/settings').then((m) => m.settingsSchema),
);

/** Settings stored on this device, when there are readable ones. */
async function keptSettings(client: QueryClient): Promise<Settings | undefined> {
  const kept = await engineFor(client).readKept(KEPT);
  return kept === undefined ? undefined : (await readSettings([kept])).items[0];
}

/** The settings as a screen sees them. */
export interface SettingsState {
  settings: Settings;
  /** Why the server could not be reached just now: these are this device's copy. */
  local?: string;
}

/** Saves made through each query client: a read begun before one is older than what it stored. */
const saves = new WeakMap<QueryClient, number>();

/** The server's settings, kept on this device and shown wherever they are used. */
async function fetchSettings(client: QueryClient): Promise<SettingsState> {
  const asOf = saves.get(client) ?? 0;
  const settings = await apiRequest<Settings>('GET', '/api/settings');
  // A save landed while this answer was on its way (the kept copy shows at once, so the 设置
  // form can be saved before it arrives): what the save stored stands, this answer does not.
  const current = client.getQueryData<SettingsState>(settingsKeys.all);
  if ((saves.get(client) ?? 0) !== asOf && current) return current;
  await engineFor(client).keep(KEPT, settings);
  return { settings };
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
      const kept = await keptSettings(client);
      if (!kept) return fetchSettings(client);
      void fetchSettings(client).then(
        (fresh) => client.setQueryData(settingsKeys.all, fresh),
        (error: unknown) =>
          client.setQueryData(settingsKeys.all, { settings: kept, local: errorMessage(error) }),
      );
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

const NEEDS_SERVER = '设置需要连接服务器才能保存，请联网后重试';

/** PUT /api/settings; what the server stored is kept on this device and shown. */
export async function putSettings(client: QueryClient, input: SettingsInput): Promise<Settings> {
  let saved: Settings;
  try {
    saved = await apiRequest<Settings>('PUT', '/api/settings', input);
  } catch (error) {
    // Unreachable (offline, timed out): said plainly, nothing is queued.
    if (error instanceof ApiError && error.status === 0) throw new ApiError(NEEDS_SERVER, 0);
    throw error;
  }
  saves.set(client, (saves.get(client) ?? 0) + 1);
  await engineFor(client).keep(KEPT, saved);
  client.setQueryData(settingsKeys.all, { settings: saved } satisfies SettingsState);
  return saved;
}

export function useSaveSettings(message = '保存设置失败：{message}') {
  return useMutation({
    mutationFn: (input: SettingsInput, { client }) => putSettings(client, input),
    // Tried at once even when the browser thinks it is offline, so the answer is immediate.
    networkMode: 'always',
    meta: { errorMessage: message },
  });
}
