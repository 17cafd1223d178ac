import { resolve } from 'node:path';

// The environment contract shared by the server and the CLIs.

/** DATA_DIR (default ./data): where the database and the lock file live. */
export const dataDir = (env = process.env) => resolve(env.DATA_DIR || './data');

export const databaseFile = (env = process.env) => resolve(dataDir(env), 'pms.sqlite');

export const lockFile = (env = process.env) => resolve(dataDir(env), 'server.lock');
