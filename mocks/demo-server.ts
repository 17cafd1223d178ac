import { createApp } from '../server/app';
import { createMemoryStore, type MemorySnapshot, type MemoryStore } from '../server/memory-store';
import { setUser } from '../server/users';
import { createWebPasswordHasher } from '../server/web-auth';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedStore } from './seed';

export interface DemoServer {
  app: ReturnType<typeof createApp>;
  store: MemoryStore;
}

/**
 * The production app over an in-memory store: what demo mode runs in the browser and what
 * the UI tests talk to. A fresh store gets both demo accounts, and with `seed` three months
 * of records each; a `snapshot` (a reload in demo mode) is taken as it is.
 */
export async function createDemoServer({
  today,
  seed = true,
  snapshot,
}: {
  today: string;
  seed?: boolean;
  snapshot?: MemorySnapshot;
}): Promise<DemoServer> {
  const store = createMemoryStore(snapshot);
  // Few PBKDF2 rounds: these passwords are printed on the login screen anyway.
  const auth = createWebPasswordHasher({ iterations: 1000 });
  if (!snapshot) {
    for (const account of DEMO_ACCOUNTS) {
      await setUser(store, auth, { ...account });
      if (seed) await seedStore(store, account.username, today);
    }
  }
  return { app: createApp({ store, auth }), store };
}
