import dayjs from 'dayjs';
import { setupWorker } from 'msw/browser';
import type { MemorySnapshot } from '../server/memory-store';
import { createDemoServer } from './demo-server';
import { demoHandlers } from './handlers';

// The demo's data lives as long as the tab: a reload starts from this snapshot, so what was
// entered and who is signed in survive it; closing the tab forgets everything.
const SNAPSHOT_KEY = 'pms-demo-store';

function readSnapshot(): MemorySnapshot | undefined {
  try {
    const raw = sessionStorage.getItem(SNAPSHOT_KEY);
    return raw ? (JSON.parse(raw) as MemorySnapshot) : undefined;
  } catch {
    return undefined;
  }
}

/** Demo mode: the whole API runs in this tab. */
export async function startDemoWorker() {
  const server = await createDemoServer({
    today: dayjs().format('YYYY-MM-DD'),
    snapshot: readSnapshot(),
  });
  const save = () => {
    try {
      sessionStorage.setItem(SNAPSHOT_KEY, JSON.stringify(server.store.snapshot()));
    } catch {
      // Over the quota: the demo goes on, a reload just starts it afresh.
    }
  };
  save();
  const worker = setupWorker(...demoHandlers(server, save));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
}
