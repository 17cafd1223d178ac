import { setupServer } from 'msw/node';
import { createDemoServer } from './demo-server';
import { demoHandlers } from './handlers';

/** For UI tests: the real app over a fresh memory store, behind msw in Node. */
export async function createTestServer(options: { today: string; seed?: boolean }) {
  const demo = await createDemoServer(options);
  const server = setupServer(...demoHandlers(demo));
  return { ...demo, server };
}
