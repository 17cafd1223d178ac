import { createApp } from '../server/app';
import { createMemoryStore } from '../server/memory-store';
import type { Store } from '../server/store';
import { setUser } from '../server/users';
import { createWebPasswordHasher } from '../server/web-auth';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedStore } from './seed';

export interface DemoServer {
  app: ReturnType<typeof createApp>;
  store: Store;
}

/**
 * The production app over an in-memory store: what demo mode runs in the browser and what
 * the UI tests talk to. `seed` fills both demo accounts with three months of records.
 */
export async function createDemoServer({
  today,
  seed = true,
}: {
  today: string;
  seed?: boolean;
}): Promise<DemoServer> {
  const store = createMemoryStore();
  // Few PBKDF2 rounds: these passwords are printed on the login screen anyway.
  const auth = createWebPasswordHasher({ iterations: 1000 });
  for (const account of DEMO_ACCOUNTS) {
    await setUser(store, auth, { ...account });
    if (seed) await seedStore(store, account.username, today);
  }
  return { app: createApp({ store, auth }), store };
}
