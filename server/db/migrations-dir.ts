import { fileURLToPath } from 'node:url';

/**
 * The migrations folder, found next to this module: server/db/migrations in the source, and
 * dist-server/migrations in the built server, where every module is main.mjs (build-server.mjs
 * copies them there). One place, so that the migrator and the integrity check agree.
 */
export const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
