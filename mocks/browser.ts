import dayjs from 'dayjs';
import { setupWorker } from 'msw/browser';
import { createDemoServer } from './demo-server';
import { demoHandlers } from './handlers';

/** Demo mode: the whole API runs in this tab. */
export async function startDemoWorker() {
  const server = await createDemoServer({ today: dayjs().format('YYYY-MM-DD') });
  const worker = setupWorker(...demoHandlers(server));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
}
