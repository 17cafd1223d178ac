import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import type { Settings } from '../../src/domain/schemas/settings';
import { tokenFor } from './sign-in';

// Issue 59, "the first day": 今日目标 are opt-in. A new account has none on; settings saved
// before the switches existed keep the three goals that were always shown.

const hasher = createWebPasswordHasher({ iterations: 1000 });
const dir = mkdtempSync(join(tmpdir(), 'pm-goals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('daily goal switches', () => {
  it('are off for a new account, on for settings saved before them, and kept as set', async () => {
    const file = join(dir, 'data.db');
    const store = openSqliteStore(file);
    const app = createApp({ store, auth: hasher, loginRefusalDelayMs: 0 });
    await setUser(store, hasher, { username: 'alice', password: 'alice-pass' });
    await setUser(store, hasher, { username: 'bob', password: 'bob-pass' });
    const get = async (username: string) => {
      const token = await tokenFor(app, username, `${username}-pass`);
      const res = await app.request('/api/settings', {
        headers: { authorization: `Bearer ${token}`, 'x-user-id': username },
      });
      return ((await res.json()) as Settings).dailyGoals;
    };

    expect(await get('alice')).toEqual({ budget: false, workout: false, focus: false });

    // Bob saved settings before the column: the migration's '{}' reads as all on.
    await store.settings.put('bob', DEFAULT_SETTINGS, '2026-01-01T00:00:00.000Z');
    const raw = new Database(file);
    raw.prepare("UPDATE settings SET daily_goals = '{}' WHERE user_id = 'bob'").run();
    raw.close();
    expect(await get('bob')).toEqual({ budget: true, workout: true, focus: true });

    const token = await tokenFor(app, 'alice', 'alice-pass');
    const res = await app.request('/api/settings', {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-user-id': 'alice',
      },
      body: JSON.stringify({
        ...DEFAULT_SETTINGS,
        dailyGoals: { budget: false, workout: true, focus: false },
      }),
    });
    expect(res.status).toBe(200);
    expect(await get('alice')).toEqual({ budget: false, workout: true, focus: false });
    store.close();
  });
});
