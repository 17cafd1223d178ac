// npm start: build the SPA and the server when their builds are missing or older than their
// sources, then run the server in the foreground, passing signals in and the exit code out.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, SERVER_OUT, serverCommand } from './build-server.mjs';

const root = join(import.meta.dirname, '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtIndex = join(root, 'dist', 'index.html');
const sources = ['src', 'index.html', 'public', 'vite.config.ts'].map((p) => join(root, p));
const sourcesChanged =
  Math.max(...sources.map(newestMtime)) >
  (existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0);

if (sourcesChanged) {
  console.log('正在构建前端… / building the web app…');
  const build = spawnSync(npx, ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const builtServer = join(root, SERVER_OUT, 'main.mjs');
const serverSources = ['server', 'src', 'package-lock.json'].map((p) => join(root, p));
if (
  Math.max(...serverSources.map(newestMtime)) >
  (existsSync(builtServer) ? statSync(builtServer).mtimeMs : 0)
) {
  await buildServer(root);
}

// The server itself is the child, not npx or tsx: npx does not pass SIGTERM on, which would
// leave the server running (and holding the data directory) after its parent was stopped.
const { args, env } = serverCommand(root);
const server = spawn(process.execPath, args, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  if (!signal) process.exit(code ?? 1);
  // Die of the same signal, as a shell expects of a foreground process.
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
});
