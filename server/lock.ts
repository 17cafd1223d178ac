import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

// One server per data directory: two processes writing the same SQLite file is safe for
// SQLite, but two servers would each keep their own sessions and login throttles.

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type Lock = { release(): void };

/**
 * Takes the lock file, or reports the pid that holds it. A lock left by a process that no
 * longer exists (kill -9, power loss) is taken over.
 */
export function acquireLock(file: string): Lock | { heldBy: number } {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return { release: () => rmSync(file, { force: true }) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let pid = Number.NaN;
    try {
      pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    } catch {
      // Removed between our open and read: try again.
    }
    // After a container restart our own pid may be the one in a stale lock.
    if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      return { heldBy: pid };
    }
    rmSync(file, { force: true });
  }
  throw new Error(`无法获取锁文件 / could not take the lock file ${file}`);
}
