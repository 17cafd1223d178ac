import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

// The VAPID key pair (who signs every push) and the secret that signs a notification's action
// tokens (action.ts), made at first start and kept in DATA_DIR, readable by the owner only.
// Losing them is harmless but noisy: browsers would have to subscribe again.

export interface PushKeys {
  publicKey: string;
  privateKey: string;
  actionSecret: string;
}

export const PUSH_KEYS_FILE = 'push-keys.json';

export function loadOrCreateKeys(dataDir: string): PushKeys {
  const file = join(dataDir, PUSH_KEYS_FILE);
  try {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as PushKeys;
    if (keys.publicKey && keys.privateKey && keys.actionSecret) {
      chmodSync(file, 0o600);
      return keys;
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const vapid = webpush.generateVAPIDKeys();
  const keys: PushKeys = { ...vapid, actionSecret: randomBytes(32).toString('base64url') };
  // 'wx': two processes starting at once cannot both write (the lock file stops the second anyway).
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  console.log(`已生成推送密钥 / created the push keys: ${file}`);
  return keys;
}
