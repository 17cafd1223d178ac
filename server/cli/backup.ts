import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { databaseFile } from '../config';
import { setPrivateUmask } from '../file-modes';

// npm run backup -- <file>
// A consistent copy through SQLite's online backup API: safe while the server is running
// and writing, unlike copying the database file (which may miss what is still in the WAL).

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  // The copy holds what the database holds: its owner's alone.
  setPrivateUmask();
  const [target, ...rest] = process.argv.slice(2);
  if (!target || rest.length > 0) fail('用法 / usage: npm run backup -- <备份文件 / backup file>');
  const source = databaseFile();
  if (!existsSync(source)) fail(`找不到数据库 / no database at ${source}`);
  const destination = resolve(target);
  if (existsSync(destination)) fail(`目标文件已存在 / ${destination} already exists`);

  const db = new Database(source, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    await db.backup(destination);
  } finally {
    db.close();
  }
  const copy = new Database(destination, { readonly: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') fail(`备份校验失败 / backup failed its integrity check: ${check}`);
  } finally {
    copy.close();
  }
  console.log(`备份完成 / backup written: ${destination}`);
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
