import { http, passthrough } from 'msw';
import type { DemoServer } from './demo-server';

/**
 * Every /api call and the health check go to the real Hono app; everything else (the
 * SPA's own files) passes through. Per-test overrides are prepended with server.use().
 */
export function demoHandlers(server: Pick<DemoServer, 'app'>) {
  return [
    http.all(/\/(api\/.*|health)$/, ({ request }) => server.app.fetch(request)),
    http.all('*', () => passthrough()),
  ];
}
