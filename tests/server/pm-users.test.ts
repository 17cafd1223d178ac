import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../../server/memory-store';
import { applyUserSpec, setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import { client, login, type RunningServer, startServer } from './server-process';

// Issue 57, item 6: PM_USERS is applied at every start, and used to set its password every
// time, so a password changed in the app was silently reverted by the next restart.

const hasher = createWebPasswordHasher({ iterations: 1000 });

describe('applyUserSpec', () => {
  const spec = (password: string, displayName?: string) => ({
    username: 'carol',
    password,
    displayName,
  });

  it('creates, then changes nothing while PM_USERS stays the same', async () => {
    const store = createMemoryStore();
    expect(await applyUserSpec(store, hasher, spec('first-password'))).toBe('created');
    expect(await applyUserSpec(store, hasher, spec('first-password'))).toBe('unchanged');
    expect(await applyUserSpec(store, hasher, spec('first-password', '卡罗尔'))).toBe('updated');
    expect((await store.users.get('carol'))?.displayName).toBe('卡罗尔');
  });

  it('keeps a password changed since, and sets a new PM_USERS value once', async () => {
    const store = createMemoryStore();
    await applyUserSpec(store, hasher, spec('first-password'));
    const user = (await store.users.get('carol'))!;
    await store.users.upsert({ ...user, passwordHash: await hasher.hash('changed-in-app') });
    await store.sessions.create({
      tokenHash: 'h1',
      username: 'carol',
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2027-01-01T00:00:00.000Z',
    });

    expect(await applyUserSpec(store, hasher, spec('first-password'))).toBe('unchanged');
    const kept = (await store.users.get('carol'))!;
    expect(await hasher.verify('changed-in-app', kept.passwordHash)).toBe(true);

    expect(await applyUserSpec(store, hasher, spec('second-password'))).toBe('updated');
    const reset = (await store.users.get('carol'))!;
    expect(await hasher.verify('second-password', reset.passwordHash)).toBe(true);
    // A reset ends the account's sessions, as any password change by its owner would.
    expect(await store.sessions.listForUser('carol')).toEqual([]);
    expect(await applyUserSpec(store, hasher, spec('second-password'))).toBe('unchanged');
  });

  it('an account from before: the value it gives is taken as applied, the password kept', async () => {
    const store = createMemoryStore();
    // Made by an older version (or `npm run user -- set`): no value recorded.
    await setUser(store, hasher, { username: 'carol', password: 'changed-in-app' });
    expect((await store.users.get('carol'))?.appliedPassword ?? null).toBeNull();
    expect(await applyUserSpec(store, hasher, spec('first-password'))).toBe('kept');
    expect(
      await hasher.verify('changed-in-app', (await store.users.get('carol'))!.passwordHash),
    ).toBe(true);
    expect(await applyUserSpec(store, hasher, spec('first-password'))).toBe('unchanged');
    expect(await applyUserSpec(store, hasher, spec('second-password'))).toBe('updated');
  });
});

const scratch = mkdtempSync(join(tmpdir(), 'pms-users-'));
const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill9()));
  rmSync(scratch, { recursive: true, force: true });
});

vi.setConfig({ testTimeout: 90_000 });

describe('PM_USERS across restarts', () => {
  it('an in-app change survives a restart; a new PM_USERS password is applied', async () => {
    const dir = join(scratch, 'data');
    const start = async (password: string) => {
      const users = JSON.stringify([{ username: 'carol', password }]);
      const server = await startServer({
        DATA_DIR: dir,
        PM_USERS: users,
        PM_STATIC_DIR: join(scratch, 'none'),
      });
      servers.push(server);
      return server;
    };
    const status = async (url: string, password: string) =>
      (
        await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'carol', password }),
        })
      ).status;

    let server = await start('pm-users-first');
    const {
      body: { token },
    } = await login(server.url, 'carol', 'pm-users-first');
    const changed = await client(
      server.url,
      'carol',
      token,
    )('/api/auth/password', {
      method: 'POST',
      body: { currentPassword: 'pm-users-first', newPassword: 'changed-in-app' },
    });
    expect(changed.status).toBe(204);
    expect(await server.stop()).toBe(0);

    server = await start('pm-users-first');
    expect(await status(server.url, 'changed-in-app')).toBe(200);
    expect(await status(server.url, 'pm-users-first')).toBe(401);
    const {
      body: { token: kept },
    } = await login(server.url, 'carol', 'changed-in-app');
    expect(await server.stop()).toBe(0);

    server = await start('pm-users-second');
    expect(server.output()).toContain('账户 carol: updated');
    expect(await status(server.url, 'pm-users-second')).toBe(200);
    expect(await status(server.url, 'changed-in-app')).toBe(401);
    // The reset ended the sessions of the old password.
    expect((await client(server.url, 'carol', kept)('/api/auth/sessions')).status).toBe(401);
    expect(await server.stop()).toBe(0);
  });
});
