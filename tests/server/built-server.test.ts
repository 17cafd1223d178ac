import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, serverCommand } from '../../scripts/build-server.mjs';
import { ROOT, startServer } from './server-process';

// `npm start` runs the bundled server (dist-server/main.mjs), not the sources the other server
// tests start under tsx. The bundle once looked for its migrations in the wrong folder when it
// checked an existing database: the first start (no file yet) passed, every later one failed.

// Inside the project, so that the bundle finds better-sqlite3 in node_modules as dist-server does.
const cache = join(ROOT, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const out = mkdtempSync(join(cache, 'pms-built-server-'));
const dataDir = mkdtempSync(join(tmpdir(), 'pms-built-data-'));
afterAll(() => {
  for (const dir of [out, dataDir]) rmSync(dir, { recursive: true, force: true });
});

describe('the built server (npm start)', () => {
  it('starts again on the database it made, and keeps what was written', async () => {
    await buildServer(ROOT, out);
    const { args, env } = serverCommand(ROOT, out);
    const run = {
      ...env,
      DATA_DIR: dataDir,
      PM_USERS: JSON.stringify([{ username: 'alice', password: 'correct-horse-9' }]),
    };

    const first = await startServer(run, args);
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice', password: 'correct-horse-9' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, 'x-user-id': 'alice' };
    const task = { title: '第二次启动后还在', priority: 'low', category: 'work' };
    const created = await fetch(`${first.url}/api/tasks`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(task),
    });
    expect(created.status).toBe(201);
    expect(await first.stop()).toBe(0);

    const second = await startServer(run, args);
    try {
      const tasks = (await (await fetch(`${second.url}/api/tasks`, { headers: auth })).json()) as {
        title: string;
      }[];
      expect(tasks.map((t) => t.title)).toEqual([task.title]);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
